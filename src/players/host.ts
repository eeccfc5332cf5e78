/**
 * The host of an outside player (docs/PLAYER-PROTOCOL.md): it starts the
 * program in a process group of its own, speaks the player protocol on its
 * stdin and stdout, owns the clock and judges every answer. A late, illegal
 * or unreadable answer, a line out of turn or an exit is a fault: the
 * program is stopped (its whole group killed) and the fault, with the file
 * its stderr went to, is what `decide` resolves to. Nothing here throws on
 * the program's account, and nothing waits on it without a timer.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync, unlinkSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JsonObject, MoveJson, Seat } from "../engine/game.js";
import type { NumberedEvent } from "../engine/events.js";
import type { HandResult } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { unexpectedMoveField } from "../engine/move-fields.js";
import { groupGone, groupStarted, killGroup } from "./groups.js";
import {
  type Fault,
  type FaultKind,
  PLAYER_PROTOCOL,
  type TimeLeft,
  type ToPlayer,
  type MoveAnswer,
  helloAnswer,
  moveAnswer,
} from "./protocol.js";

/** The times a program gets unless told otherwise. */
export const DEFAULT_TIMES = {
  /** Per answer. */
  moveMs: 10_000,
  /** For the whole match, every answer's time added up. */
  matchMs: 600_000,
  /** From its start to its hello (not counted in the match's time). */
  startMs: 10_000,
  /** After the match's end, for the program to leave by itself before it is killed. */
  graceMs: 1_000,
} as const;

/**
 * The longest line read, in bytes, its `\n` not counted: a longer one is garbage, not an answer (a
 * program stuck printing).
 */
export const MAX_LINE = 1 << 20;

/** Whether a line (or the start of one) is over MAX_LINE bytes, measured only when it may be. */
const overLong = (text: string): boolean =>
  text.length > MAX_LINE || (text.length > MAX_LINE / 3 && Buffer.byteLength(text, "utf8") > MAX_LINE);

export interface OutsideOptions {
  readonly game: string;
  readonly players: number;
  readonly seat: Seat;
  /** The game's options, each with its value, as the match plays them. */
  readonly options: Record<string, unknown>;
  readonly moveMs?: number;
  readonly matchMs?: number;
  readonly startMs?: number;
  readonly graceMs?: number;
  /** Where its stderr log goes (default: the system's temporary folder, `cardroom-players/`). */
  readonly logDir?: string;
  readonly cwd?: string;
  /** Every line as it goes to the program ("to") or comes from it ("from"): for tests and transcripts. */
  readonly tap?: (direction: "to" | "from", line: string) => void;
}

/** A decision's answer: the chosen move, as listed, and its place in the list. */
export interface Decision {
  readonly index: number;
  readonly move: MoveJson;
  /** Milliseconds the program took. */
  readonly ms: number;
}

/** A seat played by a program: the interface every face uses (terminal, arena, online bots). */
export interface OutsidePlayer {
  /** The name its hello gave. */
  readonly name: string;
  /** The file its stderr goes to (removed at close when it wrote nothing). */
  readonly log: string;
  /** The process group's id (its leader's pid). */
  readonly pid: number;
  /** The fault that stopped it, once there is one. */
  readonly fault: Fault | null;
  /** Milliseconds left of its match time. */
  readonly matchMsLeft: number;
  /**
   * Asks for a move: the seat's view and legal moves (wire form, as the
   * engine protocol lists them). Resolves to the chosen move or the fault
   * that ended the program; never rejects. `time` overrides the host's clock
   * (an online table's own clock).
   */
  decide(view: JsonObject, legal: readonly MoveJson[], time?: TimeLeft): Promise<Result<Decision, Fault>>;
  /** Tells it an event, as its seat may read it (sent with the next message or in a moment). */
  event(e: NumberedEvent): void;
  handEnd(hand: number, result: HandResult, scores: readonly number[]): void;
  /** Tells it the match is over, then lets it leave (killing it after the grace time). */
  matchEnd(
    winners: readonly Seat[],
    scores: readonly number[],
    forfeit?: { seat: Seat; reason: string },
  ): Promise<void>;
  /** Stops it now (its whole process group); safe to call more than once. */
  close(): Promise<void>;
}

let logCounter = 0;

function logFile(dir: string, command: string, seat: Seat): string {
  mkdirSync(dir, { recursive: true });
  const word =
    command
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(-40) || "player";
  return join(dir, `${word}-seat${seat}-${process.pid}-${Date.now()}-${++logCounter}.log`);
}

/** The last line the program wrote on stderr, shortened: says why a program failed more often than not. */
function lastLogLine(path: string): string {
  try {
    const size = statSync(path).size;
    if (!size) return "";
    const len = Math.min(size, 2000);
    const buf = Buffer.alloc(len);
    const fd = openSync(path, "r");
    try {
      readSync(fd, buf, 0, len, size - len);
    } finally {
      closeSync(fd);
    }
    const lines = buf.toString("utf8").trim().split("\n");
    return lines[lines.length - 1].trim().slice(0, 200);
  } catch {
    return "";
  }
}

/** JSON text with U+2028 and U+2029 escaped, so that every reader sees one line. */
function oneLine(json: string): string {
  return /[\u2028\u2029]/.test(json)
    ? json.replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
    : json;
}

const short = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);

type Phase = "hello" | "idle" | "turn" | "over";

class Host implements OutsidePlayer {
  name = "";
  fault: Fault | null = null;
  matchMsLeft: number;
  private readonly child: ChildProcess;
  private phase: Phase = "hello";
  private buffered = "";
  private readonly decoder = new StringDecoder("utf8");
  /** Read buffer for what the program wrote and Cardroom had not read when it wrote a turn. */
  private drainBuffer: Buffer | null = null;
  private outbox: string[] = [];
  private flushing = false;
  private turnId = 0;
  private turnStart = 0;
  private turnLimit = 0;
  private turnLegal: readonly MoveJson[] = [];
  private turnLegalText: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private waiting: ((r: Result<Decision, Fault>) => void) | null = null;
  private helloDone: ((r: Result<void, Fault>) => void) | null = null;
  private exited: Promise<void>;
  private readonly moveMs: number;
  private readonly graceMs: number;

  constructor(
    private readonly entry: GameEntry,
    readonly command: string,
    private readonly o: OutsideOptions,
    readonly log: string,
  ) {
    this.moveMs = o.moveMs ?? DEFAULT_TIMES.moveMs;
    this.matchMsLeft = o.matchMs ?? DEFAULT_TIMES.matchMs;
    this.graceMs = o.graceMs ?? DEFAULT_TIMES.graceMs;
    const fd = openSync(log, "a");
    try {
      // A simple command replaces the shell (exec), so that the program itself is the child the host waits for.
      const line = /[;&|()\n]/.test(command) ? command : `exec ${command}`;
      this.child = spawn(line, {
        shell: true,
        detached: true,
        cwd: o.cwd,
        stdio: ["pipe", "pipe", fd],
      });
    } finally {
      closeSync(fd);
    }
    this.exited = new Promise((resolve) => {
      let ended = false;
      const end = (code: number | null, signal: NodeJS.Signals | null): void => {
        if (ended) return;
        ended = true;
        this.onExit(code, signal);
        resolve();
      };
      // "close" comes once its output is all read; a process it started elsewhere may hold the pipe
      // open, so the exit is final a moment after it in any case.
      this.child.once("close", end);
      this.child.once("exit", (code, signal) => {
        setTimeout(() => {
          this.child.stdout!.destroy();
          end(code, signal);
        }, 500).unref();
      });
      // A spawn failure (no shell, no such folder) comes as an error.
      this.child.once("error", (e) => {
        this.fail("start", `could not be started: ${e.message}`);
        end(null, null);
      });
    });
    if (this.child.pid !== undefined) groupStarted(this.child.pid);
    this.child.stdin!.on("error", () => {
      // A closed pipe: the exit says why.
    });
    this.child.stdout!.on("data", (chunk: Buffer) => this.onData(this.decoder.write(chunk)));
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** Sends the hello and waits for the program's. */
  start(): Promise<Result<void, Fault>> {
    const o = this.o;
    const startMs = o.startMs ?? DEFAULT_TIMES.startMs;
    return new Promise((resolve) => {
      this.helloDone = resolve;
      if (this.fault) return this.settleHello();
      this.send({
        type: "hello",
        protocol: PLAYER_PROTOCOL,
        game: o.game,
        players: o.players,
        seat: o.seat,
        options: o.options as JsonObject,
        time: { moveMs: this.moveMs, matchMs: this.matchMsLeft },
      });
      this.flush();
      this.arm(startMs, () => this.fail("start", `sent no hello within ${startMs} ms of its start`));
    });
  }

  private settleHello(): void {
    const done = this.helloDone;
    this.helloDone = null;
    done?.(this.fault ? err(this.fault) : ok(undefined));
  }

  decide(view: JsonObject, legal: readonly MoveJson[], time?: TimeLeft): Promise<Result<Decision, Fault>> {
    if (this.fault) return Promise.resolve(err(this.fault));
    if (this.phase !== "idle") throw new Error(`decide while ${this.phase}`); // a bug of the caller
    const matchMs = time?.matchMs ?? Math.max(0, Math.floor(this.matchMsLeft));
    const moveMs = time?.moveMs ?? Math.min(this.moveMs, matchMs);
    // What the program wrote before this turn is out of turn, read or not yet (still in the pipe).
    this.drain();
    if (this.fault) return Promise.resolve(err(this.fault));
    if (this.buffered.trim()) {
      this.fail(
        "out_of_turn",
        `began a line before turn ${this.turnId + 1} was sent: ${short(this.buffered)}`,
      );
      return Promise.resolve(err(this.fault!));
    }
    this.turnId++;
    this.turnLegal = legal;
    // Each legal move's text once: the turn is written from them, and an answer is first matched against them.
    this.turnLegalText = legal.map((m) => JSON.stringify(m));
    this.phase = "turn";
    const text =
      `{"type":"turn","id":${this.turnId},"view":${JSON.stringify(view)},"legal":[${this.turnLegalText.join(",")}],` +
      `"time":{"moveMs":${moveMs},"matchMs":${matchMs}}}`;
    this.sendText(text, true);
    this.turnStart = performance.now();
    this.turnLimit = moveMs;
    return new Promise((resolve) => {
      this.waiting = resolve;
      const ranOut = time === undefined && moveMs < this.moveMs;
      this.arm(moveMs, () =>
        ranOut
          ? this.fail(
              "match_time",
              `ran out of its match time (${this.o.matchMs ?? DEFAULT_TIMES.matchMs} ms)`,
            )
          : this.fail("late", `did not answer turn ${this.turnId} within ${moveMs} ms`),
      );
    });
  }

  event(e: NumberedEvent): void {
    if (this.phase === "over" || this.fault) return;
    this.send({ type: "event", event: e });
  }

  handEnd(hand: number, result: HandResult, scores: readonly number[]): void {
    if (this.phase === "over" || this.fault) return;
    this.send({ type: "handEnd", hand, result: result as never, scores: [...scores] });
  }

  async matchEnd(
    winners: readonly Seat[],
    scores: readonly number[],
    forfeit?: { seat: Seat; reason: string },
  ): Promise<void> {
    if (!this.fault && this.phase !== "over") {
      this.send({
        type: "matchEnd",
        winners: [...winners],
        scores: [...scores],
        ...(forfeit ? { forfeit } : {}),
      });
      this.flush();
      this.phase = "over";
      this.child.stdin!.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.exited, new Promise((r) => (timer = setTimeout(r, this.graceMs)))]);
      clearTimeout(timer);
    }
    await this.close();
  }

  async close(): Promise<void> {
    this.phase = "over";
    this.disarm();
    this.stop();
    await this.exited;
    this.removeEmptyLog();
  }

  /** Kills the whole group: the program and anything it started. */
  private stop(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    killGroup(pid);
    this.child.stdin!.destroy();
  }

  private removeEmptyLog(): void {
    if (this.fault) return; // a fault's result names the log: it stays, empty or not
    try {
      if (statSync(this.log).size === 0) unlinkSync(this.log);
    } catch {
      // Gone already.
    }
  }

  /** A message into the outbox; written with the next flush (in a moment, or with a turn). */
  private send(message: ToPlayer): void {
    this.sendText(JSON.stringify(message));
  }

  /** Into the outbox, written at once (`now`) or in a moment, with whatever else comes meanwhile. */
  private sendText(json: string, now = false): void {
    const text = oneLine(json);
    this.o.tap?.("to", text);
    this.outbox.push(text + "\n");
    if (now) this.flush();
    else if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushing = false;
    if (!this.outbox.length) return;
    const text = this.outbox.length === 1 ? this.outbox[0] : this.outbox.join("");
    this.outbox = [];
    if (this.phase !== "over" && !this.fault) this.child.stdin!.write(text);
  }

  /** A timer whose verdict waits one turn of the event loop, so that an answer already in the pipe is read first. */
  private arm(ms: number, onLate: () => void): void {
    this.disarm();
    this.timer = setTimeout(() => setImmediate(() => this.timer !== null && onLate()), ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stopped: by a fault, or the match's end. */
  private get stopped(): boolean {
    return this.fault !== null || this.phase === "over";
  }

  private onData(chunk: string): void {
    if (this.stopped) return;
    this.buffered += chunk;
    let nl: number;
    while ((nl = this.buffered.indexOf("\n")) >= 0) {
      const text = this.buffered.slice(0, nl);
      this.buffered = this.buffered.slice(nl + 1);
      if (overLong(text)) return this.tooLong();
      this.onLine(text);
      if (this.stopped) return;
    }
    if (overLong(this.buffered)) this.tooLong();
  }

  private tooLong(): void {
    this.fail("not_json", `wrote a line longer than ${MAX_LINE} bytes`);
  }

  /**
   * Reads at once what the program wrote and the event loop has not read yet, as though it came now:
   * called as a turn is written, so that a line written before it is out of turn, not its answer.
   */
  private drain(): void {
    const fd = (this.child.stdout as unknown as { _handle?: { fd?: number } })._handle?.fd;
    if (typeof fd !== "number" || fd < 0) return;
    this.drainBuffer ??= Buffer.allocUnsafe(64 * 1024);
    for (let reads = 0; reads < 64 && !this.stopped; reads++) {
      let n: number;
      try {
        n = readSync(fd, this.drainBuffer, 0, this.drainBuffer.length, null);
      } catch {
        return; // EAGAIN: nothing waiting (the pipe is non-blocking)
      }
      if (n <= 0) return; // its end: the exit says why
      this.onData(this.decoder.write(this.drainBuffer.subarray(0, n)));
    }
  }

  private onLine(raw: string): void {
    const text = raw.trim();
    if (!text) return; // an empty line says nothing
    this.o.tap?.("from", text);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return this.fail("not_json", `wrote a line that is not JSON: ${short(text)}`);
    }
    if (this.phase === "hello") return this.onHello(value, text);
    if (this.phase !== "turn")
      return this.fail("out_of_turn", `wrote when nothing was asked: ${short(text)}`);
    this.onAnswer(value, text);
  }

  private onHello(value: unknown, text: string): void {
    const hello = helloAnswer.safeParse(value);
    if (!hello.success) {
      return this.fail(
        "start",
        `its first line is not a hello ({"type":"hello","protocol":1,...}): ${short(text)}`,
      );
    }
    if (hello.data.protocol !== PLAYER_PROTOCOL) {
      return this.fail("start", `speaks protocol ${hello.data.protocol}, not ${PLAYER_PROTOCOL}`);
    }
    if (!hello.data.games.includes(this.o.game) && !hello.data.games.includes("*")) {
      return this.fail(
        "declined",
        `does not play ${this.o.game} (its games: ${hello.data.games.join(", ") || "none"})`,
      );
    }
    this.name = hello.data.name;
    this.disarm();
    this.phase = "idle";
    this.settleHello();
  }

  private onAnswer(value: unknown, text: string): void {
    const v = value as { type?: unknown; id?: unknown; move?: unknown } | null;
    // The usual answer, checked by hand (the schema says why when it is not one).
    const plain =
      typeof v === "object" &&
      v !== null &&
      v.type === "move" &&
      typeof v.id === "number" &&
      typeof v.move === "object" &&
      v.move !== null &&
      typeof (v.move as MoveJson).type === "string" &&
      Object.keys(v).length === 3;
    const answer = plain ? { success: true as const, data: v as MoveAnswer } : moveAnswer.safeParse(value);
    if (!answer.success) {
      return this.fail(
        "bad_answer",
        `answered turn ${this.turnId} with no move ({"type":"move","id":${this.turnId},"move":...}): ${short(text)}`,
      );
    }
    if (answer.data.id !== this.turnId) {
      return this.fail("bad_answer", `answered turn ${answer.data.id}, not turn ${this.turnId}`);
    }
    const index = this.legalIndex(answer.data.move as MoveJson);
    if (index < 0) {
      return this.fail(
        "illegal",
        `played ${short(JSON.stringify(answer.data.move))}, not a legal move of turn ${this.turnId}`,
      );
    }
    const used = performance.now() - this.turnStart;
    this.disarm();
    this.matchMsLeft = Math.max(0, this.matchMsLeft - used);
    this.phase = "idle";
    const done = this.waiting;
    this.waiting = null;
    done?.(ok({ index, move: this.turnLegal[index], ms: used }));
  }

  /** The answer's place among the legal moves: as the game reads it, so a field's order does not matter. */
  private legalIndex(move: MoveJson): number {
    const exact = this.turnLegalText.indexOf(JSON.stringify(move));
    if (exact >= 0) return exact;
    const { game } = this.entry;
    if (unexpectedMoveField(game.moveSchema, move)) return -1;
    const parsed = game.moveFromJson(move);
    if (!parsed.ok) return -1;
    for (let i = 0; i < this.turnLegal.length; i++) {
      const m = game.moveFromJson(this.turnLegal[i]);
      if (m.ok && m.value === parsed.value) return i;
    }
    return -1;
  }

  private onExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child.pid !== undefined) groupGone(this.child.pid);
    if (this.phase === "over" || this.fault) return;
    const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    const why = lastLogLine(this.log);
    this.fail(
      this.phase === "hello" ? "start" : "exit",
      `${how} before the match ended${why ? ` (${why})` : ""}`,
    );
  }

  private fail(kind: FaultKind, reason: string): void {
    if (this.fault || this.phase === "over") return;
    this.fault = { kind, reason, log: this.log };
    this.disarm();
    this.stop();
    const phase = this.phase;
    this.phase = "over";
    if (phase === "hello") this.settleHello();
    const done = this.waiting;
    this.waiting = null;
    done?.(err(this.fault));
  }
}

/**
 * Starts `command` (a shell command line: `python3 mybot.py`) for a seat and
 * waits for its hello. Resolves to the player, or to the fault that kept it
 * from starting (the program is stopped then); never rejects.
 */
export async function openOutsidePlayer(
  command: string,
  o: OutsideOptions,
): Promise<Result<OutsidePlayer, Fault>> {
  const entry = findEntry(o.game);
  if (!entry.ok) throw new Error(entry.error); // the caller's bug: a table's game is known
  const log = logFile(o.logDir ?? join(tmpdir(), "cardroom-players"), command, o.seat);
  const host = new Host(entry.value, command, o, log);
  const started = await host.start();
  if (!started.ok) {
    await host.close();
    return err(host.fault!);
  }
  return ok(host);
}

/**
 * Whether a process (or process group, for a negative id) is still running:
 * a killed process waiting to be reaped (a zombie, on Linux) is not.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
  if (pid < 0) return true;
  try {
    // The state is the field after the name's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true; // no /proc: what kill said
  }
}
