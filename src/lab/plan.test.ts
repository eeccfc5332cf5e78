import { describe, expect, it, onTestFinished } from "vitest";
import { parseOptions } from "../engine/options.js";
import { fastSeeds } from "../engine/seeds.js";
import { findEntry } from "../games/index.js";
import { type LabPlan, batchTasks, mergeResults, playBatch } from "./plan.js";
import { runLab, threadExecutor } from "./run.js";

function options(game: string, raw: Record<string, string> = {}): Record<string, unknown> {
  const e = findEntry(game);
  if (!e.ok) throw new Error(e.error);
  const o = parseOptions(e.value.game.options, raw);
  if (!o.ok) throw new Error(o.error);
  return o.value;
}

function planOf(over: Partial<LabPlan> = {}): LabPlan {
  const game = over.game ?? "crazy-eights";
  return {
    version: 1,
    game,
    players: 2,
    options: options(game),
    vary: "target",
    variants: [
      { label: "target=100", options: options(game, { target: "100" }) },
      { label: "target=50", options: options(game, { target: "50" }) },
    ],
    lineups: [{ name: "random", levels: ["random", "random"] }],
    seed: "lab-test",
    fastSeeds: true,
    batchDeals: 4,
    deals: 16,
    budget: { ms: null, iterations: 50 },
    measures: true,
    ruleEvery: 2,
    rows: true,
    ...over,
  };
}

/** The numbers of a result, without what depends on the clock. */
const numbers = (r: ReturnType<typeof mergeResults>) => JSON.parse(JSON.stringify(r)) as unknown;

describe("lab plan", () => {
  it("pairs every variant and rotation of a deal on one match seed, and the bots' seeds across variants", () => {
    const plan = planOf({ lineups: [{ name: "easy,random", levels: ["easy", "random"] }] });
    const tasks = batchTasks(plan, 1);
    expect(tasks).toHaveLength(4 * 2 * 2);
    for (const deal of [4, 5, 6, 7]) {
      const ofDeal = tasks.filter((t) => t.deal === deal);
      expect(new Set(ofDeal.map((t) => t.seed))).toEqual(new Set([`lab-test:${deal}`]));
      expect(ofDeal.map((t) => `${t.variant}/${t.rotation}`).sort()).toEqual(["0/0", "0/1", "1/0", "1/1"]);
      for (const r of [0, 1]) {
        const seeds = ofDeal.filter((t) => t.rotation === r).map((t) => t.botSeed);
        expect(new Set(seeds).size).toBe(1);
      }
    }
    // Equal levels play a deal once; rotations put every level of a mixed line-up at every seat.
    expect(batchTasks(planOf(), 1)).toHaveLength(4 * 2);
    const mixed = planOf({ lineups: [{ name: "hard,random", levels: ["hard", "random"] }] });
    const [a, b] = batchTasks(mixed, 0).filter((t) => t.deal === 0 && t.variant === 0);
    expect(a.levels).toEqual(["hard", "random"]);
    expect(b.levels).toEqual(["random", "hard"]);
  });

  it("deals the same cards to every variant that leaves the deal alone", () => {
    const plan = planOf();
    const e = findEntry(plan.game);
    if (!e.ok) throw new Error(e.error);
    const { game } = e.value;
    const [first, second] = plan.variants.map((v) => {
      const s = game.start({ players: 2, seed: fastSeeds(`${plan.seed}:3`), options: v.options });
      if (!s.ok) throw new Error(s.error);
      return game.dump(s.value);
    });
    expect(first).toEqual(second);
    // The fast seeds deal differently from the HMAC seeds, and from another deal.
    const hmac = game.start({ players: 2, seed: `${plan.seed}:3`, options: plan.variants[0].options });
    const other = game.start({
      players: 2,
      seed: fastSeeds(`${plan.seed}:4`),
      options: plan.variants[0].options,
    });
    if (!hmac.ok || !other.ok) throw new Error("start");
    expect(game.dump(hmac.value)).not.toEqual(first);
    expect(game.dump(other.value)).not.toEqual(first);
  });

  it("plays a batch the same every time, and merges batches in any order to the same result", () => {
    const plan = planOf();
    const batches = [0, 1, 2, 3].map((i) => playBatch(plan, i));
    expect(playBatch(plan, 2)).toEqual(batches[2]);
    const inOrder = mergeResults(plan, batches);
    const shuffled = mergeResults(plan, [batches[2], batches[0], batches[3], batches[1], batches[0]]);
    expect(numbers(shuffled)).toEqual(numbers(inOrder));
    expect(inOrder.matches).toBe(16 * 2);
    expect(inOrder.matchRows?.deal).toHaveLength(32);
    expect(inOrder.handRows?.hand).toHaveLength(inOrder.hands);
    // Rule counters only on the deals that count them (every second one here).
    const counted = inOrder.handRows?.rule_blocked?.filter((x) => x !== null).length ?? 0;
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(inOrder.hands);
    // A shorter target makes shorter matches: the paired difference sees it.
    const hands = inOrder.measures.comparisons[0].differences.hands;
    expect(hands.mean).toBeLessThan(0);
    expect(hands.ci95[1]).toBeLessThan(0);
  });

  it("gives the same numbers on one worker thread as on two, a fixed run and a run --until settles", async () => {
    const plan = planOf({ rows: false });
    // One pool of each size, for both runs: a pool outlives a run (its maker closes it).
    const pools = [threadExecutor(1), threadExecutor(2)];
    onTestFinished(async () => {
      await Promise.all(pools.map((p) => p.close()));
    });
    const one = await runLab(plan, { executor: pools[0] });
    const two = await runLab(plan, { executor: pools[1] });
    expect(one.ended).toBe("done");
    expect(numbers(two.result)).toEqual(numbers(one.result));
    expect(numbers(one.result)).toEqual(
      numbers(
        mergeResults(
          plan,
          [0, 1, 2, 3].map((i) => playBatch(plan, i)),
        ),
      ),
    );

    const open = planOf({ rows: false, deals: null, batchDeals: 2, variants: planOf().variants.slice(0, 1) });
    const stop = { until: 0.15 };
    const a = await runLab(open, { executor: pools[0], stop, maxBatches: 200 });
    const b = await runLab(open, { executor: pools[1], stop, maxBatches: 200 });
    expect(a.ended).toBe("settled");
    expect(numbers(b.result)).toEqual(numbers(a.result));
  }, 120_000);
});
