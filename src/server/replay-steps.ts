/**
 * A finished match step by step as one viewer saw it (a spectator, or a
 * seat that proved it sat there), for the web client's replay viewer: one
 * step per log entry (a move, or the next deal), each with the viewer's
 * events of that step, the viewer's view after it and the match's status.
 * Every part is what the engine builds for that viewer; nothing is read
 * from the state directly.
 *
 * A long match has thousands of steps, so they are read a page at a time:
 * the match is replayed once to keep a position every CHECKPOINT_EVERY
 * entries, and a page is replayed from the checkpoint before it.
 */
import { type AnyGame, type JsonObject, SPECTATOR, type Viewer } from "../engine/game.js";
import type { Position } from "../engine/position.js";
import { type MatchLog, type Status, Table } from "../engine/table.js";

export interface ReplayStep {
  /** The latest event number once the step is made. */
  readonly seq: number;
  /** The viewer's events of this step (step 0: the opening deal). */
  readonly events: JsonObject[];
  readonly view: JsonObject;
  readonly status: Status & Record<string, unknown>;
}

/** Steps a page holds at most. */
export const STEPS_PAGE = 200;
const CHECKPOINT_EVERY = 256;

type Made<T> = { ok: true; value: T } | { ok: false; error: string };

const apply = (t: Table, log: MatchLog, i: number): Made<null> => {
  const e = log.entries[i];
  const r = t.apply(e);
  return r.ok ? { ok: true, value: null } : { ok: false, error: `log entry ${i + 1}: ${r.error.message}` };
};

/** A finished match's steps: step k is the table after k log entries (0 to `total - 1`). */
export class MatchSteps {
  private constructor(
    private readonly game: AnyGame,
    private readonly log: MatchLog,
    /** The position after k × CHECKPOINT_EVERY entries, for k ≥ 1. */
    private readonly checkpoints: readonly Position[],
  ) {}

  /** How many steps: one more than the log's entries. */
  get total(): number {
    return this.log.entries.length + 1;
  }

  static of(game: AnyGame, log: MatchLog): Made<MatchSteps> {
    const t = Table.replay(game, { ...log, entries: [] });
    if (!t.ok) return { ok: false, error: t.error.message };
    const checkpoints: Position[] = [];
    for (let i = 0; i < log.entries.length; i++) {
      const r = apply(t.value, log, i);
      if (!r.ok) return r;
      if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(t.value.position());
    }
    return { ok: true, value: new MatchSteps(game, log, checkpoints) };
  }

  /** Steps `from` to `from + count - 1` (as many as there are), as `viewer` saw them. */
  page(from: number, count = STEPS_PAGE, viewer: Viewer = SPECTATOR): Made<ReplayStep[]> {
    const end = Math.min(this.total, from + Math.min(count, STEPS_PAGE));
    if (from >= end) return { ok: true, value: [] };
    // Step `from` is made by entry `from - 1`: start from the last checkpoint at or before that entry.
    const before = Math.max(from - 1, 0);
    const k = Math.min(Math.floor(before / CHECKPOINT_EVERY), this.checkpoints.length);
    const t =
      k === 0
        ? Table.replay(this.game, { ...this.log, entries: [] })
        : Table.fromPosition(this.game, this.checkpoints[k - 1]);
    if (!t.ok) return { ok: false, error: t.error.message };
    const table = t.value;
    let done = k * CHECKPOINT_EVERY;
    const step = (since: number): ReplayStep => ({
      seq: table.seq,
      events: table.eventsFor(viewer, since),
      view: table.view(viewer),
      status: { ...table.status() },
    });
    const out: ReplayStep[] = [];
    for (; done < before; done++) {
      const r = apply(table, this.log, done);
      if (!r.ok) return r;
    }
    for (let s = from; s < end; s++) {
      if (s === 0) {
        out.push(step(0));
        continue;
      }
      const since = table.seq;
      const r = apply(table, this.log, done++);
      if (!r.ok) return r;
      out.push(step(since));
    }
    return { ok: true, value: out };
  }
}
