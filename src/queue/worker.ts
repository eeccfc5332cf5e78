/**
 * `cardroom lab-worker`: watches the queue's runs, takes batches from every
 * run of its own version (one BullMQ worker per run's queue, as many batches
 * at a time as it has threads), plays them on its worker threads and hands
 * each result back as the job's return value. A batch is held under a lease
 * that BullMQ renews while it plays; a worker that vanishes stops renewing,
 * and BullMQ's stalled-job check puts its batches back for the others.
 * Stopping (SIGINT, SIGTERM) releases the batches in hand at once.
 */
import { availableParallelism, hostname } from "node:os";
import { type Job, Queue, WaitingError, Worker } from "bullmq";
import { Piscina } from "piscina";
import { workerOptions } from "../bots/worker-file.js";
import { type QueueAddress, queueConnection } from "./address.js";
import type { ThreadTask } from "./batch-thread.js";
import {
  type BatchJob,
  NOTICE_TTL_MS,
  QUEUE_PREFIX,
  QUEUE_PROTOCOL,
  RUNS_KEY,
  type RunNotice,
  queueName,
  refusalLine,
  refusalsKey,
  runKey,
  sameVersion,
} from "./protocol.js";

export interface WorkerConfig {
  readonly address: QueueAddress;
  readonly version: string;
  readonly threads?: number;
  /** A line for the worker's log (joined a run, left it). */
  readonly log: (line: string) => void;
  /** Aborted on SIGINT/SIGTERM: the worker releases what it holds and ends. */
  readonly signal: AbortSignal;
}

/** How the worker ended: asked to stop, or refused a run of another version (one line). */
export type WorkerEnd = { readonly refused: null } | { readonly refused: string };

const LOOK_MS = 500;
/**
 * How long a stopping worker waits to hand its batches back and close its runs' queues; past it
 * (Redis down or silent) it stops anyway: BullMQ's stalled-job check gives the batches to others.
 */
const STOP_MS = 3000;

interface Joined {
  readonly worker: Worker<BatchJob, unknown>;
  readonly notice: RunNotice;
  played: number;
  /** Batches being played now. */
  inHand: number;
}

export async function runLabWorker(cfg: WorkerConfig): Promise<WorkerEnd> {
  const me = `${hostname()}:${process.pid}`;
  const mine = { version: cfg.version, protocol: QUEUE_PROTOCOL };
  const threads = Math.max(1, cfg.threads ?? availableParallelism());
  const conn = queueConnection(cfg.address);
  // The threads start with the first batch: a worker that refuses a run, or is stopped while it
  // waits, ends without any (a process that exits while a thread still starts may abort).
  let pool: Piscina<ThreadTask, unknown> | null = null;
  const threadsPool = (): Piscina<ThreadTask, unknown> =>
    (pool ??= new Piscina<ThreadTask, unknown>({
      ...workerOptions("batch-thread", import.meta.url),
      minThreads: threads,
      maxThreads: threads,
    }));
  const joined = new Map<string, Joined>();
  const ending: { refused: string | null } = { refused: null };
  const stop = new AbortController();
  const quit = (): void => stop.abort();
  cfg.signal.addEventListener("abort", quit, { once: true });
  const stopped = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));

  // Whether Redis answers, said once when it goes and once when it is back (ioredis reconnects).
  let lostAt: number | null = null;
  conn.on("close", () => {
    if (lostAt !== null || stop.signal.aborted) return;
    lostAt = Date.now();
    cfg.log(`lost Redis at ${cfg.address.shown}: reconnecting (batches in hand play on)`);
  });
  conn.on("ready", () => {
    if (lostAt === null) return;
    cfg.log(`Redis at ${cfg.address.shown} is back after ${Math.round((Date.now() - lostAt) / 1000)} s`);
    lostAt = null;
  });
  /** What the worker is doing, in a few words (said when it stops). */
  const doing = (): string => {
    const batches = [...joined.values()].reduce((n, j) => n + j.inHand, 0);
    const runs = joined.size === 0 ? "in no run" : `in ${[...joined.keys()].join(", ")}`;
    const hand = `${batches} ${batches === 1 ? "batch" : "batches"} in hand, ${runs}`;
    return lostAt !== null
      ? `waiting for Redis at ${cfg.address.shown} (gone for ${Math.round((Date.now() - lostAt) / 1000)} s), ${hand}`
      : `${batches ? "playing" : "waiting for batches"}: ${hand}`;
  };

  const refuse = async (notice: Pick<RunNotice, "run" | "version" | "protocol">): Promise<void> => {
    const line = refusalLine(notice, mine, me);
    await conn.rpush(refusalsKey(notice.run), line);
    await conn.pexpire(refusalsKey(notice.run), NOTICE_TTL_MS);
    ending.refused = line;
    stop.abort();
  };

  const join = (notice: RunNotice): Joined => {
    const entry: Joined = {
      notice,
      played: 0,
      inHand: 0,
      worker: new Worker<BatchJob, unknown>(
        queueName(notice.run),
        async (job: Job<BatchJob, unknown>, token?: string, signal?: AbortSignal) => {
          if (!sameVersion(job.data, mine)) {
            await job.moveToWait(token);
            await refuse({ ...job.data, run: notice.run });
            throw new WaitingError();
          }
          entry.inHand++;
          try {
            const result = await threadsPool().run(
              { kind: job.data.kind, payload: job.data.payload },
              { signal },
            );
            entry.played++;
            return result;
          } catch (e) {
            if (!signal?.aborted) throw e;
            // Stopping: the batch goes back at once for another worker, not after its lease.
            await job.moveToWait(token).catch(() => undefined);
            throw new WaitingError();
          } finally {
            entry.inHand--;
          }
        },
        {
          connection: conn,
          prefix: QUEUE_PREFIX,
          name: me,
          concurrency: threads,
          lockDuration: notice.leaseMs,
          stalledInterval: notice.leaseMs,
          // A batch whose worker vanished goes back to the queue every time, never to "failed".
          maxStalledCount: 1_000_000_000,
          drainDelay: 1,
        },
      ),
    };
    // Errors here are the queue's weather (a run removed under a batch in hand, a dropped connection).
    entry.worker.on("error", () => undefined);
    cfg.log(`joined run ${notice.run} from ${notice.host}: ${notice.what}`);
    return entry;
  };

  const leave = async (run: string, why: string): Promise<void> => {
    const entry = joined.get(run);
    if (!entry) return;
    joined.delete(run);
    const closing = entry.worker.close();
    entry.worker.cancelAllJobs(why);
    await closing;
    cfg.log(`left run ${run} (${why}): played ${entry.played} batches`);
  };

  /** A run whose coordinator is gone (killed): its queue is removed so that no jobs stay behind. */
  const clearLapsed = async (run: string): Promise<void> => {
    await leave(run, "its coordinator is gone");
    if ((await conn.srem(RUNS_KEY, run)) === 0) return;
    const q = new Queue(queueName(run), { connection: conn, prefix: QUEUE_PREFIX });
    q.on("error", () => undefined);
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close().catch(() => undefined);
    await conn.del(refusalsKey(run));
    cfg.log(`cleared run ${run}: its coordinator is gone`);
  };

  /** One look at the queue's runs: joins the new ones of its version, leaves those gone. */
  const look = async (): Promise<void> => {
    const runs = new Set(await conn.smembers(RUNS_KEY));
    for (const run of joined.keys()) if (!runs.has(run)) await leave(run, "finished");
    for (const run of runs) {
      if (stop.signal.aborted) break;
      const raw = await conn.get(runKey(run));
      if (raw === null) {
        await clearLapsed(run);
        continue;
      }
      if (joined.has(run)) continue;
      const notice = JSON.parse(raw) as RunNotice;
      if (!sameVersion(notice, mine)) {
        await refuse(notice);
        break;
      }
      joined.set(run, join(notice));
    }
  };

  cfg.log(`waiting for batches on ${cfg.address.shown} (${threads} threads, cardroom ${cfg.version})`);
  try {
    while (!stop.signal.aborted) {
      // A look waits for Redis while it is down (its commands wait to be sent): a stop does not.
      const looking = look();
      looking.catch(() => undefined);
      await Promise.race([looking, stopped]);
      await sleep(LOOK_MS, stop.signal);
    }
  } finally {
    cfg.signal.removeEventListener("abort", quit);
    if (ending.refused === null) cfg.log(`stopping, asked while ${doing()}`);
    const held = [...joined.values()];
    const closing = (async () => {
      for (const run of [...joined.keys()]) await leave(run, "the worker stops");
    })();
    if (!(await within(STOP_MS, closing))) {
      // Redis does not answer: the batches in hand go back to the others once their leases lapse.
      for (const entry of held) void entry.worker.close(true).catch(() => undefined);
      cfg.log(`stopped without handing back what it held: Redis did not answer in ${STOP_MS / 1000} s`);
    }
    // (Read through a cast: the closure above assigns it, which the narrowing here cannot see.)
    await within(STOP_MS, (pool as Piscina<ThreadTask, unknown> | null)?.destroy() ?? Promise.resolve());
    conn.disconnect();
  }
  return ending.refused === null ? { refused: null } : { refused: ending.refused };
}

/** Whether `work` ended within `ms` (it goes on, unwaited, when it did not). */
async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
