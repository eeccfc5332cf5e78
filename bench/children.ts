/**
 * The benchmarks' child processes (servers and simulated people), spoken
 * to over Node's IPC channel: start one and wait for its first message, ask
 * for a message of a given type, stop it (killed if it does not stop in 5 s).
 * Every wait is bounded, so a benchmark never hangs on a child.
 */
import { type ChildProcess, fork } from "node:child_process";

export interface Child<M extends { type: string }> {
  readonly process: ChildProcess;
  /** The next message of the given type, or a rejection after `ms` or if the child stops. */
  next<T extends M["type"]>(type: T, ms: number): Promise<Extract<M, { type: T }>>;
  tell(m: unknown): void;
}

/** Forks `script` with `args`, and resolves once it says `ready` (within `ms`). */
export async function startChild<M extends { type: string }>(
  script: string,
  args: readonly string[],
  execArgv: readonly string[],
  ms: number,
): Promise<{ child: Child<M>; ready: Extract<M, { type: "ready" }> }> {
  const p = fork(script, [...args], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: [...execArgv],
  });
  const child: Child<M> = {
    process: p,
    next: (type, wait) =>
      new Promise((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer);
          p.off("message", on);
          p.off("exit", gone);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`a child process did not say ${type} in ${wait / 1000} s`));
        }, wait);
        const on = (m: M): void => {
          if (m.type !== type) return;
          done();
          resolve(m as Extract<M, { type: typeof type }>);
        };
        const gone = (code: number | null): void => {
          done();
          reject(new Error(`a child process stopped (${code}) before it said ${type}`));
        };
        p.on("message", on);
        p.once("exit", gone);
      }),
    tell: (m) => {
      if (p.connected) p.send(m as never);
    },
  };
  const ready = (await child.next("ready" as M["type"], ms)) as Extract<M, { type: "ready" }>;
  return { child, ready };
}

/** Asks `child` for a message: sends `ask`, resolves with the next `type`. */
export function ask<M extends { type: string }, T extends M["type"]>(
  child: Child<M>,
  ask: unknown,
  type: T,
  ms: number,
): Promise<Extract<M, { type: T }>> {
  const answer = child.next(type, ms);
  child.tell(ask);
  return answer;
}

/** Tells a child to stop; kills it if it has not gone in 5 s. */
export function stopChild(child: Child<{ type: string }>, stop: unknown): Promise<void> {
  const p = child.process;
  return new Promise((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null || !p.connected) {
      if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
      return resolve();
    }
    const timer = setTimeout(() => {
      p.kill("SIGKILL");
      resolve();
    }, 5000);
    p.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.tell(stop);
  });
}

/** The p-th percentile of sorted numbers (NaN for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/**
 * The people's pace: every 5 ms, as many tables from the front of `ready`
 * as the rate allows (at most a twentieth of a second's worth at once, so a
 * stall is not made up in a burst) get their next move. Returns the stop.
 */
export function pace<T>(rate: number, ready: T[], move: (t: T) => void): () => void {
  let budget = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    budget = Math.min(budget + ((now - last) / 1000) * rate, Math.max(1, rate / 20));
    last = now;
    while (budget >= 1 && ready.length) {
      budget--;
      move(ready.shift()!);
    }
  }, 5);
  return () => clearInterval(tick);
}

/** What the benchmark tells a people process. */
export type PeopleCommand =
  { type: "rate"; rate: number } | { type: "mark" } | { type: "report" } | { type: "stop" };

/**
 * A people process's side of the talk: moves `ready` tables at the rate it
 * is told, `mark`s the start of a measured window, sends `report()` when
 * asked (the pace stopped), closes its connections and exits on `stop` or
 * when the benchmark is gone. Says `ready` at once.
 */
export function obey<R>(
  ready: unknown[],
  move: (t: never) => void,
  on: { mark(): void; report(): R; close(): void },
): void {
  let stopPace = (): void => undefined;
  const send = (m: unknown): void => void process.send?.(m as never);
  process.on("message", (m: PeopleCommand) => {
    if (m.type === "rate") {
      stopPace();
      stopPace = pace(m.rate, ready, move as (t: unknown) => void);
    } else if (m.type === "mark") on.mark();
    else if (m.type === "report") {
      stopPace();
      send({ type: "report", ...on.report() });
    } else if (m.type === "stop") {
      on.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready" });
}
