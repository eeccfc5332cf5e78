import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the counting (how-to-play.test.ts): a hand's show with
 * its starter (rows "Your hand" and "Starter") scores `points`, said as the count says it; the last
 * of the cards played (row "Played") pegs `points`.
 */
export type CribbageClaim =
  { readonly kind: "show"; readonly points: number } | { readonly kind: "pegging"; readonly points: number };

export const cribbageHowToPlay: HowToPlay<CribbageClaim> = {
  summary:
    "The counting game for 2 players (or 3) with one 52-card pack and a pegboard: first to 121 points.",
  object:
    "Score points by making fifteens, pairs and runs, during the play and when the hands are counted. The first to 121 wins, the moment it is reached.",
  deal: "Six cards each (5 each with 3 players). Everyone puts 2 cards (1 with 3 players) face down into the crib, which is counted for the dealer. The non-dealer cuts the stock and the top card is turned up: the starter. A Jack turned up gives the dealer 2 (his heels).",
  turn: [
    "The play: starting with the non-dealer, take turns laying one card each, calling the running total of the cards (Jack, Queen, King count 10, Ace 1). The total may not go past 31.",
    "Score as you play: making the total 15 or 31, 2; a pair with the card before, 2; three of a kind 6; four 12; a run of 3 or more among the latest cards, in any order, 1 per card.",
    "If you cannot play without passing 31, say go; the other player plays on while able. The last card before a go or at 31 scores 1 (31 itself scores 2 in all). The total then starts again at 0.",
  ],
  scoring: [
    "The show: each hand is counted with the starter, the non-dealer's first, then the dealer's, then the crib for the dealer.",
    "Every combination of cards adding up to 15: 2. Every pair: 2. Every run of 3 or more: 1 per card (a double run counts twice).",
    "Four cards of one suit in the hand: 4, five with the starter. The crib scores a flush only when all five share a suit.",
    "The Jack of the starter's suit in hand or crib: 1 (nobs).",
  ],
  examples: [
    {
      title: "Counting a hand",
      rows: [
        { label: "Your hand", cards: ["5H", "6D", "7C", "KS"] },
        { label: "Starter", cards: ["4S"] },
      ],
      caption:
        "5♥ and K♠ make 15, and so do 4♠ 5♥ 6♦; 4♠ 5♥ 6♦ 7♣ is a run of four. Counted aloud: fifteen two, fifteen four, and a run of four is eight.",
      claim: { kind: "show", points: 8 },
    },
    {
      title: "Pegging",
      rows: [{ label: "Played", cards: ["7D", "8C", "6S"] }],
      caption:
        "7♦ then 8♣ makes the count 15: 15 for 2. Then 6♠ makes 21 and a run of three (6 7 8, in any order): 3 for 3.",
      claim: { kind: "pegging", points: 3 },
    },
  ],
  goodToKnow: [
    "With muggins on, you count your own hand: a count too low gives your opponent what you missed.",
    "With skunk on, winning by 31 or more counts as two games.",
    "Five-card cribbage (an option, for two): five cards each, keep three; the first non-dealer starts with 3 (three for last); one count only, to the first go or 31; three cards of a suit in hand score 3; the game is to 61.",
  ],
};
