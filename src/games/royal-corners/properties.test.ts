import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { applyMove, legalMoves } from "../../engine/game.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type CornersState, royalCorners } from "./game.js";
import { END } from "./moves.js";

gameProperties({
  game: royalCorners,
  players: [2, 3, 4],
  options: [{}, { limit: 15 }],
  runs: 6,
  pack: () => makePack(),
  hidden: (st, viewer) => {
    const s = st as CornersState;
    const hidden = s.stock.slice(0, -1);
    if (!s.handOver) {
      s.hands.forEach((h, p) => p !== viewer && hidden.push(...h.filter((x) => s.seen[x] === 0)));
    }
    return hidden;
  },
});

describe("Royal Corners playouts", () => {
  it("end every hand well under the move limit", () => {
    const g = royalCorners;
    for (const players of [2, 3, 4]) {
      const r = g.start({ players, seed: players, options: { limit: 50 } });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      let longest = 0;
      for (let hands = 0; hands < 300;) {
        if (s.handOver) {
          expect(s.result?.reason).not.toMatch(/draw/);
          longest = Math.max(longest, s.history.length);
          hands++;
          if (s.matchOver) {
            s.matchOver = false;
            s.scores.fill(0);
          }
          g.nextHand(s);
          continue;
        }
        const seat = g.toAct(s)[0];
        const l = legalMoves(g, s, seat);
        // Random play that rarely ends a turn: long turns full of pile moves.
        const moves = l.length > 1 && s.rng.int(8) > 0 ? l.filter((m) => m !== END) : l;
        applyMove(g, s, seat, moves[s.rng.int(moves.length)]);
      }
      expect(longest).toBeLessThan(g.moveLimit / 2);
    }
  });
});
