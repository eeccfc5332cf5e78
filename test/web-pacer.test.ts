/**
 * The web client's pacing (web/src/pacer.ts): what comes quicker than a
 * person can follow is shown one step at a time, a pace apart, in order;
 * a resync, or no pace, shows everything at once; your own move is shown
 * as it comes when nothing waits before it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JsonObject } from "../src/engine/game.js";
import type { Update } from "../src/server/messages.js";
import { Pacer, type Step, stepsOf } from "../web/src/pacer.js";

const update = (seq: number, events: JsonObject[]): Update =>
  ({
    type: "update",
    table: "t",
    seq,
    events,
    full: false,
    view: {},
    legal: [],
    status: {},
    info: {},
  }) as unknown as Update;
const move = (seat: number): JsonObject => ({ type: "move", seat, move: { type: "draw" } });
const lines = (e: JsonObject): string[] => [`${String(e.type)}${e.seat ?? ""}`];

describe("pacing the table's updates", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("splits an update into one step per move, the last carrying the table", () => {
    const u = update(9, [move(0), { type: "score", seat: 0 }, move(1), { type: "deal" }]);
    const steps = stepsOf(u, lines);
    expect(steps.map((s) => s.lines)).toEqual([["move0", "score0"], ["move1"], ["deal"]]);
    expect(steps.map((s) => s.update)).toEqual([null, null, u]);
    expect(steps.map((s) => s.events)).toEqual([
      u.events.slice(0, 2),
      u.events.slice(2, 3),
      u.events.slice(3),
    ]);
    expect(stepsOf(update(3, []), lines)).toEqual([{ events: [], lines: [], update: update(3, []) }]);
  });

  it("gives each step before the last the table as it stood after its move, with no move offered", () => {
    const events = [move(0), { type: "score", seat: 0 }, move(1), move(2)].map((e, i) => ({
      ...e,
      seq: 5 + i,
    }));
    const frame = (seq: number) => ({ seq, view: { top: seq }, status: { toAct: [1] } });
    // The server kept the frame after seat 1's move (7) but not the one after seat 0's (6).
    const u = { ...update(8, events), legal: [{ type: "draw" }], frames: [frame(7)] } as Update;
    const steps = stepsOf(u, lines);
    expect(steps.map((s) => s.lines)).toEqual([["move0", "score0"], ["move1"], ["move2"]]);
    expect(steps[0].update).toBeNull();
    expect(steps[1].update).toEqual({ ...u, seq: 7, view: { top: 7 }, status: { toAct: [1] }, legal: [] });
    expect(steps[2].update).toBe(u);
  });

  it("shows the first step at once and each next one a pace after the one before", () => {
    const shown: [number, number][] = [];
    const p = new Pacer(
      (s: Step) => shown.push([s.update!.seq, performance.now()]),
      () => 400,
    );
    const t0 = performance.now();
    p.push(stepsOf(update(1, [move(0)]), lines), false);
    p.push(stepsOf(update(2, [move(1)]), lines), false);
    p.push(stepsOf(update(3, [move(1)]), lines), false);
    expect(shown).toEqual([[1, t0]]);
    expect(p.waiting).toBe(2);
    vi.advanceTimersByTime(399);
    expect(shown.length).toBe(1);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(400);
    expect(shown).toEqual([
      [1, t0],
      [2, t0 + 400],
      [3, t0 + 800],
    ]);
    expect(p.waiting).toBe(0);
    // Long after, a new update is shown at once.
    vi.advanceTimersByTime(5000);
    p.push(stepsOf(update(4, [move(0)]), lines), false);
    expect(shown.at(-1)).toEqual([4, t0 + 5800]);
  });

  it("shows your own move at once, not a pace after the computer's before it, and the next a pace after yours", () => {
    const shown: [number, number][] = [];
    const p = new Pacer(
      (s: Step) => shown.push([s.update?.seq ?? (s.events[0].seq as number), performance.now()]),
      () => 400,
      (s) => s.events[0]?.type === "move" && s.events[0].seat === 0,
    );
    const t0 = performance.now();
    p.push(stepsOf(update(1, [move(1)]), lines), false);
    vi.advanceTimersByTime(100);
    // Your move (seat 0) and a computer's answer in one update: yours at once, the answer a pace later.
    const mine = { ...move(0), seq: 2 };
    const answer = { ...move(1), seq: 3 };
    p.push(
      stepsOf({ ...update(3, [mine, answer]), frames: [{ seq: 2, view: {}, status: {} }] }, lines),
      false,
    );
    expect(shown).toEqual([
      [1, t0],
      [2, t0 + 100],
    ]);
    vi.advanceTimersByTime(399);
    expect(shown.length).toBe(2);
    vi.advanceTimersByTime(1);
    expect(shown.at(-1)).toEqual([3, t0 + 500]);
    // Behind steps that wait, your move waits its turn: the table is shown in order.
    p.push(stepsOf(update(4, [move(1)]), lines), false);
    p.push(stepsOf(update(5, [move(1)]), lines), false);
    p.push(stepsOf(update(6, [move(0)]), lines), false);
    expect(shown.map(([seq]) => seq)).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(1200);
    expect(shown.map(([seq, at]) => [seq, at - t0])).toEqual([
      [1, 0],
      [2, 100],
      [3, 500],
      [4, 900],
      [5, 1300],
      [6, 1700],
    ]);
    p.close();
  });

  it("shows your own move without a table of its own at once with the steps up to the first the server kept", () => {
    const shown: [number, string[]][] = [];
    const p = new Pacer(
      (s: Step) => shown.push([performance.now(), [...s.lines]]),
      () => 400,
      (s) => s.events[0]?.type === "move" && s.events[0].seat === 0,
    );
    const t0 = performance.now();
    // Your move and three answers; the server kept the table after the second answer only.
    const events = [move(0), move(1), move(2), move(3)].map((e, i) => ({ ...e, seq: 10 + i }));
    p.push(stepsOf({ ...update(13, events), frames: [{ seq: 12, view: {}, status: {} }] }, lines), false);
    expect(shown).toEqual([
      [t0, ["move0"]],
      [t0, ["move1"]],
      [t0, ["move2"]],
    ]);
    vi.advanceTimersByTime(400);
    expect(shown.at(-1)).toEqual([t0 + 400, ["move3"]]);
    p.close();
  });

  it("shows what waits, then a step at once, in order; drops what waits on clear; with no pace, shows at once", () => {
    const shown: number[] = [];
    let pace = 400;
    const p = new Pacer(
      (s: Step) => shown.push(s.update?.seq ?? 0),
      () => pace,
    );
    p.push(stepsOf(update(1, [move(0)]), lines), false);
    p.push(stepsOf(update(2, [move(1)]), lines), false);
    p.push([{ events: [], lines: [], update: update(7, []) }], true);
    expect(shown).toEqual([1, 2, 7]);
    // A resync brings everything again: what waits is dropped, not shown.
    p.push(stepsOf(update(8, [move(0)]), lines), false);
    p.push(stepsOf(update(9, [move(1)]), lines), false);
    p.clear();
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([1, 2, 7]);
    pace = 0;
    p.push(stepsOf(update(10, [move(0)]), lines), false);
    p.push(stepsOf(update(11, [move(1)]), lines), false);
    expect(shown).toEqual([1, 2, 7, 10, 11]);
    p.close();
  });
});
