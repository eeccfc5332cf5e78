import { describe, expect, it } from "vitest";
import { claimVerdict, detailLine, handResultLines, scoreLines } from "./hand-result.js";

describe("the end of a hand in words", () => {
  // A two-player Gin hand's detail, as the game gives it, where the defender laid off exactly two cards.
  const gin = {
    knocker: 1,
    gin: false,
    melds: [
      [["4S", "5S", "6S"]],
      [
        ["AH", "2H", "3H"],
        ["7C", "7D", "7H"],
      ],
    ],
    deadwoodCards: [["KD"], ["2C"]],
    deadwood: [10, 2],
    layoffs: [
      { card: "4H", meld: 0 },
      { card: "7S", meld: 1 },
    ],
  };

  it("never reads two lay-offs in a two-player hand as one per seat", () => {
    const line = detailLine("layoffs", gin.layoffs);
    expect(line).toBe("layoffs: card 4H meld 0 · card 7S meld 1");
    expect(line).not.toMatch(/you|seat/);
  });

  it("shows per-seat details seat by seat, and a seat by its name", () => {
    expect(detailLine("deadwood", gin.deadwood)).toBe("deadwood: you 10 | seat 1 2");
    expect(detailLine("knocker", 1)).toBe("knocker: seat 1");
    expect(detailLine("knocker", 0)).toBe("knocker: you");
    // A list of two cards in a two-player game is not per seat either.
    expect(detailLine("unclaimed", ["AS", "KD"])).toBe("unclaimed: AS KD");
  });

  it("says how the hand ended, the points and the match score", () => {
    const lines = handResultLines(
      3,
      { points: [0, 12], winners: [1], reason: "knock", detail: gin },
      [40, 77],
    );
    expect(lines).toContain("Hand 3 over (knock).");
    expect(lines).toContain("Won by seat 1.");
    expect(lines).toContain("This hand: you 0, seat 1 12");
    expect(lines).toContain("knocker: seat 1");
    expect(lines.at(-1)).toBe("Match: you 40, seat 1 77");
  });
});

describe("points as they are scored", () => {
  it("names each seat whose score changed", () => {
    expect(scoreLines([10, 4, 0], [12, 4, 3])).toEqual(["  you: +2 (now 12)", "  seat 2: +3 (now 3)"]);
  });

  it("says whether a muggins claim was too high or too low", () => {
    const claim = (points: number) => ({ type: "claim", points });
    // Claimed 12, the hand held 8: 8 scored, 4 to the opponent.
    expect(claimVerdict(claim(12), 0, [0, 0], [8, 4])).toBe(
      "  your claim of 12 was too high: the hand holds 8.",
    );
    // Claimed 6, the hand held 10: 6 scored, the 4 missed to the opponent.
    expect(claimVerdict(claim(6), 1, [0, 0], [4, 6])).toBe(
      "  seat 1's claim of 6 was too low: the hand holds 10.",
    );
    expect(claimVerdict(claim(8), 0, [0, 0], [8, 0])).toBeNull();
    expect(claimVerdict({ type: "play", card: "5H" }, 0, [0, 0], [2, 0])).toBeNull();
  });
});
