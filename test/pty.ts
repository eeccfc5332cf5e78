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

/**
 * What a terminal shows of the bytes written to it, as lines: text
 * overwrites where the cursor is, and the cursor moves and erasures that
 * readline and `cardroom join` use (CSI A, B, C, D, G, J, K) are applied,
 * so that a line wiped and drawn again below a notice is shown once, where
 * it ends up. Colours (CSI m) take no room. Lines far above the cursor are
 * kept as text, for speed.
 */
export class Screen {
  private done = "";
  private lines: string[] = [""];
  private row = 0;
  private col = 0;
  private partial = "";

  write(chunk: string): void {
    const text = this.partial + chunk;
    this.partial = "";
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "\x1b") {
        // After the escape character: "[", the numbers, the command letter.
        const m = /^\[([0-9;?]*)([A-Za-z])/.exec(text.slice(i + 1, i + 16));
        if (!m) {
          // A sequence cut between two chunks: kept for the next.
          if (text.length - i < 16) {
            this.partial = text.slice(i);
            break;
          }
          continue;
        }
        this.escape(m[2], m[1] === "" ? NaN : Number(m[1]));
        i += m[0].length;
      } else if (c === "\r") this.col = 0;
      else if (c === "\n") {
        this.row++;
        this.col = 0;
        if (this.row === this.lines.length) this.lines.push("");
      } else {
        const line = this.lines[this.row].padEnd(this.col);
        this.lines[this.row] = line.slice(0, this.col) + c + line.slice(this.col + 1);
        this.col++;
      }
    }
    // Nothing moves the cursor up that far: the lines above it are history.
    if (this.row > 200) {
      this.done += this.lines.splice(0, this.row - 100).join("\n") + "\n";
      this.row = 100;
    }
  }

  private escape(kind: string, n: number): void {
    const k = Number.isNaN(n) ? 1 : n;
    if (kind === "A") this.row = Math.max(0, this.row - k);
    else if (kind === "B") {
      this.row += k;
      while (this.lines.length <= this.row) this.lines.push("");
    } else if (kind === "C") this.col += k;
    else if (kind === "D") this.col = Math.max(0, this.col - k);
    else if (kind === "G") this.col = Math.max(0, k - 1);
    else if (kind === "J" && (Number.isNaN(n) || n === 0)) {
      this.lines[this.row] = this.lines[this.row].slice(0, this.col);
      this.lines.length = this.row + 1;
    } else if (kind === "K" && (Number.isNaN(n) || n === 0))
      this.lines[this.row] = this.lines[this.row].slice(0, this.col);
  }

  /** Everything shown, a line each ("\n" between). */
  text(): string {
    return this.done + this.lines.join("\n");
  }
}

export interface PtyRun {
  /** The exit code, or null when the run hung and was killed. */
  readonly code: number | null;
  readonly hung: boolean;
  /** Everything the terminal showed, as a terminal shows it (see Screen). */
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
  const screen = new Screen();
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
      screen.write(chunk.toString("utf8"));
      out = screen.text();
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
