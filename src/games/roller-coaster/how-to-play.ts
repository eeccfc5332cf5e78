import type { HowToPlay } from "../../words/how-to-play.js";

export const rollerCoasterHowToPlay: HowToPlay = {
  summary:
    "A race for 2 to 12 players with one pack and its 2 jokers (two packs from 7 players): empty your hand with runs that go up and down.",
  object: "Be the first to play every card in your hand.",
  deal: "Five cards each. The rest is the stock, face down. The discard pile starts empty; the player left of the dealer starts.",
  turn: [
    "Either play a run onto the discard pile, or draw one card and pass (you may draw even when you could play).",
    "A run is cards one step apart, all going the same way, up or down. Suits never matter. The ranks loop round: … 3 2 A K Q J 10 9 … so Q K A 2 is a run, and so is 2 A K.",
    "On the empty pile a run needs at least 2 cards. Otherwise its first card must be one step from the top card, and that sets the direction: on a Queen you may play K, or J, or K A, or K A 2.",
    "A joker stands for any card inside a run, never at its start or end.",
  ],
  scoring: [
    "The first player with an empty hand wins the hand.",
    "If nobody can play or draw, the hand ends and the fewest cards in hand wins.",
    "A match is one hand unless the table asks for more hands won.",
  ],
  goodToKnow: ["When the stock runs out, the discard pile but its top card is shuffled into a new stock."],
};
