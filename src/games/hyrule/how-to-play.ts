import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the trick rule (how-to-play.test.ts): of the cards in the
 * row "Trick", in the order played, the one at `winner` takes the trick.
 */
export interface HyruleClaim {
  readonly winner: number;
}

export const hyruleHowToPlay: HowToPlay<HyruleClaim> = {
  summary:
    "A trick game for 2 to 5 players with one pack and its 2 jokers, where every suit beats some suits and loses to others.",
  object: "Capture the most cards over seven tricks.",
  deal: "Seven cards each, kept secret. The rest is put aside.",
  turn: [
    "Each trick, every player puts one card in. By default everyone chooses a card face down at the same time, then all are turned up together. In the strategy variant, cards are played face up one by one, counter-clockwise.",
    "In one suit the higher card wins (Ace is 1, King 13). Between suits: diamonds beat clubs and spades, clubs beat spades and hearts, spades beat hearts, hearts beat diamonds.",
    "A joker beats every card but the four special cards: 3♥, A♠, 5♣, 5♦, which beat a joker and rank in that order among themselves.",
    "The card that beats every other card in the trick takes it. With no such card (the suits went round in a circle), the card that beats the most others wins, then the higher rank; if still tied, nobody takes the trick and its cards go to the winner of the next one.",
  ],
  scoring: [
    "The winner of a trick captures all its cards.",
    "After seven tricks, the player with the most captured cards wins; ties share the win.",
  ],
  examples: [
    {
      title: "Suits in a circle",
      rows: [{ label: "Trick", cards: ["9H", "4D", "2C"] }],
      caption:
        "9♥ beats 4♦, 4♦ beats 2♣, and 2♣ beats 9♥: a circle, each card beating one other. The higher rank decides: 9♥ takes the trick.",
      claim: { winner: 0 },
    },
    {
      title: "A joker and a special card",
      rows: [{ label: "Trick", cards: ["KD", "RJ", "3H"] }],
      caption:
        "The joker beats K♦, but 3♥ is one of the four special cards that beat a joker: 3♥ takes the trick.",
      claim: { winner: 2 },
    },
  ],
  goodToKnow: ["Any card in your hand may be played to any trick: there is no suit to follow."],
};
