/** Roller Coaster's house rules (docs/rules/roller-coaster.md, "House rules"), where they make the difference. */
import { describe, expect, it } from "vitest";
import { CARD_SPACE, isJoker } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { type CoasterState, rollerCoaster } from "./game.js";
import { cycleRank } from "./rules.js";
import { setHand } from "./state.js";
import type { CoasterView } from "./view.js";

/** Dealer 0: seat 1 opens the empty pile with `hand`. */
function table(hand: string[], options: Record<string, unknown> = {}): Table {
  const t = Table.start(rollerCoaster, {
    players: 2,
    seed: 3,
    options,
    setup: { dealer: 0, hands: [null, hand] },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const types = (t: Table) => [...new Set(t.legalJson(1).map((m) => m.type))];

describe("Roller Coaster house rule: play when you can", () => {
  it("by default a player who could open a run may draw instead", () => {
    expect(types(table(["5C", "6D", "9H"]))).toEqual(["play", "draw"]);
  });

  it("with the house rule a player who can play must; one who cannot still draws", () => {
    expect(types(table(["5C", "6D", "9H"], { mustPlay: true }))).toEqual(["play"]);
    const stuck = table(["2C", "9H", "KD"], { mustPlay: true });
    expect(types(stuck)).toEqual(["draw"]);
    expect(stuck.playJson(1, { type: "draw" }).ok).toBe(true);
  });
});

const cards = (t: string): number[] => (parseCards(t.split(" ")) as { value: number[] }).value;
const HANDS = ["2C 3C", "9H KD"];

/**
 * Seat 1 to act on an empty stock: the pile holds every card not in the
 * hands, `pile` at its bottom (first played) and `QS` on top.
 */
function emptyStock(options: Record<string, unknown>, pile: string): Table {
  const t = Table.start(rollerCoaster, { players: 2, seed: 3, options, setup: { dealer: 0 } });
  if (!t.ok) throw new Error(t.error.message);
  const p = t.value.position();
  const s = structuredClone(p.state) as unknown as CoasterState;
  const named = cards([...HANDS, pile, "QS"].join(" "));
  const rest: number[] = [];
  for (let c = 0; c < CARD_SPACE; c++) if (!named.includes(c)) rest.push(c);
  HANDS.forEach((h, seat) => setHand(s, seat, cards(h)));
  s.stock = [];
  s.discard = [...cards(pile), ...rest, cards("QS")[0]];
  s.pileRanks = s.discard.map((c) => (isJoker(c) ? -1 : cycleRank(c)));
  s.turn = 1;
  s.toActSeats = [1];
  s.anchor = cycleRank(cards("QS")[0]);
  s.fromEmpty = false;
  const r = Table.fromPosition(rollerCoaster, { ...p, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("Roller Coaster house rule: a new stock turned over, not shuffled", () => {
  it("by default the pile is shuffled: its first cards played are not drawn first", () => {
    const t = emptyStock({}, "4D 5D 6D 7D 8D");
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    const v = t.view(1) as unknown as CoasterView;
    expect(v.newStock).toBe("shuffle");
    expect(v.stockOrder).toBeNull();
    expect(v.hand).not.toContain("4D");
  });

  it("with the house rule the pile's bottom card is drawn first, and every seat sees the stock's order", () => {
    const t = emptyStock({ newStock: "flip" }, "4D 5D 6D 7D 8D");
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect((t.view(1) as unknown as CoasterView).hand).toContain("4D");
    const seen = t.view(0) as unknown as CoasterView;
    expect(seen.newStock).toBe("flip");
    expect(seen.stockOrder?.slice(0, 4)).toEqual(["5D", "6D", "7D", "8D"]);
    expect(seen.stockOrder).toHaveLength(seen.stock);
    expect(seen.top).toBe("QS");
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    expect((t.view(0) as unknown as CoasterView).hand).toContain("5D");
  });

  it("says the flipped stock's order, top first, to everyone as the pile is turned over", () => {
    const flipped = emptyStock({ newStock: "flip" }, "4D 5D 6D 7D 8D");
    const last = flipped.playJson(1, { type: "draw" });
    if (!last.ok) throw new Error(last.error.message);
    const turnedOver = flipped.eventsFor(0, last.value).find((e) => e.type === "reshuffle") as unknown as {
      stock: string[];
      turned: string[];
    };
    expect(turnedOver.stock.slice(0, 5)).toEqual(["4D", "5D", "6D", "7D", "8D"]);
    expect(turnedOver.stock).toHaveLength(turnedOver.turned.length);
    const shuffled = emptyStock({}, "4D 5D 6D 7D 8D");
    shuffled.playJson(1, { type: "draw" });
    expect(shuffled.eventsFor(0).find((e) => e.type === "reshuffle")).not.toHaveProperty("stock");
  });

  it("the search's sampled worlds keep a flipped stock as it lies", () => {
    const t = emptyStock({ newStock: "flip" }, "4D 5D 6D 7D 8D");
    t.playJson(1, { type: "draw" });
    const s = t.state as CoasterState;
    const rng = Rng.fromSeed("flip");
    for (let i = 0; i < 20; i++) expect(rollerCoaster.determinize!(s, 0, rng).stock).toEqual(s.stock);
  });
});
