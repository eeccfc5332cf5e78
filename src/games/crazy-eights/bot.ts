import { parseCards } from "../../engine/card-text.js";
import { suitOf } from "../../engine/cards.js";
import type { Bot } from "../../bots/bot.js";
import { DRAW, NO_CALL, isPlay, moveCall, moveCard } from "./moves.js";
import { cardPoints, isEight } from "./rules.js";

/**
 * Sheds the most valuable card it can follow with, keeps Eights for when
 * nothing else plays, and calls the suit it holds most of. Draws only when
 * it must.
 */
export const greedy: Bot = {
  choose(view, legal) {
    const hand = parseCards(view.hand).ok ? (parseCards(view.hand) as { value: number[] }).value : [];
    const held = [0, 0, 0, 0];
    for (const c of hand) if (!isEight(c)) held[suitOf(c)]++;
    let best = -1;
    let bestScore = -Infinity;
    for (const m of legal) {
      if (!isPlay(m)) continue;
      const c = moveCard(m);
      const score = isEight(c)
        ? moveCall(m) === NO_CALL
          ? -1000
          : -500 + held[moveCall(m)]
        : cardPoints(c) * 10 + held[suitOf(c)];
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    if (best >= 0) return best;
    return legal.includes(DRAW) ? DRAW : legal[0];
  },
};
