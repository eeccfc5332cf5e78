import { describe, expect, it } from "vitest";
import { cardsInWords } from "./card-words.js";

describe("cards in words", () => {
  it("says every card of a sentence as a player does", () => {
    expect(cardsInWords("play 6C")).toBe("play the 6 of clubs");
    expect(cardsInWords("TD beats 9S, then 10H and AS")).toBe(
      "the 10 of diamonds beats the 9 of spades, then the 10 of hearts and the Ace of spades",
    );
    expect(cardsInWords("play RJ as a 5, BJ too")).toBe("play the red joker as a 5, the black joker too");
    expect(cardsInWords("discard QH and knock")).toBe("discard the Queen of hearts and knock");
  });

  it("leaves words, numbers and table codes alone", () => {
    const line = "Table K7QS2A: score 10, a 4-card run, 31 for 2, seat 1";
    expect(cardsInWords(line)).toBe(line);
  });
});
