import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { makesMeld } from "./bot.js";

const cards = (t: string) => {
  const r = parseCards(t.split(" "));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe("the simple player's test for the face-up card", () => {
  it("takes a card that makes a set or a run, and no other", () => {
    const hand = cards("7H 7S 4C 5C 9D JD KS 2H 3S QC");
    const [sevenC, sixC, threeC, eightD, tenD, kingH] = cards("7C 6C 3C 8D TD KH");
    expect(makesMeld(hand, sevenC)).toBe(true); // 7-7-7
    expect(makesMeld(hand, sixC)).toBe(true); // 4-5-6 of clubs
    expect(makesMeld(hand, threeC)).toBe(true); // 3-4-5 of clubs
    expect(makesMeld(hand, tenD)).toBe(true); // 9-T-J of diamonds
    expect(makesMeld(hand, eightD)).toBe(false); // 8-9 only
    expect(makesMeld(hand, kingH)).toBe(false); // one other King
  });
});
