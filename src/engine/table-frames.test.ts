/**
 * A table's frames: the views between two updates, each exactly what the same table replayed to that
 * event number shows, for every game, every seat and a spectator.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/index.js";
import { SPECTATOR, type Viewer } from "./game.js";
import { Rng } from "./rng.js";
import { type Frame, Table } from "./table.js";

const KEPT = 6;

for (const game of GAMES) {
  describe(`${game.id}'s frames`, () => {
    it("are the views after each of the latest moves and deals, as the table replayed to each stood", () => {
      const started = Table.start(game, { players: game.minPlayers, seed: `frames ${game.id}` });
      if (!started.ok) throw new Error(started.error.message);
      const table = started.value;
      table.keepFrames(KEPT);
      const rng = Rng.fromSeed(`frames ${game.id}`);
      // Random moves, into the second hand where the first ends soon enough.
      for (let step = 0; step < 60 && !table.state.matchOver; step++) {
        if (table.state.handOver) {
          expect(table.next().ok).toBe(true);
          continue;
        }
        const seat = table.status().toAct[0];
        const legal = table.legal(seat);
        expect(table.play(seat, legal[rng.int(legal.length)]).ok).toBe(true);
      }
      // The same log replayed one entry at a time: the views at every event number a move or deal ended on.
      const log = table.log();
      const entries = log.entries;
      const viewers: Viewer[] = [...Array.from({ length: game.minPlayers }, (_, s) => s), SPECTATOR];
      const at = new Map<number, Frame[]>();
      for (let k = 0; k <= entries.length; k++) {
        const replayed = Table.replay(game, { ...log, entries: entries.slice(0, k) });
        if (!replayed.ok) throw new Error(replayed.error.message);
        const t = replayed.value;
        at.set(
          t.seq,
          viewers.map((v) => ({ seq: t.seq, view: t.view(v), status: t.status() })),
        );
      }
      const boundaries = [...at.keys()].sort((a, b) => a - b);
      // The last KEPT boundaries before the latest: as far back as frames go.
      const kept = boundaries.slice(0, -1).slice(-KEPT);
      for (const since of [0, kept[0] - 1, kept[2], table.seq - 1, table.seq]) {
        for (const [i, viewer] of viewers.entries()) {
          const frames = table.framesFor(viewer, since);
          expect(frames.map((f) => f.seq)).toEqual(kept.filter((b) => b > since));
          for (const f of frames) expect(f).toEqual(at.get(f.seq)![i]);
        }
      }
    });
  });
}

describe("a table without frames", () => {
  it("keeps none, and keeps the latest once asked", () => {
    const game = GAMES.find((g) => g.id === "crazy-eights")!;
    const t = Table.start(game, { players: 2, seed: 7 });
    if (!t.ok) throw new Error(t.error.message);
    const play = () => t.value.play(t.value.status().toAct[0], t.value.legal(t.value.status().toAct[0])[0]);
    play();
    expect(t.value.framesFor(0, 0)).toEqual([]);
    t.value.keepFrames(2);
    for (let i = 0; i < 4; i++) play();
    expect(t.value.framesFor(0, 0)).toHaveLength(2);
  });
});
