import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { Shoe } from "../../engine/deal.js";
import { type MatchState, type Viewer, SPECTATOR } from "../../engine/game.js";
import { handWords } from "../../engine/seeds.js";
import { Table } from "../../engine/table.js";
import { gameProperties } from "../../../test/game-properties.js";
import {
  arrangementCounts,
  chiSquareCritical,
  chiSquareUniform,
  contractProperties,
} from "../../../test/contract-properties.js";
import { type RoyState, roy } from "./game.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/**
 * The cards a viewer cannot know: face-down cards (the stock, the other
 * hands) that nobody has seen face up this hand. A card played and later
 * shuffled back into the stock was seen by all.
 */
function hidden(st: MatchState, viewer: Viewer): number[] {
  const s = st as RoyState;
  const faceDown = s.stock.slice();
  if (!s.handOver) s.hands.forEach((h, p) => p !== viewer && faceDown.push(...h));
  return faceDown.filter((c) => c !== s.upcard && s.shuffledIn[c] === 0);
}

// Short matches: hands with `drawWhenAble` run to hundreds of moves under random play.
gameProperties({
  game: roy,
  players: [2, 3, 4],
  options: [{ target: 30 }],
  pack: () => makePack(),
  hidden,
  runs: 4,
});

gameProperties({
  game: roy,
  players: [2, 3, 4],
  options: [{ drawWhenAble: true, target: 8 }],
  pack: () => makePack(),
  hidden,
  runs: 3,
});

// The house rules (docs/rules/roy.md): scoring by values ends matches sooner, so a higher target.
const houseRules = [{ target: 60, scoring: "values", upcardActs: true }];
gameProperties({
  game: roy,
  players: [2, 3, 4],
  options: houseRules,
  pack: () => makePack(),
  hidden,
  runs: 4,
});

contractProperties({ game: roy, players: [2, 4], options: [{ target: 30 }], hidden, runs: 4 });
contractProperties({ game: roy, players: [3], options: houseRules, hidden, runs: 3 });
contractProperties({
  game: roy,
  players: [3],
  options: [{ drawWhenAble: true, target: 8 }],
  hidden,
  runs: 2,
});

/**
 * A small position, seat 1 to act: `hands` and `stock` (top first) as named,
 * `top` on a discard pile holding the rest of the pack, and the cards in
 * `reshuffled` marked as shuffled into the stock at a first reshuffle.
 */
function small(hands: string[], stock: string, top: string, reshuffled = ""): RoyState {
  const t = Table.start(roy, { players: hands.length, seed: 1, setup: { dealer: 0 } });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = pos.state as unknown as RoyState;
  s.hands = hands.map(cards);
  s.stock = cards(stock).reverse();
  const used = new Set([...s.hands.flat(), ...s.stock, ...cards(top)]);
  s.discard = [...makePack().filter((c) => !used.has(c)), ...cards(top)];
  s.upcard = s.discard[0];
  s.suit = Math.floor(cards(top)[0] / 13);
  for (const c of cards(reshuffled)) s.shuffledIn[c] = 1;
  s.reshuffles = reshuffled ? 1 : 0;
  const r = Table.fromPosition(roy, pos);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state as RoyState;
}

describe("ROY determinize", () => {
  it("spreads the unseen cards uniformly over the other hands and the stock", () => {
    // Seat 1's two cards and the stock's three: 5! orders.
    const s = small(["2C 3C", "4D 5D"], "6H 7H 8H", "9S");
    const counts = arrangementCounts(roy, s, 0, 12_000);
    expect(counts.size).toBe(120);
    expect(chiSquareUniform([...counts.values()])).toBeLessThan(chiSquareCritical(119));
  });

  it("keeps each unseen card among the places its own stock's cards went (the deal's, a reshuffle's)", () => {
    // After a reshuffle of 6H 7H 8H the stock holds only those; seat 1 drew 6H from it (or 7H, or 8H):
    // seat 1 holds two cards from the deal (2! orders) and one of the three reshuffled (3! places).
    const s = small(["2C 3C", "4D 5D 6H"], "7H 8H", "9S", "6H 7H 8H");
    const counts = arrangementCounts(roy, s, 0, 2400);
    expect(counts.size).toBe(12);
    expect(chiSquareUniform([...counts.values()])).toBeLessThan(chiSquareCritical(11));
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { hands: string[][]; stock: string[] };
      expect(d.hands[1].filter((c) => c === "4D" || c === "5D")).toHaveLength(2);
      expect(d.stock.every((c) => ["6H", "7H", "8H"].includes(c))).toBe(true);
    }
    // A spectator sees no hand: 4! for the deal's cards, 3! for the reshuffled ones.
    const all = arrangementCounts(roy, s, SPECTATOR, 7200);
    expect(all.size).toBe(144);
    expect(chiSquareUniform([...all.values()])).toBeLessThan(chiSquareCritical(143));
  });
});

describe("ROY events", () => {
  it("name the cards a draw took to the drawer only, their number to all, and say when the pile was reshuffled", () => {
    const t = Table.start(roy, {
      players: 2,
      seed: 1,
      setup: { dealer: 0, hands: [cards("2C 3C"), cards("4D 5D")], discard: ["7H", "9S"], stock: ["QH"] },
    });
    if (!t.ok) throw new Error(t.error.message);
    const s = t.value.state as RoyState;
    // Seat 1 holds no spade and no 9: it draws the stock's top card, QH.
    const since = t.value.seq;
    expect(t.value.playJson(1, { type: "draw" }).ok).toBe(true);
    const mine = t.value.eventsFor(1, since);
    expect(mine).toEqual([
      { seq: since + 1, type: "move", seat: 1, move: { type: "draw" }, drawn: 1, cards: ["QH"] },
    ]);
    for (const viewer of [0, SPECTATOR] as const)
      expect(t.value.eventsFor(viewer, since)).toEqual([
        { seq: since + 1, type: "move", seat: 1, move: { type: "draw" }, drawn: 1 },
      ]);
    expect(s.hands[1]).toContain(cards("QH")[0]);
  });

  it("announce a reshuffle, and the view lists the cards shuffled in", () => {
    const t = Table.start(roy, {
      players: 2,
      seed: 1,
      setup: { dealer: 0, hands: [cards("2C 3C"), cards("4D")], discard: ["7H", "9S"] },
    });
    if (!t.ok) throw new Error(t.error.message);
    // Empty the stock through a position: seat 0 holds the rest of the pack.
    const pos = t.value.position();
    const st = pos.state as unknown as RoyState;
    st.hands[0].push(...st.stock);
    st.stock = [];
    const r = Table.fromPosition(roy, pos);
    if (!r.ok) throw new Error(r.error.message);
    const u = r.value;
    const since = u.seq;
    expect(u.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(u.eventsFor(0, since).map((e) => e.type)).toEqual(["move", "reshuffle"]);
    expect(u.eventsFor(1, since)[0]).toMatchObject({ drawn: 1, cards: ["7H"] });
    expect(u.view(0)).toMatchObject({ reshuffles: 1, reshuffled: ["7H"], stock: 0 });
  });

  it("turn the hands up at the end of a hand and score the winner, saying why", () => {
    const w = Table.start(roy, {
      players: 2,
      seed: 1,
      setup: { dealer: 0, hands: [cards("2C 3C 4C"), cards("9H")], discard: ["9S"] },
    });
    if (!w.ok) throw new Error(w.error.message);
    const from = w.value.seq;
    expect(w.value.playJson(1, { type: "play", card: "9H" }).ok).toBe(true);
    const events = w.value.eventsFor(0, from);
    expect(events.map((e) => e.type)).toEqual(["move", "reveal", "score", "handOver"]);
    expect(events[1]).toMatchObject({ hands: [["2C", "3C", "4C"], []] });
    expect(events[2]).toMatchObject({ seat: 1, points: 3, why: "went out: 3 cards left in the other hands" });
  });
});

describe("ROY dealing", () => {
  it("deals the shuffled pack from the front: 7 each from the left of the dealer, the up-card, then the stock", () => {
    const t = Table.start(roy, { players: 4, seed: "order", setup: { dealer: 2 } });
    if (!t.ok) throw new Error(t.error.message);
    const s = t.value.state as RoyState;
    const shoe = Shoe.shuffled(makePack(), handWords(s.handSeed)).rest();
    expect([3, 0, 1, 2].map((p) => s.hands[p])).toEqual(
      [0, 1, 2, 3].map((k) => shoe.slice(7 * k, 7 * k + 7)),
    );
    expect(s.discard).toEqual([shoe[28]]);
    expect(s.upcard).toBe(shoe[28]);
    expect(s.stock.slice().reverse()).toEqual(shoe.slice(29));
  });

  it("deals every later hand afresh from its own seed, the same way", () => {
    const t = Table.start(roy, {
      players: 2,
      seed: 5,
      setup: { dealer: 0, hands: [cards("2C 3C"), cards("9H")], discard: ["9S"] },
    });
    if (!t.ok) throw new Error(t.error.message);
    t.value.playJson(1, { type: "play", card: "9H" });
    expect(t.value.next().ok).toBe(true);
    const s = t.value.state as RoyState;
    const shoe = Shoe.shuffled(makePack(), handWords(s.handSeed)).rest();
    expect(s.dealer).toBe(1);
    expect(s.hands[0]).toEqual(shoe.slice(0, 7));
    expect(s.hands[1]).toEqual(shoe.slice(7, 14));
    expect(s.shuffledIn.every((k) => k === 0)).toBe(true);
  });

  it("deals a set-up's named hand exactly, however short, and refuses an empty one", () => {
    const t = Table.start(roy, { players: 3, seed: 2, setup: { hands: [cards("AS"), null] } });
    if (!t.ok) throw new Error(t.error.message);
    expect((t.value.state as RoyState).hands.map((h) => h.length)).toEqual([1, 7, 7]);
    const empty = Table.start(roy, { players: 2, seed: 2, setup: { hands: [[], null] } });
    expect(!empty.ok && empty.error.message).toMatch(/seat 0's hand is empty/);
  });

  it("refuses a position that breaks the rules' invariants, in one line", () => {
    const t = Table.start(roy, { players: 2, seed: 3 });
    if (!t.ok) throw new Error(t.error.message);
    const pos = t.value.position();
    (pos.state as unknown as RoyState).facing = 2;
    const r = Table.fromPosition(roy, pos);
    expect(!r.ok && r.error.code).toBe("bad_setup");
    expect(!r.ok && r.error.message).toMatch(/King of Spades/);
  });
});
