import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import { isJoker } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { DRAW, END, PASS, isPlay, moveCard } from "./moves.js";
import { DOWN, JOKERS, RANKS, UNKNOWN, UP, canEndRun, cycleRank, stepRank } from "./rules.js";
import { type CoasterState, RANK_SLOTS } from "./state.js";
import type { CoasterView } from "./view.js";

/** A run shorter than this may not spend a joker, unless it empties the hand. */
const JOKER_RUN = 4;
const OUT = 1_000_000;
const NONE = -1_000_000;

/** What the planner chose for the next step: a rank to play, a joker, or stop. */
const STOP = -1;
const JOKER_STEP = RANKS;

interface Plan {
  score: number;
  step: number;
}

/**
 * Plays the longest run it can find, using jokers to bridge gaps but keeping
 * them for runs of four cards or more (or to go out); draws only when it
 * cannot play. It plans from its view alone: its hand, the pile's top rank
 * and the run in progress.
 */
export const greedy: Bot<CoasterView> = {
  choose(view, legal) {
    const parsed = parseCards(view.hand);
    const hand = parsed.ok ? parsed.value : [];
    const counts = new Array<number>(RANK_SLOTS).fill(0);
    for (const c of hand) counts[isJoker(c) ? JOKERS : cycleRank(c)]++;
    const run = view.run;
    const anchorText = run.cards.length > 0 ? run.last : view.topRank;
    const turn: Turn = {
      played: run.cards.length,
      fromEmpty: run.fromEmptyPile,
      anchor: anchorText === null ? -1 : "A23456789TJQK".indexOf(anchorText),
      dir: run.direction === "up" ? UP : run.direction === "down" ? DOWN : UNKNOWN,
      trailing: run.jokersSinceLast,
      jokersSoFar: run.cards.filter((t) => t === "RJ" || t === "BJ").length,
    };
    return planMove(counts, hand.length, turn, legal);
  },
};

/** The run in progress, as the mover's view shows it. */
interface Turn {
  readonly played: number;
  readonly fromEmpty: boolean;
  /** The rank to go on from (the run's last real card, or the pile's top), or -1. */
  readonly anchor: number;
  readonly dir: number;
  readonly trailing: number;
  readonly jokersSoFar: number;
}

const playoutCounts = new Array<number>(RANK_SLOTS).fill(0);

/**
 * `greedy` on the state itself, for the search's playouts (no view built, no
 * card text): it reads only what the mover's view shows, its own cards per
 * rank, the pile's top rank and the run in progress, so it plays every drawn
 * world as `greedy` would from the view (a test holds the two to the same
 * move).
 */
export const greedyPlayout = statePlayout<CoasterState>((s, seat, legal) => {
  for (let r = 0; r < RANK_SLOTS; r++) playoutCounts[r] = s.counts[seat * RANK_SLOTS + r];
  const top = s.discard.length - 1;
  let jokersSoFar = 0;
  for (let i = s.discard.length - s.played; i <= top; i++) if (isJoker(s.discard[i])) jokersSoFar++;
  const turn: Turn = {
    played: s.played,
    fromEmpty: s.fromEmpty,
    anchor: s.played > 0 ? s.anchor : top >= 0 ? s.pileRanks[top] : -1,
    dir: s.dir,
    trailing: s.trailing,
    jokersSoFar,
  };
  return planMove(playoutCounts, s.sizes[seat], turn, legal);
});

/** The first step of the best run from here, or else ending the turn, drawing, passing. */
function planMove(counts: number[], handSize: number, t: Turn, legal: readonly Move[]): Move {
  const plan = bestRun(counts, handSize, t.anchor, t.dir, t.trailing, t.played, t.fromEmpty, t.jokersSoFar);
  const pick = plan.score > NONE ? moveFor(plan.step, legal) : undefined;
  if (pick !== undefined) return pick;
  if (legal.includes(END)) return END;
  if (legal.includes(DRAW)) return DRAW;
  if (legal.includes(PASS)) return PASS;
  return legal[0];
}

function moveFor(step: number, legal: readonly Move[]): Move | undefined {
  if (step === STOP) return legal.includes(END) ? END : undefined;
  for (const m of legal) {
    if (!isPlay(m)) continue;
    const c = moveCard(m);
    if (step === JOKER_STEP ? isJoker(c) : !isJoker(c) && cycleRank(c) === step) return m;
  }
  return undefined;
}

/**
 * The best way to go on from here, searched exhaustively: hands are small and
 * each step offers at most a real card or a joker in each open direction.
 */
function bestRun(
  counts: number[],
  handSize: number,
  anchor: number,
  dir: number,
  trailing: number,
  played: number,
  fromEmpty: boolean,
  jokersUsed: number,
): Plan {
  let best: Plan = { score: NONE, step: STOP };
  const consider = (score: number, step: number) => {
    if (score > best.score) best = { score, step };
  };
  if (played > 0 && canEndRun(played, trailing, fromEmpty)) {
    consider(
      handSize === 0 ? OUT : jokersUsed > 0 && played < JOKER_RUN ? NONE + 1 : played * 10 - jokersUsed,
      STOP,
    );
  }
  if (handSize === 0) return best;
  if (anchor < 0) {
    // An empty pile: any rank may open, if a run of two follows.
    for (let r = 0; r < RANKS; r++) {
      if (counts[r] === 0) continue;
      counts[r]--;
      consider(bestRun(counts, handSize - 1, r, UNKNOWN, 0, 1, fromEmpty, jokersUsed).score, r);
      counts[r]++;
    }
    return best;
  }
  const dirs = dir === UNKNOWN ? [UP, DOWN] : [dir];
  for (const d of dirs) {
    const r = stepRank(anchor, d, trailing + 1);
    if (counts[r] > 0) {
      counts[r]--;
      consider(bestRun(counts, handSize - 1, r, d, 0, played + 1, fromEmpty, jokersUsed).score, r);
      counts[r]++;
    }
  }
  if (played > 0 && counts[JOKERS] > 0) {
    counts[JOKERS]--;
    consider(
      bestRun(counts, handSize - 1, anchor, dir, trailing + 1, played + 1, fromEmpty, jokersUsed + 1).score,
      JOKER_STEP,
    );
    counts[JOKERS]++;
  }
  return best;
}
