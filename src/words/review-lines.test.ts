import { describe, expect, it } from "vitest";
import { THRESHOLDS } from "../review/classes.js";
import type { Judgement } from "../review/judge.js";
import type { Review } from "../review/review.js";
import {
  cardsOfMove,
  decisionCards,
  decisionLine,
  reviewLines,
  reviewUnitLine,
  tableMarkLine,
  tryLine,
} from "./review-lines.js";
import { tryResult } from "../review/try-again.js";

const judged = (over: Partial<Judgement>): Judgement => ({
  index: 4,
  hand: 1,
  seat: 1,
  played: { move: { type: "play", card: "TC" }, said: "play TC", value: 45.3 },
  best: { move: { type: "play", card: "6C" }, said: "play 6C", value: 68.3 },
  loss: 23,
  class: "mistake",
  unit: "win chance",
  why: "worth 68.3 to win the match against 45.3 for the move played, over 48 deals it could be",
  worlds: 48,
  ...over,
});

const review = (over: Partial<Review>): Review => ({
  game: "cribbage",
  players: 2,
  seats: [1],
  budget: { worlds: 48 },
  thresholds: THRESHOLDS,
  noModel: null,
  hands: [
    {
      hand: 1,
      dealer: 0,
      scoresBefore: [0, 0],
      scoresAfter: [12, 9],
      chances: [{ seat: 1, before: 44.3, after: 40.1 }],
      decisions: [judged({}), { index: 5, hand: 1, seat: 1, skipped: "forced" }],
    },
  ],
  accuracy: [{ seat: 1, judged: 1, counts: { inaccuracy: 0, mistake: 1, blunder: 0 }, accuracy: 38.2 }],
  winners: null,
  ...over,
});

describe("a review in words", () => {
  it("a judged decision: the move, its class and loss, the better move, and why", () => {
    expect(decisionLine(judged({}))).toBe(
      "  seat 1, play TC: mistake (-23.0): better play 6C. Worth 68.3 to win the match against 45.3 for the move played, over 48 deals it could be.",
    );
    expect(decisionLine(judged({ loss: 0, class: null, best: judged({}).played }))).toMatch(
      /^ {2}seat 1, play TC: best\. /,
    );
  });

  it("the hands with their winning chances, the forced decisions counted, the accuracy", () => {
    const lines = reviewLines(review({}), "Cribbage");
    expect(lines[0]).toBe("Review of a match of Cribbage, seat 1.");
    expect(lines).toContain("Hand 1: seat 0 deals; scores 0-0 to 12-9");
    expect(lines).toContain("  Win chance: seat 1 44.3% to 40.1%");
    expect(lines).toContain("  (1 decision with one way to go, or a count, not judged)");
    expect(lines).toContain(
      "Accuracy: seat 1 38.2 (1 decision judged: 0 inaccuracies, 1 mistake, 0 blunders)",
    );
  });

  it("says what the values measure, and that a game without a model has no win-chance line", () => {
    expect(reviewUnitLine(review({}))).toMatch(
      /^A decision losing 5 points of the chance to win the match or more is an inaccuracy, 10 a mistake, 15 a blunder;.* 480 where a loss is read at 5 to 20\.$/,
    );
    const gin = review({ noModel: "this game has no win-chance model yet" });
    expect(reviewUnitLine(gin)).toMatch(
      /hand's value as the search weighs it \(this game has no win-chance model/,
    );
    expect(reviewLines(gin, "Gin Rummy").some((l) => l.includes("Win chance"))).toBe(false);
  });

  it("the cards a decision marks on the table, and its sentence for a screen reader", () => {
    expect(cardsOfMove({ type: "play", card: "6C" })).toEqual(["6C"]);
    expect(cardsOfMove({ type: "draw" })).toEqual([]);
    expect(cardsOfMove({ type: "meld", cards: ["4H", "5H", "6H"], as: "run" })).toEqual(["4H", "5H", "6H"]);
    expect(decisionCards(judged({}))).toEqual({ better: ["6C"], played: ["TC"] });
    // The best played: nothing better to outline.
    expect(decisionCards(judged({ loss: 0, class: null }))).toEqual({ better: [], played: ["TC"] });
    // A Cribbage discard: the better way's two cards, not the one card of its move.
    const discard = judged({
      played: { move: { type: "discard", card: "5H" }, said: "discard 5H", value: 40 },
      best: { move: { type: "discard", card: "KS" }, said: "lay away KS QD", value: 52 },
      loss: 12,
      class: "inaccuracy",
      discards: [{ out: ["KS", "QD"], hand: 8, crib: 4, value: 4 }],
    });
    expect(decisionCards(discard).better).toEqual(["KS", "QD"]);
    // An Eight calling another suit: the same card, nothing else to outline.
    const eight = judged({
      played: { move: { type: "play", card: "8C", suit: "S" }, said: "play 8C and call spades", value: 54.2 },
      best: { move: { type: "play", card: "8C", suit: "C" }, said: "play 8C and call clubs", value: 65.6 },
    });
    expect(decisionCards(eight)).toEqual({ better: [], played: ["8C"] });
    expect(tableMarkLine(judged({}), { better: true, played: true })).toBe(
      "Mistake (−23.0): the move played, play TC (marked played on the table); better: play 6C (outlined on the table).",
    );
    expect(tableMarkLine(discard, { better: true, played: false })).toBe(
      "Inaccuracy (−12.0): the move played, discard 5H; better: lay away KS QD (outlined on the table).",
    );
    expect(tableMarkLine(judged({ loss: 0, class: null }), { better: false, played: false })).toBe(
      "Best: the move played, play TC.",
    );
  });

  it("Try it again: the new choice better, worse or the same as the move played, and the best", () => {
    const j = judged({});
    const six = j.best;
    const nine = { move: { type: "play", card: "9C" }, said: "play 9C", value: 50.25 };
    expect(tryLine(tryResult(j, six, "review"))).toBe(
      "Better than the move you played: play 6C: 68.3 to win the match, against 45.3 for play TC. It is the best there was.",
    );
    expect(tryLine(tryResult(j, nine, "search"))).toBe(
      "Better than the move you played: play 9C: 50.3 to win the match, against 45.3 for play TC. The best: play 6C, 68.3.",
    );
    expect(tryLine(tryResult(j, { ...nine, value: 30 }, "search"))).toMatch(
      /^Worse than the move you played: play 9C: 30\.0/,
    );
    expect(tryLine(tryResult(j, j.played, "review"))).toBe(
      "The same as the move you played (play TC): play TC: 45.3 to win the match. The best: play 6C, 68.3.",
    );
  });
});
