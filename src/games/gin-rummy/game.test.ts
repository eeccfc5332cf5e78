import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, type Viewer, applyMove, legalMoves } from "../../engine/game.js";
import { defaultOptions } from "../../engine/options.js";
import { Rng, shuffleWith } from "../../engine/rng.js";
import { handWords } from "../../engine/seeds.js";
import { Table } from "../../engine/table.js";
import { candidates, deadwoodAfterDraw, greedy, medium, settle, unseenCards } from "./bot.js";
import { bestDiscardDeadwood } from "./melds.js";
import { ginRummy } from "./game.js";
import { meldLines } from "./view.js";
import { DRAW, PASS, TAKE, discardMove, isDiscard, isKnock } from "./moves.js";
import { matchBonuses } from "./rules.js";
import { DISCARD, DRAW_PHASE, type GinState, OFFER, options } from "./state.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t.split(" ").filter(Boolean)) as { value: number[] }).value;

function table(setup: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Table {
  const t = Table.start(ginRummy, { players: 2, seed: 7, options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as GinState;
/** The typed view of a seat at a table. */
const viewOf = (t: Table, viewer: Viewer) => ginRummy.view(state(t), viewer);

/**
 * A table restored at a position in a hand's middle: seat `turn` to act in
 * `phase` (discard: it holds 11 cards), `top` on the discard pile, the stock
 * as given (top first; the cards placed nowhere lie under the top discard) or
 * the rest of the pack. Dealer is seat 0. `edit` changes the state further.
 */
function position(
  hands: [string, string],
  top: string,
  {
    turn = 1,
    phase = DISCARD,
    stock,
    options = {},
    edit,
  }: {
    turn?: number;
    phase?: number;
    stock?: string;
    options?: Record<string, unknown>;
    edit?: (s: GinState) => void;
  } = {},
): Table {
  const p = table({ dealer: 0 }, options).position();
  const s = structuredClone(p.state) as unknown as GinState;
  s.hands = [cards(hands[0]), cards(hands[1])];
  const used = new Set([...s.hands.flat(), c(top), ...(stock ? cards(stock) : [])]);
  const rest = makePack().filter((x) => !used.has(x));
  s.stock = stock ? cards(stock).reverse() : rest;
  s.discard = stock ? [...rest, c(top)] : [c(top)];
  s.turn = turn;
  s.toActSeats = [turn];
  s.phase = phase;
  edit?.(s);
  const t = Table.fromPosition(ginRummy, { ...p, state: s });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const play = (t: Table, seat: number, move: Record<string, unknown>) => {
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(r.error.message);
};

const KNOCKER = "3H 4H 5H 6H 8C 8D 8S AC 2D 4C QS";
const DEFENDER = "7H 8H KC KD KS QC JS 9S 2S 5D";

describe("Gin Rummy rulings", () => {
  it("rule 1: deals 10 each and turns up the top of the stock as the first discard", () => {
    const t = table({ dealer: 0 });
    const s = state(t);
    expect(s.hands.map((h) => h.length)).toEqual([10, 10]);
    expect(s.discard).toHaveLength(1);
    expect(s.stock).toHaveLength(31);
    expect(t.view(1)).toMatchObject({ phase: "offer", turn: 1 });
  });

  it("rule 2: the non-dealer may take the up-card, then discards (not that card) to end the turn", () => {
    const t = table({ dealer: 0, discard: ["5H"] });
    expect(t.legalJson(1)).toEqual([{ type: "take" }, { type: "pass" }]);
    play(t, 1, { type: "take" });
    const moves = t.legalJson(1);
    expect(moves).toHaveLength(10);
    expect(moves).not.toContainEqual({ type: "discard", card: "5H" });
    play(t, 1, moves[0]);
    expect(t.status().toAct).toEqual([0]);
    expect(t.legalJson(0)).toEqual([{ type: "take" }, { type: "draw" }]);
  });

  it("rule 2: if the non-dealer refuses, the dealer may take the up-card and discard", () => {
    const t = table({ dealer: 0 });
    play(t, 1, { type: "pass" });
    expect(t.status().toAct).toEqual([0]);
    expect(t.legalJson(0)).toEqual([{ type: "take" }, { type: "pass" }]);
    play(t, 0, { type: "take" });
    play(t, 0, t.legalJson(0)[0]);
    expect(t.status().toAct).toEqual([1]);
    expect(state(t).phase).toBe(DRAW_PHASE);
  });

  it("rule 2: if both refuse, the non-dealer must draw from the stock", () => {
    const t = table({ dealer: 0 });
    play(t, 1, { type: "pass" });
    play(t, 0, { type: "pass" });
    expect(t.status().toAct).toEqual([1]);
    expect(t.legal(1)).toEqual([DRAW]);
    play(t, 1, { type: "draw" });
    expect(state(t).hands[1]).toHaveLength(11);
  });

  it("rule 3: a turn takes the top discard or the top of the stock, then discards one card", () => {
    const t = position(["2C 3C 4C 9D TD JD 5S 6S QH KH", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "9S", {
      turn: 0,
      phase: DRAW_PHASE,
      stock: "4D 7C 8C 2H",
    });
    expect(t.legal(0)).toEqual([TAKE, DRAW]);
    play(t, 0, { type: "draw" });
    expect(state(t).hands[0]).toContain(c("4D"));
    expect(t.legalJson(0)).toContainEqual({ type: "discard", card: "4D" });
    play(t, 0, { type: "discard", card: "4D" });
    expect(state(t).discard.at(-1)).toBe(c("4D"));
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 3: a card taken from the discard pile may not be discarded in the same turn", () => {
    const t = position(["2C 3C 4C 9D TD JD 5S 6S QH KH", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "9S", {
      turn: 0,
      phase: DRAW_PHASE,
    });
    play(t, 0, { type: "take" });
    expect(t.legalJson(0)).not.toContainEqual({ type: "discard", card: "9S" });
    expect(t.playJson(0, { type: "discard", card: "9S" }).ok).toBe(false);
    expect(t.legalJson(0)).toHaveLength(10);
  });

  it("rule 4: knocking counts the least-deadwood arrangement (Q-K-A is no run, a card in one meld only)", () => {
    const other = "AC 2C 3C 9D TD JD QC KH AH 8H";
    const knocks = (t: Table) => t.legalJson(1).filter((m) => m.type === "knock");
    // Four Sevens: three make a set and 7S runs with 8S 9S, so discarding KC leaves 5 (as a set of four, 22).
    const four = position([other, "7C 7D 7H 7S 8S 9S AS 2S 3S 5D KC"], "4D");
    expect(knocks(four)).toContainEqual({ type: "knock", card: "KC" });
    // 7H goes in the run 5H 6H 7H, the other Sevens make a set: QS out leaves AS (1); four Sevens would leave 12.
    const share = position([other, "5H 6H 7H 7C 7D 7S 4S 4D 4C AS QS"], "6D");
    expect(knocks(share)).toContainEqual({ type: "knock", card: "QS" });
    // Ace is low only: Q-K-A of hearts is no run, so 21 remains and nobody knocks.
    const acehigh = position([other.replace("KH AH", "5S 6S"), "QH KH AH 2D 3D 4D 5D 6D 7D 8D 9S"], "6C");
    expect(knocks(acehigh)).toEqual([]);
  });

  it("rule 5: a player with deadwood 10 or less after the discard may knock", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    const knocks = t.legalJson(1).filter((m) => m.type === "knock");
    // Deadwood AC 2D 4C QS: dropping QS leaves 7, dropping 4C leaves 13.
    expect(knocks).toEqual([{ type: "knock", card: "QS" }]);
    const strict = position([DEFENDER, KNOCKER], "9D", { options: { knockLimit: 6 } });
    expect(strict.legalJson(1).filter((m) => m.type === "knock")).toEqual([]);
  });

  it("rule 5: the defender lays off deadwood on the knocker's melds, one card at a time", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    play(t, 1, { type: "knock", card: "QS" });
    expect(t.status().toAct).toEqual([0]);
    expect(viewOf(t, 0).knock?.melds).toEqual([
      ["3H", "4H", "5H", "6H"],
      ["8C", "8D", "8S"],
    ]);
    expect(t.legalJson(0)).toEqual(
      expect.arrayContaining([
        { type: "layoff", card: "7H", meld: 0 },
        { type: "layoff", card: "8H", meld: 1 },
        { type: "done" },
      ]),
    );
    expect(t.legalJson(0)).not.toContainEqual({ type: "layoff", card: "8H", meld: 0 });
    play(t, 0, { type: "layoff", card: "7H", meld: 0 });
    // 8H now extends the run too.
    expect(t.legalJson(0)).toContainEqual({ type: "layoff", card: "8H", meld: 0 });
    play(t, 0, { type: "layoff", card: "8H", meld: 0 });
    // Nothing more to lay off: the hand is scored. Defender 36 (QC JC 9S 2S 5D), knocker 7.
    const s = state(t);
    expect(s.handOver).toBe(true);
    expect(s.result).toMatchObject({ points: [0, 29], winners: [1], reason: "knock" });
    expect(s.result?.detail).toMatchObject({
      melds: [
        [["KC", "KD", "KS"]],
        [
          ["3H", "4H", "5H", "6H", "7H", "8H"],
          ["8C", "8D", "8S"],
        ],
      ],
      deadwood: [36, 7],
      layoffs: [
        { card: "7H", meld: 0 },
        { card: "8H", meld: 0 },
      ],
    });
  });

  it("rule 5: no lay-offs after gin, nor with the option off", () => {
    const gin = position(["5S 4D 9C 9D 2C 3D 5C 8D JD QS", "AS 2S 3S 4S 5H 6H 7H KC KD KH QD"], "9H");
    play(gin, 1, { type: "knock", card: "QD" });
    expect(state(gin).handOver).toBe(true);
    // Defender: 65 in deadwood; 5S would have gone on the spade run.
    expect(state(gin).result).toMatchObject({ reason: "gin", points: [0, 90] });
    const off = position([DEFENDER, KNOCKER], "9D", { options: { layoffs: false } });
    play(off, 1, { type: "knock", card: "QS" });
    // Defender keeps 7H 8H: 51 - 7.
    expect(state(off).result).toMatchObject({ reason: "knock", points: [0, 44] });
  });

  it("rule 5: the defender may stop laying off with done", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    play(t, 1, { type: "knock", card: "QS" });
    play(t, 0, { type: "done" });
    expect(state(t).result).toMatchObject({ points: [0, 44] });
  });

  it("rule 6: gin scores the difference plus the gin bonus (option ginBonus)", () => {
    const gin = position(["5S 4D 9C 9D 2C 3D 5C 8D JD QS", "AS 2S 3S 4S 5H 6H 7H KC KD KH QD"], "9H", {
      options: { ginBonus: 20 },
    });
    play(gin, 1, { type: "knock", card: "QD" });
    expect(state(gin).result?.points).toEqual([0, 65 + 20]);
  });

  it("rule 6: an undercut (equal or less) gives the defender the difference plus the undercut bonus", () => {
    const t = position(["TH JH QH 6S 6D 6H KS KD KH AD", "AS 2S 3S 4D 4H 4C 7C 8C 9C 5D QD"], "2H");
    play(t, 1, { type: "knock", card: "QD" });
    expect(state(t).result).toMatchObject({ reason: "undercut", points: [29, 0], winners: [0] });
    const eq = position(["TH JH QH 6S 6D 6H KS KD KH 5H", "AS 2S 3S 4D 4H 4C 7C 8C 9C 5D QD"], "2H", {
      options: { undercutBonus: 10 },
    });
    play(eq, 1, { type: "knock", card: "QD" });
    expect(state(eq).result).toMatchObject({ reason: "undercut", points: [10, 0] });
  });

  it("rule 7: the player who draws the 50th card and discards without knocking makes the hand a draw", () => {
    const t = position(["2C 3C 4C 9D TD JD 5S 6S QH KH", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "9S", {
      turn: 0,
      phase: DRAW_PHASE,
      stock: "4D 7C AH",
    });
    play(t, 0, { type: "draw" });
    expect(state(t).stock).toHaveLength(2);
    play(t, 0, { type: "discard", card: "KH" });
    expect(state(t).handOver).toBe(true);
    expect(state(t).result).toMatchObject({ points: [0, 0], winners: [] });
    expect(state(t).result?.reason).toMatch(/dead hand/);
    expect(t.status().scores).toEqual([0, 0]);
  });

  it("rule 7: one card earlier the play goes on", () => {
    const t = position(["2C 3C 4C 9D TD JD 5S 6S QH KH", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "9S", {
      turn: 0,
      phase: DRAW_PHASE,
      stock: "4D 7C AH 8H",
    });
    play(t, 0, { type: "draw" });
    play(t, 0, { type: "discard", card: "KH" });
    expect(state(t).handOver).toBe(false);
  });

  it("rule 8: the first to the target wins the match", () => {
    const t = position([DEFENDER, KNOCKER], "9D", { options: { target: 40 } });
    play(t, 1, { type: "knock", card: "QS" });
    play(t, 0, { type: "done" });
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [0, 44] });
    expect(t.next().ok).toBe(false);
  });

  it("rule 8: bonuses standard adds 25 a hand won and 100 for the game, and doubles a shutout", () => {
    expect(matchBonuses([110, 40], [3, 2], 0)).toEqual({
      boxes: [75, 50],
      game: [100, 0],
      shutout: false,
      totals: [285, 90],
    });
    expect(matchBonuses([0, 105], [0, 2], 1)).toMatchObject({
      shutout: true,
      totals: [0, (105 + 50 + 100) * 2],
    });
    const t = position([DEFENDER, KNOCKER], "9D", { options: { target: 40, bonuses: "standard" } });
    play(t, 1, { type: "knock", card: "QS" });
    play(t, 0, { type: "done" });
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [0, (44 + 25 + 100) * 2] });
    expect(ginRummy.board(viewOf(t, 0))).toContain(
      "  Match bonuses: boxes you 0, seat 1 25; game you 0, seat 1 100; shutout doubles; totals you 0, seat 1 338",
    );
    const telecards = position([DEFENDER, KNOCKER], "9D", { options: { target: 40 } });
    play(telecards, 1, { type: "knock", card: "QS" });
    play(telecards, 0, { type: "done" });
    expect(telecards.status().scores).toEqual([0, 44]);
  });

  it("passes the deal to the left after every hand", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    play(t, 1, { type: "knock", card: "QS" });
    play(t, 0, { type: "done" });
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ dealer: 1, hand: 2, toAct: [0] });
  });

  it("refuses bad set-ups with one clear line", () => {
    const twice = Table.start(ginRummy, { players: 2, seed: 1, setup: { hands: [["AS"], ["AS"]] } });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const joker = Table.start(ginRummy, { players: 2, seed: 1, setup: { stock: ["RJ"] } });
    expect(!joker.ok && joker.error.code).toBe("bad_setup");
    const big = Table.start(ginRummy, {
      players: 2,
      seed: 1,
      setup: { hands: [cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")] },
    });
    expect(!big.ok && big.error.message).toMatch(/holds 10/);
    const two = Table.start(ginRummy, { players: 2, seed: 1, setup: { discard: ["AS", "2S"] } });
    expect(!two.ok && two.error.message).toBe("the discard pile starts with one card, the up-card");
    const three = Table.start(ginRummy, { players: 3, seed: 1 });
    expect(!three.ok && three.error.code).toBe("bad_option");
    const up = table({ upcard: "KH", hands: [cards("AS 2S"), []] });
    expect(state(up).discard).toEqual([c("KH")]);
  });

  it("refuses set-up parts that are not lists of cards, one line each", () => {
    const bad = (setup: Record<string, unknown>) => {
      const t = Table.start(ginRummy, { players: 2, seed: 1, setup });
      return t.ok ? "accepted" : `${t.error.code}: ${t.error.message}`;
    };
    expect(bad({ hands: "AS" })).toMatch(/^bad_setup: .*hands[^\n]*$/);
    expect(bad({ hands: [[["AS", "2C"]]] })).toMatch(/^bad_setup: .*hands[^\n]*$/);
    expect(bad({ hands: [[2.5]] })).toMatch(/^bad_setup: .*hands[^\n]*$/);
    expect(bad({ stock: [["AS", "2C"]] })).toMatch(/^bad_setup: .*stock[^\n]*$/);
    expect(bad({ discard: [["AS"]] })).toMatch(/^bad_setup: .*discard[^\n]*$/);
    expect(bad({ upcard: [["AS"]] })).toMatch(/^bad_setup: .*upcard[^\n]*$/);
    expect(bad({ upcard: ["AS"], hands: [null, cards("KD")] })).toBe("accepted");
  });

  it("every hand ends: the move limit counts lay-offs, so a knock still laying off at move 1000 is drawn", () => {
    const late = (moves: number) => {
      // A long hand of passes and swaps, as far as the move count is concerned.
      const t = position([DEFENDER, KNOCKER], "9D", { edit: (s) => (s.moves = moves) });
      play(t, 1, { type: "knock", card: "QS" });
      play(t, 0, { type: "layoff", card: "7H", meld: 0 });
      return state(t).result?.reason;
    };
    expect(late(990)).toBe(undefined);
    expect(late(998)).toBe("draw: the hand reached 1000 moves");
  });

  it("every hand ends: two players taking each other's discards for ever draw at the move limit", () => {
    const t = table({
      dealer: 0,
      hands: [cards("2C 3C 4C 9D TD JD 5S 6S QH KH"), cards("AC 2D 3S 5C 7D 9H JS QD KC KS")],
    });
    // KS, KH and QD go round: each turn takes the top discard and throws the first of them held (not the one taken).
    const round = cards("KS KH QD");
    const s = state(t);
    play(t, 1, { type: "pass" });
    play(t, 0, { type: "pass" });
    play(t, 1, { type: "draw" });
    while (!s.handOver) {
      const seat = s.turn;
      if (s.phase === DRAW_PHASE) play(t, seat, { type: "take" });
      const out = round.find((x) => x !== s.taken && s.hands[seat].includes(x))!;
      play(t, seat, { type: "discard", card: ginRummy.moveToJson(discardMove(out)).card });
    }
    expect(s.moves).toBe(ginRummy.moveLimit);
    expect(ginRummy.moveLimit).toBe(1000);
    expect(s.stock).toHaveLength(30);
    expect(s.result).toMatchObject({
      points: [0, 0],
      winners: [],
      reason: "draw: the hand reached 1000 moves",
    });
    expect(t.status()).toMatchObject({ handOver: true, matchOver: false, scores: [0, 0] });
    expect(t.next().ok).toBe(true);
  });
});

describe("Gin Rummy dealing and positions", () => {
  it("deals as the rules page says: the shuffled pack, 10 to the non-dealer, 10 to the dealer, the up-card, the stock", () => {
    for (const dealer of [0, 1]) {
      const s = state(table({ dealer }));
      const pack = shuffleWith(handWords(s.handSeed), makePack());
      expect(s.hands[1 - dealer]).toEqual(pack.slice(0, 10));
      expect(s.hands[dealer]).toEqual(pack.slice(10, 20));
      expect(s.discard).toEqual([pack[20]]);
      // The stock's top card (its last element) is the next card of the pack.
      expect(s.stock.slice().reverse()).toEqual(pack.slice(21));
    }
  });

  it("deals a set-up that names no card exactly as no set-up does", () => {
    const plain = Table.start(ginRummy, { players: 2, seed: 11 });
    const named = Table.start(ginRummy, { players: 2, seed: 11, setup: { dealer: 0 } });
    if (!plain.ok || !named.ok) throw new Error("no table");
    expect(named.value.dump()).toEqual(plain.value.dump());
  });

  it("keeps a hand named in a set-up exactly, even when shorter than a deal (an endgame)", () => {
    const t = table({ dealer: 0, hands: [cards("AS 2S"), null], upcard: "KH" });
    const s = state(t);
    expect(s.hands[0]).toEqual(cards("AS 2S"));
    expect(s.hands[1]).toHaveLength(10);
    expect(s.discard).toEqual([c("KH")]);
    expect(s.stock).toHaveLength(52 - 2 - 10 - 1);
  });

  it("restores a saved position exactly, and refuses a broken one with one line", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    play(t, 1, { type: "knock", card: "QS" });
    const back = Table.fromPosition(ginRummy, JSON.parse(JSON.stringify(t.position())));
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.legal(0)).toEqual(t.legal(0));
    expect(viewOf(back.value, 1)).toEqual(viewOf(t, 1));
    const broken = (edit: (s: GinState) => void) => {
      const p = t.position();
      const s = structuredClone(p.state) as unknown as GinState;
      edit(s);
      const r = Table.fromPosition(ginRummy, { ...p, state: s });
      return r.ok ? "restored" : `${r.error.code}: ${r.error.message}`;
    };
    expect(broken((s) => (s.turn = 1))).toBe("bad_setup: the defender lays off, not the knocker");
    expect(broken((s) => (s.knockerDeadwood = 3))).toBe("bad_setup: the knocker's deadwood is 7");
    expect(broken((s) => (s.takenFromDiscard[0] = [c("AS")]))).toBe(
      "bad_setup: seat 0 does not hold every card listed as taken face up",
    );
    expect(broken((s) => s.hands[0].push(s.stock.pop()!))).toBe("restored");
    expect(broken((s) => s.hands[0].push(c("QS")))).toMatch(/^bad_setup: the position holds QS more times/);
  });
});

describe("Gin Rummy public knowledge", () => {
  it("shows every seat the cards taken face up (until thrown), the cards each seat discarded and passed on", () => {
    const t = table({ dealer: 0, upcard: "5H", hands: [cards("5C 5D 2S 4S 6S 8S TS QS KS AD"), null] });
    play(t, 1, { type: "pass" });
    play(t, 0, { type: "take" });
    for (const v of [0, 1, SPECTATOR] as const) {
      expect(viewOf(t, v)).toMatchObject({ takenFromDiscard: [["5H"], []], passedBy: [[], ["5H"]] });
    }
    expect(viewOf(t, 0).mayNotDiscard).toBe("5H");
    play(t, 0, { type: "discard", card: "KS" });
    expect(viewOf(t, 1)).toMatchObject({ discardedBy: [["KS"], []], takenFromDiscard: [["5H"], []] });
    play(t, 1, { type: "draw" });
    expect(viewOf(t, 0).passedBy).toEqual([[], ["5H", "KS"]]);
    const thrown = t.legalJson(1)[0];
    play(t, 1, thrown);
    play(t, 0, { type: "draw" });
    play(t, 0, { type: "discard", card: "5H" });
    expect(viewOf(t, 1)).toMatchObject({
      takenFromDiscard: [[], []],
      discardedBy: [["5H", "KS"], [thrown.card]],
    });
  });
});

describe("Gin Rummy views", () => {
  it("show a seat its own hand and only the size of the other", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    const v = t.view(0);
    expect(v).toMatchObject({
      hand: cards("7H 8H 9S 2S 5D JS QC KC KD KS").map(() => expect.any(String)),
      handSizes: [10, 11],
      top: "9D",
    });
    expect(v.hand).toContain("7H");
    for (const x of KNOCKER.split(" ")) expect(JSON.stringify(v)).not.toContain(`"${x}"`);
    expect(t.view(SPECTATOR).hand).toBeNull();
    expect(JSON.stringify(t.view(SPECTATOR))).not.toContain('"7H"');
  });

  it("show the knocker's melds to everyone, and both hands at the end of the hand", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    play(t, 1, { type: "knock", card: "QS" });
    expect(JSON.stringify(t.view(1))).not.toContain('"KC"');
    expect(viewOf(t, SPECTATOR).knock?.deadwoodCards).toEqual(["AC", "2D", "4C"]);
    play(t, 0, { type: "layoff", card: "7H", meld: 0 });
    play(t, 0, { type: "done" });
    for (const viewer of [0, 1, SPECTATOR] as const) {
      const d = viewOf(t, viewer).result?.detail;
      expect(d).toMatchObject({
        knocker: 1,
        gin: false,
        melds: [
          [["KC", "KD", "KS"]],
          [
            ["3H", "4H", "5H", "6H", "7H"],
            ["8C", "8D", "8S"],
          ],
        ],
        deadwoodCards: [
          ["2S", "5D", "8H", "9S", "JS", "QC"],
          ["AC", "2D", "4C"],
        ],
        deadwood: [44, 7],
        layoffs: [{ card: "7H", meld: 0 }],
      });
    }
  });

  it("draws the board for a terminal", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    const lines = ginRummy.board(viewOf(t, 1));
    expect(lines.join("\n")).toMatch(/Discard: 9D/);
    // By suit, then rank; with 11 cards, the best discard and what it leaves.
    expect(lines.slice(-2)).toEqual([
      "Your hand: AC 4C 8C 2D 8D 3H 4H 5H 6H 8S QS",
      "  melds: 3H 4H 5H 6H · 8C 8D 8S   deadwood 7 after discarding QS; you may knock",
    ]);
    expect(ginRummy.board(viewOf(t, 0)).at(-1)).toMatch(/^ {2}melds: .* {3}deadwood \d+$/);
  });

  it("never counts the card just taken as the discard", () => {
    const hand = cards("AC 2C 3C 5D 6D 7D 9H 9S KS KH 4C");
    expect(meldLines(hand, null, 10)).toEqual([
      "  melds: AC 2C 3C 4C · 5D 6D 7D   deadwood 28 after discarding KS",
    ]);
    expect(meldLines(hand, "KS", 10)).toEqual([
      "  melds: AC 2C 3C 4C · 5D 6D 7D   deadwood 28 after discarding KH",
    ]);
    expect(meldLines(cards("AC 2C 3C 4C 5D 6D 7D 8D 9D TD QS"), null, 10)).toEqual([
      "  melds: AC 2C 3C 4C · 5D 6D 7D 8D 9D TD   deadwood 0 after discarding QS; that is gin",
    ]);
  });
});

describe("Gin Rummy greedy bot", () => {
  const choose = (t: Table, seat: number) =>
    greedy.choose(viewOf(t, seat), t.legal(seat), Rng.fromSeed("bot"));

  it("takes a discard that makes a meld, refuses one that does not, and never throws back the card taken", () => {
    const t = position(["2C 3C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "4C", {
      turn: 0,
      phase: DRAW_PHASE,
    });
    expect(choose(t, 0)).toBe(TAKE);
    play(t, 0, { type: "take" });
    // A ten-point card with no meld in sight, never the 4C it took.
    expect(["QH", "KH"].map((x) => ({ type: "discard", card: x }))).toContainEqual(
      t.game.moveToJson(choose(t, 0)),
    );
    const hands: [string, string] = ["2C 3C 4C 9D TD JD 5S 6S QH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"];
    expect(choose(position(hands, "8H", { turn: 0, phase: DRAW_PHASE }), 0)).toBe(DRAW);
    expect(choose(position(hands, "8H", { turn: 0, phase: OFFER }), 0)).toBe(PASS);
  });

  it("knocks as soon as it can and lays off what it can", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    expect(t.game.moveToJson(choose(t, 1))).toEqual({ type: "knock", card: "QS" });
    play(t, 1, { type: "knock", card: "QS" });
    while (!t.state.handOver) expect(t.play(0, choose(t, 0)).ok).toBe(true);
    expect(t.state.result?.points).toEqual([0, 29]);
  });

  it("plays whole matches against itself without reaching the move limit", () => {
    const g = ginRummy;
    const rng = Rng.fromSeed("greedy");
    for (let match = 0; match < 3; match++) {
      const r = g.start({ players: 2, seed: `greedy-${match}`, options: defaults() });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      while (!s.matchOver) {
        if (s.handOver) {
          expect(s.result?.reason).not.toMatch(/moves/);
          g.nextHand(s);
          continue;
        }
        const seat = g.toAct(s)[0];
        const m = greedy.choose(g.view(s, seat), legalMoves(g, s, seat), rng);
        applyMove(g, s, seat, m);
      }
      expect(s.hand).toBeLessThan(300);
    }
  });
});

describe("Gin Rummy medium player", () => {
  const choose = (t: Table, seat: number) =>
    medium.choose(viewOf(t, seat), t.legal(seat), Rng.fromSeed("bot"));
  const cards = (text: string) => {
    const r = parseCards(text.split(" "));
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };

  it("expects the deadwood after a draw as the mean over the cards it has not seen", () => {
    const hand = cards("2C 3C 4C 9D TD JD 5S 6S QH AS");
    const unseen = cards("7S 4S KD");
    const each = unseen.map((x) => bestDiscardDeadwood([...hand, x]));
    // 5-6-7 and 4-5-6 of spades leave the Ace (QH thrown); the King makes nothing (it or QH thrown).
    expect(each).toEqual([1, 1, 22]);
    expect(deadwoodAfterDraw(hand, unseen)).toBeCloseTo((1 + 1 + 22) / 3);
  });

  it("counts as unseen only what is in neither its hand, nor the discard pile, nor taken face up", () => {
    const t = position(["2C 3C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "4C", {
      turn: 0,
      phase: DRAW_PHASE,
      edit: (s) => {
        s.takenFromDiscard[1] = cards("KC");
      },
    });
    const unseen = unseenCards(viewOf(t, 0), cards("2C 3C 9D TD JD 5S 6S QH KH AS"));
    expect(unseen).toHaveLength(52 - 10 - 1 - 1);
    for (const c of cards("4C KC 2C AS")) expect(unseen).not.toContain(c);
    expect(unseen).toContain(cards("QD")[0]); // in the other hand, but unseen
  });

  it("takes the face-up card that makes a meld, and draws rather than take a card that makes none", () => {
    const t = position(["2C 3C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "4C", {
      turn: 0,
      phase: DRAW_PHASE,
    });
    expect(choose(t, 0)).toBe(TAKE);
    const hands: [string, string] = ["2C 3C 4C 9D TD JD 5S 6S QH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"];
    expect(choose(position(hands, "8H", { turn: 0, phase: DRAW_PHASE }), 0)).toBe(DRAW);
    expect(choose(position(hands, "8H", { turn: 0, phase: OFFER }), 0)).toBe(PASS);
  });

  it("leaves hard to weigh only its best knock against playing on with its best discard", () => {
    const t = position([DEFENDER, KNOCKER], "9D");
    const legal = t.legal(1);
    const both = candidates(viewOf(t, 1), legal)!;
    expect(both.map((m) => ginRummy.moveToJson(m))).toEqual([
      ginRummy.moveToJson(choose(t, 1)),
      ginRummy.moveToJson(
        medium.choose(
          viewOf(t, 1),
          legal.filter((m) => !isKnock(m)),
          Rng.fromSeed(0),
        ),
      ),
    ]);
    expect(isKnock(both[0])).toBe(true);
    expect(isDiscard(both[1])).toBe(true);
    expect(settle(viewOf(t, 1), legal)).toBeNull();
  });

  it("leaves hard to weigh medium's best discard and at most two near it, and settles draws as medium does", () => {
    const hands: [string, string] = ["2C 3C 4C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QS KC KS"];
    const t = position(hands, "8D", { turn: 0 });
    const legal = t.legal(0);
    const weighed = candidates(viewOf(t, 0), legal)!;
    expect(weighed[0]).toBe(choose(t, 0));
    expect(weighed.length).toBeGreaterThanOrEqual(1);
    expect(weighed.length).toBeLessThanOrEqual(3);
    for (const m of weighed) expect(isDiscard(m) && legal.includes(m)).toBe(true);
    // QH and KH leave the same deadwood, so both are weighed; 2C, in a run, is not.
    expect(weighed.map((m) => ginRummy.moveToJson(m))).toContainEqual({ type: "discard", card: "QH" });
    expect(weighed.map((m) => ginRummy.moveToJson(m))).not.toContainEqual({ type: "discard", card: "2C" });
    expect(settle(viewOf(t, 0), legal)).toBeNull();
    // One discard far ahead of the rest (KH, ten points with nothing near it): settled, not searched.
    const clear = position(["2C 3C 4C 9D TD JD 5S 6S KH 2H 3D", "AC 2D 3S 5C 7D 9H JS QS KC KS"], "8D", {
      turn: 0,
    });
    const settled = settle(viewOf(clear, 0), clear.legal(0));
    expect(settled && ginRummy.moveToJson(settled.move)).toEqual({ type: "discard", card: "KH" });

    const draw = position(["2C 3C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QD KC KS"], "4C", {
      turn: 0,
      phase: DRAW_PHASE,
    });
    expect(candidates(viewOf(draw, 0), draw.legal(0))).toBeNull();
    expect(settle(viewOf(draw, 0), draw.legal(0))).toEqual({
      move: TAKE,
      reason: "it lowers the deadwood more than a card from the stock is likely to",
    });
  });

  it("does not throw a card the other player is seen to collect when another serves as well", () => {
    // QH and KH are both ten points of deadwood with nothing near them; the other player took QS face up.
    const hands: [string, string] = ["2C 3C 4C 9D TD JD 5S 6S QH KH AS", "AC 2D 3S 5C 7D 9H JS QS KC KS"];
    const at = (taken: string) =>
      position(hands, "8D", {
        turn: 0,
        edit: (s) => {
          s.takenFromDiscard[1] = taken ? cards(taken) : [];
        },
      });
    expect(ginRummy.moveToJson(choose(at("QS"), 0))).toEqual({ type: "discard", card: "KH" });
    expect(ginRummy.moveToJson(choose(at("KS"), 0))).toEqual({ type: "discard", card: "QH" });
  });
});

const defaults = () => defaultOptions(options);
