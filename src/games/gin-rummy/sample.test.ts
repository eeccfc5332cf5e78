import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { SPECTATOR, type Viewer } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { arrangementCounts, chiSquareCritical, chiSquareUniform } from "../../../test/contract-properties.js";
import { ginRummy } from "./game.js";
import { determinize } from "./sample.js";
import { DISCARD, DRAW_PHASE, type GinState } from "./state.js";

const cards = (t: string) => (parseCards(t.split(" ")) as { value: number[] }).value;

/**
 * An endgame: seat 0 to draw (or seat 1 to discard), the hands and the stock
 * (top first) as given, seat 1 holding `faceUp` as taken from the discard
 * pile, every other card in the discard pile.
 */
function endgame(hands: [string, string], stock: string, faceUp: string, phase = DRAW_PHASE): Table {
  const started = Table.start(ginRummy, { players: 2, seed: "sample", setup: { dealer: 1 } });
  if (!started.ok) throw new Error(started.error.message);
  const p = started.value.position();
  const s = structuredClone(p.state) as unknown as GinState;
  s.hands = [cards(hands[0]), cards(hands[1])];
  s.stock = cards(stock).reverse();
  const used = new Set([...s.hands.flat(), ...s.stock]);
  s.discard = makePack().filter((x) => !used.has(x));
  s.takenFromDiscard = [[], faceUp ? cards(faceUp) : []];
  s.turn = phase === DISCARD ? 1 : 0;
  s.toActSeats = [s.turn];
  s.phase = phase;
  const t = Table.fromPosition(ginRummy, { ...p, state: s });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const stateOf = (t: Table) => t.state as GinState;

function expectUniform(s: GinState, viewer: Viewer, arrangements: number): Map<string, number> {
  const counts = arrangementCounts(ginRummy, s, viewer, arrangements * 100);
  expect(counts.size).toBe(arrangements);
  const stat = chiSquareUniform([...counts.values()]);
  expect(stat).toBeLessThan(chiSquareCritical(arrangements - 1));
  return counts;
}

describe("Gin Rummy determinize", () => {
  it("keeps the viewer's hand, the piles and the cards taken face up; spreads the rest uniformly", () => {
    const s = stateOf(endgame(["AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "KS KH QD"], "2D 3D 4D", "QD"));
    // KS KH and the 3 stock cards over 2 places in seat 1's hand and 3 in the stock: 5! ways.
    const counts = expectUniform(s, 0, 120);
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { hands: string[][]; discard: string[] };
      expect(d.hands[0]).toEqual("AC 2C 3C 4C 5C 6C 7C 8C 9C TC".split(" "));
      expect(d.hands[1]).toContain("QD");
      expect(d.discard).toEqual(ginRummy.dump(s).discard);
    }
  });

  it("for a spectator, spreads both hands' unseen cards and the stock", () => {
    const s = stateOf(endgame(["AC", "KS QD"], "2D 3D 4D", "QD"));
    expectUniform(s, SPECTATOR, 120);
  });

  it("leaves the knocker's hand where it is, and after the hand only the stock is unknown", () => {
    const t = endgame(["AC 2C 3C 4C 5C 6C 7C 8C 9C KC", "KS KH KD 2H QD"], "2D 3D 4D", "", DISCARD);
    expect(t.playJson(1, { type: "knock", card: "QD" }).ok).toBe(true);
    // Seat 0 may lay off KC: it knows seat 1's hand, and only the stock's order is unknown.
    expect(stateOf(t).phase).toBe(4);
    expectUniform(stateOf(t), 0, 6);
    expect(t.playJson(0, { type: "layoff", card: "KC", meld: 0 }).ok).toBe(true);
    // Nothing more to lay off: the hand is over, both hands shown, and only the stock is unknown to seat 1.
    expect(stateOf(t).handOver).toBe(true);
    expectUniform(stateOf(t), 1, 6);
  });

  it("replaces the seeds and the generator: nothing of the real table's future survives", () => {
    const s = stateOf(endgame(["AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "KS KH QD"], "2D 3D 4D", "QD"));
    const d = determinize(s, 0, Rng.fromSeed("search"));
    expect(d.seed).not.toBe(s.seed);
    expect(d.handSeed).not.toBe(s.handSeed);
    expect(d.rng).not.toEqual(s.rng);
  });
});
