import type { HowToPlay } from "../../words/how-to-play.js";

export const crazyEightsHowToPlay: HowToPlay = {
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
  goodToKnow: ["An Eight turned up at the start is not wild: it is just an Eight of its suit."],
};
