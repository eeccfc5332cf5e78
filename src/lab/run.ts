/**
 * Runs a lab plan: batches handed to an executor (worker threads here; a
 * queue can stand in), merged in index order, with the stopping rules read
 * on whole prefixes of batches only (0..k), so a run stops at the same batch
 * and gives the same numbers whatever the number of workers or machines.
 * Stopped early (Ctrl-C), it reports the batches it finished.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { workerOptions } from "../bots/worker-file.js";
import type { BatchJob } from "./batch-worker.js";
import { type Aggregates, emptyAggregates, mergeInto, sprtOf, testedMetric } from "./measures.js";
import { type BatchResult, type LabPlan, type LabResult, batchCount, mergeResults } from "./plan.js";
import { type EloModel, type Estimate, type Sprt, Z95, difference, estimate, noOvershoot } from "./stats.js";

/** Plays batches somewhere: worker threads, or a queue's workers. Whoever makes one closes it. */
export interface BatchExecutor {
  /** Batches worth keeping in flight at once. */
  readonly concurrency: number;
  run(plan: LabPlan, index: number, signal: AbortSignal): Promise<BatchResult>;
  close(): Promise<void>;
}

/** Batches on worker threads of this machine (piscina), every core unless told. */
export function threadExecutor(threads?: number): BatchExecutor {
  const n = Math.max(1, threads ?? availableParallelism());
  const pool = new Piscina<BatchJob, BatchResult>({
    ...workerOptions("batch-worker", import.meta.url),
    minThreads: n,
    maxThreads: n,
  });
  // A batch aborted while its thread plays it (a stopping rule settled, Ctrl-C) still answers; piscina
  // reports that answer as an error event, which unheard would end the process. Any other stays fatal.
  pool.on("error", (e: unknown) => {
    if (!(e instanceof Error && e.message.startsWith("Unexpected message from Worker"))) throw e;
  });
  return {
    concurrency: n * 2,
    run: (plan, index, signal) => pool.run({ plan, index }, { signal }),
    close: () => pool.destroy(),
  };
}

/** When to stop a run before its deals are played (or when it has none fixed). */
export interface StoppingRule {
  /** Stop when every tested interval's half-width is at most this (a fraction: 0.01 for ±1%). */
  readonly until?: number;
  /** Stop when Fishtest's SPRT of every variant's tested score settles. */
  readonly sprt?: readonly [number, number];
  /** The SPRT's false positive and false negative rates (0.05 each unless given). */
  readonly alpha?: number;
  readonly beta?: number;
  /** The Elo model elo0 and elo1 are read in (logistic unless given). */
  readonly model?: EloModel;
  /** Fishtest's dynamic overshoot correction of the SPRT's bounds (on unless false). */
  readonly overshoot?: boolean;
}

/** The running figures after a whole prefix of batches. */
export interface Progress {
  readonly batches: number;
  readonly deals: number;
  readonly matches: number;
  readonly moves: number;
  /** Line-up 0's tested score (the first level's, or the first dealer's) per variant; for the others, the difference. */
  readonly tested: readonly Estimate[];
  readonly sprt: readonly Sprt[] | null;
  readonly settled: boolean;
}

/** The SPRT's log-likelihood ratios (one per variant) after a whole prefix of batches. */
export interface LlrPoint {
  readonly deals: number;
  readonly llr: readonly number[];
}

/** How a run with a stopping rule went: the rule and, for `--sprt`, its trace. */
export interface StopRecord {
  readonly rule: StoppingRule;
  readonly trace: readonly LlrPoint[];
}

export interface LabRun {
  readonly result: LabResult;
  /** The stopping rule and its trace, or null for a run of fixed size. */
  readonly stopping: StopRecord | null;
  /** Why it ended: its deals played, a stopping rule settled, the cap of deals reached, or stopped (Ctrl-C). */
  readonly ended: "done" | "settled" | "cap" | "stopped";
  readonly sprt: readonly Sprt[] | null;
  readonly seconds: number;
}

export interface RunOptions {
  readonly executor: BatchExecutor;
  readonly stop?: StoppingRule;
  /** For a run without fixed deals: the most batches to play before giving up (ended: "cap"). */
  readonly maxBatches?: number;
  /** Aborting stops the run; it reports the whole prefix of batches it finished. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (p: Progress) => void;
}

function testedOf(plan: LabPlan, agg: Aggregates): Estimate[] {
  const metric = testedMetric(plan);
  return agg.paired.map((p, v) => (v === 0 ? estimate(p[metric]) : difference(p[metric])));
}

function settledBy(
  stop: StoppingRule | undefined,
  tested: readonly Estimate[],
  sprt: readonly Sprt[] | null,
): boolean {
  if (!stop) return false;
  const narrow =
    stop.until === undefined ||
    tested.every((e, v) => e.n >= 2 && untilHalfWidth(e, v > 0) <= (stop.until ?? 0));
  const decided = sprt === null || sprt.every((s) => s.state !== "continue");
  return (stop.until !== undefined || sprt !== null) && narrow && decided;
}

/**
 * The half-width `--until` reads: the normal interval's, but never narrower than Wilson's interval for
 * a share of 0 or 1 over those deals, z² / 2 (n + z²) (doubled for a difference of shares, in [−1, 1]).
 * Every deal of one score (a level that wins every match) has no spread and its normal interval no
 * width: alone it would call two deals enough. The floor is about 1.9 / n, far under any spread's
 * interval, so it decides only when there is none.
 */
export function untilHalfWidth(e: Estimate, isDifference: boolean): number {
  const floor = ((Z95 * Z95) / (2 * (e.n + Z95 * Z95))) * (isDifference ? 2 : 1);
  return Math.max((e.ci95[1] - e.ci95[0]) / 2, floor);
}

export async function runLab(plan: LabPlan, o: RunOptions): Promise<LabRun> {
  const t0 = performance.now();
  const fixed = batchCount(plan);
  const last = fixed ?? o.maxBatches ?? Infinity;
  const done = new Map<number, BatchResult>();
  const prefix: BatchResult[] = [];
  const agg = emptyAggregates(plan);
  const played = { deals: 0, matches: 0, moves: 0 };
  let sprt: Sprt[] | null = null;
  const trace: LlrPoint[] = [];
  let next = 0;
  let ended: LabRun["ended"] | null = null;
  const inner = new AbortController();
  const abort = () => inner.abort();
  o.signal?.addEventListener("abort", abort);
  let failure: unknown = null;

  // Folds newly contiguous batches into the prefix, reading the stopping rule after each.
  const advance = (): void => {
    while (ended === null && done.has(prefix.length)) {
      const r = done.get(prefix.length)!;
      done.delete(prefix.length);
      prefix.push(r);
      mergeInto(agg, r.aggregates);
      played.deals += r.deals;
      played.matches += r.matches;
      played.moves += r.moves;
      const tested = testedOf(plan, agg);
      sprt = o.stop?.sprt
        ? sprtOf(plan, agg, o.stop.sprt[0], o.stop.sprt[1], {
            alpha: o.stop.alpha,
            beta: o.stop.beta,
            model: o.stop.model,
            // Each reading after a whole prefix of batches is one update of the overshoot data.
            ...(o.stop.overshoot !== false
              ? {
                  overshoot:
                    sprt?.map((x) => x.overshootData ?? noOvershoot) ?? plan.variants.map(() => noOvershoot),
                }
              : {}),
          })
        : null;
      if (sprt) trace.push({ deals: played.deals, llr: sprt.map((x) => x.llr) });
      const settled = settledBy(o.stop, tested, sprt);
      o.onProgress?.({
        batches: prefix.length,
        ...played,
        tested,
        sprt,
        settled,
      });
      if (settled) ended = "settled";
      // A run with a stopping rule that plays all its deals (--games is its cap) ended unsettled.
      else if (prefix.length >= last) ended = fixed === null || o.stop ? "cap" : "done";
    }
    if (ended !== null) inner.abort();
  };

  const worker = async (): Promise<void> => {
    while (ended === null && !inner.signal.aborted && next < last) {
      const index = next++;
      try {
        done.set(index, await o.executor.run(plan, index, inner.signal));
      } catch (e) {
        if (inner.signal.aborted) return;
        failure = e;
        inner.abort();
        return;
      }
      advance();
    }
  };
  try {
    if (last === 0) ended = "done";
    await Promise.all(Array.from({ length: Math.max(1, o.executor.concurrency) }, worker));
  } finally {
    o.signal?.removeEventListener("abort", abort);
  }
  if (failure !== null) throw failure;
  return {
    result: mergeResults(plan, prefix),
    stopping: o.stop ? { rule: o.stop, trace } : null,
    ended: ended ?? "stopped",
    sprt,
    seconds: (performance.now() - t0) / 1000,
  };
}
