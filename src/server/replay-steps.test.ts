import { describe, expect, it } from "vitest";
import { SPECTATOR } from "../engine/game.js";
import { defaultOptions } from "../engine/options.js";
import { Table } from "../engine/table.js";
import { findEntry } from "../games/index.js";
import { MatchSteps, STEPS_PAGE } from "./replay-steps.js";

/** A match of `entries` log entries or fewer, each seat playing its first-but-k-th legal move. */
function playedLog(id: string, entries: number) {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  const { game } = e.value;
  const t = Table.start(game, { players: 2, seed: "steps", options: defaultOptions(game.options) });
  if (!t.ok) throw new Error(t.error.message);
  const table = t.value;
  for (let i = 0; i < entries && !table.state.matchOver; i++) {
    if (table.state.handOver) table.next();
    else {
      const seat = table.status().toAct[0];
      const legal = table.legal(seat);
      table.play(seat, legal[(i * 7) % legal.length]);
    }
  }
  return { game, log: table.log() };
}

describe("a match's replay steps", () => {
  it("give, page by page and across checkpoints, the same steps as replaying every entry", () => {
    const { game, log } = playedLog("roller-coaster", 700);
    expect(log.entries.length).toBeGreaterThan(600);
    // Every step the slow way: the spectator's events since the step before, the view, the status.
    const t = Table.replay(game, { ...log, entries: [] });
    if (!t.ok) throw new Error(t.error.message);
    const all = [
      { seq: t.value.seq, events: t.value.eventsFor(SPECTATOR, 0), view: t.value.view(SPECTATOR) },
    ];
    for (const e of log.entries) {
      const since = t.value.seq;
      t.value.apply(e);
      all.push({
        seq: t.value.seq,
        events: t.value.eventsFor(SPECTATOR, since),
        view: t.value.view(SPECTATOR),
      });
    }
    const made = MatchSteps.of(game, log);
    if (!made.ok) throw new Error(made.error);
    const steps = made.value;
    expect(steps.total).toBe(all.length);
    const strip = (s: { seq: number; events: unknown; view: unknown }) => ({
      seq: s.seq,
      events: s.events,
      view: s.view,
    });
    const paged = [];
    for (let from = 0; from < steps.total; from += STEPS_PAGE) {
      const page = steps.page(from);
      if (!page.ok) throw new Error(page.error);
      expect(page.value.length).toBe(Math.min(STEPS_PAGE, steps.total - from));
      paged.push(...page.value.map(strip));
    }
    expect(paged).toEqual(all);
    // Windows starting on and around the checkpoints (every 256 entries).
    for (const from of [1, 255, 256, 257, 511, 512, 513, steps.total - 1]) {
      const page = steps.page(from, 3);
      if (!page.ok) throw new Error(page.error);
      expect(page.value.map(strip)).toEqual(all.slice(from, from + 3));
    }
    expect(steps.page(steps.total)).toEqual({ ok: true, value: [] });
  });
});
