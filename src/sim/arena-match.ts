/**
 * One arena match, as a worker thread plays it (`arena.ts`): every seat's
 * level named, the match seed shared by the deal's mirrored matches.
 */
import { type Player, botMove, findBot, isSearcher } from "../bots/index.js";
import { searcher } from "../bots/levels.js";
import type { SearchBudget } from "../bots/ismcts.js";
import { applyMove } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { MATCH_HAND_LIMIT } from "./run.js";

export interface MatchTask {
  readonly game: string;
  readonly players: number;
  readonly options: Record<string, unknown>;
  /** The match seed: the same for every rotation of one deal. */
  readonly seed: string;
  /** The level at each seat. */
  readonly levels: readonly string[];
  readonly botSeed: string;
  readonly budget?: Partial<SearchBudget>;
}

export interface MatchOutcome {
  /** The match's winners (empty when it was stopped at the hand limit). */
  readonly winners: number[];
  /** Each hand's winners, in order. */
  readonly hands: number[][];
  readonly moves: number;
  /** Seconds spent choosing moves, per seat. */
  readonly thinking: number[];
  /** Moves chosen, per seat (forced moves included). */
  readonly chosen: number[];
}

/**
 * The arena's measuring stick, never offered to play: `hard`'s search on the
 * true position (every card seen), which shows how much room for skill a
 * game leaves.
 */
export const CEILING = "ceiling";

function ceiling(entry: GameEntry): Player {
  const hard = entry.bots.hard;
  const settings = isSearcher(hard) ? hard.settings : {};
  return searcher(entry.game, { ...settings, worlds: (s) => entry.game.clone(s) });
}

/** The player a level names, `ceiling` included. */
export function seatPlayer(entry: GameEntry, level: string): Result<Player, string> {
  return level === CEILING ? ok(ceiling(entry)) : findBot(entry, level);
}

export default function playArenaMatch(task: MatchTask): MatchOutcome {
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  const { game } = entry.value;
  const players = task.levels.map((level) => {
    const p = seatPlayer(entry.value, level);
    if (!p.ok) throw new Error(p.error);
    return p.value;
  });
  const started = game.start({ players: task.players, seed: task.seed, options: task.options });
  if (!started.ok) throw new Error(started.error);
  const state = started.value;
  const rng = Rng.fromSeed(task.botSeed);
  const hands: number[][] = [];
  const thinking = new Array<number>(task.players).fill(0);
  const chosen = new Array<number>(task.players).fill(0);
  let moves = 0;
  while (!state.matchOver && hands.length < MATCH_HAND_LIMIT) {
    if (state.handOver) {
      game.nextHand(state);
      continue;
    }
    // Simultaneous choices: each seat in turn, as a table takes them.
    const seat = game.toAct(state)[0];
    const t0 = performance.now();
    const move = botMove(entry.value, players[seat], state, seat, rng, task.budget);
    thinking[seat] += (performance.now() - t0) / 1000;
    chosen[seat]++;
    applyMove(game, state, seat, move);
    moves++;
    if (state.handOver) hands.push([...(state.result?.winners ?? [])]);
  }
  return { winners: state.matchOver ? [...game.matchWinners(state)] : [], hands, moves, thinking, chosen };
}
