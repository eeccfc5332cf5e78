/** Royal Corners in its players' words: the stock's new top card, penalty points. */
import type { GameWords } from "../../engine/words.js";
import { handPointsLine, perSeat } from "../../words/hand-result.js";

export const royalCornersWords: GameWords = {
  event: (e) =>
    e.type === "reveal" && typeof e.stockTop === "string" ? [`The stock shows ${e.stockTop}.`] : null,
  handPoints: (result, r) => [handPointsLine(result.points, r, "Penalty points this hand")],
  // The hands were shown as the hand ended, each penalty with its reason.
  handDetail: () => [],
  matchScore: (scores, r) => `Penalty points: ${perSeat(scores, r)}`,
};
