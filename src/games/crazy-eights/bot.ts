import { parseCards } from "../../engine/card-text.js";
import { type Card, rankOf, suitOf } from "../../engine/cards.js";
import type { Move } from "../../engine/game.js";
import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import type { EightsState } from "./state.js";
import type { EightsView } from "./view.js";
import { DRAW, isPlay, moveCall, moveCard } from "./moves.js";
import { cardPoints, isEight } from "./rules.js";

/** Below every ordinary card: an Eight is played only when nothing else follows. */
const EIGHT_LAST = -1000;

/** Cards other than `c` and the Eights that could follow `c` if it stays on top. */
function followers(hand: readonly Card[], c: Card): number {
  let n = 0;
  for (const o of hand) {
    if (o !== c && !isEight(o) && (suitOf(o) === suitOf(c) || rankOf(o) === rankOf(c))) n++;
  }
  return n;
}

/** How good a play is: shed the most points, then keep the hand able to follow itself. */
function playScore(hand: readonly Card[], held: readonly number[], m: Move): number {
  const c = moveCard(m);
  // An Eight calls the suit held most (so never one the hand has none of, while it has any other).
  if (isEight(c)) return EIGHT_LAST + held[moveCall(m)];
  return cardPoints(c) * 10 + followers(hand, c);
}

/**
 * Sheds the most valuable card it can follow with (among equal values, the
 * one most of its other cards can follow), keeps Eights for when nothing else
 * plays, and calls the suit it holds most of. Draws only when it must.
 */
export const greedy: Bot<EightsView> = {
  choose(view, legal) {
    const parsed = parseCards(view.hand);
    return greedyMove(parsed.ok ? parsed.value : [], legal);
  },
};

/**
 * `greedy` on the state itself, for the search's playouts (no view built, no
 * card text): it reads only the mover's own hand, as `greedy` does from the
 * view (a test holds the two to the same move).
 */
export const greedyPlayout = statePlayout<EightsState>((s, seat, legal) => greedyMove(s.hands[seat], legal));

const held = [0, 0, 0, 0];

function greedyMove(hand: readonly Card[], legal: readonly Move[]): Move {
  held.fill(0);
  for (const c of hand) if (!isEight(c)) held[suitOf(c)]++;
  let best = -1;
  let bestScore = -Infinity;
  for (const m of legal) {
    if (!isPlay(m)) continue;
    const score = playScore(hand, held, m);
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  if (best >= 0) return best;
  return legal.includes(DRAW) ? DRAW : legal[0];
}
