import type { HowToPlay } from "../../words/how-to-play.js";
import { cornerLabel } from "./words.js";

/**
 * What an example claims, checked against the rules (how-to-play.test.ts): with the rows of the four
 * corners, "Top-left corner" clockwise to "Bottom-left corner" (each pile bottom first), and the row
 * "Your hand" to play, the cards of the hand that may be put down, and where, are exactly `moves`
 * ([card, corner]).
 */
export interface CornersClaim {
  readonly moves: readonly (readonly [string, number])[];
}

export const royalCornersHowToPlay: HowToPlay<CornersClaim> = {
  summary:
    "A patience game for 2 to 4 players with one 52-card pack: build down in four corners and empty your hand.",
  object:
    "Get rid of your cards by building piles in the four corners. Cards left in your hand at the end of a hand are penalty points; the fewest penalty points win.",
  deal: "Seven cards each. The rest is the centre stock, face up: everyone sees its top card. Four cards from the stock are laid face up, one in each corner. The dealer moves first.",
  turn: [
    "Make as many moves as you like, in any order, then end your turn.",
    "Put a card from your hand, or the stock's top card, on a corner pile when it is one rank lower and of the opposite colour: a red 5 on a black 6, a black 9 on a red 10. Hearts and diamonds are red, clubs and spades black; the Ace is lowest.",
    "Put a King (from your hand or the stock) on an empty corner.",
    "Move a whole corner pile onto another when the moved pile's bottom card fits on the other's top card. The corner it left may then take any card, on your very next move only.",
    "When you end your turn you take the stock's top card into your hand.",
  ],
  scoring: [
    "Empty your hand and you are out of the hand with no penalty; the others play on.",
    "The hand ends when at most one player holds cards, or when the stock is empty and nobody can move any more.",
    "Each card left in a hand costs 1 penalty point, a King 10.",
    "When someone reaches 50 penalty points the match ends: that player loses, and the player with the fewest penalty points wins.",
  ],
  examples: [
    {
      title: "Where your cards go",
      rows: [
        { label: cornerLabel(0), cards: ["TH"] },
        { label: cornerLabel(1), cards: ["6C"] },
        { label: cornerLabel(2), cards: [] },
        { label: cornerLabel(3), cards: ["KD"] },
        { label: "Your hand", cards: ["9S", "5D", "KS", "QC", "9H"] },
      ],
      caption:
        "9♠ goes on 10♥, 5♦ on 6♣ and Q♣ on K♦: one rank lower, the other colour. K♠ opens the empty corner. 9♥ fits nowhere: it is red, like 10♥.",
      claim: {
        moves: [
          ["9S", 0],
          ["5D", 1],
          ["KS", 2],
          ["QC", 3],
        ],
      },
    },
  ],
  goodToKnow: ["Kings are expensive to hold: open an empty corner with one as soon as you can."],
};
