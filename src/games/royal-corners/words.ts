/**
 * Royal Corners in its players' words: the corners of the square by their
 * places, as the seed lays them out ("the corners of the imaginary square",
 * the stock in its centre), the stock's new top card, and penalty points,
 * never a score.
 */
import type { Seat } from "../../engine/game.js";
import type { GameWords } from "../../engine/words.js";
import { handPointsLine, perSeat } from "../../words/hand-result.js";
import { capital } from "../../words/reader.js";

/** The corners' places on the square, clockwise from the top left (the table draws them there). */
export const CORNER_PLACES = ["top-left", "top-right", "bottom-right", "bottom-left"] as const;

/** "the top-left corner" (0) .. "the bottom-left corner" (3). */
export const cornerName = (k: number): string => `the ${CORNER_PLACES[k] ?? k} corner`;

/** "Top-left corner": a corner's name as a label. */
export const cornerLabel = (k: number): string => capital(cornerName(k).replace(/^the /, ""));

const penaltyPoints = (n: number): string => `${n} penalty point${n === 1 ? "" : "s"}`;

export const royalCornersWords: GameWords = {
  event: (e) =>
    e.type === "reveal" && typeof e.stockTop === "string" ? [`The stock shows ${e.stockTop}.`] : null,
  score: (e, r) =>
    typeof e.points === "number"
      ? `${r.does(e.seat as Seat, "take")} ${penaltyPoints(e.points)} for the cards left in hand`
      : null,
  scoreName: "penalty points",
  handPoints: (result, r) => [handPointsLine(result.points, r, "Penalty points this hand")],
  // The hands were shown as the hand ended, each penalty with its reason.
  handDetail: () => [],
  matchScore: (scores, r) => `Penalty points: ${perSeat(scores, r)}`,
};
