import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, type Viewer, applyMove, legalMoves } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { type RoyState, roy } from "./game.js";
import { DRAW, END, moveToJson, playMove } from "./moves.js";
import { FACING_ACES, FACING_KING, canContinue, canStart, nextHigher } from "./rules.js";
import { randomInt } from "../../engine/rng.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

function table(setup: Record<string, unknown>, players = 2, options: Record<string, unknown> = {}): Table {
  const t = Table.start(roy, { players, seed: 7, options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as RoyState;

interface Place {
  readonly players?: number;
  readonly turn?: number;
  readonly options?: Record<string, unknown>;
  /** The stock, top first; the cards named nowhere then go to seat `restTo`'s hand. */
  readonly stock?: string;
  readonly restTo?: number;
}

/**
 * A table in a hand's middle, built as a position (`position()`, then
 * `fromPosition`, so it is checked like any restored one): seat `turn` to
 * act, hands of any size, `discard` bottom first, the rest of the pack in the
 * stock unless the stock is named.
 */
function position(
  hands: string[],
  discard: string,
  { players = hands.length, turn = 1, options = {}, stock, restTo = 0 }: Place = {},
): Table {
  const t = table({ dealer: (turn + players - 1) % players }, players, options);
  const pos = t.position();
  const s = pos.state as unknown as RoyState;
  s.hands = hands.map(cards);
  s.discard = cards(discard);
  s.suit = Math.floor(s.discard[s.discard.length - 1] / 13);
  s.upcard = s.discard[0];
  const used = new Set([...s.hands.flat(), ...s.discard, ...(stock === undefined ? [] : cards(stock))]);
  const rest = makePack().filter((x) => !used.has(x));
  // The stock array keeps its top card last.
  if (stock === undefined) s.stock = rest;
  else {
    s.stock = cards(stock).reverse();
    s.hands[restTo].push(...rest);
  }
  const r = Table.fromPosition(roy, pos);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const view = (t: Table, seat: Viewer) => roy.view(state(t), seat);
const legal = (t: Table, seat: number) => t.legalJson(seat);
const plays = (t: Table, seat: number) =>
  legal(t, seat)
    .filter((m) => m.type === "play" && m.suit === undefined)
    .map((m) => m.card);
function play(t: Table, seat: number, ...moves: string[]): void {
  for (const m of moves) {
    const json =
      m === "draw" || m === "end" ? { type: m } : m.includes("=") ? wild(m) : { type: "play", card: m };
    const r = t.playJson(seat, json);
    if (!r.ok) throw new Error(`${m}: ${r.error.message}`);
  }
}
const wild = (m: string) => ({ type: "play", card: m.split("=")[0], suit: m.split("=")[1] });

describe("ROY rulings", () => {
  it("rule 1: deals 7 each, turns up the top of the stock, and the player left of the dealer starts", () => {
    for (const players of [2, 3, 4]) {
      const t = table({ dealer: 1 }, players);
      const s = state(t);
      expect(s.hands.map((h) => h.length)).toEqual(new Array(players).fill(7));
      expect(s.discard).toHaveLength(1);
      expect(s.stock).toHaveLength(52 - 7 * players - 1);
      expect(t.status().toAct).toEqual([2 % players]);
    }
  });

  it("rule 1: the turned-up card has no power: the King of Spades and an Ace turned up are ordinary", () => {
    const king = table({ hands: [null, cards("KH 2S 3D")], discard: ["KS"] });
    expect(plays(king, 1)).toEqual(expect.arrayContaining(["KH", "2S"]));
    expect(legal(king, 1)).not.toContainEqual({ type: "draw" });
    const ace = table({ hands: [null, cards("2H 9C 4D 5D 6D 7D 8D")], discard: ["AH"] });
    expect(plays(ace, 1)).toEqual(["2H"]);
    play(ace, 1, "2H", "end");
    expect(state(ace).facing).toBe(0);
  });

  it("rule 1: a Jack turned up sets its own suit", () => {
    const t = table({ hands: [null, cards("2H 9C 4D 5D 6D 7D 8D")], discard: ["JH"] });
    expect(plays(t, 1)).toEqual(["2H"]);
  });

  it("rule 2: a player with a legal first card may not draw; one without draws one card and passes", () => {
    const t = position(["2C 3C", "5H 9D"], "9H");
    expect(legal(t, 1)).not.toContainEqual({ type: "draw" });
    const u = position(["5C 3C", "2C 3D"], "9H");
    const s = state(u);
    const next = s.stock[s.stock.length - 1];
    expect(legal(u, 1)).toEqual([{ type: "draw" }]);
    play(u, 1, "draw");
    expect(s.hands[1]).toEqual([...cards("2C 3D"), next]);
    expect(u.status().toAct).toEqual([0]);
  });

  it("rule 2: option drawWhenAble lets a player draw instead of playing", () => {
    const t = position(["2C 3C", "5H 9D"], "9H", { options: { drawWhenAble: true } });
    expect(legal(t, 1)).toContainEqual({ type: "draw" });
    play(t, 1, "draw");
    expect(state(t).hands[1]).toHaveLength(3);
  });

  it("rule 3: the first card matches the top's suit or rank", () => {
    expect(canStart(c("2H"), 2, c("7H"))).toBe(true);
    expect(canStart(c("2H"), 2, c("2S"))).toBe(true);
    expect(canStart(c("2H"), 2, c("3S"))).toBe(false);
    // After a wild Jack announcing clubs: clubs and Jacks.
    expect(canStart(c("JH"), 0, c("4C"))).toBe(true);
    expect(canStart(c("JH"), 0, c("4H"))).toBe(false);
    const t = position(["2C", "2S 3S 3C 4C 7H 8H 9D"], "2H");
    expect(plays(t, 1).sort()).toEqual(["2S", "7H", "8H"]);
  });

  it("rule 3: further cards have the top's rank or are the next higher card of its suit (the seed's example)", () => {
    const t = position(["2C", "2S 3S 3C 4C 7H 8H 9D"], "2H");
    play(t, 1, "2S");
    expect(plays(t, 1)).toEqual(["3S"]);
    play(t, 1, "3S");
    expect(plays(t, 1)).toEqual(["3C"]);
    play(t, 1, "3C", "4C");
    expect(plays(t, 1)).toEqual([]);
    expect(legal(t, 1)).toEqual([{ type: "end" }]);
    play(t, 1, "end");
    expect(state(t).hands[1].sort((a, b) => a - b)).toEqual(cards("9D 7H 8H"));
  });

  it("rule 3: Aces are high only: Q-K-A is a run, A-2 is not", () => {
    expect(nextHigher(c("QS"))).toBe(c("KS"));
    expect(nextHigher(c("KS"))).toBe(c("AS"));
    expect(canContinue(c("KH"), c("AH"))).toBe(true);
    expect(canContinue(c("AH"), c("2H"))).toBe(false);
    const t = position(["2C", "QD KD AD 2D"], "9D");
    play(t, 1, "QD", "KD", "AD");
    expect(plays(t, 1)).toEqual([]);
  });

  it("rule 3: the player may stop after any card, but not before the first", () => {
    const t = position(["2C", "5H 6H 7H"], "9H");
    expect(legal(t, 1)).not.toContainEqual({ type: "end" });
    play(t, 1, "5H");
    expect(legal(t, 1)).toContainEqual({ type: "end" });
    play(t, 1, "end");
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 4: a Jack may always open a turn as a wild card, which ends the turn at once", () => {
    const t = position(["2C 3C", "JS 9D 4C"], "5H");
    const wilds = legal(t, 1).filter((m) => m.suit !== undefined);
    expect(wilds).toEqual("CDHS".split("").map((suit) => ({ type: "play", card: "JS", suit })));
    expect(plays(t, 1)).toEqual([]);
    // A wild Jack is a legal first card, so the player may not draw.
    expect(legal(t, 1)).not.toContainEqual({ type: "draw" });
    play(t, 1, "JS=C");
    expect(t.status().toAct).toEqual([0]);
    expect(state(t).suit).toBe(0);
  });

  it("rule 4: after a wild Jack the next player follows the announced suit or plays a Jack", () => {
    const t = position(["2C 3D JD 9S", "JS 9D 4C"], "5H");
    play(t, 1, "JS=C");
    expect(plays(t, 0).sort()).toEqual(["2C", "JD"]);
  });

  it("rule 4: a Jack played as a normal card follows rule 3 and has no power (the seed's TH JH JS QS)", () => {
    const t = position(["2C", "TH JH JS QS 4D"], "9H");
    play(t, 1, "TH", "JH");
    // A Jack within a run is never wild.
    expect(legal(t, 1).filter((m) => m.suit !== undefined)).toEqual([]);
    play(t, 1, "JS", "QS", "end");
    expect(state(t).discard.slice(-4)).toEqual(cards("TH JH JS QS"));
    expect(state(t).facing).toBe(0);
  });

  it("rule 4: after a wild Jack and a draw, the announced suit still governs the next first card", () => {
    const t = position(["2C 3C 9S", "JS 9D 4D", "5D 6D"], "5H", { players: 3 });
    play(t, 1, "JS=C");
    expect(legal(t, 2)).toEqual([{ type: "draw" }]);
    play(t, 2, "draw");
    expect(plays(t, 0).sort()).toEqual(["2C", "3C"]);
  });

  it("rule 4: a wild Jack may be the player's last card, and wins the hand", () => {
    const t = position(["2C 3C 9S", "JS"], "5H");
    play(t, 1, "JS=D");
    expect(state(t).result).toMatchObject({ winners: [1], points: [0, 3], reason: "went out" });
  });

  it("rule 5: a turn ending on an Ace makes the next player play an Ace or draw 2 and lose the turn", () => {
    const t = position(["2C 3C 4C 5C 6C", "KH AH 9D", "7S 8S"], "QH", { players: 3 });
    play(t, 1, "KH", "AH", "end");
    expect(legal(t, 2)).toEqual([{ type: "draw" }]);
    play(t, 2, "draw");
    expect(state(t).hands[2]).toHaveLength(4);
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 5: the Aces count across turns: two Aces draw 4, four Aces in succession draw 8", () => {
    const t = position(["AC AS 5C", "KH AH 9D", "AD 8S 3S"], "QH", { players: 3 });
    play(t, 1, "KH", "AH", "end");
    expect(plays(t, 2)).toEqual(["AD"]);
    play(t, 2, "AD", "end");
    expect(state(t).liveAces).toBe(2);
    expect(t.view(0).drawCount).toBe(4);
    play(t, 0, "AC", "AS", "end");
    expect(state(t).liveAces).toBe(4);
    play(t, 1, "draw");
    expect(state(t).hands[1]).toHaveLength(1 + 8);
  });

  it("rule 5: a wild Jack does not answer an Ace, and once the penalty is drawn the Ace is ordinary", () => {
    const t = position(["3H 9C AC", "KH AH 9D", "JS 2H 5S"], "QH", { players: 3 });
    play(t, 1, "KH", "AH", "end");
    expect(legal(t, 2)).toEqual([{ type: "draw" }]);
    play(t, 2, "draw");
    expect(state(t).facing).toBe(0);
    expect(state(t).liveAces).toBe(0);
    // Seat 0 plays on the Ace of hearts by its suit: no Ace needed.
    expect(plays(t, 0)).toEqual(["3H", "AC"]);
    // An Ace played on the ordinary Ace starts a new run of one: 2 cards, not 4.
    play(t, 0, "AC", "end");
    expect(t.view(1)).toMatchObject({ facing: "aces", liveAces: 1, drawCount: 2 });
  });

  it("rule 5: a player facing an Ace who holds one must play it (unless drawWhenAble)", () => {
    const t = position(["AC 5C", "KH AH 9D"], "QH");
    play(t, 1, "KH", "AH", "end");
    expect(legal(t, 0)).toEqual([{ type: "play", card: "AC" }]);
    const u = position(["AC 5C", "KH AH 9D"], "QH", { options: { drawWhenAble: true } });
    play(u, 1, "KH", "AH", "end");
    expect(legal(u, 0)).toEqual([{ type: "play", card: "AC" }, { type: "draw" }]);
  });

  it("rule 5: four Aces played in one turn are a run of four: the next player draws 8", () => {
    const t = position(["2C 3C 9S", "AH AD AC AS 9D"], "5H");
    play(t, 1, "AH", "AD", "AC", "AS", "end");
    expect(legal(t, 0)).toEqual([{ type: "draw" }]);
    play(t, 0, "draw");
    expect(state(t).hands[0]).toHaveLength(3 + 8);
  });

  it("rule 5: an Ace played on the turned-up Ace starts a run of one", () => {
    const t = table({ hands: [null, cards("AC 9C 4D 5D 6D 7D 8D")], discard: ["AH"] });
    play(t, 1, "AC", "end");
    expect(t.view(0)).toMatchObject({ facing: "aces", liveAces: 1, drawCount: 2 });
  });

  it("rule 5 and rule 7: an Ace penalty reshuffles the pile under the Ace and keeps the Ace on top", () => {
    // Seat 0 holds the rest of the pack but no Ace, so it must take the penalty.
    const t = position(["", "KH AH 9D AC AD AS"], "7H 8S QH", { stock: "2D" });
    const s = state(t);
    play(t, 1, "KH", "AH", "end");
    play(t, 0, "draw");
    // 2D from the stock, then one of 7H 8S QH KH from the reshuffled pile.
    expect(s.discard).toEqual(cards("AH"));
    expect(s.stock).toHaveLength(3);
    expect(t.view(1)).toMatchObject({ facing: "nothing", liveAces: 0, top: "AH", reshuffles: 1 });
  });

  it("rule 6: a turn ending on the King of Spades makes the next player draw 7 and lose the turn", () => {
    const t = position(["KD 3H 2S", "QS KS 9D", "JD 4C 5H"], "9S", { players: 3 });
    play(t, 1, "QS", "KS", "end");
    expect(state(t).facing).toBe(FACING_KING);
    expect(legal(t, 2)).toEqual([{ type: "draw" }]);
    play(t, 2, "draw");
    expect(state(t).hands[2]).toHaveLength(3 + 7);
    // The player after plays on it normally.
    expect(t.status().toAct).toEqual([0]);
    expect(plays(t, 0).sort()).toEqual(["2S", "KD"]);
  });

  it("rule 6: special cards count only on top at the end of a turn", () => {
    const t = position(["2C 3C 4C 5C 6C", "QS KS AS 9D", "JS 2H 5S"], "9S", { players: 3 });
    play(t, 1, "QS", "KS", "AS", "end");
    expect(state(t).facing).toBe(FACING_ACES);
    expect(t.view(2).drawCount).toBe(2);
  });

  it("rule 6: the King of Spades inside a run has no power when another card ends the turn", () => {
    const t = position(["2C 3C 9C", "QS KS KH 9D"], "9S");
    play(t, 1, "QS", "KS", "KH", "end");
    expect(t.view(0)).toMatchObject({ facing: "nothing", drawCount: 1 });
    expect(plays(t, 0)).toEqual([]);
  });

  it("rule 7: an empty stock is refilled from the discard pile but its top card", () => {
    // Everything else sits in seat 0's hand, so the stock is only the old discards.
    const t = position(["", "4D 5D"], "7H 8H 9H 9S", { stock: "" });
    const s = state(t);
    play(t, 1, "draw");
    expect(s.discard).toEqual(cards("9S"));
    expect(s.hands[1]).toHaveLength(3);
    expect(s.stock).toHaveLength(2);
    expect([...s.stock, s.hands[1][2]].sort((a, b) => a - b)).toEqual(cards("7H 8H 9H"));
  });

  it("rule 7: a player who must draw more than there is draws what there is and passes", () => {
    const t = position(["", "QS KS 9D", "2H 5D"], "9S 8S", { players: 3, stock: "3H 4H" });
    const s = state(t);
    play(t, 1, "QS", "KS", "end");
    play(t, 2, "draw");
    // Two from the stock, then the old discards 9S 8S, then QS: the King stays on top.
    expect(s.hands[2]).toHaveLength(2 + 5);
    expect(s.discard).toEqual(cards("KS"));
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 7: when nobody can play or draw the position repeats and the hand is drawn", () => {
    // Only with drawWhenAble: one pack cannot fill the hands with cards that never follow.
    const t = position(["", "3D"], "9H", { stock: "", options: { drawWhenAble: true } });
    play(t, 1, "draw");
    play(t, 0, "draw");
    expect(state(t).handOver).toBe(true);
    expect(state(t).result).toMatchObject({ winners: [], points: [0, 0] });
  });

  it("rule 8: the first with no cards wins at once, mid-turn, and scores 1 per card the opponents hold", () => {
    const t = position(["2C 3C 4C", "5H 6H", "9S 8S 7S 6S"], "9H", { players: 3 });
    play(t, 1, "5H", "6H");
    const s = state(t);
    expect(s.handOver).toBe(true);
    expect(s.result).toMatchObject({ winners: [1], points: [0, 7, 0], reason: "went out" });
    expect(t.status().scores).toEqual([0, 7, 0]);
  });

  it("rule 8: the first to the target (option `target`) wins the match", () => {
    const t = position(["2C 3C 4C", "5H"], "9H", { options: { target: 3 } });
    play(t, 1, "5H");
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [0, 3] });
    expect(t.next().ok).toBe(false);
  });

  it("passes the deal to the left after every hand", () => {
    const t = position(["2C 3C", "9D", "4D"], "9S", { players: 3 });
    play(t, 1, "9D");
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ dealer: 1, hand: 2, toAct: [2] });
    expect(state(t).hands.map((h) => h.length)).toEqual([7, 7, 7]);
  });

  it("refuses bad set-ups with one clear line", () => {
    const twice = Table.start(roy, { players: 2, seed: 1, setup: { hands: [["AS"], ["AS"]] } });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const joker = Table.start(roy, { players: 2, seed: 1, setup: { stock: ["RJ"] } });
    expect(!joker.ok && joker.error.code).toBe("bad_setup");
    const big = Table.start(roy, {
      players: 2,
      seed: 1,
      setup: { hands: [cards("AS 2S 3S 4S 5S 6S 7S 9S")] },
    });
    expect(!big.ok && big.error.message).toMatch(/holds 7/);
    const part = Table.start(roy, { players: 2, seed: 1, setup: { corners: ["AS"] } });
    expect(!part.ok && part.error.message).toMatch(/no part "corners"/);
    const full = Table.start(roy, { players: 4, seed: 1, setup: { stock: makePack().slice(0, 30) } });
    expect(!full.ok && full.error).toMatchObject({
      code: "bad_setup",
      message: expect.stringMatching(/too few/),
    });
  });

  it("moves round-trip through their wire form and refuse nonsense", () => {
    for (const m of [DRAW, END, c("7H") * 8 + 4, c("JS") * 8 + 2]) {
      const back = roy.moveFromJson(roy.moveToJson(m));
      expect(back.ok && back.value).toBe(m);
    }
    expect(roy.moveFromJson({ type: "play", card: "7H", suit: "S" }).ok).toBe(false);
    expect(roy.moveFromJson({ type: "pass" }).ok).toBe(false);
    expect(moveToJson(c("JS") * 8 + 2)).toEqual({ type: "play", card: "JS", suit: "H" });
  });
  it("plays the rules page's example", () => {
    const t = position(["9C QC 5D 6D 7D", "2S 3S 3C 4C 7H 8H QS KS"], "2H");
    expect(plays(t, 1).sort()).toEqual(["2S", "7H", "8H"]);
    play(t, 1, "2S", "3S", "3C", "4C", "end");
    play(t, 0, "QC", "end");
    play(t, 1, "QS", "KS", "end");
    expect(legal(t, 0)).toEqual([{ type: "draw" }]);
    play(t, 0, "draw");
    expect(state(t).hands[0]).toHaveLength(4 + 7);
    expect(t.status().toAct).toEqual([1]);
  });

  it("clone copies everything a move changes", () => {
    const t = position(["2C 3C 9C", "QS KS 9D"], "9S 8S");
    const s = state(t);
    const before = JSON.stringify(roy.dump(s));
    const copy = roy.clone(s);
    for (const m of [playMove(c("QS")), playMove(c("KS")), END]) applyMove(roy, copy, 1, m);
    applyMove(roy, copy, 0, DRAW);
    expect(copy.hands[0]).toHaveLength(10);
    expect(JSON.stringify(roy.dump(s))).toBe(before);
    expect(roy.toAct(s)).toEqual([1]);
  });
});

describe("ROY views", () => {
  it("show a seat its own hand and only the sizes of the others", () => {
    const t = position(["2C 3C", "9D"], "9S");
    const v = t.view(0);
    expect(v).toMatchObject({ hand: ["2C", "3C"], handSizes: [2, 1], top: "9S", seat: 0, turn: 1 });
    expect(JSON.stringify(v)).not.toContain("9D");
    for (const x of state(t).stock) expect(JSON.stringify(v)).not.toContain(`"${formatCard(x)}"`);
  });

  it("show the spectator no hand", () => {
    const t = position(["2C 3C", "9D"], "9S");
    const v = t.view(SPECTATOR);
    expect(v.hand).toBeNull();
    for (const x of ["2C", "3C", "9D"]) expect(JSON.stringify(v)).not.toContain(`"${x}"`);
  });

  it("are snapshots: playing on does not change a view already taken", () => {
    const t = position(["2C 3C 4C", "5H"], "9H");
    const before = JSON.stringify(t.view(0));
    const v = t.view(0);
    play(t, 1, "5H");
    expect(JSON.stringify(v)).toBe(before);
  });

  it("tell the player what it faces and how many cards a draw takes", () => {
    const t = position(["2C 3C 4C 5C 6C", "QS KS 9D"], "9S");
    play(t, 1, "QS", "KS", "end");
    expect(t.view(0)).toMatchObject({ facing: "king", drawCount: 7 });
    expect(roy.board(view(t, 0)).join("\n")).toMatch(/You face the King of spades/);
    expect(roy.board(view(t, 1)).join("\n")).toMatch(/Seat 0 faces the King of spades/);
    // Facing the King, no first card is played: the board does not ask for one.
    expect(roy.board(view(t, 0)).join("\n")).not.toMatch(/to start, play/);
    // Otherwise it says what a first card must be, in words.
    expect(roy.board(view(position(["2C 3C", "9D"], "9S"), 0)).join("\n")).toMatch(
      /to start, play a spade or a 9/,
    );
  });
});

describe("ROY's board facing Aces", () => {
  const facingAces = (hand0: string, options: Record<string, unknown> = {}) => {
    const t = position([hand0, "AS 9D 4H"], "9S", { options });
    play(t, 1, "AS", "end");
    return t;
  };

  it("asks for an Ace, not a draw, while drawing is not legal", () => {
    const t = facingAces("AC 3C 4C");
    expect(legal(t, 0).some((m) => m.type === "draw")).toBe(false);
    const line = roy.board(view(t, 0)).join("\n");
    expect(line).toMatch(/You face 1 Ace: play an Ace \(no drawing while you hold one\)/);
    expect(line).not.toMatch(/Ace\(s\)|or draw/);
  });

  it("says draw when there is no Ace to answer with, and both with drawWhenAble", () => {
    expect(roy.board(view(facingAces("2C 3C 4C"), 0)).join("\n")).toMatch(
      /You face 1 Ace: no Ace to answer with, so draw 2/,
    );
    const able = facingAces("AC 3C 4C", { drawWhenAble: true });
    expect(legal(able, 0).some((m) => m.type === "draw")).toBe(true);
    expect(roy.board(view(able, 0)).join("\n")).toMatch(/You face 1 Ace: play an Ace or draw 2/);
    // Another seat's hand is hidden: its line says both.
    expect(roy.board(view(facingAces("2C 3C 4C"), 1)).join("\n")).toMatch(
      /Seat 0 faces 1 Ace: plays an Ace if it holds one, else draws 2/,
    );
  });

  it("counts cards in the singular and plural", () => {
    const t = position(["2C", "AS 9D 4H"], "9S", { stock: "5D", restTo: 1 });
    const lines = roy.board(view(t, 1));
    expect(lines).toContain("seat 0: 1 card");
    expect(lines.join("\n")).toMatch(/Stock: 1 card$/m);
  });
});

describe("ROY playouts", () => {
  it("end every hand well under the move limit", () => {
    for (const options of [{}, { drawWhenAble: true }]) {
      const r = roy.start({
        players: 2,
        seed: 3,
        options: { target: 100, drawWhenAble: false, scoring: "cards", upcardActs: false, ...options },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      for (let hands = 0; hands < 300;) {
        if (s.handOver) {
          expect(s.result?.reason).not.toMatch(/draw/);
          expect(s.moves).toBeLessThan(roy.moveLimit / 2);
          hands++;
          s.matchOver = false;
          roy.nextHand(s);
          continue;
        }
        const seat = roy.toAct(s)[0];
        const l = legalMoves(roy, s, seat);
        applyMove(roy, s, seat, l[randomInt(s.rng, l.length)]);
      }
    }
  });
});
