/**
 * Why a card can't be played: the sentence a table says when a player
 * clicks a card the rules do not allow now. The game's own words say why
 * where they know (`GameWords.whyNot`, from the seat's view); otherwise,
 * or for a game without its own, the shared sentence.
 */
import type { JsonObject } from "../engine/game.js";
import type { GameWords, Reader } from "../engine/words.js";

export const CANNOT_PLAY = "That card can't be played now.";
export const NOT_YOUR_TURN = "It is not your turn.";

/** The suits' words by their letter, for sentences: "hearts". */
export const SUIT_WORD: Readonly<Record<string, string>> = {
  C: "clubs",
  D: "diamonds",
  H: "hearts",
  S: "spades",
};

/** A card's rank in words for a sentence: "7", "10", "Queen". */
export function rankWord(card: string): string {
  const words: Readonly<Record<string, string>> = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
  return words[card[0]] ?? card[0];
}

/** "a 7", "an 8", "an Ace", "a Queen". */
export const aRank = (card: string): string =>
  `${/^(A|8)/.test(rankWord(card)) ? "an" : "a"} ${rankWord(card)}`;

/**
 * The sentence for a card of the seat's hand that has no legal move: the
 * game's reason, or the shared one. `yourTurn`: whether the seat is to act.
 */
export function whyNotPlayable(
  words: GameWords | undefined,
  view: JsonObject,
  card: string,
  r: Reader,
  yourTurn: boolean,
): string {
  if (!yourTurn) return NOT_YOUR_TURN;
  return words?.whyNot?.(view, card, r) ?? CANNOT_PLAY;
}
