/**
 * Moves shown at a pace a person can follow. The server sends each move as
 * it is made, and the computers answer within milliseconds: the pacer holds
 * what comes too soon and shows it one step at a time, `pace()` apart. An
 * update that carries several moves is split into one step per move, each
 * with the table as it stood after that move (the update's `frames`): a
 * computer's card is seen on the pile before the next one goes down. A
 * step whose frame the server no longer kept (a long way behind) only adds
 * its lines to the log; the last brings the table as it now stands. A
 * whole resync is shown at once, and so is your own move when nothing
 * waits before it: it follows your click, not a computer's move (and when
 * the server kept no table for it, the steps up to the first it kept).
 */
import type { JsonObject } from "../../src/engine/game.js";
import type { Update } from "../../src/server/messages.js";

export interface Step {
  /** This step's events. */
  readonly events: readonly JsonObject[];
  /** The log's lines for this step's events. */
  readonly lines: readonly string[];
  /** The table this step shows (no moves offered before the last); null for a step that only adds to the log. */
  readonly update: Update | null;
}

/** Splits an update into one step per move (or deal), each with its frame, the last carrying the update. */
export function stepsOf(update: Update, linesOf: (e: JsonObject) => string[]): Step[] {
  const groups: JsonObject[][] = [];
  for (const e of update.events) {
    if (!groups.length || e.type === "move" || e.type === "deal") groups.push([]);
    groups[groups.length - 1].push(e);
  }
  if (!groups.length) return [{ events: [], lines: [], update }];
  const frames = new Map((update.frames ?? []).map((f) => [f.seq, f]));
  return groups.map((g, i) => {
    if (i === groups.length - 1) return { events: g, lines: g.flatMap(linesOf), update };
    const frame = frames.get(g[g.length - 1].seq as number);
    return {
      events: g,
      lines: g.flatMap(linesOf),
      update: frame ? { ...update, seq: frame.seq, view: frame.view, status: frame.status, legal: [] } : null,
    };
  });
}

export class Pacer {
  private queue: Step[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last = -Infinity;

  /** `yours`: a step of your own (your move), shown without waiting for the pace when nothing waits before it. */
  constructor(
    private readonly show: (s: Step) => void,
    private readonly pace: () => number,
    private readonly yours: (s: Step) => boolean = () => false,
  ) {}

  /**
   * Steps to show: at once (a resync, or no pace), else each `pace()` after the one before; your own
   * step at once when it comes first, the steps after it a pace after it.
   */
  push(steps: readonly Step[], atOnce: boolean): void {
    if (atOnce || this.pace() <= 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      for (const s of [...this.queue.splice(0), ...steps]) this.show(s);
      this.last = performance.now();
      return;
    }
    if (!this.queue.length && steps.length && this.yours(steps[0])) {
      // With the steps after it that the server kept no table for (their lines only), up to the first
      // that draws one: else your card would stay in your hand while those lines are paced.
      const drawn = steps.findIndex((s) => s.update !== null) + 1 || steps.length;
      clearTimeout(this.timer);
      this.timer = undefined;
      for (const s of steps.slice(0, drawn)) this.show(s);
      this.last = performance.now();
      steps = steps.slice(drawn);
    }
    this.queue.push(...steps);
    this.schedule();
  }

  /** How many steps wait to be shown. */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.timer !== undefined || !this.queue.length) return;
    const wait = this.last + this.pace() - performance.now();
    if (wait <= 0) this.next();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.next();
      }, wait);
  }

  private next(): void {
    const s = this.queue.shift();
    if (!s) return;
    this.show(s);
    this.last = performance.now();
    this.schedule();
  }

  /** Drops what waits (a resync brings it all again). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  close(): void {
    this.clear();
  }
}
