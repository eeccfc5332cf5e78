import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, type Viewer, applyMove, legalMoves } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { type EightsState, crazyEights } from "./game.js";
import { DRAW, PASS, moveToJson } from "./moves.js";
import { blockedScores, cardPoints } from "./rules.js";
import { randomInt } from "../../engine/rng.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

function table(setup: Record<string, unknown>, players = 2, options: Record<string, unknown> = {}): Table {
  const t = Table.start(crazyEights, { players, seed: 7, options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as EightsState;

interface Place {
  /** The stock, top first; the rest of the pack then lies in the discard pile under the top card. */
  readonly stock?: string;
  readonly turn?: number;
}

/**
 * The table `t` moved to a position (through `position()` and `fromPosition`, so
 * it is checked like any restored one): hands as named, `top` on the discard
 * pile, the rest of the pack in the stock unless the stock is named.
 */
function placed(t: Table, hands: string[], top: string, { stock, turn }: Place = {}): Table {
  const pos = t.position();
  const s = pos.state as unknown as EightsState;
  s.hands = hands.map(cards);
  const used = new Set([...s.hands.flat(), c(top), ...(stock === undefined ? [] : cards(stock))]);
  const rest = makePack().filter((x) => !used.has(x));
  // The stock array keeps its top card last.
  s.stock = stock === undefined ? rest : cards(stock).reverse();
  s.discard = stock === undefined ? [c(top)] : [...rest, c(top)];
  s.suit = Math.floor(c(top) / 13);
  if (turn !== undefined) s.turn = turn;
  s.toActSeats = [s.turn];
  s.drawn = 0;
  s.passes = 0;
  const r = Table.fromPosition(crazyEights, pos);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A table in a hand's middle: hands of any size, dealer seat 0. */
function position(
  hands: string[],
  top: string,
  players = 2,
  options: Record<string, unknown> = {},
  place: Place = {},
): Table {
  return placed(table({ dealer: 0 }, players, options), hands, top, place);
}
const view = (t: Table, seat: Viewer) => crazyEights.view(state(t), seat);
const legalJson = (t: Table, seat: number) => t.legalJson(seat);

describe("Crazy Eights rulings", () => {
  it("rule 1: deals 7 each, turns up the top of the stock, and the non-dealer starts", () => {
    const t = table({ dealer: 0 });
    const s = state(t);
    expect(s.hands.map((h) => h.length)).toEqual([7, 7]);
    expect(s.discard).toHaveLength(1);
    expect(s.stock).toHaveLength(52 - 15);
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 2: plays a card of the same suit or rank, or any Eight with a called suit", () => {
    const t = table({ hands: [null, cards("5H 9C 8S 2D 3D 4D 6D")], discard: ["9H"] });
    const moves = legalJson(t, 1);
    expect(moves).toContainEqual({ type: "play", card: "5H" });
    expect(moves).toContainEqual({ type: "play", card: "9C" });
    for (const suit of "CDHS") expect(moves).toContainEqual({ type: "play", card: "8S", suit });
    expect(moves).not.toContainEqual({ type: "play", card: "2D" });
  });

  it("rule 2: after an Eight, the next card follows the called suit or is another Eight", () => {
    const t = position(["8C 2H 3H 4H 5H 6H 7H", "KD 9S 8H 2C 3C 4C 5C"], "KS");
    expect(t.play(1, c("9S") * 8 + 4).ok).toBe(true);
    expect(t.playJson(0, { type: "play", card: "8C", suit: "D" }).ok).toBe(true);
    const moves = legalJson(t, 1).filter((m) => m.type === "play");
    expect(moves.map((m) => m.card)).toEqual(expect.arrayContaining(["KD", "8H"]));
    expect(moves.map((m) => m.card)).not.toContain("2C");
  });

  it("rule 2: an Eight turned up at the start has only its own suit", () => {
    const t = table({ hands: [null, cards("2S 3S 4S 5S 6S 7S 2D")], discard: ["8D"] });
    expect(legalJson(t, 1).filter((m) => m.type === "play")).toEqual([{ type: "play", card: "2D" }]);
  });

  it("rule 3: a player may draw instead of playing, keeps the card, and the turn goes on", () => {
    const t = table({ hands: [null, cards("5H 2C 3C 4C 6C 7C 9C")], discard: ["9H"], stock: ["KD"] });
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(state(t).hands[1]).toContain(c("KD"));
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 3: with the stock empty, a player with no legal card passes; one who can play must", () => {
    const t = position(["2C", "3S"], "9H", 2, {}, { stock: "" });
    expect(legalMoves(crazyEights, state(t), 1)).toEqual([PASS]);
    const u = position(["2C", "9S"], "9H", 2, {}, { stock: "" });
    expect(legalMoves(crazyEights, state(u), 1).map(moveToJson)).toEqual([{ type: "play", card: "9S" }]);
    expect(legalMoves(crazyEights, state(u), 1)).not.toContain(DRAW);
  });

  it("rule 3: a blocked hand ends when every player passes in a row", () => {
    const t = position(["2C 3C", "KS"], "9H", 2, {}, { stock: "" });
    expect(t.playJson(1, { type: "pass" }).ok).toBe(true);
    expect(t.playJson(0, { type: "pass" }).ok).toBe(true);
    const s = state(t);
    expect(s.handOver).toBe(true);
    expect(s.result?.reason).toBe("blocked");
    // 2C + 3C = 5 against KS = 10: seat 0 scores the difference.
    expect(s.result?.points).toEqual([5, 0]);
    expect(t.eventsFor(0).find((e) => e.type === "score")).toMatchObject({
      seat: 0,
      points: 5,
      why: "blocked, the lowest hand takes the differences (5): seat 0's 2C (2) + 3C (3) = 5; seat 1's KS (10)",
    });
  });

  it("rule 4: going out scores the opponents' cards: Eight 50, J Q K 10, Ace 1, others their rank", () => {
    expect(["8C", "JD", "QH", "KS", "AS", "7D"].map((t) => cardPoints(c(t)))).toEqual([50, 10, 10, 10, 1, 7]);
    const t = position(["8C KD AS 7D", "9H"], "9S");
    expect(t.playJson(1, { type: "play", card: "9H" }).ok).toBe(true);
    expect(state(t).result?.points).toEqual([0, 68]);
    expect(t.status().scores).toEqual([0, 68]);
  });

  it("rule 4: in a blocked hand equal lowest totals score nothing", () => {
    expect(blockedScores([10, 10, 30])).toEqual([0, 0, 0]);
    expect(blockedScores([5, 10, 30])).toEqual([30, 0, 0]);
  });

  it("rule 5: the first to the target wins the match", () => {
    const t = position(["8C 8D", "9H"], "9S", 2, { target: 100 });
    expect(t.playJson(1, { type: "play", card: "9H" }).ok).toBe(true);
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [0, 100] });
    expect(t.next().ok).toBe(false);
  });

  it("passes the deal to the left after every hand", () => {
    const t = position(["2C 3C", "9H", "4D"], "9S", 3);
    expect(t.playJson(1, { type: "play", card: "9H" }).ok).toBe(true);
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ dealer: 1, hand: 2, toAct: [2] });
  });

  it("refuses bad set-ups with one clear line", () => {
    const twice = Table.start(crazyEights, { players: 2, seed: 1, setup: { hands: [["AS"], ["AS"]] } });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const joker = Table.start(crazyEights, { players: 2, seed: 1, setup: { stock: ["RJ"] } });
    expect(!joker.ok && joker.error.code).toBe("bad_setup");
    const big = Table.start(crazyEights, {
      players: 2,
      seed: 1,
      setup: { hands: [cards("AS 2S 3S 4S 5S 6S 7S 9S")] },
    });
    expect(!big.ok && big.error.message).toMatch(/holds 7/);
  });
});

describe("Crazy Eights views", () => {
  it("show a seat its own hand and only the sizes of the others", () => {
    const t = position(["2C 3C", "9H"], "9S");
    expect(t.view(0)).toMatchObject({ hand: ["2C", "3C"], handSizes: [2, 1], top: "9S" });
    expect(JSON.stringify(t.view(0))).not.toContain("9H");
    expect(t.view(SPECTATOR).hand).toBeNull();
  });
});

describe("Crazy Eights views and board", () => {
  it("show the player to act the cards it drew this turn, and nobody else", () => {
    const t = table({
      hands: [cards("2C 3C 4C 5C 6C 7C 9C"), cards("2D 3D 4D 5D 6D 7D 9D")],
      discard: ["KH"],
      stock: ["QS", "AH", "JS"],
    });
    expect(view(t, 1).drawn).toEqual([]);
    t.playJson(1, { type: "draw" });
    t.playJson(1, { type: "draw" });
    expect(view(t, 1).drawn).toEqual(["QS", "AH"]);
    expect(view(t, 0).drawn).toEqual([]);
    expect(view(t, SPECTATOR).drawn).toEqual([]);
    expect(crazyEights.board(view(t, 1))).toContain("You drew: QS AH");
    t.playJson(1, { type: "play", card: "AH" });
    expect(view(t, 1).drawn).toEqual([]);
    t.playJson(0, { type: "draw" });
    expect(view(t, 0).drawn).toEqual(["JS"]);
  });

  it("board: the suit to follow, a called suit, an empty stock and whose turn it is", () => {
    const t = position(["8C 2H", "KD 9S 3C"], "KS");
    expect(crazyEights.board(view(t, 1))).toEqual([
      "Hand 1 · dealer seat 0 · playing to 100",
      "Scores: seat 0 0, you 0",
      "Discard: KS, play a spade, a King or an Eight    Stock: 46 cards",
      "seat 0: 2 cards",
      "Your hand: 3C KD 9S",
    ]);
    const u = position(["8C 2H", "KD 9S 3C"], "KS", 2, {}, { stock: "AS" });
    u.playJson(1, { type: "play", card: "9S" });
    u.playJson(0, { type: "play", card: "8C", suit: "D" });
    const lines = crazyEights.board(view(u, SPECTATOR));
    expect(lines).toContain("Discard: 8C, diamonds called: play a diamond or an Eight    Stock: 1 card");
    expect(lines).toContain("seat 0: 1 card");
    expect(lines).toContain("To play: seat 1");
    const empty = position(["8C 2H", "KD 9S 3C"], "KS", 2, {}, { stock: "" });
    expect(crazyEights.board(view(empty, 1))[2]).toMatch(/Stock: empty/);
  });

  it("board: an Eight turned up at the start is followed in its own suit", () => {
    const t = table({ discard: ["8D"] });
    expect(crazyEights.board(view(t, 1))[2]).toMatch(/^Discard: 8D, play a diamond or an Eight/);
  });
});

describe("Crazy Eights playouts", () => {
  it("end every hand under the move limit", () => {
    const g = crazyEights;
    const r = g.start({ players: 2, seed: 3, options: { target: 100, draw: "any" } });
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    for (let hands = 0; hands < 200;) {
      if (s.handOver) {
        expect(s.result?.reason).not.toMatch(/move limit/);
        hands++;
        if (s.matchOver) break;
        g.nextHand(s);
        continue;
      }
      const seat = g.toAct(s)[0];
      const l = legalMoves(g, s, seat);
      applyMove(g, s, seat, l[randomInt(s.rng, l.length)]);
    }
  });
});

describe("Crazy Eights rulings, edge cases", () => {
  it("rule 1: with more players, the player left of the dealer starts", () => {
    expect(table({ dealer: 2 }, 3).status().toAct).toEqual([0]);
    expect(table({ dealer: 1 }, 5).status().toAct).toEqual([2]);
    expect(state(table({ dealer: 3 }, 5)).hands.every((h) => h.length === 7)).toBe(true);
  });

  it("rule 2: any Eight may still be played on an Eight turned up at the start", () => {
    const t = table({ hands: [null, cards("8C 3S 4S 5S 6S 7S 9S")], discard: ["8D"] });
    const plays = legalJson(t, 1).filter((m) => m.type === "play");
    expect(plays).toHaveLength(4);
    expect(plays.every((m) => m.card === "8C")).toBe(true);
    expect(state(t).suit).toBe(1);
  });

  it("rule 3: draws come one at a time from the top of the stock", () => {
    const t = table({
      hands: [null, cards("5H 2C 3C 4C 6C 7C 9C")],
      discard: ["9H"],
      stock: ["KD", "QD", "2S"],
    });
    t.playJson(1, { type: "draw" });
    t.playJson(1, { type: "draw" });
    expect(state(t).hands[1].slice(-2)).toEqual(cards("KD QD"));
    expect(state(t).stock.at(-1)).toBe(c("2S"));
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 3: a player with no legal card must draw", () => {
    const t = table({ hands: [null, cards("2C 3C 4C 5C 6C 7C 9C")], discard: ["KH"] });
    expect(legalJson(t, 1)).toEqual([{ type: "draw" }]);
  });

  it("rule 3: drawing the last card with nothing to play leaves only a pass", () => {
    const t = position(["2C", "3S 4S"], "9H", 2, {}, { stock: "5S", turn: 1 });
    expect(t.playJson(1, { type: "draw" }).ok).toBe(true);
    expect(legalJson(t, 1)).toEqual([{ type: "pass" }]);
  });

  it("rule 3: a play between passes means the hand is not blocked yet", () => {
    const t = position(["2C 3C", "KS 9S", "4D"], "9H", 3, {}, { stock: "" });
    const s = state(t);
    // Seat 1 (left of dealer 0) plays 9S; seat 2 and seat 0 pass; seat 1 plays KS and goes out.
    expect(t.playJson(1, { type: "play", card: "9S" }).ok).toBe(true);
    expect(t.playJson(2, { type: "pass" }).ok).toBe(true);
    expect(t.playJson(0, { type: "pass" }).ok).toBe(true);
    expect(s.handOver).toBe(false);
    expect(t.playJson(1, { type: "play", card: "KS" }).ok).toBe(true);
    expect(s.result).toMatchObject({ reason: "went out", winners: [1], points: [0, 9, 0] });
  });

  it("rule 4: a blocked hand with three players: the lowest total scores both differences", () => {
    const t = position(["2C 3C", "KS", "QD KD JC"], "9H", 3, {}, { stock: "" });
    for (const seat of [1, 2, 0]) expect(t.playJson(seat, { type: "pass" }).ok).toBe(true);
    // 5 against 10 and 30: seat 0 scores 5 + 25.
    expect(state(t).result).toMatchObject({ reason: "blocked", winners: [0], points: [30, 0, 0] });
  });

  it("rule 4: a blocked hand with equal lowest totals scores nothing and has no winner", () => {
    const t = position(["2C 3C", "5S", "KD"], "9H", 3, {}, { stock: "" });
    for (const seat of [1, 2, 0]) expect(t.playJson(seat, { type: "pass" }).ok).toBe(true);
    expect(state(t).result).toMatchObject({ reason: "blocked", winners: [], points: [0, 0, 0] });
    expect(t.status().scores).toEqual([0, 0, 0]);
  });

  it("rule 4: going out scores every opponent's cards", () => {
    const t = position(["9H", "AS 2S", "8D QC"], "9S", 3, {}, { turn: 0 });
    expect(t.playJson(0, { type: "play", card: "9H" }).ok).toBe(true);
    expect(state(t).result).toMatchObject({ reason: "went out", winners: [0], points: [63, 0, 0] });
  });

  it("rule 5: the match goes on below the target and ends at it (option target)", () => {
    const t = position(["8C", "9H"], "9S", 2, { target: 51 });
    expect(t.playJson(1, { type: "play", card: "9H" }).ok).toBe(true);
    expect(t.status()).toMatchObject({ matchOver: false, scores: [0, 50] });
    expect(t.next().ok).toBe(true);
    const without = placed(t, ["AC", "9C"], "9S");
    expect(without.playJson(0, { type: "play", card: "9C" }).ok).toBe(false);
    expect(without.status().toAct).toEqual([0]);
    const u = placed(t, ["9C", "AC"], "9S");
    expect(u.playJson(0, { type: "play", card: "9C" }).ok).toBe(true);
    expect(u.status()).toMatchObject({ matchOver: false, scores: [1, 50] });
  });
});
