/** Crazy Eights in its players' words: the hands shown and the winner's count say it all. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";

export const crazyEightsWords: GameWords = {
  // The cards left were shown as the hand ended, and the winner's score counts them card by card.
  handDetail: () => [],
  // "Eight: hearts" as the suit is called; "Last card" as a player is down to one.
  callout: (e, _r, left) => pileCallout(e, "Eight", left),
};
