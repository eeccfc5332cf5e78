import { describe, expect, it } from "vitest";
import { type Card, makePack } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import { type MoveJson, SPECTATOR } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { indexCards } from "./deal.js";
import { type CornersState, royalCorners } from "./game.js";
import { cardPenalty, fitsOn, handPenalty } from "./rules.js";
import { viewSchema } from "./view.js";

const c = (t: string): Card => (parseCard(t) as { value: Card }).value;
const cards = (t: string): Card[] => (t.trim() === "" ? [] : (parseCards(t) as { value: Card[] }).value);

const state = (t: Table) => t.state as CornersState;

interface Position {
  hands: string[];
  /** Top card first; the rest of the pack goes below it, unless `restTo` names a seat to hold it. */
  stock?: string;
  restTo?: number;
  corners: [string, string, string, string];
  turn?: number;
  dealer?: number;
  options?: Record<string, unknown>;
  scores?: number[];
}

/** A table in a hand's middle, restored from a position: the cards exactly where the test puts them. */
function position(p: Position): Table {
  const t = Table.start(royalCorners, {
    players: p.hands.length,
    seed: 7,
    options: p.options ?? {},
    setup: { dealer: p.dealer ?? p.turn ?? 0 },
  });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = structuredClone(pos.state) as unknown as CornersState;
  s.hands = p.hands.map(cards);
  s.corners = p.corners.map(cards);
  const named = new Set([...s.hands.flat(), ...s.corners.flat(), ...cards(p.stock ?? "")]);
  const rest = makePack().filter((x) => !named.has(x));
  if (p.restTo === undefined)
    s.stock = cards(p.stock ?? "")
      .concat(rest)
      .reverse();
  else {
    s.stock = cards(p.stock ?? "").reverse();
    s.hands[p.restTo].push(...rest);
  }
  s.turn = p.turn ?? 0;
  s.toActSeats[0] = s.turn;
  if (p.scores) s.scores = p.scores;
  s.out = s.hands.map(() => false);
  s.playersIn = s.hands.length;
  indexCards(s);
  const r = Table.fromPosition(royalCorners, { ...pos, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const legal = (t: Table, seat = state(t).turn): MoveJson[] => t.legalJson(seat);
const play = (t: Table, seat: number, move: MoveJson): void => {
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(`${JSON.stringify(move)}: ${r.error.message}`);
};
const plays = (t: Table, seat = state(t).turn) => legal(t, seat).filter((m) => m.type === "play");
const hand = (card: string, corner: number): MoveJson => ({ type: "play", card, from: "hand", corner });
const fromStock = (card: string, corner: number): MoveJson => ({ type: "play", card, from: "stock", corner });
const END_TURN: MoveJson = { type: "end" };

describe("Royal Corners rulings", () => {
  it("rule 1: a card goes on the next rank up of the opposite colour (hearts and diamonds red)", () => {
    expect(fitsOn(c("5H"), c("6S"))).toBe(true);
    expect(fitsOn(c("5D"), c("6C"))).toBe(true);
    expect(fitsOn(c("5C"), c("6H"))).toBe(true);
    expect(fitsOn(c("5H"), c("6D"))).toBe(false);
    expect(fitsOn(c("5S"), c("6C"))).toBe(false);
    expect(fitsOn(c("4H"), c("6S"))).toBe(false);
    expect(fitsOn(c("6H"), c("5S"))).toBe(false);
    expect(fitsOn(c("AH"), c("2S"))).toBe(true);
    expect(fitsOn(c("QH"), c("KS"))).toBe(true);
    expect(fitsOn(c("KH"), c("AS"))).toBe(false);
  });

  it("rule 2: deals 7 each, the stock face up (its top card only), and one card in each corner", () => {
    const t = Table.start(royalCorners, { players: 3, seed: 11 });
    if (!t.ok) throw new Error(t.error.message);
    const s = state(t.value);
    expect(s.hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(s.corners.map((p) => p.length)).toEqual([1, 1, 1, 1]);
    expect(s.stock).toHaveLength(52 - 21 - 4);
    const v = t.value.view(0);
    const stock = t.value.dump().stock as string[];
    expect(v.stockTop).toBe(stock[0]);
    expect(v.stock).toBe(27);
    for (const hidden of stock.slice(1)) expect(JSON.stringify(v)).not.toContain(`"${hidden}"`);
  });

  it("rule 2: the set-up's stock is top first and its corners bottom first", () => {
    const t = Table.start(royalCorners, {
      players: 2,
      seed: 1,
      setup: { stock: ["5H", "6S"], corners: [["KS", "QH"], ["5D"], [], ["9C"]] },
    });
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value.view(0)).toMatchObject({ stockTop: "5H", corners: [["KS", "QH"], ["5D"], [], ["9C"]] });
    expect(state(t.value).stock).toHaveLength(52 - 14 - 4);
  });

  it("rule 3: the dealer moves first, then clockwise; the deal passes left", () => {
    const t = Table.start(royalCorners, { players: 3, seed: 5, setup: { dealer: 2 } });
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value.status().toAct).toEqual([2]);
    play(t.value, 2, END_TURN);
    expect(t.value.status().toAct).toEqual([0]);
    const u = position({ hands: ["AC", "2C 3C", "4C 5C"], stock: "9D 8D", corners: ["2H", "", "", ""] });
    play(u, 0, hand("AC", 0));
    play(u, 1, END_TURN);
    play(u, 2, END_TURN);
    // Seat 0 went out; the turn skips it.
    expect(u.status().toAct).toEqual([1]);
  });

  it("rule 3: the next hand is dealt by the seat to the left, who moves first", () => {
    const t = position({
      hands: ["AC", "KC 2C", "3D"],
      stock: "9D",
      restTo: 2,
      corners: ["2H", "", "", ""],
      dealer: 2,
      turn: 0,
      options: { limit: 1000 },
    });
    play(t, 0, hand("AC", 0));
    play(t, 1, END_TURN);
    play(t, 2, END_TURN);
    play(t, 1, END_TURN);
    expect(t.status().handOver).toBe(true);
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ dealer: 0, toAct: [0], hand: 2 });
    expect(state(t).out).toEqual([false, false, false]);
    expect(state(t).hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(state(t).corners.map((p) => p.length)).toEqual([1, 1, 1, 1]);
  });

  it("rule 4a: a hand card or the stock's top card onto a corner one rank higher of the other colour", () => {
    const t = position({
      hands: ["5H 5S 9D KC", "2C"],
      stock: "5D 4C",
      corners: ["6C", "6H", "TS", "KD"],
    });
    expect(plays(t)).toEqual(
      expect.arrayContaining([hand("5H", 0), hand("5S", 1), hand("9D", 2), fromStock("5D", 0)]),
    );
    expect(plays(t)).toHaveLength(4);
    play(t, 0, fromStock("5D", 0));
    // The stock's next card surfaces, and may be played in turn.
    expect(t.view(1).stockTop).toBe("4C");
    expect(plays(t)).toContainEqual(fromStock("4C", 0));
    expect(state(t).corners[0]).toEqual(cards("6C 5D"));
  });

  it("rule 4b: a King from hand or stock onto an empty corner; nothing else opens a corner", () => {
    const t = position({ hands: ["KH QD 2D", "2C"], stock: "KC", corners: ["", "3S", "3H", "3C"] });
    expect(plays(t)).toEqual(
      expect.arrayContaining([hand("KH", 0), fromStock("KC", 0), hand("2D", 1), hand("2D", 3)]),
    );
    expect(plays(t).filter((m) => m.corner === 0)).toHaveLength(2);
    play(t, 0, fromStock("KC", 0));
    expect(plays(t)).toContainEqual(hand("QD", 0));
    expect(state(t).corners[0]).toEqual(cards("KC"));
  });

  it("rule 4c: a whole pile onto another when its bottom card fits on the other's top card", () => {
    const t = position({ hands: ["2C", "2S"], corners: ["8H 7S", "9C", "7D", "KS QH JC"] });
    const moves = legal(t).filter((m) => m.type === "move");
    // 8H (the bottom of corner 0) fits on 9C; 7S (its top) would fit on 8D, not on anything here.
    expect(moves).toEqual([{ type: "move", from: 0, to: 1 }]);
    play(t, 0, { type: "move", from: 0, to: 1 });
    expect(state(t).corners).toEqual([[], cards("9C 8H 7S"), cards("7D"), cards("KS QH JC")]);
  });

  it("rule 4d: moves onto a corner freed by a pile move: any card, the very next move only", () => {
    const t = position({
      hands: ["5C 4C 3H KD", "2C"],
      stock: "8S",
      corners: ["8H", "9C", "5H", "4S"],
    });
    play(t, 0, { type: "move", from: 0, to: 1 });
    // Any card, from hand or stock, on the freed corner 0.
    expect(plays(t).filter((m) => m.corner === 0)).toEqual(
      expect.arrayContaining([
        hand("5C", 0),
        hand("4C", 0),
        hand("3H", 0),
        hand("KD", 0),
        fromStock("8S", 0),
      ]),
    );
    expect(plays(t).filter((m) => m.corner === 0)).toHaveLength(5);
    // Another move first: the freed corner takes only a King from then on.
    play(t, 0, hand("4C", 2));
    expect(plays(t).filter((m) => m.corner === 0)).toEqual([hand("KD", 0)]);
  });

  it("rule 4d: a second pile move frees its own corner and closes the first", () => {
    const t = position({
      hands: ["2C 2S KD", "2D"],
      stock: "",
      restTo: 1,
      corners: ["8H", "9C", "7S", "AD"],
    });
    play(t, 0, { type: "move", from: 0, to: 1 }); // corner 1: 9C 8H
    play(t, 0, { type: "move", from: 2, to: 1 }); // corner 1: 9C 8H 7S
    expect(state(t).freed).toBe(2);
    expect(plays(t).filter((m) => m.corner === 0)).toEqual([hand("KD", 0)]);
    expect(plays(t).filter((m) => m.corner === 2)).toHaveLength(3);
  });

  it("rule 4d: the freed corner closes at the end of the turn", () => {
    const t = position({ hands: ["5C", "2C 4H"], corners: ["8H", "9C", "", ""], stock: "" });
    play(t, 0, { type: "move", from: 0, to: 1 });
    play(t, 0, END_TURN);
    expect(plays(t, 1)).toEqual([]);
  });

  it("rule 4: any number of moves in a turn, in any order", () => {
    const t = position({ hands: ["KS QH JC TD 2C", "2D"], stock: "", corners: ["", "3S", "3H", "3C"] });
    for (const m of ["KS", "QH", "JC", "TD"]) play(t, 0, hand(m, 0));
    expect(state(t).corners[0]).toEqual(cards("KS QH JC TD"));
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 5: a player who empties the hand leaves at once with 0 penalty, without drawing; the others go on", () => {
    const t = position({ hands: ["AC", "KC 2C", "3C 4C"], stock: "9D 8D", corners: ["2H", "", "", ""] });
    play(t, 0, hand("AC", 0));
    expect(state(t).out).toEqual([true, false, false]);
    expect(state(t).hands[0]).toEqual([]);
    expect(t.view(1).stockTop).toBe("9D");
    expect(t.status()).toMatchObject({ toAct: [1], handOver: false });
    play(t, 1, END_TURN);
    play(t, 2, END_TURN);
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 6: ending the turn takes the stock's top card; with the stock empty, nothing", () => {
    const t = position({ hands: ["5C", "6C"], stock: "9D", restTo: 1, corners: ["2H", "2S", "2D", "2C"] });
    play(t, 0, END_TURN);
    expect(state(t).hands[0]).toEqual(cards("5C 9D"));
    expect(state(t).stock).toEqual([]);
    const held = state(t).hands[1].slice();
    play(t, 1, END_TURN);
    expect(state(t).hands[1]).toEqual(held);
  });

  it("rule 6: everybody saw the card taken from the face-up stock", () => {
    const t = position({ hands: ["5C", "6C"], stock: "9D 8S", corners: ["2H", "2S", "2D", "2C"] });
    play(t, 0, END_TURN);
    expect(t.view(1).known).toEqual([["9D"], []]);
    expect(t.view(1).handSizes).toEqual([2, 1]);
    expect(JSON.stringify(t.view(1))).not.toContain("5C");
  });

  it("rule 7: the hand ends when at most one player holds cards", () => {
    const t = position({ hands: ["AC", "KC 2C 5D"], stock: "9D", corners: ["2H", "", "", ""] });
    play(t, 0, hand("AC", 0));
    const s = state(t);
    expect(s.handOver).toBe(true);
    expect(s.result).toMatchObject({ points: [0, 12], winners: [0], reason: "all but one went out" });
    expect(t.status().scores).toEqual([0, 12]);
  });

  it("rule 7: with the stock empty, the hand ends when every player still in ends a turn in a row without a move", () => {
    const t = position({
      hands: ["AC", "KC 2C", "5D 6D", "QH"],
      stock: "",
      restTo: 3,
      corners: ["2H", "7C", "", ""],
    });
    play(t, 0, hand("AC", 0));
    play(t, 1, END_TURN);
    play(t, 2, hand("6D", 1));
    play(t, 2, END_TURN); // a turn with a move: the count starts again
    play(t, 3, END_TURN);
    play(t, 1, END_TURN);
    expect(t.status().handOver).toBe(false);
    play(t, 2, END_TURN);
    expect(t.status().handOver).toBe(true);
    const last = handPenalty(state(t).hands[3]);
    expect(state(t).result).toMatchObject({ points: [0, 11, 1, last], winners: [0], reason: "blocked" });
  });

  it("rule 7: an idle turn that takes a stock card does not count towards the block", () => {
    const t = position({ hands: ["5C", "6C"], stock: "9D", restTo: 1, corners: ["2H", "2S", "2D", "2C"] });
    play(t, 0, END_TURN);
    play(t, 1, END_TURN);
    expect(t.status().handOver).toBe(false);
    play(t, 0, END_TURN);
    expect(t.status().handOver).toBe(true);
  });

  it("rule 8: King 10, every other card 1; the first to the limit loses, the fewest points win", () => {
    expect(cardPenalty(c("KD"))).toBe(10);
    expect(cardPenalty(c("QD"))).toBe(1);
    expect(cardPenalty(c("AS"))).toBe(1);
    expect(handPenalty(cards("KD KS 2C"))).toBe(21);
    const t = position({ hands: ["AC", "KC KD 2C"], corners: ["2H", "", "", ""], scores: [5, 5] });
    play(t, 0, hand("AC", 0));
    expect(t.status()).toMatchObject({ handOver: true, matchOver: false, scores: [5, 26] });
  });

  it("rule 8: the match ends when a player reaches the limit; ties for fewest share the win", () => {
    const t = position({
      hands: ["AC", "KC KD 2C"],
      corners: ["2H", "", "", ""],
      options: { limit: 20 },
      scores: [5, 5],
    });
    play(t, 0, hand("AC", 0));
    expect(t.status()).toMatchObject({ matchOver: true, scores: [5, 26], winners: [0] });
    // Seat 0 goes out; the others end idle turns on an empty stock: blocked.
    const u = position({
      hands: ["AC", "KC KD 2C", "3D"],
      stock: "",
      restTo: 2,
      corners: ["2H", "", "", ""],
      options: { limit: 20 },
      scores: [5, 5, 6],
    });
    play(u, 0, hand("AC", 0));
    play(u, 1, END_TURN);
    play(u, 2, END_TURN);
    const last = 6 + handPenalty(state(u).hands[2]);
    expect(u.status()).toMatchObject({ matchOver: true, scores: [5, 26, last], winners: [0] });
    const w = position({
      hands: ["AC", "KC KD 2C", "3D"],
      stock: "",
      restTo: 1,
      corners: ["2H", "", "", ""],
      options: { limit: 20 },
      scores: [5, 5, 4],
    });
    play(w, 0, hand("AC", 0));
    play(w, 1, END_TURN);
    play(w, 2, END_TURN);
    const second = 5 + handPenalty(state(w).hands[1]);
    expect(w.status()).toMatchObject({ matchOver: true, scores: [5, second, 5], winners: [0, 2] });
  });
});

describe("Royal Corners rules page", () => {
  it("plays the example turn as written", () => {
    const t = position({
      hands: ["JS 7C KD 2H", "3C"],
      stock: "4C 9H",
      corners: ["KS QH", "8H", "9C", "5D"],
    });
    play(t, 0, hand("JS", 0));
    play(t, 0, { type: "move", from: 1, to: 2 });
    play(t, 0, hand("KD", 1));
    play(t, 0, fromStock("4C", 3));
    play(t, 0, END_TURN);
    expect(state(t).corners).toEqual([cards("KS QH JS"), cards("KD"), cards("9C 8H"), cards("5D 4C")]);
    expect(t.view(0).hand).toEqual(["7C", "2H", "9H"].sort((a, b) => c(a) - c(b)));
    expect(t.status().toAct).toEqual([1]);
  });
});

describe("Royal Corners views", () => {
  it("show a seat its own hand, the others' sizes and the stock's top card only", () => {
    const t = position({ hands: ["5C KD", "6C", "7H 3S"], stock: "9D 8S", corners: ["2H", "2S", "", "QC"] });
    const v = t.view(0);
    expect(v).toMatchObject({
      hand: ["5C", "KD"],
      handSizes: [2, 1, 2],
      stockTop: "9D",
      stock: 52 - 5 - 3,
      corners: [["2H"], ["2S"], [], ["QC"]],
    });
    const text = JSON.stringify(v);
    for (const hidden of ["6C", "7H", "8S"]) expect(text).not.toContain(hidden);
    expect(JSON.stringify(t.view(1))).not.toContain("KD");
  });

  it("give the spectator no hand", () => {
    const t = position({ hands: ["5C KD", "6C"], stock: "9D 8S", corners: ["2H", "2S", "", "QC"] });
    const v = t.view(SPECTATOR);
    expect(v.hand).toBeNull();
    for (const hidden of ["5C", "KD", "6C", "8S"]) expect(JSON.stringify(v)).not.toContain(hidden);
  });

  it("draw a board with the corners and the stock", () => {
    const t = position({ hands: ["5C KD", "6C"], stock: "9D 8S", corners: ["2H", "2S", "", "QC"] });
    const lines = royalCorners.board(viewSchema.parse(t.view(0))).join("\n");
    expect(lines).toContain("Bottom-right corner: (empty)");
    expect(lines).toContain("Stock: 9D (+45 unseen)");
    expect(lines).toContain("Your hand: 5C KD");
  });
});
