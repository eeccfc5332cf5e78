/** Every board, at every point of random playouts, counts in words: no "1 cards", no "Ace(s)". */
import { describe, expect, it } from "vitest";
import { Rng } from "../src/engine/rng.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";

describe("boards count in words", () => {
  for (const { game } of ENTRIES) {
    it(`${game.id}: no "1 cards" and no "(s)"`, () => {
      const rng = Rng.fromSeed(`board-words:${game.id}`);
      for (let match = 0; match < 3; match++) {
        const t = Table.start(game, { players: game.maxPlayers, seed: `w${match}` });
        if (!t.ok) throw new Error(t.error.message);
        const table = t.value;
        for (let step = 0; step < 1500 && !table.state.matchOver; step++) {
          if (table.state.handOver) {
            table.next();
            continue;
          }
          for (let p = 0; p < table.state.players; p++) {
            const text = game.board(table.view(p)).join("\n");
            expect(text).not.toMatch(/\b1 cards\b|\(s\)/);
          }
          const seat = table.status().toAct[0];
          const legal = table.legal(seat);
          table.play(seat, legal[rng.int(legal.length)]);
        }
      }
    });
  }
});
