import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { type MatchState, type Viewer, SPECTATOR } from "../../engine/game.js";
import { Shoe } from "../../engine/deal.js";
import { handWords } from "../../engine/seeds.js";
import { Table } from "../../engine/table.js";
import { gameProperties } from "../../../test/game-properties.js";
import {
  arrangementCounts,
  chiSquareCritical,
  chiSquareUniform,
  contractProperties,
} from "../../../test/contract-properties.js";
import { type EightsState, crazyEights } from "./game.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** The cards a viewer cannot know: the stock and, until the hand is over, the other hands. */
function hidden(st: MatchState, viewer: Viewer): number[] {
  const s = st as EightsState;
  const out = s.stock.slice();
  if (!s.handOver) s.hands.forEach((h, p) => p !== viewer && out.push(...h));
  return out;
}

/** The seed's rules, then each house rule. */
const houseRules = [{}, { draw: "unable" }, { draw: "one" }];

gameProperties({
  game: crazyEights,
  players: [2, 3, 4, 5],
  options: houseRules,
  pack: () => makePack(),
  hidden,
});
contractProperties({ game: crazyEights, players: [2, 5], hidden });
contractProperties({ game: crazyEights, players: [2], options: houseRules.slice(1), hidden });

/** A small position: most of the pack face up in the discard pile, a few cards out of sight. */
function small(hands: string[], stock: string, top: string, turn = 1): EightsState {
  const t = Table.start(crazyEights, { players: hands.length, seed: 1, setup: { dealer: 0 } });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = pos.state as unknown as EightsState;
  s.hands = hands.map(cards);
  s.stock = cards(stock).reverse();
  const used = new Set([...s.hands.flat(), ...s.stock, ...cards(top)]);
  s.discard = [...makePack().filter((c) => !used.has(c)), ...cards(top)];
  s.suit = Math.floor(cards(top)[0] / 13);
  s.turn = turn;
  s.toActSeats = [turn];
  const r = Table.fromPosition(crazyEights, pos);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state as EightsState;
}

describe("Crazy Eights determinize", () => {
  it("spreads the unseen cards uniformly over the other hands and the stock", () => {
    // Seat 0 sees its own 2C 3C; seat 1's two cards and the stock's two are 4 unseen cards: 4! orders.
    const s = small(["2C 3C", "4D 5D"], "6H 7H", "9S");
    const counts = arrangementCounts(crazyEights, s, 0, 4800);
    expect(counts.size).toBe(24);
    expect(chiSquareUniform([...counts.values()])).toBeLessThan(chiSquareCritical(23));
    for (const key of counts.keys()) expect(JSON.parse(key).hands[0]).toEqual(["2C", "3C"]);
  });

  it("for a spectator, deals every hand anew; once the hand is over, only the stock", () => {
    const s = small(["2C", "4D", "5D"], "6H", "9S");
    expect(arrangementCounts(crazyEights, s, SPECTATOR, 2400).size).toBe(24);
    const over = crazyEights.clone(s);
    crazyEights.drawHand(over, "draw");
    const counts = arrangementCounts(crazyEights, over, SPECTATOR, 100);
    expect(counts.size).toBe(1);
  });
});

describe("Crazy Eights events", () => {
  function start(): Table {
    const t = Table.start(crazyEights, {
      players: 2,
      seed: 1,
      setup: {
        dealer: 0,
        hands: [cards("9H 9C"), cards("2C 3C 4C 5C 6C 7C 9D")],
        discard: ["KH"],
        stock: ["QS"],
      },
    });
    if (!t.ok) throw new Error(t.error.message);
    return t.value;
  }

  it("name a drawn card to the drawer only", () => {
    const t = start();
    const since = t.seq;
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(t.eventsFor(1, since)).toEqual([
      { seq: since + 1, type: "move", seat: 1, move: { type: "draw" }, card: "QS" },
    ]);
    for (const viewer of [0, SPECTATOR] as const)
      expect(t.eventsFor(viewer, since)).toEqual([
        { seq: since + 1, type: "move", seat: 1, move: { type: "draw" } },
      ]);
  });

  it("turn the hands up and say who scored what and why when a player goes out", () => {
    const t = start();
    t.playJson(1, { type: "draw" });
    t.playJson(1, { type: "play", card: "QS" });
    t.playJson(0, { type: "play", card: "9H" });
    const since = t.seq;
    expect(t.playJson(1, { type: "play", card: "9D" }).ok).toBe(false);
    t.playJson(1, { type: "draw" });
    const events = t.eventsFor(SPECTATOR, since);
    expect(events.map((e) => e.type)).toEqual(["move"]);
    const u = Table.start(crazyEights, {
      players: 2,
      seed: 1,
      setup: { dealer: 0, hands: [cards("9C KD"), cards("9H")], discard: ["9S"] },
    });
    if (!u.ok) throw new Error(u.error.message);
    const from = u.value.seq;
    u.value.playJson(1, { type: "play", card: "9H" });
    const types = u.value.eventsFor(0, from).map((e) => e.type);
    expect(types).toEqual(["move", "reveal", "score", "handOver"]);
    expect(u.value.eventsFor(0, from)[1]).toMatchObject({ hands: [["9C", "KD"], []] });
    expect(u.value.eventsFor(0, from)[2]).toMatchObject({
      seat: 1,
      points: 19,
      why: "went out, counting the cards left: seat 0's 9C (9) + KD (10) = 19",
    });
  });
});

describe("Crazy Eights dealing", () => {
  it("deals the shuffled pack from the front: 7 each from the left of the dealer, the up-card, then the stock", () => {
    const t = Table.start(crazyEights, { players: 3, seed: "order", setup: { dealer: 1 } });
    if (!t.ok) throw new Error(t.error.message);
    const s = t.value.state as EightsState;
    const shoe = Shoe.shuffled(makePack(), handWords(s.handSeed)).rest();
    expect(s.hands[2]).toEqual(shoe.slice(0, 7));
    expect(s.hands[0]).toEqual(shoe.slice(7, 14));
    expect(s.hands[1]).toEqual(shoe.slice(14, 21));
    expect(s.discard).toEqual([shoe[21]]);
    expect(s.stock.slice().reverse()).toEqual(shoe.slice(22));
  });

  it("deals a set-up's named hand exactly, however short, and the rest in full", () => {
    const t = Table.start(crazyEights, { players: 2, seed: 2, setup: { hands: [cards("AS"), null] } });
    if (!t.ok) throw new Error(t.error.message);
    expect((t.value.state as EightsState).hands.map((h) => h.length)).toEqual([1, 7]);
  });

  it("refuses a position that breaks the rules' invariants, in one line", () => {
    const t = Table.start(crazyEights, { players: 2, seed: 3 });
    if (!t.ok) throw new Error(t.error.message);
    const pos = t.value.position();
    (pos.state as unknown as EightsState).passes = 1;
    const r = Table.fromPosition(crazyEights, pos);
    expect(!r.ok && r.error).toEqual({
      code: "bad_setup",
      message: "passes come only once the stock is empty",
    });
  });
});
