import { describe, expect, it } from "vitest";
import { ENTRIES } from "../../games/index.js";
import { readChoice } from "./room-choice.js";

const games = ENTRIES.map((e) => [e.game.name, e.game.id]);

describe("a choice typed in the room", () => {
  it("takes a game by its number, its name as shown, its id, or a beginning only it has", () => {
    const eights = ENTRIES.findIndex((e) => e.game.id === "crazy-eights") + 1;
    expect(readChoice(String(eights), games)).toBe(eights);
    expect(readChoice("Crazy Eights", games)).toBe(eights);
    expect(readChoice("crazy-eights", games)).toBe(eights);
    expect(readChoice("  crazy eights ", games)).toBe(eights);
    expect(readChoice("crazy", games)).toBe(eights);
    const cribbage = ENTRIES.findIndex((e) => e.game.id === "cribbage") + 1;
    expect(readChoice("CRIBBAGE", games)).toBe(cribbage);
  });

  it("refuses what names no entry, or several, and numbers off the list", () => {
    expect(readChoice("ro", games)).toBeNull(); // ROY, Royal Corners, Roller Coaster
    expect(readChoice("r", games)).toBeNull();
    expect(readChoice("poker", games)).toBeNull();
    expect(readChoice("0", games)).toBeNull();
    expect(readChoice(String(ENTRIES.length + 1), games)).toBeNull();
    expect(readChoice("", games)).toBeNull();
  });

  it("takes a computer level in words", () => {
    const levels = ["random", "easy", "medium", "hard"].map((l) => [l]);
    expect(readChoice("Hard", levels)).toBe(4);
    expect(readChoice("med", levels)).toBe(3);
    expect(readChoice("2", levels)).toBe(2);
  });
});
