import { describe, expect, it } from "vitest";
import { cribbage, options as cribbageOptions } from "../../games/cribbage/game.js";
import { defaultOptions } from "../../engine/options.js";
import { cribbageChance, winChance } from "./index.js";

const options = { target: 121, muggins: false, skunk: false, cribFlush: "five", deal: "six" };

describe("winChance", () => {
  it("reads a Cribbage match state as it stands: scores, dealer and target", () => {
    const started = cribbage.start({ players: 2, seed: "facts", options: defaultOptions(cribbageOptions) });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    const mine = winChance("cribbage", s, s.dealer);
    const theirs = winChance("cribbage", s, 1 - s.dealer);
    if (!mine.ok || !theirs.ok) throw new Error("no chance");
    expect(mine.value + theirs.value).toBeCloseTo(1, 12);
    expect(mine.value).toBeGreaterThan(0.5);
  });

  it("sees the same position alike from either seat's chair", () => {
    const a = winChance("cribbage", { players: 2, scores: [80, 95], dealer: 1, options }, 0);
    const b = winChance("cribbage", { players: 2, scores: [95, 80], dealer: 0, options }, 1);
    expect(a).toEqual(b);
  });

  it("reads the target from the options: a game to 61 is nearer its end", () => {
    const to121 = winChance("cribbage", { players: 2, scores: [50, 40], dealer: 0, options }, 0);
    const to61 = winChance(
      "cribbage",
      { players: 2, scores: [50, 40], dealer: 0, options: { ...options, target: 61 } },
      0,
    );
    if (!to121.ok || !to61.ok) throw new Error("no chance");
    expect(to61.value).toBeGreaterThan(to121.value);
  });

  it("reads the five-card game from its own hands: the first pone's three for last still to come at 0 to 0", () => {
    const five = { ...options, deal: "five", target: 61 };
    const at = (scores: number[], seat: number, stage?: "deal" | "cut") => {
      const c = cribbageChance({ players: 2, scores, dealer: 0, options: five }, seat, stage);
      if (!c.ok) throw new Error(c.error);
      return c.value;
    };
    // Before the first cut the pone (seat 1) is read as at 3, as it will be before any card is pegged.
    expect(at([0, 0], 1)).toBeCloseTo(at([0, 3], 1), 12);
    expect(at([0, 0], 0) + at([0, 0], 1)).toBeCloseTo(1, 12);
    // After the cut the 3 are in the scores: 0 to 0 is 0 to 0.
    expect(at([0, 0], 1, "cut")).toBeLessThan(at([0, 3], 1, "cut"));
    // The six-card table differs: five-card hands score far fewer points, so a lead is worth more.
    const six = winChance(
      "cribbage",
      { players: 2, scores: [40, 30], dealer: 0, options: { ...options, target: 61 } },
      0,
    );
    const fiveCard = winChance("cribbage", { players: 2, scores: [40, 30], dealer: 0, options: five }, 0);
    if (!six.ok || !fiveCard.ok) throw new Error("no chance");
    expect(fiveCard.value).toBeGreaterThan(six.value);
  });

  it("moves a seat's score by a fraction of a point, read between whole scores", () => {
    const facts = { players: 2, scores: [50, 60], dealer: 1, options };
    const read = (shift: number) => {
      const c = cribbageChance(facts, 0, "deal", shift);
      if (!c.ok) throw new Error(c.error);
      return c.value;
    };
    expect(read(0.5)).toBeCloseTo((read(0) + read(1)) / 2, 12);
    expect(read(-2)).toBeLessThan(read(-1));
    expect(read(-1)).toBeLessThan(read(0));
  });

  it("says in one line why there is no model", () => {
    const cases = [
      winChance("cribbage", { players: 3, scores: [0, 0, 0], dealer: 0, options }, 0),
      winChance(
        "cribbage",
        { players: 2, scores: [0, 0], dealer: 0, options: { ...options, target: 5000 } },
        0,
      ),
      winChance("cribbage", { players: 2, scores: [0, 0], dealer: 0, options }, 2),
      winChance("gin-rummy", { players: 2, scores: [0, 0], dealer: 0, options: { target: 100 } }, 0),
    ];
    for (const c of cases) {
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toMatch(/^[^\n]+$/);
    }
  });
});
