import { describe, expect, it } from "vitest";
import { batchTasks, playBatch } from "../src/lab/plan.js";
import { gamePairs, pairedPoints, strengthPlan } from "../bench/strength-plan.js";

describe("bench:strength's pairing", () => {
  it("plays each deal both ways round, on the same match seed, each level at its own iterations", () => {
    const plan = strengthPlan({ game: "crazy-eights", first: "expert", second: "hard" }, 3, "pairs", {
      hard: 7,
      expert: 11,
    });
    expect(plan.budget).toEqual({ ms: null, levels: { hard: 7, expert: 11 } });
    const tasks = [0, 1, 2].flatMap((i) => batchTasks(plan, i));
    expect(tasks.map((t) => [t.deal, t.levels.join(",")])).toEqual([
      [0, "expert,hard"],
      [0, "hard,expert"],
      [1, "expert,hard"],
      [1, "hard,expert"],
      [2, "expert,hard"],
      [2, "hard,expert"],
    ]);
    for (const d of [0, 1, 2])
      expect(new Set(tasks.filter((t) => t.deal === d).map((t) => t.seed)).size).toBe(1);
  });

  it("names a baseline by its cmd: level and every level against the one below it", () => {
    const pairs = gamePairs("cribbage").map((p) => `${p.first},${p.second}`);
    expect(pairs.slice(0, 3)).toEqual(["medium,easy", "hard,medium", "expert,hard"]);
    expect(pairs).toContain("expert,cribbage-expert");
    const plan = strengthPlan({ game: "cribbage", first: "expert", second: "cribbage-expert" }, 1, "s", {});
    expect(plan.lineups[0].levels[1]).toMatch(/^cmd:.*cribbage\.mjs"$/);
  });

  it("pairs points a hand by deal: the first level's seat follows the rotation", () => {
    // Deal 0: first level at seat 0 wins 10-2 (margin 8), then at seat 1 loses 3-5 twice (margin -2):
    // that deal's figure is (8 + -2) / 2 = 3. Deal 1: margins 4 and 0, figure 2.
    const rows = {
      deal: [0, 0, 0, 1, 1],
      rotation: [0, 1, 1, 0, 1],
      points_0: [10, 5, 5, 6, 1],
      points_1: [2, 3, 3, 2, 1],
    };
    const e = pairedPoints(rows);
    expect(e.n).toBe(2);
    expect(e.mean).toBeCloseTo(2.5, 12);
    expect(e.sd).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it("plays a real batch: both matches of a deal give one paired figure", () => {
    const plan = strengthPlan({ game: "crazy-eights", first: "medium", second: "easy" }, 1, "real", {});
    const r = playBatch(plan, 0);
    expect(r.matches).toBe(2);
    const rows = r.handRows!;
    expect(new Set(rows.rotation)).toEqual(new Set([0, 1]));
    expect(pairedPoints(rows).n).toBe(1);
  });
});
