import { runLabWorker } from "../../queue/worker.js";
import { flagError, wholeNumber } from "../args.js";
import { packageVersion } from "../package-files.js";
import { queueFlag, whileInterruptible } from "./queue-flags.js";

export interface LabWorkerFlags {
  queue: string;
  threads?: string;
}

/**
 * `cardroom lab-worker --queue redis://HOST`: plays the batches of `cardroom
 * lab` and `cardroom sim` runs sent to that queue, on every core, until
 * SIGINT or SIGTERM (which release the batches in hand, or, when Redis does
 * not answer, leave them to lapse: it stops within seconds whatever Redis
 * does, saying what it was doing). Exit 0 when asked to
 * stop; 2 when the queue cannot be reached; 1 when a run of another version
 * was refused.
 */
export async function labWorkerCommand(o: LabWorkerFlags): Promise<number> {
  const threads = o.threads === undefined ? undefined : wholeNumber("--threads", o.threads, 1);
  if (threads !== undefined && threads < 1)
    throw flagError("--threads", `expected 1 or more, got ${threads}`);
  const address = await queueFlag(o.queue);
  const end = await whileInterruptible((signal) =>
    runLabWorker({
      address,
      version: packageVersion(),
      threads,
      signal,
      log: (line) => process.stdout.write(`lab-worker: ${line}\n`),
    }),
  );
  // A connection still waiting for a Redis that is gone must not keep a stopped worker alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
  if (end.refused !== null) {
    process.stderr.write(`cardroom lab-worker: ${end.refused}\n`);
    return 1;
  }
  return 0;
}
