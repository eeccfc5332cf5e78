import { describe, expect, it } from "vitest";
import { cribbage, options as cribbageOptions } from "../../games/cribbage/game.js";
import { defaultOptions } from "../../engine/options.js";
import { winChance } from "./index.js";

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

  it("says in one line why there is no model", () => {
    const cases = [
      winChance("cribbage", { players: 3, scores: [0, 0, 0], dealer: 0, options }, 0),
      winChance(
        "cribbage",
        { players: 2, scores: [0, 0], dealer: 0, options: { ...options, deal: "five" } },
        0,
      ),
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
