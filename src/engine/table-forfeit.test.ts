/**
 * A seat that gives the match up (`Table.forfeit`): the match ends at once with every other seat
 * winning, the scores as they stand, for every game; nothing is played after it; the log replays to
 * the same end.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/index.js";
import { SPECTATOR } from "./game.js";
import { Rng } from "./rng.js";
import { Table } from "./table.js";

for (const game of GAMES) {
  describe(`${game.id}: a forfeit`, () => {
    const players = game.maxPlayers > 2 ? 3 : 2;
    const started = () => {
      const t = Table.start(game, { players, seed: `forfeit ${game.id}` });
      if (!t.ok) throw new Error(t.error.message);
      return t.value;
    };

    it("ends the match mid-hand, every other seat winning, said to every viewer; nothing plays after", () => {
      const table = started();
      const rng = Rng.fromSeed(`forfeit ${game.id}`);
      for (let step = 0; step < 5 && !table.state.handOver; step++) {
        const seat = table.status().toAct[0];
        const legal = table.legal(seat);
        expect(table.play(seat, legal[rng.int(legal.length)]).ok).toBe(true);
      }
      const toAct = table.status().toAct[0] ?? 0;
      const scores = [...table.state.scores];
      const before = table.seq;
      expect(table.forfeit(1, "its program went silent")).toEqual({ ok: true, value: before });
      expect(table.over).toBe(true);
      expect(table.status()).toMatchObject({
        toAct: [],
        matchOver: true,
        scores,
        winners: Array.from({ length: players }, (_, s) => s).filter((s) => s !== 1),
        forfeit: { seat: 1, reason: "its program went silent" },
      });
      // The hand's seed is revealed with it (with hand 1's, the opening's: a proof re-deals the hand).
      const seeds = { hand: table.state.hand, handSeed: table.state.handSeed };
      for (const viewer of [0, 1, SPECTATOR] as const)
        expect(table.eventsFor(viewer, before)).toEqual([
          {
            seq: before + 1,
            type: "forfeit",
            seat: 1,
            reason: "its program went silent",
            ...seeds,
            openingSeed: expect.any(String),
          },
          {
            seq: before + 2,
            type: "matchOver",
            winners: Array.from({ length: players }, (_, s) => s).filter((s) => s !== 1),
            scores,
            forfeit: 1,
          },
        ]);
      expect(table.legal(toAct)).toEqual([]);
      expect(table.isToAct(toAct)).toBe(false);
      const any = game.moveToJson(legalOf(started(), rng));
      expect(table.playJson(toAct, any)).toMatchObject({ ok: false, error: { code: "match_over" } });
      expect(table.next()).toMatchObject({ ok: false, error: { code: "match_over" } });
      expect(table.forfeit(0, "again")).toMatchObject({ ok: false, error: { code: "match_over" } });
      // The log replays to the same end.
      const replayed = Table.replay(game, table.log());
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.status()).toEqual(table.status());
      expect(replayed.value.eventsFor(SPECTATOR)).toEqual(table.eventsFor(SPECTATOR));
    });

    it("names a seat of the table", () => {
      const table = started();
      expect(table.forfeit(players, "x")).toMatchObject({ ok: false, error: { code: "bad_request" } });
      expect(table.forfeit("0", "x")).toMatchObject({ ok: false, error: { code: "bad_request" } });
      expect(table.over).toBe(false);
      expect(table.log().entries).toEqual([]);
    });
  });
}

function legalOf(table: Table, rng: Rng) {
  const seat = table.status().toAct[0];
  const legal = table.legal(seat);
  return legal[rng.int(legal.length)];
}
