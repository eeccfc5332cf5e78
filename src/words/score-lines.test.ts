import { describe, expect, it } from "vitest";
import type { JsonObject } from "../engine/game.js";
import { GAMES } from "../games/index.js";
import { readerFor } from "./reader.js";
import { moveScoreLines, scoreEventLine } from "./score-lines.js";

const game = (id: string) => GAMES.find((g) => g.id === id)!;

const score = (seat: number, points: number, why: string, extra: Record<string, string> = {}) => ({
  type: "score",
  seat,
  points,
  why,
  ...extra,
});

describe("why points are scored", () => {
  it("pegs Cribbage's points in the words a player says", () => {
    expect(scoreEventLine(score(1, 2, "fifteen two"), game("cribbage"), readerFor(0), 14)).toBe(
      "  seat 1 pegs 2 for fifteen (now 14)",
    );
    expect(scoreEventLine(score(0, 2, "31 for 2"), game("cribbage"))).toBe("  you peg 2 for thirty-one");
    expect(scoreEventLine(score(0, 6, "a pair royal for 6"), game("cribbage"))).toBe(
      "  you peg 6 for a pair royal",
    );
    expect(scoreEventLine(score(1, 1, "his heels"), game("cribbage"))).toBe("  seat 1 pegs 1 for his heels");
  });

  it("counts the Cribbage show aloud, and says what a claim was", () => {
    const show = score(1, 6, "fifteen two, fifteen four, and a pair is six", { for: "crib" });
    expect(scoreEventLine(show, game("cribbage"), readerFor(0), 30)).toBe(
      "  seat 1 pegs 6 for the crib: fifteen two, fifteen four, and a pair is six (now 30)",
    );
    const claim = score(0, 8, "claims 10 for the hand, scores the true 8", { for: "hand" });
    expect(scoreEventLine(claim, game("cribbage"))).toBe("  you peg 8 for the hand (claimed 10)");
    expect(scoreEventLine(score(1, 2, "muggins: 2 missed"), game("cribbage"))).toBe(
      "  seat 1 pegs 2 for muggins (2 missed)",
    );
  });

  it("says Gin's deadwood and lay-offs, Crazy Eights' cards counted, names the reader 'you'", () => {
    const knock = score(1, 29, "knock: 36 (2S 5D 9S JS QC) in deadwood against 7 (AC 2D 4C); laid off 7H 8H");
    expect(scoreEventLine(knock, game("gin-rummy"))).toBe(
      "  seat 1 scores 29 for the knock: 36 (2S 5D 9S JS QC) in deadwood against 7 (AC 2D 4C); laid off 7H 8H",
    );
    const eights = score(1, 19, "went out, counting the cards left: seat 0's 9C (9) + KD (10) = 19");
    expect(scoreEventLine(eights, game("crazy-eights"))).toBe(
      "  seat 1 scores 19: went out, counting the cards left: your 9C (9) + KD (10) = 19",
    );
  });

  it("says who took a Hyrule trick, which, and why", () => {
    const events: JsonObject[] = [
      { type: "move", seat: 1, move: { type: "play", card: "4H" } },
      {
        type: "trick",
        trick: 3,
        cards: ["JH", "4H"],
        winner: 0,
        why: "JH beats 4H: the higher rank in a suit",
      },
      score(0, 2, "won the trick: JH beats 4H: the higher rank in a suit"),
    ];
    expect(moveScoreLines(events, game("hyrule"), [4, 2], [6, 2])).toEqual([
      "  you take trick 3 and score 2: JH beats 4H: the higher rank in a suit (now 6)",
    ]);
  });

  it("keeps a running total over several scores, and falls back where events do not explain a change", () => {
    const events = [score(1, 2, "fifteen two"), score(1, 2, "a pair for 2")];
    expect(moveScoreLines(events, game("cribbage"), [0, 10], [0, 14])).toEqual([
      "  seat 1 pegs 2 for fifteen (now 12)",
      "  seat 1 pegs 2 for a pair (now 14)",
    ]);
    expect(moveScoreLines([], game("roller-coaster"), [0, 10], [3, 10])).toEqual(["  you: +3 (now 3)"]);
    expect(moveScoreLines([score(0, 2, "went out")], game("roy"), [0, 0], [5, 0])).toEqual([
      "  you score 2: went out",
      "  you: +3 more (now 5)",
    ]);
  });

  it("says the cut and the hands turned up to be counted", () => {
    const events: JsonObject[] = [
      { type: "reveal", what: "starter", seat: 0, card: "6S" },
      { type: "reveal", what: "crib", seat: 1, cards: ["2C", "5H", "7S", "9D"] },
    ];
    expect(moveScoreLines(events, game("cribbage"), [0, 0], [0, 0])).toEqual([
      "  The cut: 6S",
      "  seat 1's crib: 2C 5H 7S 9D",
    ]);
  });
});
