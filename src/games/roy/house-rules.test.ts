/** ROY's house rules (docs/rules/roy.md, "House rules"): each where it makes the difference. */
import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { roy } from "./game.js";
import { type RoyState } from "./state.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** Dealer 0, seat 1 to start; the up-card and seat 1's hand as named; seat 0 holds `other`. */
function table(upcard: string, hand: string, other: string, options: Record<string, unknown> = {}): Table {
  const t = Table.start(roy, {
    players: 2,
    seed: 5,
    options,
    setup: { dealer: 0, hands: [cards(other), cards(hand)], discard: [upcard] },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as RoyState;

describe("ROY house rule: scoring by the cards' values", () => {
  it("going out scores the values left (courts 10, Aces 11) instead of one per card", () => {
    // Seat 1 plays 9H and goes out; seat 0 holds KS AC 5D: 3 cards, or 10 + 11 + 5 = 26.
    const count = table("9C", "9H", "KS AC 5D");
    count.playJson(1, { type: "play", card: "9H" });
    expect(state(count).result?.points).toEqual([0, 3]);
    const values = table("9C", "9H", "KS AC 5D", { scoring: "values" });
    const since = values.seq;
    values.playJson(1, { type: "play", card: "9H" });
    expect(state(values).result?.points).toEqual([0, 26]);
    expect(values.eventsFor(0, since).find((e) => e.type === "score")).toMatchObject({
      seat: 1,
      points: 26,
      why: "went out: the cards left in the other hands count 26 (courts 10, Aces 11)",
    });
  });
});

describe("ROY house rule: the turned-up card acts", () => {
  it("a turned-up Ace: the first player must answer with an Ace or draw 2", () => {
    const plain = table("AH", "5H AC 9D", "2C 3C");
    expect(plain.legalJson(1)).toContainEqual({ type: "play", card: "5H" });
    const acts = table("AH", "5H AC 9D", "2C 3C", { upcardActs: true });
    expect(acts.legalJson(1)).toEqual([{ type: "play", card: "AC" }]);
    const noAce = table("AH", "5H 9D", "2H 3C", { upcardActs: true });
    expect(noAce.legalJson(1)).toEqual([{ type: "draw" }]);
    noAce.playJson(1, { type: "draw" });
    expect(state(noAce).hands[1]).toHaveLength(4);
    // The penalty drawn, the Ace on top is ordinary.
    expect(noAce.legalJson(0)).toContainEqual({ type: "play", card: "2H" });
  });

  it("the King of Spades turned up: the first player draws 7 and loses the turn", () => {
    const acts = table("KS", "5S 9D", "2C 3C", { upcardActs: true });
    expect(acts.legalJson(1)).toEqual([{ type: "draw" }]);
    acts.playJson(1, { type: "draw" });
    expect(state(acts).hands[1]).toHaveLength(9);
    expect(acts.status().toAct).toEqual([0]);
    // Without the house rule the King of Spades turned up is an ordinary card (the seed's note).
    expect(table("KS", "5S 9D", "2C 3C").legalJson(1)).toContainEqual({ type: "play", card: "5S" });
  });

  it("a turned-up Jack still has no power", () => {
    const acts = table("JH", "5H 9D", "2C 3C", { upcardActs: true });
    expect(acts.legalJson(1)).toContainEqual({ type: "play", card: "5H" });
  });
});
