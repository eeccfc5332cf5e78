/**
 * A worker thread of `cardroom lab-worker` (piscina): plays one batch taken
 * from the queue and returns its result as plain data, which BullMQ stores
 * as the job's return value for the coordinator.
 */
import playBatchJob, { type BatchJob } from "../lab/batch-worker.js";
import { type ArenaBatch, playArenaBatch } from "./arena-batch.js";
import type { BatchKind } from "./protocol.js";

export interface ThreadTask {
  readonly kind: BatchKind;
  readonly payload: unknown;
}

export default function playQueuedBatch(task: ThreadTask): unknown {
  switch (task.kind) {
    case "arena":
      return playArenaBatch(task.payload as ArenaBatch);
    case "lab":
      // The lab's own batch function, as its worker threads play it on one machine.
      return playBatchJob(task.payload as BatchJob);
  }
}
