/**
 * The command line's side of the queue: `--queue redis://HOST[:PORT]`
 * checked and reached (bad input, exit 2, in one line), `--lease`, and
 * Ctrl-C for a coordinator (the run stops, its jobs go, what came is
 * reported).
 */
import type { LabPlan } from "../../lab/plan.js";
import { type QueueAddress, queueAddress, reachQueue } from "../../queue/address.js";
import { type QueueExecutor, queueExecutor } from "../../queue/lab-queue.js";
import { packageVersion } from "../package-files.js";
import { flagError, UsageError, wholeNumber } from "../args.js";

/** The queue's address, reached within a bounded time, or a usage error naming the flag. */
export async function queueFlag(text: string): Promise<QueueAddress> {
  const address = queueAddress(text);
  if (!address.ok) throw flagError("--queue", address.error);
  const reached = await reachQueue(address.value);
  if (!reached.ok) throw new UsageError(`--queue: ${reached.error}`);
  return address.value;
}

/** `--lease S`: seconds a worker may go without word before its batches go to others. */
export function leaseFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const s = wholeNumber("--lease", text, 30);
  if (s < 1) throw flagError("--lease", `expected seconds, 1 or more, got "${text}"`);
  return s * 1000;
}

/**
 * An abort signal for Ctrl-C (and SIGTERM) while `work` runs: the first stops
 * the run gracefully; the handlers are gone once `work` ends.
 */
export async function whileInterruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const stop = new AbortController();
  const onSignal = (): void => stop.abort();
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await work(stop.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/**
 * `cardroom lab --queue URL [--lease S]`: the executor that sends the plan's
 * batches to the queue's workers; none without --queue.
 */
export async function labQueueFlags(
  plan: LabPlan,
  flags: { queue?: string; lease?: string; threads?: string },
): Promise<QueueExecutor | undefined> {
  const leaseMs = leaseFlag(flags.lease);
  if (flags.queue === undefined) {
    if (leaseMs !== undefined) throw flagError("--lease", "goes with --queue");
    return undefined;
  }
  if (flags.threads !== undefined)
    throw flagError("--threads", "the workers choose their threads on a --queue run (lab-worker --threads)");
  const address = await queueFlag(flags.queue);
  return queueExecutor(plan, {
    address,
    version: packageVersion(),
    leaseMs,
    onNotice: (line) => process.stderr.write(`cardroom lab: ${line}\n`),
  });
}
