/**
 * The lab's speed (issue 26, "How fast"): random two-player cribbage with
 * the fast keyed hand seeds against HMAC-SHA-256, beside OpenSpiel's figure;
 * the lab's moves a second on one core against the bench loop's, with its
 * measures on and off; and two worker threads against one.
 */
import { fastHandWords, fastSeeds, seedAndWords } from "../src/engine/seeds.js";
import { parseOptions } from "../src/engine/options.js";
import { findEntry } from "../src/games/index.js";
import { type LabPlan, playBatch } from "../src/lab/plan.js";
import { runLab, threadExecutor } from "../src/lab/run.js";
import { randomHands } from "./playouts.js";

/** OpenSpiel's C++ random playouts, player moves a second (docs/BENCHMARKS.md's yardsticks). */
const OPENSPIEL_MOVES: Readonly<Record<string, number>> = { cribbage: 3_200_000, "crazy-eights": 3_100_000 };

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

function planFor(game: string, measures: boolean, ruleEvery: number, deals: number): LabPlan {
  const e = findEntry(game);
  if (!e.ok) throw new Error(e.error);
  const o = parseOptions(e.value.game.options, {});
  if (!o.ok) throw new Error(o.error);
  return {
    version: 1,
    game,
    players: 2,
    options: o.value,
    vary: null,
    variants: [{ label: "base", options: o.value }],
    lineups: [{ name: "random", levels: ["random", "random"] }],
    seed: "bench",
    fastSeeds: true,
    batchDeals: 128,
    deals,
    budget: { ms: null, iterations: 1 },
    measures,
    ruleEvery,
    rows: false,
  };
}

/** Batches on this thread for about `seconds`: moves a second. */
function labOnOneCore(plan: LabPlan, seconds: number): number {
  let moves = 0;
  const t0 = performance.now();
  for (let i = 0; performance.now() - t0 < seconds * 1000; i++) moves += playBatch(plan, i).moves;
  return (moves * 1000) / (performance.now() - t0);
}

export async function bench(seconds: number): Promise<string[]> {
  const out: string[] = [];
  // A hand's seed and generator, HMAC-SHA-256 against the fast keyed generator, taken in turns (the load evens out).
  let hmacMs = 0;
  let fastMs = 0;
  let hands = 0;
  const key = fastSeeds("bench match");
  for (let t = performance.now(); performance.now() - t < seconds * 400; hands += 1000) {
    const a = performance.now();
    for (let i = 0; i < 1000; i++) seedAndWords("bench match", hands + i);
    const b = performance.now();
    for (let i = 0; i < 1000; i++) fastHandWords(key, hands + i);
    fastMs += performance.now() - b;
    hmacMs += b - a;
  }
  out.push(
    `a hand's seed and generator: HMAC-SHA-256 ${((hmacMs * 1000) / hands).toFixed(3)} µs, fast keyed ${((fastMs * 1000) / hands).toFixed(3)} µs (${(hmacMs / fastMs).toFixed(0)}x less)`,
  );
  const entry = findEntry("cribbage");
  if (!entry.ok) throw new Error(entry.error);
  const hmac = randomHands(entry.value.game, 2, seconds);
  const fast = randomHands(entry.value.game, 2, seconds, {}, fastSeeds("1"));
  const os = OPENSPIEL_MOVES.cribbage;
  out.push(
    `random cribbage, 2 players, one core: HMAC hand seeds ${fmt(hmac.movesPerSecond)} moves/s (${(hmac.movesPerSecond / os).toFixed(2)}x OpenSpiel's ${fmt(os)}), ` +
      `fast keyed seeds ${fmt(fast.movesPerSecond)} moves/s (${(fast.movesPerSecond / os).toFixed(2)}x)`,
  );
  for (const game of ["crazy-eights", "cribbage"]) {
    const e = findEntry(game);
    if (!e.ok) throw new Error(e.error);
    const loop = randomHands(e.value.game, 2, seconds, {}, fastSeeds("1")).movesPerSecond;
    const off = labOnOneCore(planFor(game, false, 0, 1e9), seconds);
    const on = labOnOneCore(planFor(game, true, 20, 1e9), seconds);
    const every = labOnOneCore(planFor(game, true, 1, 1e9), seconds);
    out.push(
      `lab, random ${game}, 2 players, one core: bench loop ${fmt(loop)} moves/s; lab measures off ${fmt(off)} (${(off / loop).toFixed(2)}x the loop), ` +
        `on (rules on 1 deal in 20) ${fmt(on)} (cost ${(off / on).toFixed(2)}x), rules on every deal ${fmt(every)} (cost ${(off / every).toFixed(2)}x)`,
    );
  }
  const plan = planFor("crazy-eights", true, 20, 4096);
  const rate = async (threads: number): Promise<number> => {
    const run = await runLab(plan, { executor: threadExecutor(threads) });
    return run.result.moves / run.seconds;
  };
  const one = await rate(1);
  const two = await rate(2);
  out.push(
    `lab, random crazy-eights, 8,192 matches: 1 worker ${fmt(one)} moves/s, 2 workers ${fmt(two)} (${(two / one).toFixed(2)}x)`,
  );
  return out;
}
