/** Crazy Eights in its players' words: the hands shown and the winner's count say it all. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";
import { SUIT_WORD, aRank } from "../../words/why-not.js";
import type { EightsView } from "./view.js";

export const crazyEightsWords: GameWords = {
  // The cards left were shown as the hand ended, and the winner's score counts them card by card.
  handDetail: () => [],
  // "Eight: hearts" as the suit is called; "Last card" as a player is down to one.
  callout: (e, _r, left) => pileCallout(e, "Eight", left),
  whyNot: (view, card) => {
    const v = view as unknown as EightsView;
    if (card[0] === "8" || card[1] === v.suit || card[0] === v.top[0]) return null;
    const suit = SUIT_WORD[v.suit] ?? v.suit;
    // An Eight played (not the one turned up to start) called the suit.
    if (v.top[0] === "8" && v.discard.length > 1) return `The Eight called ${suit}: play ${suit} or an 8.`;
    return `Play an 8 or match ${v.top}: ${suit} or ${aRank(v.top)}.`;
  },
};
