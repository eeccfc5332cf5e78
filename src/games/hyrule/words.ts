/** Hyrule in its players' words: who took which trick and why, the cards no one claimed. */
import type { Seat } from "../../engine/game.js";
import type { GameWords } from "../../engine/words.js";
import { handPointsLine, perSeat } from "../../words/hand-result.js";
import { seatsByName } from "../../words/reader.js";

export const hyruleWords: GameWords = {
  event: (e, r) => {
    if (e.type !== "trick" && !(e.type === "reveal" && typeof e.trick === "number")) return null;
    // A trick someone took is said with its points (the score event that follows).
    if (e.winner !== null) return [];
    return [`Trick ${String(e.trick)}: ${seatsByName(String(e.why), r)}.`];
  },
  score: (e, r, trick) => {
    const why = typeof e.why === "string" ? seatsByName(e.why, r) : "";
    const won = /^won the trick: (.*)$/.exec(why);
    if (!won) return null;
    const seat = e.seat as Seat;
    const which = trick === undefined ? "the trick" : `trick ${trick}`;
    const scores = seat === r.you ? "score" : "scores";
    return `${r.does(seat, "take")} ${which} and ${scores} ${String(e.points)}: ${won[1]}`;
  },
  handPoints: (result, r) => [handPointsLine(result.points, r, "Cards captured this hand")],
  handDetail: (result) => {
    const unclaimed = result.detail?.unclaimed;
    return Array.isArray(unclaimed) && unclaimed.length ? [`Left unclaimed: ${unclaimed.join(" ")}.`] : [];
  },
  matchScore: (scores, r) => `Cards captured: ${perSeat(scores, r)}`,
};
