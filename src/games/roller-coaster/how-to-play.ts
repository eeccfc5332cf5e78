import type { HowToPlay } from "../../words/how-to-play.js";

/**
 * What an example claims, checked against the rules (how-to-play.test.ts): with the row "Discard
 * pile" (its top card last) and the row "Your hand" to play, the cards that may start a run are
 * exactly `firsts`, and `run` may be played one after the other in that one turn.
 */
export interface CoasterClaim {
  readonly firsts: readonly string[];
  readonly run: readonly string[];
}

export const rollerCoasterHowToPlay: HowToPlay<CoasterClaim> = {
  summary:
    "A race for 2 to 12 players with one pack and its 2 jokers (two packs from 7 players): empty your hand with runs that go up and down.",
  object: "Be the first to play every card in your hand.",
  deal: "Five cards each. The rest is the stock, face down. The discard pile starts empty; the player left of the dealer starts.",
  turn: [
    "Either play a run onto the discard pile, or draw one card and pass (you may draw even when you could play, unless the table plays the house rule to play when you can).",
    "A run is cards one step apart, all going the same way, up or down. Suits never matter. The ranks loop round: … 3 2 A K Q J 10 9 … so Q K A 2 is a run, and so is 2 A K.",
    "On the empty pile a run needs at least 2 cards. Otherwise its first card must be one step from the top card, and that sets the direction: on a Queen you may play K, or J, or K A, or K A 2.",
    "A joker stands for any card inside a run, never at its start or end.",
  ],
  scoring: [
    "The first player with an empty hand wins the hand.",
    "If nobody can play or draw, the hand ends and the fewest cards in hand wins.",
    "A match is one hand unless the table asks for more hands won.",
  ],
  examples: [
    {
      title: "A run round the top",
      rows: [
        { label: "Discard pile", cards: ["QH"] },
        { label: "Your hand", cards: ["KS", "AD", "2C", "7H", "9D"] },
      ],
      caption:
        "On Q♥ a run starts one step away: K♠, going up. It may go on with A♦ and 2♣, as the ranks loop round after the King. 7♥ and 9♦ are too far from the Queen to start.",
      claim: { firsts: ["KS"], run: ["KS", "AD", "2C"] },
    },
  ],
  goodToKnow: [
    "When the stock runs out, the discard pile but its top card is shuffled into a new stock. A table may turn it over unshuffled instead: the first card played is then the first drawn, and everyone sees the stock's order.",
  ],
};
