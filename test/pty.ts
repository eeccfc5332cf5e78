/**
 * Runs `cardroom` in a real pseudo-terminal through util-linux `script`, so
 * that stdin is a terminal that stays open, as it is for a person: a process
 * that forgets to close its line reader never exits here, while with a piped,
 * closed stdin it would. Answers are typed when a prompt appears; the run is
 * bounded, and on time-out the whole process group is killed and the run
 * reported as hung (the test then fails; it never hangs).
 */
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

export const hasScript = spawnSync("script", ["--version"], { encoding: "utf8" }).status === 0;

/** The lines that wait for an answer. */
export const PROMPT =
  /^(Your move|Your count|Press Enter|Play again|Which game|How many players|Computer opponents|Leave the match|Which suit|Change an option|Save)/;

export interface PtyRun {
  /** The exit code, or null when the run hung and was killed. */
  readonly code: number | null;
  readonly hung: boolean;
  /** Everything the terminal showed, carriage returns removed. */
  readonly out: string;
}

/** A run in progress: its output so far, typing, and its end. */
export interface PtyHandle {
  readonly done: Promise<PtyRun>;
  output(): string;
  type(text: string): void;
  /** The process group's leader (`script`), to signal the whole run. */
  readonly pid: number;
}

/**
 * `answer` is called with the output so far each time a new prompt (a line
 * matching `prompt`) has appeared, and returns what to type (or null: type
 * nothing). `limitMs` bounds the whole run.
 */
export function runInPty(
  args: readonly string[],
  answer: (out: string, promptNumber: number) => string | null,
  options: { prompt?: RegExp; limitMs?: number; env?: Readonly<Record<string, string>> } = {},
): Promise<PtyRun> {
  return startInPty(args, answer, options).done;
}

/** As runInPty, handing back the run while it goes on. */
export function startInPty(
  args: readonly string[],
  answer: (out: string, promptNumber: number) => string | null,
  {
    prompt = PROMPT,
    limitMs = 30_000,
    env = {},
  }: { prompt?: RegExp; limitMs?: number; env?: Readonly<Record<string, string>> } = {},
): PtyHandle {
  const command = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  // -e: script exits with the child's code; -f: output unbuffered; -q: no banner.
  const child = spawn("script", ["-qefc", command, "/dev/null"], {
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  // Typing into a run that has just ended is not an error of the test.
  child.stdin.on("error", () => undefined);
  let out = "";
  let prompts = 0;
  const done = new Promise<PtyRun>((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      resolve({ code: null, hung: true, out });
    }, limitMs);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8").replace(/\r/g, "");
      const lines = out.split("\n").filter((l) => prompt.test(l));
      while (prompts < lines.length) {
        const typed = answer(out, prompts++);
        if (typed !== null) child.stdin.write(typed);
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : null), hung: false, out });
    });
  });
  return {
    done,
    output: () => out,
    type: (text) => void child.stdin.write(text),
    pid: child.pid!,
  };
}
