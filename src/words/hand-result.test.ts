import { describe, expect, it } from "vitest";
import { crazyEights } from "../games/crazy-eights/game.js";
import { cribbage } from "../games/cribbage/game.js";
import { ginRummy } from "../games/gin-rummy/game.js";
import { hyrule } from "../games/hyrule/game.js";
import { rollerCoaster } from "../games/roller-coaster/game.js";
import { royalCorners } from "../games/royal-corners/game.js";
import { claimVerdict, detailLine, handResultLines, scoreLines } from "./hand-result.js";
import { readerFor } from "./reader.js";

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

  it("says how a Gin hand ended in Gin's words: the points once, who laid off what on which meld", () => {
    const lines = handResultLines(
      3,
      { points: [0, 12], winners: [1], reason: "knock", detail: gin },
      [40, 77],
      ginRummy,
    );
    expect(lines).toEqual([
      "",
      "Hand 3 over (knock).",
      "Won by seat 1.",
      "Points this hand: seat 1 12 (you 0).",
      "You laid off 4H on AH 2H 3H, 7S on 7C 7D 7H.",
      "Match score: you 40, seat 1 77",
    ]);
  });

  it("never says a hand's points the other way round (Crazy Eights: the winner scores the cards left)", () => {
    const eights = {
      points: [0, 40],
      winners: [1],
      reason: "went out",
      detail: { hands: [["8S", "KD", "QC", "TH", "2C"], []], handPoints: [40, 0] },
    };
    const lines = handResultLines(2, eights, [0, 40], crazyEights, readerFor(0, [null, "Alice"]));
    expect(lines).toContain("Won by Alice.");
    expect(lines).toContain("Points this hand: Alice 40 (you 0).");
    expect(lines.join("\n")).not.toMatch(/hand points/);
    expect(lines.at(-1)).toBe("Match score: you 0, Alice 40");
  });

  it("says each game's own units: penalty points, hands won, cards captured", () => {
    const r = { points: [3, 0], winners: [1], reason: "went out", detail: {} };
    expect(handResultLines(1, r, [3, 0], royalCorners)).toContain(
      "Penalty points this hand: you 3 (seat 1 0).",
    );
    expect(handResultLines(1, r, [3, 0], royalCorners).at(-1)).toBe("Penalty points: you 3, seat 1 0");
    expect(handResultLines(1, r, [0, 1], rollerCoaster).at(-1)).toBe("Hands won: you 0, seat 1 1");
    expect(handResultLines(1, r, [3, 0], hyrule).at(-1)).toBe("Cards captured: you 3, seat 1 0");
  });

  it("names a cribbage skunk, and a seat by its name in the reason", () => {
    const r = {
      points: [0, 0],
      winners: [1],
      reason: "seat 1 reached 121: a skunk, two games",
      detail: { starter: "5H", hands: [[], []], crib: [], games: [0, 2] },
    };
    const lines = handResultLines(9, r, [88, 121], cribbage, readerFor(0, [null, "Bo"]));
    expect(lines).toContain("Hand 9 over (Bo reached 121: a skunk, two games).");
    expect(lines).toContain("Games won: Bo 2 games (a skunk).");
  });

  it("names a cribbage double skunk, and a skunk not counted at the table", () => {
    const at = (reason: string, games: number[]) => ({
      points: [0, 0],
      winners: [1],
      reason,
      detail: { starter: "5H", hands: [[], []], crib: [], games },
    });
    const bo = readerFor(0, [null, "Bo"]);
    const double = handResultLines(
      9,
      at("seat 1 reached 121: a double skunk, two games", [0, 2]),
      [55, 121],
      cribbage,
      bo,
    );
    expect(double).toContain("Hand 9 over (Bo reached 121: a double skunk, two games).");
    expect(double).toContain("Games won: Bo 2 games (a double skunk).");
    const plain = handResultLines(
      9,
      at("seat 1 reached 121: a skunk, not counted at this table", [0, 1]),
      [85, 121],
      cribbage,
      bo,
    );
    expect(plain).toContain("Hand 9 over (Bo reached 121: a skunk, not counted at this table).");
    expect(plain).toContain("Games won: Bo one game.");
  });

  it("still says the details of a game without words of its own", () => {
    const lines = handResultLines(
      1,
      { points: [0, 1], winners: [1], reason: "went out", detail: gin },
      [0, 1],
      {},
    );
    expect(lines).toContain("knocker: seat 1");
    expect(lines).toContain("Points this hand: seat 1 1 (you 0).");
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
