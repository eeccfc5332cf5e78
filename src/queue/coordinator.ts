/**
 * The coordinator's side of a queued run: it posts the run's notice, puts
 * its batches on a BullMQ queue of its own, and collects each batch's result
 * once (keyed by batch index: a batch played twice after a worker vanished
 * is still counted once). A run of open length (`--until`, `--sprt`) keeps a
 * few batches ahead of the results and stops when the results so far, taken
 * in batch order, settle it. Whatever ends the run (done, settled, Ctrl-C,
 * a failure) removes its queue and notice: no jobs are left behind.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { type Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import { type QueueAddress, queueConnection } from "./address.js";
import {
  type BatchJob,
  type BatchKind,
  NOTICE_TTL_MS,
  QUEUE_PREFIX,
  QUEUE_PROTOCOL,
  RUNS_KEY,
  type RunNotice,
  jobId,
  queueName,
  refusalsKey,
  runKey,
} from "./protocol.js";

export interface QueueRunConfig<P> {
  readonly address: QueueAddress;
  readonly version: string;
  readonly kind: BatchKind;
  /** One line for workers' logs: what the run measures. */
  readonly what: string;
  /** Batch `index`'s job payload. */
  readonly payload: (index: number) => P;
  /** How many batches; `"open"`: as many as `settled` needs. */
  readonly batches: number | "open";
  /** Batches put on the queue beyond the settled prefix in an open run (default 32). */
  readonly ahead?: number;
  /** Milliseconds a worker holds a batch without word before it is played elsewhere (default 30 s). */
  readonly leaseMs?: number;
  /** Ctrl-C: the run stops, its jobs are removed, and what came is returned. */
  readonly signal?: AbortSignal;
  /** After each new result: how many batches came, of how many (`null`: open). */
  readonly onProgress?: (received: number, total: number | null) => void;
  /** A line for the user (a worker refused the run, no workers yet). */
  readonly onNotice?: (line: string) => void;
}

export interface QueueRunOutcome<R> {
  /** The results by batch index, in index order (all that came, when stopped). */
  readonly results: ReadonlyArray<{ readonly index: number; readonly result: R }>;
  /** Every batch of a fixed run came, or an open run settled. */
  readonly complete: boolean;
  readonly stopped: boolean;
  /** Batches that were played more than once (a worker left or was killed). */
  readonly replayed: number;
  readonly seconds: number;
}

/** A batch that failed on a worker (a bug there, not a lost worker): the run stops. */
export class BatchFailed extends Error {}

const POLL_MS = 150;
const HEARTBEAT_MS = 5000;
const LONELY_MS = 5000;

/**
 * Runs a queued run to its end. `settled(prefix)` (open runs) is asked each
 * time the results in batch order grow, with all of them from batch 0 on;
 * when it says yes the run keeps exactly that prefix, whatever came after.
 */
export async function runOnQueue<P, R>(
  cfg: QueueRunConfig<P>,
  settled?: (prefix: readonly R[]) => boolean,
): Promise<QueueRunOutcome<R>> {
  const t0 = performance.now();
  const run = randomBytes(6).toString("hex");
  const leaseMs = cfg.leaseMs ?? 30_000;
  const ahead = Math.max(1, cfg.ahead ?? 32);
  const conn: Redis = queueConnection(cfg.address);
  const queue = new Queue<BatchJob<P>, R>(queueName(run), { connection: conn, prefix: QUEUE_PREFIX });
  queue.on("error", () => undefined);
  const notice: RunNotice = {
    run,
    protocol: QUEUE_PROTOCOL,
    version: cfg.version,
    kind: cfg.kind,
    leaseMs,
    what: cfg.what,
    host: hostname(),
    pid: process.pid,
  };
  const received = new Map<number, R>();
  const prefix: R[] = [];
  let added = 0;
  let replayed = 0;
  let settledAt: number | null = null;
  const told = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;

  const add = async (upTo: number): Promise<void> => {
    const jobs = [];
    for (; added < upTo; added++) {
      const data: BatchJob<P> = {
        protocol: QUEUE_PROTOCOL,
        version: cfg.version,
        kind: cfg.kind,
        run,
        index: added,
        payload: cfg.payload(added),
      };
      // A stalled batch goes back to the queue however often its workers vanish.
      jobs.push({ name: cfg.kind, data, opts: { jobId: jobId(added), attempts: 1 } });
      if (jobs.length === 500) await queue.addBulk(jobs.splice(0));
    }
    if (jobs.length) await queue.addBulk(jobs);
  };

  const collect = async (): Promise<void> => {
    const done = (await queue.getJobs(["completed"], 0, 999, true)) as Job<BatchJob<P>, R>[];
    for (const job of done) {
      const index = job.data.index;
      if (!received.has(index)) received.set(index, job.returnvalue);
      if (job.attemptsStarted > 1) replayed++;
    }
    if (done.length) await Promise.all(done.map((j) => queue.remove(j.id!)));
    const failed = (await queue.getJobs(["failed"], 0, 0, true)) as Job<BatchJob<P>, R>[];
    if (failed.length) {
      const f = failed[0];
      throw new BatchFailed(
        `batch ${f.data.index} failed on worker ${f.processedBy ?? "?"}: ${f.failedReason.split("\n")[0]}`,
      );
    }
    for (const line of await conn.lrange(refusalsKey(run), 0, -1))
      if (!told.has(line)) {
        told.add(line);
        cfg.onNotice?.(line);
      }
    if (done.length) cfg.onProgress?.(received.size, cfg.batches === "open" ? null : cfg.batches);
  };

  const finished = (): boolean => {
    if (cfg.batches !== "open") return received.size >= cfg.batches;
    while (settledAt === null && received.has(prefix.length)) {
      prefix.push(received.get(prefix.length)!);
      if (settled?.(prefix)) settledAt = prefix.length;
    }
    return settledAt !== null;
  };

  let complete = false;
  try {
    await conn.set(runKey(run), JSON.stringify(notice), "PX", NOTICE_TTL_MS);
    heartbeat = setInterval(() => {
      conn.pexpire(runKey(run), NOTICE_TTL_MS).catch(() => undefined);
    }, HEARTBEAT_MS);
    await add(cfg.batches === "open" ? ahead : cfg.batches);
    await conn.sadd(RUNS_KEY, run);
    let lonely = false;
    while (!cfg.signal?.aborted) {
      await collect();
      if (finished()) {
        complete = true;
        break;
      }
      if (cfg.batches === "open") await add(prefix.length + ahead);
      if (!lonely && received.size === 0 && performance.now() - t0 > LONELY_MS) {
        lonely = true;
        if ((await queue.getWorkersCount()) === 0)
          cfg.onNotice?.(
            `no worker has joined yet: start \`cardroom lab-worker --queue ${cfg.address.shown}\` on any machine`,
          );
      }
      await sleep(POLL_MS, cfg.signal);
    }
  } finally {
    clearInterval(heartbeat);
    await conn.srem(RUNS_KEY, run).catch(() => undefined);
    await conn.del(runKey(run), refusalsKey(run)).catch(() => undefined);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close().catch(() => undefined);
    conn.disconnect();
  }
  const kept = [...received.entries()]
    .filter(([i]) => settledAt === null || i < settledAt)
    .sort((a, b) => a[0] - b[0])
    .map(([index, result]) => ({ index, result }));
  return {
    results: kept,
    complete,
    stopped: !complete,
    replayed,
    seconds: (performance.now() - t0) / 1000,
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
