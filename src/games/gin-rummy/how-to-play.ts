import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the meld search (how-to-play.test.ts): its rows are one
 * hand, the rows labelled "Run" and "Set" are the melds the game finds for it and the row
 * "Deadwood" what is left, counting `deadwood`; `knock` says whether that is low enough to knock.
 */
export interface GinClaim {
  readonly deadwood: number;
  readonly knock: boolean;
}

export const ginRummyHowToPlay: HowToPlay<GinClaim> = {
  summary: "The two-player rummy with one 52-card pack: build melds, then knock.",
  object:
    "Arrange your hand into melds and leave as little deadwood (unmatched cards) as you can, then knock. Points go to whoever has less deadwood; the first to 100 wins.",
  deal: "Ten cards each. The top of the stock is turned up as the first discard. The non-dealer may take it first; if not, the dealer may; if neither does, the non-dealer draws from the stock.",
  turn: [
    "Take the top discard or the top card of the stock, then discard one card. A card taken from the discard pile cannot be thrown back the same turn.",
    "Melds are 3 or 4 cards of one rank (7♣ 7♦ 7♥), or 3 or more in a row in one suit (4♠ 5♠ 6♠). The Ace is low: A 2 3 is a run, Q K A is not. A card counts in one meld only.",
    "Deadwood counts Ace 1, 2 to 10 their number, Jack, Queen and King 10. The game always finds the arrangement with the least deadwood for you.",
    "With 10 deadwood or less you may knock as you discard: both hands are shown, and the other player lays off cards that fit on your melds.",
  ],
  scoring: [
    "The knocker scores the difference between the two deadwood counts.",
    "Gin (knocking with no deadwood at all) scores the difference plus 25, and no cards may be laid off.",
    "Undercut: if the defender's deadwood is equal to or less than the knocker's, the defender scores the difference plus 25.",
    "When only 2 cards are left in the stock and nobody knocks, the hand is a draw.",
    "The first to 100 points wins.",
  ],
  examples: [
    {
      title: "Melds and deadwood",
      rows: [
        { label: "Run", cards: ["3S", "4S", "5S"] },
        { label: "Set", cards: ["7C", "7D", "7H"] },
        { label: "Run", cards: ["9D", "TD", "JD"] },
        { label: "Deadwood", cards: ["KC"] },
      ],
      caption:
        "Three melds: 3♠ 4♠ 5♠ and 9♦ 10♦ J♦ in a row in one suit, 7♣ 7♦ 7♥ of one rank. Only K♣ is left: 10 deadwood, low enough to knock.",
      claim: { deadwood: 10, knock: true },
    },
    {
      title: "A card in one meld only",
      rows: [
        { label: "Set", cards: ["8C", "8D", "8H"] },
        { label: "Run", cards: ["2S", "3S", "4S"] },
        { label: "Deadwood", cards: ["6H", "7H", "KC", "AD"] },
      ],
      caption:
        "8♥ makes a run with 6♥ 7♥ or a set with 8♣ 8♦, not both. The game picks the least deadwood: the set leaves 6 + 7 + 10 + 1 = 24 (the run would leave 27), too much to knock.",
      claim: { deadwood: 24, knock: false },
    },
  ],
};
