/**
 * The lab's speed (issue 26, "How fast"): random two-player cribbage with
 * the fast keyed hand seeds against HMAC-SHA-256, beside OpenSpiel's figure;
 * the lab's moves a second on one core against the bench loop's, with its
 * measures on and off; and two worker threads against one.
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { fastHandWords, fastSeeds, seedAndWords } from "../src/engine/seeds.js";
import { parseOptions } from "../src/engine/options.js";
import type { AnyGame } from "../src/engine/game.js";
import { findEntry } from "../src/games/index.js";
import { type LabPlan, playBatch } from "../src/lab/plan.js";
import { runLab, threadExecutor } from "../src/lab/run.js";
import { randomHands } from "./playouts.js";

/** OpenSpiel's C++ random playouts, player moves a second (docs/BENCHMARKS.md's yardsticks). */
const OPENSPIEL_MOVES: Readonly<Record<string, number>> = { cribbage: 3_200_000, "crazy-eights": 3_100_000 };

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

function planFor(
  game: string,
  measures: boolean,
  ruleEvery: number,
  deals: number,
  batchDeals = 128,
): LabPlan {
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
    batchDeals,
    deals,
    budget: { ms: null, iterations: 1 },
    measures,
    ruleEvery,
    rows: false,
  };
}

/** A measured slice: moves played and milliseconds taken. */
type Slice = () => { moves: number; ms: number };

/**
 * Moves a second of each contender, their slices taken in turns for about `seconds` in all, so a
 * machine whose load changes weighs on every contender alike (the ratios are what to read).
 */
function inTurns(contenders: readonly Slice[], seconds: number): number[] {
  const moves = contenders.map(() => 0);
  const ms = contenders.map(() => 0);
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000)
    contenders.forEach((c, i) => {
      const r = c();
      moves[i] += r.moves;
      ms[i] += r.ms;
    });
  return moves.map((m, i) => (m * 1000) / ms[i]);
}

const SLICE_SECONDS = 0.2;

/** The bench loop's random hands for one slice. */
function loopSlice(game: AnyGame, seed: string): Slice {
  return () => {
    const f = randomHands(game, 2, SLICE_SECONDS, {}, seed);
    return { moves: f.moves, ms: f.seconds * 1000 };
  };
}

/** The lab's batches on this thread for one slice, going on from batch to batch. */
function labSlice(plan: LabPlan): Slice {
  let index = 0;
  return () => {
    let moves = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < SLICE_SECONDS * 1000) moves += playBatch(plan, index++).moves;
    return { moves, ms: performance.now() - t0 };
  };
}

/** The loop's and the lab's rates for one game, in turns: loop, measures off, on, rules on every deal. */
function labRates(game: string, seconds: number): number[] {
  const e = findEntry(game);
  if (!e.ok) throw new Error(e.error);
  return inTurns(
    [
      loopSlice(e.value.game, fastSeeds("1")),
      labSlice(planFor(game, false, 0, 1e9)),
      labSlice(planFor(game, true, 20, 1e9)),
      labSlice(planFor(game, true, 1, 1e9)),
    ],
    seconds * 4,
  );
}

/** `labRates` in a worker thread of its own (a fresh isolate). */
function inThread(game: string, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { labRates: { game, seconds } } });
    w.once("message", (rates: number[]) => resolve(rates));
    w.once("error", reject);
  });
}

if (!isMainThread && (workerData as { labRates?: unknown } | null)?.labRates) {
  const { game, seconds } = (workerData as { labRates: { game: string; seconds: number } }).labRates;
  parentPort!.postMessage(labRates(game, seconds));
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
  const crib = entry.value.game;
  const [hmac, fast] = inTurns([loopSlice(crib, "1"), loopSlice(crib, fastSeeds("1"))], seconds * 2);
  const os = OPENSPIEL_MOVES.cribbage;
  out.push(
    `random cribbage, 2 players, one core: HMAC hand seeds ${fmt(hmac)} moves/s (${(hmac / os).toFixed(2)}x OpenSpiel's ${fmt(os)}), ` +
      `fast keyed seeds ${fmt(fast)} moves/s (${(fast / os).toFixed(2)}x; ${(fast / hmac).toFixed(2)}x HMAC)`,
  );
  // Each game in a thread of its own, as a lab worker plays one game: run in one isolate after
  // another game, the lab's and the loop's code would be measured after serving both.
  for (const game of ["crazy-eights", "cribbage"]) {
    const [loop, off, on, every] = await inThread(game, seconds);
    out.push(
      `lab, random ${game}, 2 players, one core: bench loop ${fmt(loop)} moves/s; lab measures off ${fmt(off)} (${(off / loop).toFixed(2)}x the loop), ` +
        `on (rules on 1 deal in 20) ${fmt(on)} (${(on / loop).toFixed(2)}x the loop, cost ${(off / on).toFixed(2)}x), rules on every deal ${fmt(every)} (cost ${(off / every).toFixed(2)}x)`,
    );
  }
  // Worker threads: a pool of one and a pool of two, each started and warmed (its threads' code
  // compiled) before it is timed, then runs of the same deals taken in turns.
  // Runs of about 9 s for one worker at the default 3 s, in the batches `cardroom lab` gives
  // random two-player Crazy Eights (256 deals).
  const deals = Math.max(2048, Math.round(seconds * 33_000));
  const plan = planFor("crazy-eights", true, 20, deals, 256);
  const pools = [1, 2].map((threads) => threadExecutor(threads));
  try {
    for (const pool of pools) await runLab(planFor("crazy-eights", true, 20, 4096), { executor: pool });
    const sums = pools.map(() => ({ moves: 0, seconds: 0 }));
    for (let round = 0; round < 3; round++)
      for (const [i, pool] of pools.entries()) {
        const run = await runLab(plan, { executor: pool });
        sums[i].moves += run.result.moves;
        sums[i].seconds += run.seconds;
      }
    const [one, two] = sums.map((x) => x.moves / x.seconds);
    out.push(
      `lab, random crazy-eights, ${fmt(deals)} matches a run on warmed pools, 3 runs each in turns: 1 worker ${fmt(one)} moves/s, 2 workers ${fmt(two)} (${(two / one).toFixed(2)}x)`,
    );
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
  return out;
}
