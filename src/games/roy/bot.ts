import { type Card, suitOf } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import type { Bot } from "../../bots/bot.js";
import type { RoyView } from "./view.js";
import { DRAW, END, isPlay, isWild, moveCall, moveCard } from "./moves.js";
import { KING_OF_SPADES, canContinue, isAce, isJack } from "./rules.js";

/** Search budget for the longest run from one position (hands are small; this only guards huge ones). */
const NODE_BUDGET = 4000;

/** Next player's hand at or under this size: an Ace or the King of Spades on top really hurts. */
const HURTS_AT = 4;

interface Plan {
  value: number;
}

/**
 * What ending the turn with `top` on the pile is worth, having shed `shed`
 * cards, `held` of them left: shed cards, go out, and keep Aces and the King
 * of Spades for when the next player is close to going out.
 */
function endValue(shed: number, held: number, topCard: Card, aceRun: number, nextSize: number): number {
  if (held === 0) return 10_000;
  let v = shed * 10;
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
  aceRun: number,
  nextSize: number,
  budget: { left: number },
  plan: Plan,
): void {
  const v = endValue(shed, hand.length - shed, topCard, aceRun, nextSize);
  if (v > plan.value) plan.value = v;
  if (--budget.left <= 0) return;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (used[i] || !canContinue(topCard, c)) continue;
    used[i] = true;
    bestRun(hand, used, c, shed + 1, isAce(c) ? aceRun + 1 : 0, nextSize, budget, plan);
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
 * Sheds as many cards per turn as it can (longest run first), keeps Aces and
 * the King of Spades for when they hurt the next player, plays a wild Jack
 * only when nothing else plays, and calls the suit it holds most of.
 */
export const greedy: Bot<RoyView> = {
  choose(view, legal) {
    const hand = ownHand(view);
    // The bot acts only on its own turn: the seat to act is its seat.
    const sizes = view.handSizes;
    const nextSize = sizes[(view.turn + 1) % sizes.length];
    const played = view.played;
    const topText = parseCard(view.top);
    const topCard = topText.ok ? topText.value : -1;
    const liveAces = view.liveAces;
    // Shed so far this turn counts the same for every option, so only what follows matters.
    let best: Move = -1;
    let bestValue = -Infinity;
    for (const m of legal) {
      if (!isPlay(m) || isWild(m)) continue;
      const c = moveCard(m);
      const used = hand.map((h) => h === c);
      const plan = { value: -Infinity };
      const aceRun = isAce(c) ? (played > 0 || view.facing === "aces" ? liveAces : 0) + 1 : 0;
      bestRun(hand, used, c, 1, aceRun, nextSize, { left: NODE_BUDGET }, plan);
      if (plan.value > bestValue) {
        bestValue = plan.value;
        best = m;
      }
    }
    if (played > 0) {
      const stop = endValue(0, hand.length, topCard, liveAces, nextSize);
      return best >= 0 && bestValue > stop ? best : END;
    }
    if (best >= 0) {
      // Opening with a card worth less than drawing (an Ace or the King thrown away) is still a card shed.
      return best;
    }
    const wild = legal.find((m) => isWild(m) && moveCall(m) === favouriteSuit(hand, moveCard(m)));
    if (wild !== undefined) return wild;
    return legal.includes(DRAW) ? DRAW : legal[0];
  },
};
