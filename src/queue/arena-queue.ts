/**
 * The arena (`cardroom sim`, hard against medium for hours of a core) on the
 * queue: its matches in batches, played by `cardroom lab-worker`s, summed in
 * task order exactly as the arena sums them on one machine.
 */
import type { MatchOutcome, MatchTask } from "../sim/arena-match.js";
import { type ArenaConfig, type ArenaSummary, arenaTask, summarize } from "../sim/arena.js";
import type { QueueAddress } from "./address.js";
import { type ArenaBatch, arenaBatches, arenaPlan } from "./arena-batch.js";
import { BatchWithdrawn, QueueRun } from "./coordinator.js";

export interface ArenaQueueOptions {
  readonly address: QueueAddress;
  readonly version: string;
  /** Matches a batch (default: about 200 batches in all, at most 1,000 matches each). */
  readonly batchSize?: number;
  readonly leaseMs?: number;
  /** Ctrl-C: the run stops and sums the batches that came. */
  readonly signal?: AbortSignal;
  readonly onNotice?: (line: string) => void;
}

export interface ArenaQueueSummary extends ArenaSummary {
  /** Every match was played (false: stopped, the summary is of the batches that came). */
  readonly complete: boolean;
  readonly batches: number;
  /** Batches played again because their worker vanished. */
  readonly replayed: number;
}

export const defaultArenaBatch = (games: number): number =>
  Math.max(1, Math.min(1000, Math.ceil(games / 200)));

export async function arenaOnQueue(cfg: ArenaConfig, o: ArenaQueueOptions): Promise<ArenaQueueSummary> {
  const t0 = performance.now();
  const plan = arenaPlan(cfg);
  const batches = arenaBatches(plan, Math.max(1, o.batchSize ?? defaultArenaBatch(cfg.games)));
  const came = new Map<number, MatchOutcome[]>();
  let matches = 0;
  const run = await QueueRun.open<ArenaBatch, MatchOutcome[]>({
    address: o.address,
    version: o.version,
    kind: "arena",
    what: `sim ${cfg.game}, ${cfg.games} matches, ${cfg.levels.join(" v ")}, seed ${cfg.seed}`,
    leaseMs: o.leaseMs,
    onNotice: o.onNotice,
  });
  let replayed = 0;
  // Ctrl-C: the run closes, handing over the batches that came before withdrawing the rest.
  const stop = (): void => void run.close();
  o.signal?.addEventListener("abort", stop, { once: true });
  if (o.signal?.aborted) stop();
  try {
    await Promise.all(
      batches.map((b, i) =>
        run.submit(i, b).then(
          (outcomes) => {
            came.set(i, outcomes);
            matches += b.to - b.from;
            cfg.onMatch?.(matches, cfg.games);
          },
          (e: unknown) => {
            if (!(e instanceof BatchWithdrawn)) throw e;
          },
        ),
      ),
    );
  } finally {
    o.signal?.removeEventListener("abort", stop);
    replayed = run.replayed;
    await run.close();
  }
  const tasks: MatchTask[] = [];
  const outcomes: MatchOutcome[] = [];
  for (const [i, b] of batches.entries()) {
    const result = came.get(i);
    if (!result) continue;
    for (let t = b.from; t < b.to; t++) {
      tasks.push(arenaTask(cfg, t));
      outcomes.push(result[t - b.from]);
    }
  }
  return {
    ...summarize(cfg, tasks, outcomes, (performance.now() - t0) / 1000),
    complete: came.size === batches.length,
    batches: came.size,
    replayed,
  };
}
