/** Roller Coaster in its players' words: the pile turned into a new stock, hands won. */
import type { GameWords } from "../../engine/words.js";
import { pileCallout } from "../../words/callouts.js";
import { perSeat } from "../../words/hand-result.js";
import { aRank, rankWord } from "../../words/why-not.js";
import type { CoasterView } from "./view.js";

/** The ranks in their circle: up from the King is the Ace. */
const CIRCLE = "A23456789TJQK";

export const rollerCoasterWords: GameWords = {
  event: (e) => {
    if (e.type !== "reshuffle") return null;
    const turned = Array.isArray(e.turned) ? e.turned : [];
    if (Array.isArray(e.stock))
      return [
        `The discard pile is turned over unshuffled as the new stock (${turned.length} cards, top first: ${e.stock.join(" ")}).`,
      ];
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
  // A run's first card is one step up or down from the top's rank; then on in the run's direction.
  // A joker's reach (and a run after jokers) is the rules' to say: the shared sentence then.
  whyNot: (view, card) => {
    const v = view as unknown as CoasterView;
    const top = v.top;
    if (card === "RJ" || card === "BJ" || !top || !v.topRank || top === "RJ" || top === "BJ") return null;
    const at = CIRCLE.indexOf(v.topRank);
    const step = (d: number): string => CIRCLE[(at + d + 13) % 13];
    if (v.run.cards.length === 0) {
      if (v.run.fromEmptyPile || card[0] === step(1) || card[0] === step(-1)) return null;
      return `Start one step from ${rankWord(v.topRank)}: ${aRank(step(1))} or ${aRank(step(-1))}.`;
    }
    const next =
      v.run.direction === "down" ? [step(-1)] : v.run.direction === "up" ? [step(1)] : [step(1), step(-1)];
    if (next.includes(card[0])) return null;
    const way = v.run.direction ? `The run goes ${v.run.direction}` : "The run goes on";
    return `${way}: ${next.map(aRank).join(" or ")} next, or end your turn.`;
  },
};
