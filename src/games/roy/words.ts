/** ROY in its players' words: the pile shuffled into a new stock; the hands shown say the rest. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";

export const royWords: GameWords = {
  event: (e) => {
    if (e.type !== "reshuffle") return null;
    const times = typeof e.times === "number" && e.times > 1 ? ` (${e.times} times)` : "";
    return [`The discard pile is shuffled into a new stock${times}.`];
  },
  // The hands were shown as the hand ended, the winner's points with their reason.
  handDetail: () => [],
  // "Jack: spades" as the suit is called; "Last card" as a player is down to one.
  callout: (e, _r, left) => pileCallout(e, "Jack", left),
};
