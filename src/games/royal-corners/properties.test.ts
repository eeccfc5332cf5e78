import { describe, expect, it } from "vitest";
import { type Card, makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { type MatchState, type Viewer, applyMove, legalMoves } from "../../engine/game.js";
import { randomInt } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import {
  arrangementCounts,
  chiSquareCritical,
  chiSquareUniform,
  contractProperties,
} from "../../../test/contract-properties.js";
import { gameProperties } from "../../../test/game-properties.js";
import { indexCards } from "./deal.js";
import { type CornersState, royalCorners } from "./game.js";
import { END } from "./moves.js";

/** The stock below its top card, and the other hands' cards not seen taken from the stock. */
const hidden = (st: MatchState, viewer: Viewer): Card[] => {
  const s = st as CornersState;
  const out = s.stock.slice(0, -1);
  if (!s.handOver) s.hands.forEach((h, p) => p !== viewer && out.push(...h.filter((x) => s.seen[x] === 0)));
  return out;
};

gameProperties({
  game: royalCorners,
  players: [2, 3, 4],
  // The last set plays the house rules (docs/rules/royal-corners.md).
  options: [{}, { limit: 15 }, { limit: 60, penalty: "ranks", firstPlayer: "left" }],
  runs: 6,
  pack: () => makePack(),
  hidden,
});

contractProperties({ game: royalCorners, players: [2, 3, 4], options: [{}, { limit: 15 }], hidden, runs: 4 });
contractProperties({
  game: royalCorners,
  players: [3],
  options: [{ penalty: "ranks", firstPlayer: "left" }],
  hidden,
  runs: 3,
});

describe("Royal Corners playouts", () => {
  it("end every hand well under the move limit", () => {
    const g = royalCorners;
    for (const players of [2, 3, 4]) {
      const r = g.start({
        players,
        seed: players,
        options: { limit: 50, penalty: "kings", firstPlayer: "dealer" },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      let longest = 0;
      for (let hands = 0; hands < 300;) {
        if (s.handOver) {
          expect(s.result?.reason).not.toMatch(/draw/);
          longest = Math.max(longest, s.moves);
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
        const moves = l.length > 1 && randomInt(s.rng, 8) > 0 ? l.filter((m) => m !== END) : l;
        applyMove(g, s, seat, moves[randomInt(s.rng, moves.length)]);
      }
      expect(longest).toBeLessThan(g.moveLimit / 2);
    }
  });
});

const cards = (t: string): Card[] => (t.trim() ? (parseCards(t) as { value: Card[] }).value : []);

/**
 * A small position: seat 0 and seat 1's hands, `seen` the cards of seat 1's
 * hand it took from the stock, the stock (top first), the corners empty, and
 * the rest of the pack in seat 0's hand (the viewer's: known to it).
 */
function small(hands: [string, string], seen: string, stock: string): CornersState {
  const t = Table.start(royalCorners, { players: 2, seed: 5 });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = structuredClone(pos.state) as unknown as CornersState;
  s.hands = hands.map(cards);
  s.stock = cards(stock).reverse();
  const named = new Set([...s.hands.flat(), ...s.stock]);
  s.hands[0].push(...makePack().filter((x) => !named.has(x)));
  s.corners = [[], [], [], []];
  for (const c of cards(seen)) s.seen[c] = 1;
  indexCards(s);
  const r = Table.fromPosition(royalCorners, { ...pos, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state as CornersState;
}

describe("Royal Corners determinize", () => {
  it("spreads the unseen cards uniformly over the stock below its top and the other hand's unseen cards", () => {
    // Seat 0 sees its hand, the stock's top (AC) and seat 1's 9D (taken from the stock).
    // Unseen: 2C 3C 4C, in the stock's two lower places and seat 1's one unseen place: 3! = 6 ways.
    const s = small(["5C", "9D 2C"], "9D", "AC 3C 4C");
    const counts = arrangementCounts(royalCorners, s, 0, 6000);
    expect(counts.size).toBe(6);
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { stock: string[]; hands: string[][] };
      expect(d.stock[0]).toBe("AC");
      expect(d.hands[1]).toContain("9D");
      expect(d.hands[0]).toHaveLength(52 - 5);
    }
    expect(chiSquareUniform([...counts.values()])).toBeLessThan(chiSquareCritical(counts.size - 1));
  });
});
