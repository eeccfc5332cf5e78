/**
 * A move the server's computer made for a person's seat (away, or out of time): the log and the
 * move's events say so (`by`), for every viewer, and a replay of the log (storage, another process,
 * a finished match's replay) says it again identically.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/index.js";
import { type JsonObject, SPECTATOR } from "./game.js";
import { Rng } from "./rng.js";
import { type MatchLog, Table } from "./table.js";

/** A match played at random, seat 0's every other move made by the computer; the moves so marked. */
function played(id: string) {
  const game = GAMES.find((g) => g.id === id)!;
  const t = Table.start(game, { players: game.minPlayers, seed: `made by ${id}` });
  if (!t.ok) throw new Error(t.error.message);
  const table = t.value;
  const rng = Rng.fromSeed(`made by ${id}`);
  const marked: { from: number; to: number }[] = [];
  let own = 0;
  for (let step = 0; step < 120 && !table.over; step++) {
    if (table.state.handOver) {
      table.next();
      continue;
    }
    const toAct = table.status().toAct;
    const seat = toAct[rng.int(toAct.length)];
    const legal = table.legal(seat);
    const byComputer = seat === 0 && own++ % 2 === 1;
    const since = table.play(seat, legal[rng.int(legal.length)], byComputer ? "computer" : undefined);
    if (!since.ok) throw new Error(since.error.message);
    if (byComputer) marked.push({ from: since.value, to: table.seq });
  }
  return { game, table, marked };
}

for (const { id } of GAMES)
  describe(`${id}: a move the computer made for a person`, () => {
    const { game, table, marked } = played(id);

    it("is marked in the log, and in its move events for every viewer, and nowhere else", () => {
      const log = table.log();
      const byEntries = log.entries.filter((e) => "by" in e);
      expect(marked.length).toBeGreaterThan(0);
      expect(byEntries).toHaveLength(marked.length);
      for (const e of byEntries) expect(e).toMatchObject({ seat: 0, by: "computer" });
      for (const viewer of [0, 1, SPECTATOR] as const) {
        const events = table.eventsFor(viewer);
        const inMarked = (seq: number) => marked.some((m) => seq > m.from && seq <= m.to);
        for (const e of events) {
          const isOwnMove = e.type === "move" && e.seat === 0 && inMarked(e.seq);
          expect(e.by, JSON.stringify(e)).toBe(isOwnMove ? "computer" : undefined);
        }
        for (const m of marked)
          expect(events.some((e) => e.seq > m.from && e.seq <= m.to && e.by === "computer")).toBe(true);
      }
    });

    it("is marked again when the log is replayed, as stored (JSON)", () => {
      const stored = JSON.parse(JSON.stringify(table.log())) as MatchLog;
      const again = Table.replay(game, stored);
      if (!again.ok) throw new Error(again.error.message);
      for (const viewer of [0, 1, SPECTATOR] as const)
        expect(again.value.eventsFor(viewer)).toEqual(table.eventsFor(viewer) as JsonObject[]);
      // A log of an older server, with no marks, replays to the same table, unmarked.
      const unmarked = {
        ...stored,
        entries: stored.entries.map((e) => ("by" in e ? { seat: e.seat, move: e.move } : e)),
      };
      const old = Table.replay(game, unmarked);
      if (!old.ok) throw new Error(old.error.message);
      expect(old.value.eventsFor(0).some((e) => "by" in e)).toBe(false);
      expect(old.value.position()).toEqual(table.position());
    });
  });
