/** A worker thread's task: one batch of a lab plan (`playBatch`), plain data in and out. */
import { type BatchResult, type LabPlan, playLabBatch } from "./plan.js";

export interface BatchJob {
  readonly plan: LabPlan;
  readonly index: number;
}

export default function playBatchJob(job: BatchJob): BatchResult | Promise<BatchResult> {
  return playLabBatch(job.plan, job.index);
}
