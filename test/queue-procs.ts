/**
 * `cardroom` child processes for the queue tests and bench: a coordinator or
 * a `lab-worker`, its output kept, its end awaited with a bound, and a check
 * that none is left running.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

export interface Proc {
  readonly child: ChildProcess;
  readonly pid: number;
  out: string;
  err: string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  readonly ended: Promise<number | string>;
}

const live = new Set<Proc>();

export function cardroom(args: readonly string[], env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const p: Proc = {
    child,
    pid: child.pid!,
    out: "",
    err: "",
    ended: new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        live.delete(p);
        resolve(code ?? signal ?? "gone");
      }),
    ),
  };
  child.stdout!.on("data", (d: Buffer) => (p.out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (p.err += d.toString()));
  live.add(p);
  return p;
}

/** The process's end within `ms`, or an error saying what it printed. */
export async function ended(p: Proc, ms = 60_000): Promise<number | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`pid ${p.pid} still running after ${ms} ms: ${p.out}${p.err}`)),
      ms,
    );
  });
  try {
    return await Promise.race([p.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the process id still names a running process. */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs whatever a test left running (its failure path) and waits for the ends. */
export async function killLeftovers(): Promise<void> {
  const left = [...live];
  for (const p of left) p.child.kill("SIGKILL");
  await Promise.all(left.map((p) => p.ended));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits until `ok()` holds, checking every 50 ms, for at most `ms`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await ok()) return;
  throw new Error(`not in time: ${what}`);
}
