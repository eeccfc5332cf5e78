/**
 * The coordinator's side of a queued run: it posts the run's notice (kept
 * alive by a heartbeat: a killed coordinator's run lapses and its workers
 * clear it), puts batches on a BullMQ queue of the run's own, and hands back
 * each batch's result once, by batch index: a batch played twice after its
 * worker vanished is still counted once. Closing the run removes its queue
 * and notice, whatever ended it (done, settled, Ctrl-C, a failure): no jobs
 * are left behind.
 */
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
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

export interface QueueRunConfig {
  readonly address: QueueAddress;
  readonly version: string;
  readonly kind: BatchKind;
  /** One line for workers' logs: what the run measures. */
  readonly what: string;
  /** Milliseconds a worker holds a batch without word before it is played elsewhere (default 30 s). */
  readonly leaseMs?: number;
  /** A line for the user: a worker refused the run, no worker has joined yet. */
  readonly onNotice?: (line: string) => void;
}

/** A batch that failed on a worker (a bug there, not a lost worker): the run stops. */
export class BatchFailed extends Error {}

/** The run was closed, or the caller's signal aborted, before the batch came back. */
export class BatchWithdrawn extends Error {}

const POLL_MS = 150;
const HEARTBEAT_MS = 5000;
const LONELY_MS = 5000;
/** Closing talks to Redis at most this long (it may be gone), then lets go. */
const CLOSE_MS = 5000;

interface Waiting<R> {
  resolve(r: R): void;
  reject(e: Error): void;
}

export class QueueRun<P, R> {
  /** Batches whose result came, by index (a second copy of one is not taken). */
  private readonly came = new Set<number>();
  private readonly waiting = new Map<number, Waiting<R>>();
  private readonly told = new Set<string>();
  private readonly started = performance.now();
  private replays = 0;
  private closed = false;
  private closing: Promise<void> | null = null;
  private lonely = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private collector: Promise<void> = Promise.resolve();

  private constructor(
    readonly run: string,
    private readonly cfg: QueueRunConfig,
    private readonly conn: Redis,
    private readonly queue: Queue<BatchJob<P>, R>,
  ) {}

  /** Posts a new run on the queue (the address was reached before: `reachQueue`). */
  static async open<P, R>(cfg: QueueRunConfig): Promise<QueueRun<P, R>> {
    const run = randomBytes(6).toString("hex");
    const conn = queueConnection(cfg.address);
    const queue = new Queue<BatchJob<P>, R>(queueName(run), { connection: conn, prefix: QUEUE_PREFIX });
    queue.on("error", () => undefined);
    const notice: RunNotice = {
      run,
      protocol: QUEUE_PROTOCOL,
      version: cfg.version,
      kind: cfg.kind,
      leaseMs: cfg.leaseMs ?? 30_000,
      what: cfg.what,
      host: hostname(),
      pid: process.pid,
    };
    const r = new QueueRun<P, R>(run, cfg, conn, queue);
    await conn.set(runKey(run), JSON.stringify(notice), "PX", NOTICE_TTL_MS);
    await conn.sadd(RUNS_KEY, run);
    r.heartbeat = setInterval(() => {
      conn.pexpire(runKey(run), NOTICE_TTL_MS).catch(() => undefined);
    }, HEARTBEAT_MS);
    r.collector = r.collect();
    return r;
  }

  /** Batches played more than once so far (their worker left or was killed). */
  get replayed(): number {
    return this.replays;
  }

  /**
   * Puts batch `index` on the queue and resolves with its result; rejects
   * with `BatchFailed` when a worker's play of it failed, `BatchWithdrawn`
   * when `signal` aborts or the run closes first.
   */
  submit(index: number, payload: P, signal?: AbortSignal): Promise<R> {
    if (this.closed || signal?.aborted) return Promise.reject(new BatchWithdrawn(`batch ${index} withdrawn`));
    if (this.came.has(index) || this.waiting.has(index))
      return Promise.reject(new Error(`batch ${index} was submitted twice`));
    return new Promise<R>((resolve, reject) => {
      const withdraw = (): void => {
        if (this.waiting.delete(index)) reject(new BatchWithdrawn(`batch ${index} withdrawn`));
      };
      // One listener a batch in flight: as many as the run keeps out at once.
      if (signal) setMaxListeners(0, signal);
      signal?.addEventListener("abort", withdraw, { once: true });
      this.waiting.set(index, {
        resolve: (r) => {
          signal?.removeEventListener("abort", withdraw);
          resolve(r);
        },
        reject: (e) => {
          signal?.removeEventListener("abort", withdraw);
          reject(e);
        },
      });
      const data: BatchJob<P> = {
        protocol: QUEUE_PROTOCOL,
        version: this.cfg.version,
        kind: this.cfg.kind,
        run: this.run,
        index,
        payload,
      };
      // One attempt: a failure is a bug to report; a vanished worker's batch stalls and goes back instead.
      this.queue.add(this.cfg.kind, data, { jobId: jobId(index), attempts: 1 }).catch((e: Error) => {
        const w = this.waiting.get(index);
        this.waiting.delete(index);
        w?.reject(e);
      });
    });
  }

  /**
   * Ends the run: the results that came are handed over, batches still out
   * are withdrawn, and the run's notice and queue (every job, played or not)
   * are removed.
   */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    await this.collector;
    const cleanup = async (): Promise<void> => {
      // What came before the end is still handed over (Ctrl-C reports it).
      await this.collectOnce();
      for (const [index, w] of this.waiting) w.reject(new BatchWithdrawn(`batch ${index} withdrawn`));
      this.waiting.clear();
      await this.conn.srem(RUNS_KEY, this.run);
      await this.conn.del(runKey(this.run), refusalsKey(this.run));
      await this.queue.obliterate({ force: true });
      await this.queue.close();
    };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      cleanup().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_MS))),
    ]);
    clearTimeout(timer);
    for (const [index, w] of this.waiting) w.reject(new BatchWithdrawn(`batch ${index} withdrawn`));
    this.waiting.clear();
    this.conn.disconnect();
  }

  /** Takes the results that came, and the failures and refusals, every POLL_MS while open. */
  private async collect(): Promise<void> {
    while (!this.closed) {
      try {
        await this.collectOnce();
      } catch {
        // Redis away for a moment: ioredis reconnects, the next round tries again.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private async collectOnce(): Promise<void> {
    const done = (await this.queue.getJobs(["completed"], 0, 999, true)) as Job<BatchJob<P>, R>[];
    for (const job of done) {
      const index = job.data.index;
      if (job.attemptsStarted > 1) this.replays++;
      if (this.came.has(index)) continue;
      this.came.add(index);
      const w = this.waiting.get(index);
      this.waiting.delete(index);
      w?.resolve(job.returnvalue);
    }
    if (done.length) await Promise.all(done.map((j) => this.queue.remove(j.id!)));
    const failed = (await this.queue.getJobs(["failed"], 0, 99, true)) as Job<BatchJob<P>, R>[];
    for (const f of failed) {
      const w = this.waiting.get(f.data.index);
      this.waiting.delete(f.data.index);
      w?.reject(
        new BatchFailed(
          `batch ${f.data.index} failed on worker ${f.processedBy ?? "?"}: ${(f.failedReason ?? "").split("\n")[0]}`,
        ),
      );
    }
    if (failed.length) await Promise.all(failed.map((j) => this.queue.remove(j.id!)));
    for (const line of await this.conn.lrange(refusalsKey(this.run), 0, -1))
      if (!this.told.has(line)) {
        this.told.add(line);
        this.cfg.onNotice?.(line);
      }
    if (!this.lonely && this.came.size === 0 && performance.now() - this.started > LONELY_MS) {
      this.lonely = true;
      if ((await this.queue.getWorkersCount()) === 0)
        this.cfg.onNotice?.(
          `no worker has joined yet: start \`cardroom lab-worker --queue ${this.cfg.address.shown}\` on any machine`,
        );
    }
  }
}
