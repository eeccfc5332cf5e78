/**
 * SQLite checkpoints off the event loop. With WAL, SQLite copies the log
 * into the database file every 1,000 pages, inside the commit that crosses
 * the mark: the server's one thread then waits for that copy and its sync,
 * tens of milliseconds now and then, and every table's updates with it.
 * Here the connection that writes does no checkpoint of its own; a worker
 * thread with its own connection checkpoints once a second instead. Should
 * the worker fail, the writer checkpoints for itself again, as SQLite does
 * by default.
 */
import { Piscina } from "piscina";
import { workerOptions } from "../bots/worker-file.js";

export interface Checkpointer {
  /** Stops checkpointing (after the one under way) and closes the worker's connection. */
  stop(): Promise<void>;
}

type Task = { file: string; close?: boolean };

export function startCheckpointer(
  file: string,
  writerCheckpoints: (pages: number) => void,
  everyMs = 1000,
): Checkpointer {
  const pool = new Piscina<Task, number>({
    ...workerOptions("checkpoint-worker", import.meta.url),
    maxThreads: 1,
    minThreads: 1,
    idleTimeout: Infinity,
  });
  writerCheckpoints(0);
  let running: Promise<unknown> = Promise.resolve();
  let failed = false;
  const timer = setInterval(() => {
    running = pool.run({ file }).catch(() => {
      // The worker could not checkpoint: the writer does it again, so the log never grows unbounded.
      if (!failed) writerCheckpoints(1000);
      failed = true;
      clearInterval(timer);
    });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await pool.run({ file, close: true }).catch(() => undefined);
      await pool.destroy();
    },
  };
}
