/** ROY in its players' words: the pile shuffled into a new stock; the hands shown say the rest. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";
import { SUIT_WORD, aRank } from "../../words/why-not.js";
import type { RoyView } from "./view.js";

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
  whyNot: (view, card) => {
    const v = view as unknown as RoyView;
    const suit = SUIT_WORD[v.suit] ?? v.suit;
    // Going on: another of the top's rank, or the next higher card of its suit (which may be this one).
    if (v.played > 0)
      return card[0] === v.top[0] || card[1] === v.top[1]
        ? null
        : `Go on with ${aRank(v.top)} or the next higher card of ${SUIT_WORD[v.top[1]] ?? v.top[1]}, or end your turn.`;
    if (v.facing === "king") return `The King of spades: draw ${v.drawCount} and lose the turn.`;
    if (v.facing === "aces")
      return card[0] === "A" ? null : `Only an Ace answers the Aces: play one or draw ${v.drawCount}.`;
    if (card[0] === "J" || card[1] === v.suit || card[0] === v.top[0]) return null;
    if (v.top[0] === "J" && v.top[1] !== v.suit) return `The Jack called ${suit}: play ${suit} or a Jack.`;
    return `Play a Jack or match ${v.top}: ${suit} or ${aRank(v.top)}.`;
  },
};
