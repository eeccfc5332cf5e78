/** Crazy Eights' house rules (docs/rules/crazy-eights.md, "House rules"): each where it makes the difference. */
import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { type EightsState, crazyEights } from "./game.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** Seat 1 (left of the dealer) to play on KH, holding `hand`; the stock's top cards as named. */
function table(hand: string, stock: string[], draw?: string): Table {
  const t = Table.start(crazyEights, {
    players: 2,
    seed: 7,
    options: draw ? { draw } : {},
    setup: { dealer: 0, hands: [cards("2C 3C 4C"), cards(hand)], discard: ["KH"], stock },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const types = (t: Table, seat: number) => t.legalJson(seat).map((m) => m.type);

describe("Crazy Eights house rule: drawing", () => {
  it("by default a player holding a card that plays may still draw, and goes on drawing", () => {
    const t = table("5H 9D", ["QS", "7D"]);
    expect(types(t, 1)).toEqual(["play", "draw"]);
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(types(t, 1)).toEqual(["play", "draw"]);
  });

  it("draw only when unable: a card that plays must be played; without one, draw until one plays", () => {
    const t = table("5H 9D", ["QS", "7D", "KD"], "unable");
    expect(types(t, 1)).toEqual(["play"]);
    const u = table("5C 9D", ["QS", "7D", "KD"], "unable");
    expect(types(u, 1)).toEqual(["draw"]);
    expect(u.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(types(u, 1)).toEqual(["draw"]);
    expect(u.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(types(u, 1)).toEqual(["draw"]);
    expect(u.playJson(1, { type: "draw" }).ok).toBe(true);
    // KD follows the King of hearts: now it must be played.
    expect(u.legalJson(1)).toEqual([{ type: "play", card: "KD" }]);
  });

  it("draw one: a player who cannot play draws once, then plays the card drawn or passes", () => {
    const t = table("5H 9D", ["QS", "7D"], "one");
    expect(types(t, 1)).toEqual(["play"]);
    const u = table("5C 9D", ["QH", "7D"], "one");
    expect(types(u, 1)).toEqual(["draw"]);
    expect(u.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(u.legalJson(1)).toEqual([{ type: "play", card: "QH" }, { type: "pass" }]);
    expect(u.playJson(1, { type: "pass" }).ok).toBe(true);
    // The turn passed to seat 0 with the stock still there: no step toward a blocked hand.
    expect(u.status().toAct).toEqual([0]);
    expect(types(u, 0)).toEqual(["draw"]);
  });

  it("draw one: the last card of the stock drawn, a card that plays must be played", () => {
    // The stock holds QH alone: the rest of the pack lies under the top card.
    const t = table("5C 9D", [], "one");
    const pos = t.position();
    const s = pos.state as unknown as EightsState;
    const qh = cards("QH")[0];
    s.discard = [...s.stock.filter((x) => x !== qh), ...s.discard];
    s.stock = [qh];
    const u = Table.fromPosition(crazyEights, pos);
    if (!u.ok) throw new Error(u.error.message);
    u.value.playJson(1, { type: "draw" });
    expect(u.value.legalJson(1)).toEqual([{ type: "play", card: "QH" }]);
  });
});
