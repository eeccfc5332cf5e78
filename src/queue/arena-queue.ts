/**
 * The arena (`cardroom sim`, hard against medium for hours of a core) on the
 * queue: its matches in batches, played by `cardroom lab-worker`s, summed in
 * task order exactly as the arena sums them on one machine.
 */
import type { MatchOutcome, MatchTask } from "../sim/arena-match.js";
import { type ArenaConfig, type ArenaSummary, arenaTask, summarize } from "../sim/arena.js";
import type { QueueAddress } from "./address.js";
import { type ArenaBatch, arenaBatches, arenaPlan } from "./arena-batch.js";
import { type QueueRunOutcome, runOnQueue } from "./coordinator.js";

export interface ArenaQueueOptions {
  readonly address: QueueAddress;
  readonly version: string;
  /** Matches a batch (default: about 200 batches in all, at most 1,000 matches each). */
  readonly batchSize?: number;
  readonly leaseMs?: number;
  readonly signal?: AbortSignal;
  readonly onNotice?: (line: string) => void;
}

export interface ArenaQueueSummary extends ArenaSummary {
  /** Every match was played (false: stopped, the summary is of those that came). */
  readonly complete: boolean;
  readonly batches: number;
  /** Batches played again because their worker vanished. */
  readonly replayed: number;
}

export const defaultArenaBatch = (games: number): number =>
  Math.max(1, Math.min(1000, Math.ceil(games / 200)));

export async function arenaOnQueue(cfg: ArenaConfig, o: ArenaQueueOptions): Promise<ArenaQueueSummary> {
  const plan = arenaPlan(cfg);
  const batches = arenaBatches(plan, Math.max(1, o.batchSize ?? defaultArenaBatch(cfg.games)));
  let matches = 0;
  const outcome: QueueRunOutcome<MatchOutcome[]> = await runOnQueue<ArenaBatch, MatchOutcome[]>({
    address: o.address,
    version: o.version,
    kind: "arena",
    what: `sim ${cfg.game}, ${cfg.games} matches, ${cfg.levels.join(" v ")}, seed ${cfg.seed}`,
    payload: (i) => batches[i],
    batches: batches.length,
    leaseMs: o.leaseMs,
    signal: o.signal,
    onNotice: o.onNotice,
    onProgress: (received) => {
      // Batches are whole: the matches that came so far are those of the batches received.
      matches = Math.min(cfg.games, received * batches[0].to);
      cfg.onMatch?.(matches, cfg.games);
    },
  });
  const tasks: MatchTask[] = [];
  const outcomes: MatchOutcome[] = [];
  for (const { index, result } of outcome.results) {
    const b = batches[index];
    for (let i = b.from; i < b.to; i++) {
      tasks.push(arenaTask(cfg, i));
      outcomes.push(result[i - b.from]);
    }
  }
  return {
    ...summarize(cfg, tasks, outcomes, outcome.seconds),
    complete: outcome.complete,
    batches: outcome.results.length,
    replayed: outcome.replayed,
  };
}
