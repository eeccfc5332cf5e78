/**
 * A table on the lab's fast seeds (a match with a `cmd:` seat in the lab):
 * the same deals as the lab's matches on the state itself, no hand seeds
 * and no opening seed to prove anything with, and a replay of its log plays
 * it again. A seed from a wire is still printable text or refused.
 */
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/index.js";
import { applyMove, legalMoves } from "./game.js";
import { Rng } from "./rng.js";
import { fastSeeds } from "./seeds.js";
import { Table } from "./table.js";

describe("a table on the lab's fast seeds", () => {
  for (const game of GAMES)
    it(`deals ${game.id} as the lab's own matches do, and replays`, () => {
      const players = game.minPlayers;
      const t = Table.start(game, { players, seed: "lab:4" }, { fastSeeds: true });
      if (!t.ok) throw new Error(t.error.message);
      const table = t.value;
      const own = game.start({ players, seed: fastSeeds("lab:4"), options: table.log().options });
      if (!own.ok) throw new Error(own.error);
      const rng = Rng.fromSeed("moves");
      const state = own.value;
      for (let i = 0; i < 400 && !state.matchOver; i++) {
        expect(game.clone(table.state)).toEqual(game.clone(state));
        if (state.handOver) {
          table.next();
          game.nextHand(state);
          continue;
        }
        const seat = game.toAct(state)[0];
        const moves = legalMoves(game, state, seat);
        const move = moves[rng.int(moves.length)];
        expect(table.play(seat, move).ok).toBe(true);
        applyMove(game, state, seat, move);
      }
      const log = table.log();
      expect(log.seed).toBe("lab:4");
      expect(log.fastSeeds).toBe(true);
      expect(log.handSeeds).toEqual([]);
      expect(JSON.stringify(table.eventsFor(0))).not.toContain("openingSeed");
      const again = Table.replay(game, log);
      if (!again.ok) throw new Error(again.error.message);
      expect(game.clone(again.value.state)).toEqual(game.clone(table.state));
    });

  it("is never what a seed from a wire asks for", () => {
    const game = GAMES[0];
    const refused = Table.start(game, { seed: fastSeeds("lab:4") });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/printable ASCII/);
    const served = Table.start(game, { seed: "lab:4" });
    if (!served.ok) throw new Error(served.error.message);
    expect(served.value.log().fastSeeds).toBeUndefined();
    expect(served.value.log().handSeeds).toHaveLength(1);
  });
});
