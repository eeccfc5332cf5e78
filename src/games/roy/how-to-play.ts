import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the rules (how-to-play.test.ts): with the row "Discard
 * pile" (its top card last) and the row "Your hand" to play, the cards that may start the turn are
 * exactly `firsts`, and `turn` may be played one after the other in that one turn.
 */
export interface RoyClaim {
  readonly firsts: readonly string[];
  readonly turn: readonly string[];
}

export const royHowToPlay: HowToPlay<RoyClaim> = {
  summary: "A shedding game for 2 to 4 players with one 52-card pack: get rid of your cards in runs.",
  object:
    "Be the first to play every card in your hand. You then score a point for each card your opponents still hold; the first to 100 points wins the match.",
  deal: "Seven cards each. The rest is the stock, face down; its top card is turned up to start the discard pile. The player left of the dealer starts.",
  turn: [
    "Play one or more cards, or draw one card and pass. You may draw only when you have no card to play.",
    "Your first card must match the top card of the pile by suit or by rank.",
    "Then you may go on, as long as you like: each next card is either the same rank as the card on top, or the next higher card of the same suit (5♥ then 6♥, or 5♥ then 5♣). Aces are high only: Q K A is a run, A 2 is not.",
    "A Jack can always start your turn as a wild card: you name any suit, and your turn ends at once.",
    "Stop whenever you like (end your turn).",
  ],
  scoring: [
    "If your turn ends with an Ace on top, the next player must play an Ace too, or draw 2 cards for every Ace in a row on top of the pile and lose the turn.",
    "If your turn ends with the King of Spades on top, the next player draws 7 cards and loses the turn.",
    "The first player with no cards wins the hand and scores 1 point per card left in the other hands. First to 100 wins.",
  ],
  examples: [
    {
      title: "Several cards in one turn",
      rows: [
        { label: "Discard pile", cards: ["5H"] },
        { label: "Your hand", cards: ["6H", "6C", "7C", "2D", "9S"] },
      ],
      caption:
        "On 5♥ only 6♥ can start: it is a heart (2♦ and 9♠ match neither the suit nor the rank). Then 6♣, the same rank as the card on top, then 7♣, the next higher club: three cards in one turn.",
      claim: { firsts: ["6H"], turn: ["6H", "6C", "7C"] },
    },
  ],
  goodToKnow: [
    "Aces and the King of Spades only strike when they are on top at the end of a turn: K♠ A♠ in one turn leaves an Ace on top, not the King.",
    "A wild Jack does not answer an Ace.",
    "When the stock runs out, the discard pile (all but its top card) is shuffled into a new stock.",
  ],
};
