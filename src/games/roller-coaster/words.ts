/** Roller Coaster in its players' words: the pile turned into a new stock, hands won. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";
import { perSeat } from "../../words/hand-result.js";

export const rollerCoasterWords: GameWords = {
  event: (e) => {
    if (e.type !== "reshuffle") return null;
    const turned = Array.isArray(e.turned) ? e.turned : [];
    return [
      `The discard pile is turned over as the new stock (${turned.length} cards: ${turned.join(" ")}).`,
    ];
  },
  // Each hand is one point to its winner, said by "Won by"; the hands were shown as it ended.
  handPoints: () => [],
  handDetail: () => [],
  matchScore: (scores, r) => `Hands won: ${perSeat(scores, r)}`,
  // "Last card" as a player is down to one.
  callout: (e, _r, left) => pileCallout(e, "", left),
};
