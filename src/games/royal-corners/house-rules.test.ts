/** Royal Corners' house rules (docs/rules/royal-corners.md, "House rules"): each where it makes the difference. */
import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { indexCards } from "./deal.js";
import { type CornersState, royalCorners } from "./game.js";

const cards = (t: string) => (t.trim() === "" ? [] : (parseCards(t) as { value: number[] }).value);
const state = (t: Table) => t.state as CornersState;

/** Seat 0 to move with `hands`, 6S alone in corner 0, the rest of the pack in the stock. */
function position(hands: string[], options: Record<string, unknown>): Table {
  const t = Table.start(royalCorners, { players: hands.length, seed: 7, options, setup: { dealer: 0 } });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = structuredClone(pos.state) as unknown as CornersState;
  s.hands = hands.map(cards);
  s.corners = [cards("6S"), [], [], []];
  const named = new Set([...s.hands.flat(), ...s.corners.flat()]);
  s.stock = makePack().filter((x) => !named.has(x));
  s.turn = 0;
  s.toActSeats[0] = 0;
  indexCards(s);
  const r = Table.fromPosition(royalCorners, { ...pos, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("Royal Corners house rule: penalty by rank", () => {
  it("the cards left cost their rank, Ace 1 to King 13, instead of King 10 and 1 for the rest", () => {
    const penalties = (options: Record<string, unknown>) => {
      const t = position(["5H", "QC 2D KH"], options);
      expect(t.playJson(0, { type: "play", card: "5H", from: "hand", corner: 0 }).ok).toBe(true);
      return state(t).result?.points;
    };
    expect(penalties({})).toEqual([0, 12]);
    expect(penalties({ penalty: "ranks" })).toEqual([0, 27]);
  });
});

describe("Royal Corners house rule: who moves first", () => {
  it("the dealer moves first as the rules say; with the house rule, the player left of the dealer", () => {
    const start = (options: Record<string, unknown>) => {
      const t = Table.start(royalCorners, { players: 3, seed: 4, options, setup: { dealer: 2 } });
      if (!t.ok) throw new Error(t.error.message);
      return t.value;
    };
    expect(start({}).status().toAct).toEqual([2]);
    const left = start({ firstPlayer: "left" });
    expect(left.status().toAct).toEqual([0]);
    // The next hand, dealt by seat 0, starts with seat 1.
    const s = state(left);
    royalCorners.drawHand(s, "test");
    expect(left.next().ok).toBe(true);
    expect(state(left).dealer).toBe(0);
    expect(left.status().toAct).toEqual([1]);
  });
});
