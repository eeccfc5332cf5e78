import { type Card, suitOf } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import type { RoyView } from "./view.js";
import { DRAW, END, isPlay, isWild, moveCall, moveCard } from "./moves.js";
import { FACING_ACES, KING_OF_SPADES, canContinue, cardValue, isAce, isJack } from "./rules.js";
import { type RoyState, top } from "./state.js";

/** Search budget for the longest run from one position (hands are small; this only guards huge ones). */
const NODE_BUDGET = 4000;

/** Next player's hand at or under this size: an Ace or the King of Spades on top really hurts. */
const HURTS_AT = 4;

interface Plan {
  value: number;
}

/** Under `scoring: values`, a card's value times this: the average card (95 / 13) sheds 10, as every card does by count. */
const VALUE_SCALE = 130 / 95;

/**
 * What shedding a card is worth: what it would score against the bot if
 * left in hand, 10 a card by count (rule 8), its value scaled under the
 * house rule `scoring: values` (a King sheds more than a Two).
 */
const shedWorth = (c: Card, values: boolean): number => (values ? cardValue(c) * VALUE_SCALE : 10);

/**
 * What ending the turn with `top` on the pile is worth, having shed cards
 * worth `shed` (`shedWorth`), `held` cards left: shed cards, go out, and
 * keep Aces and the King of Spades for when the next player is close to
 * going out.
 */
function endValue(shed: number, held: number, topCard: Card, aceRun: number, nextSize: number): number {
  if (held === 0) return 10_000;
  let v = shed;
  const hurts = nextSize <= HURTS_AT;
  if (topCard === KING_OF_SPADES) v += hurts ? 40 : -15;
  else if (aceRun > 0) v += hurts ? 12 * aceRun : -12 * aceRun;
  return v;
}

/** The best value reachable from here by playing on (depth-first over runs). */
function bestRun(
  hand: Card[],
  used: boolean[],
  topCard: Card,
  shed: number,
  worth: number,
  aceRun: number,
  t: Turn,
  budget: { left: number },
  plan: Plan,
): void {
  const v = endValue(worth, hand.length - shed, topCard, aceRun, t.nextSize);
  if (v > plan.value) plan.value = v;
  if (--budget.left <= 0) return;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (used[i] || !canContinue(topCard, c)) continue;
    used[i] = true;
    const more = worth + shedWorth(c, t.values);
    bestRun(hand, used, c, shed + 1, more, isAce(c) ? aceRun + 1 : 0, t, budget, plan);
    used[i] = false;
  }
}

/** The suit the bot holds most of, Jacks aside. */
function favouriteSuit(hand: readonly Card[], except: Card): number {
  const held = [0, 0, 0, 0];
  for (const c of hand) if (c !== except && !isJack(c)) held[suitOf(c)]++;
  let best = 0;
  for (let s = 1; s < 4; s++) if (held[s] > held[best]) best = s;
  return best;
}

function ownHand(view: RoyView): Card[] {
  const r = parseCards(view.hand);
  return r.ok ? r.value : [];
}

/**
 * Sheds as many cards per turn as it can (longest run first; under the house
 * rule `scoring: values`, the run worth most), keeps Aces and
 * the King of Spades for when they hurt the next player, plays a wild Jack
 * only when nothing else plays, and calls the suit it holds most of.
 */
export const greedy: Bot<RoyView> = {
  choose(view, legal) {
    // The bot acts only on its own turn: the seat to act is its seat.
    const sizes = view.handSizes;
    const topText = parseCard(view.top);
    return greedyMove(
      ownHand(view),
      {
        nextSize: sizes[(view.turn + 1) % sizes.length],
        played: view.played,
        top: topText.ok ? topText.value : -1,
        liveAces: view.liveAces,
        facingAces: view.facing === "aces",
        values: view.scoring === "values",
      },
      legal,
    );
  },
};

/** The turn as the mover's view shows it. */
interface Turn {
  readonly nextSize: number;
  /** Cards played so far this turn. */
  readonly played: number;
  readonly top: Card;
  readonly liveAces: number;
  readonly facingAces: boolean;
  /** The house rule `scoring: values` is in force: shed by the cards' values, not their count. */
  readonly values: boolean;
}

const sortedHand: Card[] = [];

/**
 * `greedy` on the state itself, for the search's playouts (no view built, no
 * card text): it reads only what the mover's view shows, its own hand (in the
 * view's order, ascending: the run search's budget makes the order count),
 * the next hand's size, the top card and the turn so far, so it plays every
 * drawn world as `greedy` would from the view (a test holds the two to the
 * same move).
 */
export const greedyPlayout = statePlayout<RoyState>((s, seat, legal) => {
  const hand = s.hands[seat];
  sortedHand.length = hand.length;
  for (let i = 0; i < hand.length; i++) sortedHand[i] = hand[i];
  sortedHand.sort((a, b) => a - b);
  const turn: Turn = {
    nextSize: s.hands[(s.turn + 1) % s.hands.length].length,
    played: s.played,
    top: top(s),
    liveAces: s.liveAces,
    facingAces: s.facing === FACING_ACES,
    values: s.options.scoring === "values",
  };
  return greedyMove(sortedHand, turn, legal);
});

function greedyMove(hand: Card[], t: Turn, legal: readonly Move[]): Move {
  // Shed so far this turn counts the same for every option, so only what follows matters.
  let best: Move = -1;
  let bestValue = -Infinity;
  for (const m of legal) {
    if (!isPlay(m) || isWild(m)) continue;
    const c = moveCard(m);
    const used = hand.map((h) => h === c);
    const plan = { value: -Infinity };
    const aceRun = isAce(c) ? (t.played > 0 || t.facingAces ? t.liveAces : 0) + 1 : 0;
    bestRun(hand, used, c, 1, shedWorth(c, t.values), aceRun, t, { left: NODE_BUDGET }, plan);
    if (plan.value > bestValue) {
      bestValue = plan.value;
      best = m;
    }
  }
  if (t.played > 0) {
    const stop = endValue(0, hand.length, t.top, t.liveAces, t.nextSize);
    return best >= 0 && bestValue > stop ? best : END;
  }
  if (best >= 0) {
    // Opening with a card worth less than drawing (an Ace or the King thrown away) is still a card shed.
    return best;
  }
  const wild = legal.find((m) => isWild(m) && moveCall(m) === favouriteSuit(hand, moveCard(m)));
  if (wild !== undefined) return wild;
  return legal.includes(DRAW) ? DRAW : legal[0];
}
