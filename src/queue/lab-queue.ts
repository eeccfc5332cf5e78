/**
 * The lab's batches on the queue: a `BatchExecutor` (src/lab/run.ts) whose
 * batches are played by `cardroom lab-worker`s on any machine. `runLab`
 * keeps as many batches in flight as the executor's concurrency and reads
 * its stopping rules on whole prefixes of batches, so a queued run stops at
 * the batch and gives the numbers one machine gives for the same seed.
 */
import type { BatchJob } from "../lab/batch-worker.js";
import type { BatchResult, LabPlan } from "../lab/plan.js";
import type { BatchExecutor } from "../lab/run.js";
import type { QueueAddress } from "./address.js";
import { QueueRun } from "./coordinator.js";

export interface LabQueueOptions {
  readonly address: QueueAddress;
  readonly version: string;
  /** Batches on the queue at once (enough for every worker thread that may join; default 64). */
  readonly ahead?: number;
  readonly leaseMs?: number;
  readonly onNotice?: (line: string) => void;
}

export interface QueueExecutor extends BatchExecutor {
  /** Batches played more than once so far (their worker left or was killed). */
  readonly replayed: () => number;
}

/** One line for the workers' logs. */
export function labWhat(plan: LabPlan): string {
  const deals = plan.deals === null ? "until settled" : `${plan.deals} deals`;
  const vary = plan.vary === null ? "" : `, --vary ${plan.variants.map((v) => v.label).join(" ")}`;
  return `lab ${plan.game}, ${deals}, ${plan.lineups.map((l) => l.name).join(" / ")}${vary}, seed ${plan.seed}`;
}

export async function queueExecutor(plan: LabPlan, o: LabQueueOptions): Promise<QueueExecutor> {
  const run = await QueueRun.open<BatchJob, BatchResult>({
    address: o.address,
    version: o.version,
    kind: "lab",
    what: labWhat(plan),
    leaseMs: o.leaseMs,
    onNotice: o.onNotice,
  });
  return {
    concurrency: Math.max(1, o.ahead ?? 64),
    run: (p, index, signal) => run.submit(index, { plan: p, index }, signal),
    close: () => run.close(),
    replayed: () => run.replayed,
  };
}
