/**
 * What a coordinator and its workers agree on: the Redis keys, the run's
 * notice (who started it, with which version, how long a worker may hold a
 * batch without word), and a batch job's data. A worker takes batches only
 * from runs of its own version and protocol.
 */

/** Raised when a batch job or a run's notice changes shape or meaning. */
export const QUEUE_PROTOCOL = 1;

/** BullMQ's key prefix for the runs' queues. */
export const QUEUE_PREFIX = "cardroom";
/** The set of runs under way, by id: workers look here for work. */
export const RUNS_KEY = "cardroom:lab:runs";
export const runKey = (run: string): string => `cardroom:lab:run:${run}`;
/** Lines from workers that refused the run (another version). */
export const refusalsKey = (run: string): string => `cardroom:lab:run:${run}:refused`;
/** One BullMQ queue per run: leftovers go with it in one `obliterate`. */
export const queueName = (run: string): string => `lab-${run}`;

/** What a batch is: a slice of the lab's plan, or of the arena's matches (`cardroom sim`). */
export type BatchKind = "lab" | "arena";

/** The run's notice, kept alive by its coordinator (it lapses when the coordinator is gone). */
export interface RunNotice {
  readonly run: string;
  readonly protocol: number;
  readonly version: string;
  readonly kind: BatchKind;
  /** Milliseconds a worker holds a batch without renewing before another may take it. */
  readonly leaseMs: number;
  /** One line: what the run measures. */
  readonly what: string;
  readonly host: string;
  readonly pid: number;
}

/** A batch job's data: which run, which batch, and what to play (the kind's own payload). */
export interface BatchJob<P = unknown> {
  readonly protocol: number;
  readonly version: string;
  readonly kind: BatchKind;
  readonly run: string;
  readonly index: number;
  readonly payload: P;
}

/** BullMQ job ids may not be bare integers. */
export const jobId = (index: number): string => `b${index}`;

/** Milliseconds a run's notice lives without its coordinator's heartbeat. */
export const NOTICE_TTL_MS = 20_000;

/** The line a worker of another version prints (and the coordinator repeats). */
export function refusalLine(
  notice: Pick<RunNotice, "run" | "version" | "protocol">,
  mine: { version: string; protocol: number },
  worker: string,
): string {
  return (
    `worker ${worker} refused run ${notice.run}: the run is cardroom ${notice.version} (queue protocol ${notice.protocol}), ` +
    `the worker is cardroom ${mine.version} (protocol ${mine.protocol}); run the same version on both`
  );
}

export const sameVersion = (
  a: Pick<RunNotice, "version" | "protocol">,
  b: { version: string; protocol: number },
): boolean => a.version === b.version && a.protocol === b.protocol;
