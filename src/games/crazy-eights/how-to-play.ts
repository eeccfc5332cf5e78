import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the rules (how-to-play.test.ts): with the row "Discard
 * pile" (its top card last) and the row "Your hand" to play, the cards that may be played are
 * exactly `plays`.
 */
export interface EightsClaim {
  readonly plays: readonly string[];
}

export const crazyEightsHowToPlay: HowToPlay<EightsClaim> = {
  summary: "The classic shedding game for 2 players (up to 5) with one 52-card pack: Eights are wild.",
  object:
    "Be the first to play all your cards. You score what is left in your opponents' hands; the first to 100 points wins.",
  deal: "Seven cards each. The top card of the stock is turned up to start the pile. The player who did not deal starts.",
  turn: [
    "Play one card that matches the top card by suit or by rank: on 7♥ play any heart or any 7.",
    "An Eight can be played on anything: you name the suit the next player must follow.",
    "If you cannot play, draw from the stock until you can. You may also draw when you could play; you keep every card you draw, and your turn ends when you play a card.",
    "When the stock is empty and you cannot play, you pass.",
  ],
  scoring: [
    "Going out ends the hand. You score the cards left in the other hands: each Eight 50, each King, Queen and Jack 10, each Ace 1, other cards their number.",
    "If the stock is empty and nobody can play, the lowest hand scores the difference to each other hand.",
    "The first to 100 points wins the match.",
  ],
  examples: [
    {
      title: "What plays on the pile",
      rows: [
        { label: "Discard pile", cards: ["9H"] },
        { label: "Your hand", cards: ["9C", "4H", "8S", "KD", "2C"] },
      ],
      caption:
        "On 9♥ you may play 9♣ (the same rank), 4♥ (the same suit) or 8♠ (an Eight goes on anything, and you name the next suit). K♦ and 2♣ do not follow.",
      claim: { plays: ["9C", "4H", "8S"] },
    },
  ],
  goodToKnow: ["An Eight turned up at the start is not wild: it is just an Eight of its suit."],
};
