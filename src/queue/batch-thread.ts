/**
 * A worker thread of `cardroom lab-worker` (piscina): plays one batch taken
 * from the queue and returns its result as plain data, which BullMQ stores
 * as the job's return value for the coordinator.
 */
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
      throw new Error("lab batches are not played by this build");
  }
}
