import { describe, expect, it } from "vitest";
import { type Card, isJoker, makePack } from "../../engine/cards.js";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, type MoveJson, applyMove, legalMoves } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { type CoasterState, rollerCoaster } from "./game.js";
import { DRAW, END, PASS, moveFromJson, moveToJson } from "./moves.js";
import { cycleRank, packsFor } from "./rules.js";
import { handOf, setHand } from "./state.js";
import { viewSchema } from "./view.js";
import { greedy } from "./bot.js";
import { cardsIn } from "../../../test/game-properties.js";

const c = (t: string): Card => (parseCard(t) as { value: Card }).value;
const cards = (t: string): Card[] => (t.trim() ? (parseCards(t) as { value: Card[] }).value : []);

function table(
  setup: Record<string, unknown> = {},
  players = 2,
  options: Record<string, unknown> = {},
): Table {
  const t = Table.start(rollerCoaster, { players, seed: 7, options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as CoasterState;
/** The view, read with its schema (which also checks it). */
const viewOf = (t: Table, viewer: number | typeof SPECTATOR) => viewSchema.parse(t.view(viewer));

/** A table at a position: `edit` changes a copy of the state's plain data, which must restore. */
function restored(t: Table, edit: (s: CoasterState) => void): Table {
  const p = t.position();
  const s = structuredClone(p.state) as unknown as CoasterState;
  edit(s);
  const r = Table.fromPosition(rollerCoaster, { ...p, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A table in a hand's middle: hands of any size, a pile (bottom first, no
 * jokers), seat `turn` to start a run, the rest of the packs (or `stock`, top first) in the stock.
 */
function position(
  hands: string[],
  pile: string,
  opts: {
    players?: number;
    turn?: number;
    options?: Record<string, unknown>;
    stock?: string;
    /** With `stock`: the seat that holds the rest of the packs (else they lie under the pile). */
    restTo?: number;
    scores?: number[];
  } = {},
): Table {
  const players = opts.players ?? hands.length;
  return restored(table({}, players, opts.options ?? {}), (s) => {
    const left = makePack({ packs: s.packs, jokers: 2 });
    const take = (x: Card) => left.splice(left.indexOf(x), 1);
    const held = hands.map(cards);
    held.forEach((h) => h.forEach(take));
    s.discard = cards(pile);
    s.discard.forEach(take);
    s.stock = opts.stock === undefined ? left : cards(opts.stock).reverse();
    if (opts.stock !== undefined) {
      cards(opts.stock).forEach(take);
      if (opts.restTo === undefined) s.discard = left.concat(s.discard);
      else held[opts.restTo] = (held[opts.restTo] ?? []).concat(left);
    }
    for (let p = 0; p < players; p++) setHand(s, p, held[p] ?? []);
    s.pileRanks = s.discard.map((x) => (isJoker(x) ? -1 : cycleRank(x)));
    const turn = opts.turn ?? 0;
    s.turn = turn;
    s.toActSeats[0] = turn;
    s.played = 0;
    s.dir = 0;
    s.trailing = 0;
    s.fromEmpty = s.discard.length === 0;
    s.anchor = s.fromEmpty ? -1 : s.pileRanks[s.pileRanks.length - 1];
    s.passes = 0;
    if (opts.scores) s.scores = opts.scores;
  });
}

const legal = (t: Table, seat: number): MoveJson[] => t.legalJson(seat);
const plays = (t: Table, seat: number): string[] =>
  legal(t, seat).flatMap((m) => (m.type === "play" ? [m.card as string] : []));
const canEnd = (t: Table, seat: number) => legal(t, seat).some((m) => m.type === "end");

/** Plays the cards in order (each must be legal), then ends the run if `end`. */
function run(t: Table, seat: number, texts: string, end = true): void {
  for (const x of texts.split(" ")) {
    const r = t.playJson(seat, { type: "play", card: x });
    if (!r.ok) throw new Error(`${x}: ${r.error.message}`);
  }
  if (end && !t.state.handOver) {
    const r = t.playJson(seat, { type: "end" });
    if (!r.ok) throw new Error(`end: ${r.error.message}`);
  }
}
/** Can the seat play these cards in order in one run (ending there)? */
function runIsLegal(t: Table, seat: number, texts: string): boolean {
  const copy = t.game.clone(t.state) as CoasterState;
  for (const x of texts.split(" ")) {
    const m = c(x);
    if (!legalMoves(rollerCoaster, copy, seat).includes(m)) return false;
    applyMove(rollerCoaster, copy, seat, m);
  }
  return copy.handOver || legalMoves(rollerCoaster, copy, seat).includes(END);
}

describe("Roller Coaster rulings", () => {
  it("rule 1: one pack with 2 jokers up to 6 players, two packs (4 jokers) for 7 to 12", () => {
    for (let players = 2; players <= 12; players++) {
      const t = table({}, players);
      const size = players <= 6 ? 54 : 108;
      const s = state(t);
      const total = s.stock.length + s.discard.length + s.sizes.reduce((a, b) => a + b, 0);
      expect(total).toBe(size);
      expect(packsFor(players, "auto")).toBe(players <= 6 ? 1 : 2);
      const jokers = JSON.stringify(t.dump()).match(/"(RJ|BJ)"/g) ?? [];
      expect(jokers).toHaveLength(players <= 6 ? 2 : 4);
    }
  });

  it('rule 1: option packs "1" or "2" overrides; one pack cannot serve 11 or 12 players', () => {
    expect(state(table({}, 3, { packs: "2" })).stock.length).toBe(108 - 15);
    expect(state(table({}, 10, { packs: "1" })).stock.length).toBe(54 - 50);
    const r = Table.start(rollerCoaster, { players: 11, seed: 1, options: { packs: "1" } });
    expect(!r.ok && r.error).toEqual({
      code: "bad_option",
      message:
        'one pack (54 cards) cannot deal 5 cards each to 11 players and leave a stock; use packs "auto" or "2"',
    });
    const bad = Table.start(rollerCoaster, { players: 2, seed: 1, options: { packs: 3 } });
    expect(!bad.ok && bad.error.code).toBe("bad_option");
  });

  it("rule 1: ranks are cyclic: on an Ace both the King and the 2 follow; suits do not matter", () => {
    const t = position(["KS 2H 2D 5C", "3C"], "AC");
    expect(plays(t, 0).sort()).toEqual(["2D", "2H", "KS"]);
  });

  it("rule 2: deals 5 each, the rest face down, an empty pile, and the player left of the dealer starts", () => {
    const t = table({ dealer: 2 }, 4);
    const s = state(t);
    expect(s.sizes).toEqual([5, 5, 5, 5]);
    expect(s.discard).toEqual([]);
    expect(s.stock).toHaveLength(54 - 20);
    expect(t.status().toAct).toEqual([3]);
    expect(table({ dealer: 3 }, 4).status().toAct).toEqual([0]);
  });

  it("rule 3: a player may draw instead of playing; the card joins the hand and the turn passes", () => {
    const t = position(["JC 4D", "3C"], "QH", { stock: "7S 8S" });
    expect(legal(t, 0)).toContainEqual({ type: "play", card: "JC" });
    expect(legal(t, 0)).toContainEqual({ type: "draw" });
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    expect(handOf(state(t), 0)).toEqual(cards("4D 7S JC"));
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 4: the rule text's example on a Queen: K, J, K-A, K-A-2 are legal; K-Q-J and J-10-9-10 are not", () => {
    const t = position(["KS AD 2C JH TC 9D QS TH 5C", "3C"], "QH");
    for (const ok of ["KS", "JH", "KS AD", "KS AD 2C"]) expect(runIsLegal(t, 0, ok), ok).toBe(true);
    for (const bad of ["KS QS JH", "JH TC 9D TH"]) expect(runIsLegal(t, 0, bad), bad).toBe(false);
  });

  it("rule 4: the first card sets the direction, and the run loops past the Ace: Q K A 2 3, then 2 A K", () => {
    const t = position(["KS AD 2C 3H 7C", "2D AS KH 9C"], "QH");
    run(t, 0, "KS AD 2C 3H");
    expect(plays(t, 1)).toEqual(["2D"]);
    run(t, 1, "2D AS KH");
    expect(state(t).discard.slice(-3)).toEqual(cards("2D AS KH"));
  });

  it("rule 4: on an empty pile the run needs two cards: a card opens only with a continuation", () => {
    const t = position(["5C 9D KS 6D", "3C"], "");
    expect(plays(t, 0).sort()).toEqual(["5C", "6D"]);
    run(t, 0, "5C", false);
    expect(canEnd(t, 0)).toBe(false);
    expect(plays(t, 0)).toEqual(["6D"]);
    const lonely = position(["5C 9D", "3C"], "");
    expect(legal(lonely, 0)).toEqual([{ type: "draw" }]);
  });

  it("rule 4: on an empty pile the second card sets the direction", () => {
    const t = position(["5C 6D 4H 7S 3D", "3C"], "");
    run(t, 0, "5C 6D", false);
    expect(plays(t, 0)).toEqual(["7S"]);
    expect(canEnd(t, 0)).toBe(true);
  });

  it("rule 5: a joker is never first: on a pile it cannot open the run, nor on an empty one", () => {
    expect(plays(position(["RJ KS", "3C"], "QH"), 0)).toEqual(["KS"]);
    expect(plays(position(["RJ BJ 5C", "3C"], ""), 0)).toEqual([]);
  });

  it("rule 5: a joker is never last: no end right after it, and none without a card to follow", () => {
    const t = position(["JC RJ 9D 4S", "3C"], "QH");
    run(t, 0, "JC", false);
    expect(plays(t, 0)).toEqual(["RJ"]);
    run(t, 0, "RJ", false);
    expect(canEnd(t, 0)).toBe(false);
    expect(plays(t, 0)).toEqual(["9D"]);
    // Holding only J and a joker on a Queen: the joker could never be followed.
    const stuck = position(["JC RJ 4S", "3C"], "QH");
    run(stuck, 0, "JC", false);
    expect(plays(stuck, 0)).toEqual([]);
    // The joker as the last card in hand would end the run.
    const last = position(["JC RJ", "3C"], "QH");
    run(last, 0, "JC", false);
    expect(plays(last, 0)).toEqual([]);
  });

  it("rule 5: a joker stands for the next rank in the run's direction, and the pile records it", () => {
    const t = position(["JC RJ 9D 4S", "3C"], "QH");
    run(t, 0, "JC RJ 9D");
    expect(t.view(1)).toMatchObject({
      discard: ["QH", "JC", "RJ", "9D"],
      discardRanks: ["Q", "J", "T", "9"],
      top: "9D",
      topRank: "9",
    });
    const two = position(["JC RJ BJ 8D 4S", "3C"], "QH");
    run(two, 0, "JC RJ BJ 8D");
    expect(state(two).pileRanks.slice(-4)).toEqual([10, 9, 8, 7]);
  });

  it("rule 5: on an empty pile a joker after the first card waits for the next card to know its rank", () => {
    const t = position(["5C RJ 7S 4H", "3C"], "");
    run(t, 0, "5C RJ", false);
    expect(t.view(0)).toMatchObject({ discardRanks: ["5", null], run: { direction: null } });
    expect(plays(t, 0)).toEqual(["7S"]);
    run(t, 0, "7S");
    expect(t.view(1)).toMatchObject({ discardRanks: ["5", "6", "7"] });
    const down = position(["5C RJ 3S 4H", "3C"], "");
    run(down, 0, "5C RJ 3S");
    expect(state(down).pileRanks).toEqual([4, 3, 2]);
  });

  it("rule 6: when the stock is out, the pile but its top card is shuffled into a new stock", () => {
    const t = position(["9C", "3C"], "4D 5H 6S 7C", { stock: "", restTo: 1 });
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    const s = state(t);
    expect(s.discard).toEqual(cards("7C"));
    expect(s.pileRanks).toEqual([6]);
    expect(s.stock.length + s.sizes[0]).toBe(3 + 1);
    expect([...s.stock, ...handOf(s, 0)].sort()).toEqual(cards("4D 5H 6S 9C").sort());
  });

  it("rule 6: with nothing to draw a player passes; when all pass in a row the fewest cards win, ties share", () => {
    const t = position(["9C 9D", "3C", "4C", "TS JS QS"], "7H", { stock: "", restTo: 3 });
    expect(legal(t, 0)).toEqual([{ type: "pass" }]);
    expect(legalMoves(rollerCoaster, state(t), 0)).toEqual([PASS]);
    for (const seat of [0, 1, 2]) expect(t.playJson(seat, { type: "pass" }).ok).toBe(true);
    expect(t.status().handOver).toBe(false);
    expect(t.playJson(3, { type: "pass" }).ok).toBe(true);
    expect(state(t).result).toMatchObject({ winners: [1, 2], points: [0, 1, 1, 0] });
    expect(t.status()).toMatchObject({ matchOver: true, scores: [0, 1, 1, 0], winners: [1, 2] });
  });

  it("rule 6: a pass is allowed with nothing to draw even when a play is possible; a play resets the passes", () => {
    const t = position(["8C 2D", "3C 4D", ""], "7H", { stock: "", restTo: 2 });
    expect(legal(t, 0)).toEqual([{ type: "play", card: "8C" }, { type: "pass" }]);
    expect(t.playJson(0, { type: "pass" }).ok).toBe(true);
    expect(state(t).passes).toBe(1);
    expect(legal(t, 1)).toEqual([{ type: "pass" }]);
    expect(t.playJson(1, { type: "pass" }).ok).toBe(true);
    expect(t.status().handOver).toBe(false);
    expect(t.playJson(2, { type: "pass" }).ok).toBe(true);
    expect(t.status().handOver).toBe(true);
    expect(state(t).result?.winners).toEqual([0, 1]);
  });

  it("rule 7: the first with an empty hand wins the hand; scores count hands won", () => {
    const t = position(["KS AD", "3C 4C"], "QH");
    run(t, 0, "KS AD");
    expect(state(t).result).toMatchObject({ winners: [0], points: [1, 0], reason: "went out" });
    expect(t.status()).toMatchObject({ handOver: true, matchOver: true, scores: [1, 0], winners: [0] });
  });

  it("rule 7: with handsToWin the match goes on, the deal passing left, until someone wins that many", () => {
    const t = position(["KS AD", "3C 4C", "5C"], "QH", { options: { handsToWin: 2 } });
    run(t, 0, "KS AD");
    expect(t.status()).toMatchObject({ matchOver: false, scores: [1, 0, 0] });
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ hand: 2, dealer: 1, toAct: [2] });
    expect(state(t).sizes).toEqual([5, 5, 5]);
    expect(state(t).discard).toEqual([]);
  });

  it("rule 7: a hand drawn at the move limit scores nothing, and the match goes on until someone wins enough", () => {
    const t = restored(table({}, 3, { handsToWin: 3 }), (x) => (x.scores = [2, 0, 0]));
    const s = state(t);
    rollerCoaster.drawHand(s, "draw: the hand reached 10000 moves");
    expect(t.status()).toMatchObject({ handOver: true, matchOver: false, scores: [2, 0, 0] });
    expect(s.result).toMatchObject({ winners: [], points: [0, 0, 0] });
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ hand: 2, dealer: 1, toAct: [2], handOver: false });
  });

  it("rule 7: with one hand to win, a drawn hand is dealt again rather than ending the match with no winner", () => {
    const t = table({}, 2);
    rollerCoaster.drawHand(state(t), "draw: the hand reached 10000 moves");
    expect(t.status()).toMatchObject({ handOver: true, matchOver: false, scores: [0, 0] });
  });
});

describe("Roller Coaster moves", () => {
  it("round-trip through their wire form and read 10 for T", () => {
    for (const m of [END, DRAW, PASS, c("TD"), c("RJ"), c("BJ"), c("AS")]) {
      expect(moveFromJson(moveToJson(m))).toEqual({ ok: true, value: m });
    }
    expect(moveFromJson({ type: "play", card: "10h" })).toEqual({ ok: true, value: c("TH") });
    expect(moveFromJson({ type: "jump" }).ok).toBe(false);
  });

  it("list identical cards from two packs once", () => {
    const t = position(["KS KS JH JH", "3C", "3D", "3H", "3S", "4C", "4D"], "QH");
    expect(legal(t, 0)).toEqual([
      { type: "play", card: "KS" },
      { type: "play", card: "JH" },
      { type: "draw" },
    ]);
  });
});

describe("Roller Coaster views", () => {
  it("show a seat its own hand and only the sizes of the others and the stock", () => {
    const t = position(["2C 3C", "9H TD JS"], "8S");
    const v = t.view(0);
    expect(v).toMatchObject({ hand: ["2C", "3C"], handSizes: [2, 3], top: "8S", stock: 54 - 6 });
    const text = JSON.stringify(v);
    for (const hidden of [...["9H", "TD", "JS"], ...state(t).stock.map((x) => formatCard(x))]) {
      expect(text).not.toContain(`"${hidden}"`);
    }
    expect(t.view(SPECTATOR).hand).toBeNull();
    expect(JSON.stringify(t.view(SPECTATOR))).not.toContain('"2C"');
  });

  it("are snapshots: a view taken earlier does not change as the match goes on", () => {
    const t = position(["KS AD", "3C 4C", "5C"], "QH", { options: { handsToWin: 2 } });
    const [before, dumped] = [t.view(1), t.dump()];
    run(t, 0, "KS AD");
    expect(t.view(1).scores).toEqual([1, 0, 0]);
    expect(before.scores).toEqual([0, 0, 0]);
    expect(dumped.scores).toEqual([0, 0, 0]);
  });

  it("hide a drawn card from the others, in views and events", () => {
    const t = position(["2C 3C", "9H"], "8S", { stock: "KD 4S" });
    const since = t.seq;
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    expect(JSON.stringify(t.view(1))).not.toContain("KD");
    expect(t.view(0).hand).toContain("KD");
    const move = { seq: since + 1, type: "move", seat: 0, move: { type: "draw" } };
    expect(t.eventsFor(1, since)).toEqual([move]);
    expect(t.eventsFor(SPECTATOR, since)).toEqual([move]);
    expect(t.eventsFor(0, since)).toEqual([{ ...move, card: "KD" }]);
  });

  it("after a reshuffle, list the turned cards for all and each seat's own draws from them", () => {
    const t = position(["9C 9D 9H", "5C"], "2H 3H 4H", { stock: "KD", restTo: 1 });
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    const since = t.seq;
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(t.eventsFor(SPECTATOR, since)[0]).toMatchObject({ type: "reshuffle", turned: ["2H", "3H"] });
    expect(t.playJson(0, { type: "draw" }).ok).toBe(true);
    const mine = viewOf(t, 0).turnedDrawnByMe;
    const theirs = viewOf(t, 1).turnedDrawnByMe;
    expect([...mine, ...theirs].sort()).toEqual(["2H", "3H"]);
    for (const viewer of [0, 1, SPECTATOR] as const) {
      expect(t.view(viewer)).toMatchObject({ turned: ["2H", "3H"], turnedDraws: [1, 1], discard: ["4H"] });
    }
    expect(viewOf(t, SPECTATOR).turnedDrawnByMe).toEqual([]);
  });

  it("stay under 8 KB with 12 players and two packs, whatever the pile and the hands hold", () => {
    const r = rollerCoaster.start({
      players: 12,
      seed: 3,
      options: { packs: "2", handsToWin: 1, mustPlay: false, newStock: "shuffle" },
    });
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    const rng = Rng.fromSeed("big views");
    let largest = 0;
    for (let i = 0; i < 4000 && !s.handOver; i++) {
      const seat = rollerCoaster.toAct(s)[0];
      const l = legalMoves(rollerCoaster, s, seat);
      applyMove(rollerCoaster, s, seat, l[rng.int(l.length)]);
      if (i % 10 === 0) largest = Math.max(largest, JSON.stringify(rollerCoaster.view(s, 0)).length);
    }
    // With the hand's history in it, a view grew to hundreds of KB.
    expect(largest).toBeLessThan(8 * 1024);
  });

  it("draw a board with the pile, the joker's rank and the hand", () => {
    const t = position(["JC RJ 9D 4S", "3C"], "QH");
    run(t, 0, "JC RJ 9D");
    const lines = rollerCoaster.board(viewOf(t, 1));
    expect(lines.join("\n")).toContain("QH JC RJ(=T) 9D");
    expect(lines.join("\n")).toContain("Your hand: 3C");
  });
});

describe("Roller Coaster set-ups", () => {
  it("refuse bad set-ups with one clear line", () => {
    const twice = Table.start(rollerCoaster, { players: 2, seed: 1, setup: { hands: [["AS"], ["AS"]] } });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const six = Table.start(rollerCoaster, {
      players: 2,
      seed: 1,
      setup: { hands: [cards("AS 2S 3S 4S 5S 6S").map(formatCard)] },
    });
    expect(!six.ok && six.error.message).toMatch(/holds 5/);
    const joker = Table.start(rollerCoaster, { players: 2, seed: 1, setup: { discard: ["5C", "RJ"] } });
    expect(!joker.ok && joker.error).toMatchObject({
      code: "bad_setup",
      message: expect.stringMatching(/joker/),
    });
    const part = Table.start(rollerCoaster, { players: 2, seed: 1, setup: { crib: ["5C"] } });
    expect(!part.ok && part.error.code).toBe("bad_setup");
  });

  it("refuse, with one line, a set-up naming so many cards that the hands cannot be filled", () => {
    const r = Table.start(rollerCoaster, {
      players: 10,
      seed: 1,
      options: { packs: "1" },
      setup: { stock: ["AC", "2C", "3C", "4C"], discard: ["5C", "6C"] },
    });
    expect(!r.ok && r.error).toEqual({
      code: "bad_setup",
      message: "the set-up leaves 48 cards to fill the hands, which need 50",
    });
  });

  it("accept hands, stock (top first) and a starting pile (bottom first); two packs allow duplicates", () => {
    const t = table({ hands: [["KS", "AD"]], stock: ["7C", "8C"], discard: ["3H", "QH"] });
    const s = state(t);
    expect(handOf(s, 0)).toEqual(expect.arrayContaining(cards("KS AD")));
    expect(s.stock.slice(-2)).toEqual(cards("8C 7C"));
    expect(t.view(1)).toMatchObject({ top: "QH" });
    const dup = Table.start(rollerCoaster, { players: 8, seed: 1, setup: { hands: [["AS"], ["AS"]] } });
    expect(dup.ok).toBe(true);
  });
});

describe("Roller Coaster playouts", () => {
  it("random hands keep cards, leave the player a move, and name no card never seen face up", () => {
    const g = rollerCoaster;
    for (const players of [2, 7, 12]) {
      const r = g.start({
        players,
        seed: players,
        options: { packs: "auto", handsToWin: 1, mustPlay: false, newStock: "shuffle" },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      const rng = Rng.fromSeed(players);
      let reshuffles = 0;
      for (let i = 0; i < 3000 && !s.handOver; i++) {
        const seat = g.toAct(s)[0];
        const l = legalMoves(g, s, seat);
        expect(l.length).toBeGreaterThan(0);
        const from = s.reshuffles;
        applyMove(g, s, seat, l[rng.int(l.length)]);
        if (s.reshuffles !== from) reshuffles++;
        const size = s.stock.length + s.discard.length + s.sizes.reduce((a, b) => a + b, 0);
        expect(size).toBe(players <= 6 ? 54 : 108);
        if (i % 25 === 0) {
          // No card wholly in the stock or the other hands, and not turned from the pile, may be named in seat 0's view.
          const out = new Map<Card, number>();
          for (const x of [
            ...s.stock,
            ...Array.from({ length: players - 1 }, (_, p) => handOf(s, p + 1)).flat(),
          ])
            out.set(x, (out.get(x) ?? 0) + 1);
          const copies = players <= 6 ? 1 : 2;
          const seen = new Set(cardsIn(g.view(s, 0)));
          for (const [x, n] of out)
            if (n === copies && !s.turned.includes(x)) expect(seen.has(x), formatCard(x)).toBe(false);
        }
      }
      expect(reshuffles).toBeGreaterThan(0);
    }
  });

  it("greedy players finish their hands well inside the move limit", () => {
    const g = rollerCoaster;
    for (const players of [2, 5, 12]) {
      const r = g.start({
        players,
        seed: 11,
        options: { packs: "auto", handsToWin: 5, mustPlay: false, newStock: "shuffle" },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      while (!s.matchOver) {
        if (s.handOver) {
          expect(s.result?.winners.length).toBeGreaterThan(0);
          expect(s.moves).toBeLessThan(g.moveLimit / 4);
          g.nextHand(s);
          continue;
        }
        const seat = g.toAct(s)[0];
        applyMove(g, s, seat, greedy.choose(g.view(s, seat), legalMoves(g, s, seat), Rng.fromWords(s.rng)));
      }
      expect(Math.max(...s.scores)).toBe(5);
    }
  });
});

describe("Roller Coaster greedy bot", () => {
  const choose = (t: Table, seat: number) =>
    moveToJson(greedy.choose(viewOf(t, seat), t.legal(seat), Rng.fromSeed(1)));
  it("plays the longest run it can, to the end", () => {
    const t = position(["JC KS AD 2C 3H 7C", "3C"], "QH");
    expect(choose(t, 0)).toEqual({ type: "play", card: "KS" });
    run(t, 0, "KS AD 2C 3H", false);
    expect(choose(t, 0)).toEqual({ type: "end" });
  });

  it("uses a joker to bridge a gap in a long run, but keeps it for a short one", () => {
    const long = position(["JC RJ 9D 8S 7H 4S", "3C"], "QH");
    run(long, 0, "JC", false);
    expect(choose(long, 0)).toEqual({ type: "play", card: "RJ" });
    const short = position(["JC RJ 9D 4S", "3C"], "QH");
    run(short, 0, "JC", false);
    expect(choose(short, 0)).toEqual({ type: "end" });
  });

  it("spends a joker to go out, and draws only when it cannot play", () => {
    const out = position(["JC RJ 9D", "3C"], "QH");
    expect(choose(out, 0)).toEqual({ type: "play", card: "JC" });
    run(out, 0, "JC", false);
    expect(choose(out, 0)).toEqual({ type: "play", card: "RJ" });
    expect(choose(position(["5C 9D", "3C"], "QH"), 0)).toEqual({ type: "draw" });
    expect(choose(position(["5C 6D", "3C"], ""), 0).type).toBe("play");
  });
});
