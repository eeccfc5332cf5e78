import { describe, expect, it } from "vitest";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, legalMoves } from "../../engine/game.js";
import { defaultOptions } from "../../engine/options.js";
import { Table } from "../../engine/table.js";
import { type HyruleState, hyrule, options } from "./game.js";
import { FLIP, moveToJson } from "./moves.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

function table(options: Record<string, unknown> = {}, players = 2, setup?: Record<string, unknown>): Table {
  const t = Table.start(hyrule, { players, seed: 11, options, ...(setup ? { setup } : {}) });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as HyruleState;

/** A table in the middle of a hand: every hand holds the same number of cards, the tricks before are done. */
function position(hands: string[], options: Record<string, unknown> = {}): Table {
  const t = table(options, hands.length);
  const s = state(t);
  s.hands = hands.map(cards);
  s.trick = 7 - s.hands[0].length;
  return t;
}
const play = (t: Table, seat: number, card: string) => {
  const r = t.playJson(seat, { type: "play", card });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const text = (v: unknown) => JSON.stringify(v);

describe("Hyrule rulings", () => {
  it("rule 1: deals 7 secret cards each from 54 (two jokers) and plays seven tricks", () => {
    for (const players of [2, 3, 4, 5]) {
      const t = table({}, players);
      const s = state(t);
      expect(s.hands.map((h) => h.length)).toEqual(new Array(players).fill(7));
      expect(s.stockSize).toBe(54 - 7 * players);
      let moves = 0;
      while (!s.handOver) {
        const seat = t.status().toAct[0];
        expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
        moves++;
      }
      expect(moves).toBe(7 * players);
      expect(s.trick).toBe(7);
      expect(s.hands.every((h) => h.length === 0)).toBe(true);
      const taken = s.captured.reduce((n, p) => n + p.length, 0) + s.unclaimed.length;
      expect(taken).toBe(7 * players);
      expect(t.view(0).tricks).toHaveLength(7);
    }
  });

  it("rule 1: every deal is uniform: each card equally likely in each place of each hand", () => {
    const players = 3;
    const deals = 3000;
    const config = { players, options: defaultOptions(options) };
    /** Per place (each card dealt, in order, then the stock as one place), how often each card lands there. */
    const tally = () => Array.from({ length: 7 * players + 1 }, () => new Array<number>(54).fill(0));
    const count = (seen: number[][], s: HyruleState) => {
      s.hands.flat().forEach((card, place) => seen[place][card]++);
      s.deck.slice(0, s.stockSize).forEach((card) => seen[7 * players][card]++);
    };
    // Deals fresh from the ordered pack, and deals on from the last hand's deck, as playouts do.
    const fresh = tally();
    const dealtOn = tally();
    const started = hyrule.start({ ...config, seed: "uniform" });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    for (let d = 0; d < deals; d++) {
      const one = hyrule.start({ ...config, seed: d });
      if (one.ok) count(fresh, one.value);
      count(dealtOn, s);
      s.handOver = true;
      s.matchOver = false;
      hyrule.nextHand(s);
    }
    for (const seen of [fresh, dealtOn]) {
      seen.forEach((counts, place) => {
        const share = place === 7 * players ? (54 - 7 * players) / 54 : 1 / 54;
        const expected = deals * share;
        const sd = Math.sqrt(expected * (1 - share));
        // 53 degrees of freedom: mean 53; above 100 is a one-in-ten-thousand fluke for a fair deal.
        const chiSquare = counts.reduce((sum, k) => sum + (k - expected) ** 2 / expected, 0);
        expect(chiSquare, `place ${place}`).toBeLessThan(100);
        const worst = Math.max(...counts.map((k) => Math.abs(k - expected) / sd));
        expect(worst, `place ${place}, standard deviations off`).toBeLessThan(5);
      });
    }
  });

  it("rule 2: in chance mode every player chooses at the same time", () => {
    const t = table({}, 3);
    expect(t.status().toAct).toEqual([0, 1, 2]);
    const card = state(t).hands[1][0];
    expect(t.play(1, card).ok).toBe(true);
    expect(t.status().toAct).toEqual([0, 2]);
    const again = t.play(1, state(t).hands[1][0]);
    expect(!again.ok && again.error.code).toBe("not_your_turn");
  });

  it("rule 2: nobody, spectators included, sees a choice until all have chosen", () => {
    const t = position(["KD 2C", "QS 3C", "TH 4C"]);
    play(t, 0, "KD");
    play(t, 2, "TH");
    for (const viewer of [1, SPECTATOR] as const) {
      const v = t.view(viewer);
      expect(text(v)).not.toContain("KD");
      expect(text(v)).not.toContain("TH");
      expect(v.trick).toEqual([
        { seat: 0, card: null },
        { seat: 2, card: null },
      ]);
      expect(v.history).toEqual([
        { seat: 0, move: { type: "chosen" } },
        { seat: 2, move: { type: "chosen" } },
      ]);
    }
    // A seat sees its own choice, and only that it is not alone in having chosen.
    const own = t.view(0);
    expect(own.trick).toEqual([
      { seat: 0, card: "KD" },
      { seat: 2, card: null },
    ]);
    expect(text(own)).not.toContain("TH");
    // The last choice reveals them all together, and the trick is decided at once.
    play(t, 1, "QS");
    const v = t.view(SPECTATOR);
    expect((v.tricks as unknown[]).at(-1)).toEqual({ cards: ["KD", "QS", "TH"], winner: 0 });
    expect((v.history as { move: unknown }[]).map((h) => h.move)).toEqual([
      { type: "play", card: "KD" },
      { type: "play", card: "TH" },
      { type: "play", card: "QS" },
    ]);
    // A cycle (KD beats QS beats TH beats KD): the King, the higher rank, takes it.
    expect(v.captured).toEqual([["KD", "TH", "QS"], [], []]);
  });

  it("rule 2: a choice never revealed stays secret, even when the hand is cut short", () => {
    const t = position(["KD 2C", "QS 3C"]);
    play(t, 0, "KD");
    hyrule.drawHand(state(t), "draw: cut short");
    expect(t.status().handOver).toBe(true);
    expect(text(t.view(1))).not.toContain("KD");
    expect(text(t.view(SPECTATOR))).not.toContain("KD");
  });

  it("rule 2: option blind picks each player's card at random from the hand", () => {
    for (const mode of ["chance", "strategy"]) {
      const t = table({ blind: true, mode }, 2);
      const s = state(t);
      const seat = t.status().toAct[0];
      expect(t.legalJson(seat)).toEqual([{ type: "flip" }]);
      const before = s.hands[seat].slice();
      expect(t.playJson(seat, { type: "flip" }).ok).toBe(true);
      expect(s.hands[seat]).toHaveLength(6);
      const chosen = s.played[seat];
      expect(before).toContain(chosen);
      expect(s.hands[seat]).not.toContain(chosen);
    }
    // Random, but the seed decides: two tables with one seed flip alike.
    const a = table({ blind: true });
    const b = table({ blind: true });
    a.play(0, FLIP);
    b.play(0, FLIP);
    expect(a.dump()).toEqual(b.dump());
  });

  it("rule 2: a blind choice stays hidden from the others until all have chosen", () => {
    const t = position(["KD 2C", "QS 3C", "TH 4C"], { blind: true });
    expect(t.play(0, FLIP).ok).toBe(true);
    const chosen = formatCard(state(t).played[0]);
    expect(text(t.view(1))).not.toContain(`"${chosen}"`);
    expect(text(t.view(SPECTATOR))).not.toContain(`"${chosen}"`);
    expect(t.view(0).trick).toEqual([{ seat: 0, card: chosen }]);
  });

  it("rule 3: strategy mode plays face up, counter-clockwise, the youngest leading the first trick", () => {
    const t = table({ mode: "strategy", youngest: 2 }, 4);
    const s = state(t);
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const seat = t.status().toAct[0];
      expect(t.status().toAct).toHaveLength(1);
      order.push(seat);
      const card = s.hands[seat][0];
      expect(t.play(seat, card).ok).toBe(true);
      if (i < 3) expect((t.view(SPECTATOR).trick as { card: string }[])[i].card).not.toBeNull();
    }
    expect(order).toEqual([2, 1, 0, 3]);
  });

  it("rule 3: option youngest must be a seat at the table", () => {
    const r = Table.start(hyrule, { players: 3, seed: 1, options: { mode: "strategy", youngest: 3 } });
    expect(!r.ok && r.error).toEqual({
      code: "bad_option",
      message: 'option "youngest": seat 3 is not at a table of 3 (seats 0 to 2)',
    });
    expect(Table.start(hyrule, { players: 3, seed: 1, options: { youngest: 7 } }).ok).toBe(false);
  });

  it("rule 3: later tricks are led by the most captured cards, ties by the last winner, else counter-clockwise", () => {
    const t = position(["2C 2H 4D", "3C QC 4C", "KC 2S 4H"], { mode: "strategy" });
    // Trick 1, led by seat 0, then 2, then 1: KC takes it.
    play(t, 0, "2C");
    expect(t.status().toAct).toEqual([2]);
    play(t, 2, "KC");
    play(t, 1, "3C");
    expect(state(t).scores).toEqual([0, 0, 3]);
    expect(t.status().toAct).toEqual([2]);
    // Trick 2, led by seat 2 (most cards): QC takes it; seats 1 and 2 tie and seat 1 won last.
    play(t, 2, "2S");
    play(t, 1, "QC");
    play(t, 0, "2H");
    expect(state(t).scores).toEqual([0, 3, 3]);
    expect(t.status().toAct).toEqual([1]);
    // Trick 3: 4C, 4D, 4H tie and nobody takes them; the hand is over.
    play(t, 1, "4C");
    play(t, 0, "4D");
    play(t, 2, "4H");
    expect(state(t).lastWinner).toBe(-1);
    expect(state(t).handOver).toBe(true);
  });

  it("rule 3: a trick nobody takes leaves a tie to the first tied player counter-clockwise from the leader", () => {
    const t = position(["4C 2C", "4D 3C", "4H KC"], { mode: "strategy" });
    // Led by seat 0; nobody takes 4C 4H 4D; all tie at 0: counter-clockwise after seat 0 is seat 2.
    play(t, 0, "4C");
    play(t, 2, "4H");
    play(t, 1, "4D");
    expect(state(t).unclaimed).toHaveLength(3);
    expect(t.status().toAct).toEqual([2]);
  });

  it("rule 5: a trick nobody takes goes to the winner of the next trick", () => {
    const t = position(["4D 2C", "4C KC", "4H 3C"]);
    play(t, 0, "4D");
    play(t, 1, "4C");
    play(t, 2, "4H");
    expect(t.view(0).unclaimed).toEqual(["4D", "4C", "4H"]);
    expect((t.view(0).tricks as unknown[]).at(-1)).toEqual({ cards: ["4D", "4C", "4H"], winner: null });
    play(t, 0, "2C");
    play(t, 1, "KC");
    play(t, 2, "3C");
    const s = state(t);
    expect(s.unclaimed).toEqual([]);
    expect(s.captured[1]).toHaveLength(6);
    expect(t.status().scores).toEqual([0, 6, 0]);
  });

  it("rule 5: after the last trick, cards nobody took stay unclaimed", () => {
    const t = position(["4D", "4C", "4H"]);
    play(t, 0, "4D");
    play(t, 1, "4C");
    play(t, 2, "4H");
    const s = state(t);
    expect(s.handOver).toBe(true);
    expect(s.captured.every((p) => p.length === 0)).toBe(true);
    expect(s.result?.detail).toMatchObject({ unclaimed: ["4D", "4C", "4H"] });
  });

  it("rule 5: two jokers tie in chance mode (the cards carry over) and the first played wins in strategy", () => {
    const chance = position(["RJ 2C", "BJ KC"]);
    play(chance, 1, "BJ");
    play(chance, 0, "RJ");
    expect(state(chance).unclaimed).toHaveLength(2);
    const strategy = position(["RJ 2C", "BJ KC"], { mode: "strategy" });
    play(strategy, 0, "RJ");
    play(strategy, 1, "BJ");
    expect(state(strategy).captured[0]).toEqual([c("RJ"), c("BJ")]);
  });

  it("rule 5: in strategy mode the first joker played wins, in counter-clockwise play order", () => {
    // Seat 0 leads, then seat 2, then seat 1: seat 2's joker came first, though seat 1 sits before it.
    const t = position(["2C 3C", "RJ 4C", "BJ 5S"], { mode: "strategy" });
    play(t, 0, "2C");
    play(t, 2, "BJ");
    play(t, 1, "RJ");
    expect(state(t).captured[2]).toEqual(cards("2C BJ RJ"));
    expect((t.view(SPECTATOR).tricks as unknown[]).at(-1)).toEqual({ cards: ["2C", "RJ", "BJ"], winner: 2 });
  });

  it("rule 3: a run-off in strategy mode skips the players sitting out, counter-clockwise", () => {
    const t = table({ mode: "strategy", runOff: true, youngest: 1 }, 5);
    const s = state(t);
    s.handOver = true;
    s.nextPlayers = [0, 2, 4];
    t.next();
    // The youngest (seat 1) sits out: the first player in the hand counter-clockwise from seat 1 is seat 0.
    const order: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seat = t.status().toAct[0];
      order.push(seat);
      t.play(seat, s.hands[seat][0]);
    }
    expect(order).toEqual([0, 4, 2]);
    expect(s.hands.map((h) => h.length)).toEqual([6, 0, 6, 0, 6]);
  });

  it("rule 5: a special card takes a joker's trick; the joker takes the rest", () => {
    const t = position(["RJ 2C", "5D KC", "KD 3C"]);
    play(t, 0, "RJ");
    play(t, 1, "5D");
    play(t, 2, "KD");
    expect(state(t).captured[1]).toHaveLength(3);
  });

  it("rule 6: the trick's winner captures all its cards, and the most cards wins the hand and match", () => {
    const t = position(["KD", "2C"]);
    play(t, 0, "KD");
    play(t, 1, "2C");
    expect(t.status()).toMatchObject({ handOver: true, matchOver: true, winners: [0], scores: [2, 0] });
    expect(state(t).result).toMatchObject({ winners: [0], points: [2, 0], reason: "most cards" });
  });

  it("rule 6: a tie shares the win", () => {
    const t = position(["KD 2C", "2D KC"]);
    play(t, 0, "KD");
    play(t, 1, "2D");
    play(t, 0, "2C");
    play(t, 1, "KC");
    expect(t.status()).toMatchObject({ matchOver: true, winners: [0, 1], scores: [2, 2] });
  });

  it("rule 6: option runOff deals a run-off hand to the tied players only", () => {
    const t = position(["KD 2C", "2D KC", "4H 3C"], { runOff: true });
    play(t, 0, "KD");
    play(t, 1, "2D");
    play(t, 2, "4H"); // hearts beat diamonds: 4H beats both and takes the trick.
    expect(state(t).scores).toEqual([0, 0, 3]);
    play(t, 0, "2C");
    play(t, 1, "KC");
    play(t, 2, "3C");
    expect(state(t).scores).toEqual([0, 3, 3]);
    expect(t.status()).toMatchObject({ handOver: true, matchOver: false });
    expect(state(t).result?.reason).toBe("tie: a run-off hand follows");
    expect(t.next().ok).toBe(true);
    const s = state(t);
    expect(s.hands.map((h) => h.length)).toEqual([0, 7, 7]);
    expect(t.status()).toMatchObject({ toAct: [1, 2], scores: [0, 0, 0], hand: 2 });
    while (!s.handOver) {
      const seat = t.status().toAct[0];
      t.play(seat, t.legal(seat)[0]);
    }
    expect(t.status().scores[0]).toBe(0);
    if (t.status().matchOver) expect(t.status().winners?.every((w) => w > 0)).toBe(true);
  });
});

describe("Hyrule views", () => {
  it("show a seat its own hand, sorted, and only the sizes of the others", () => {
    const t = table({}, 2, { hands: [cards("KD 2C AS 3H RJ 9S 5D"), cards("QS 3C 4C 5C 6C 7C 8C")] });
    expect(t.view(0)).toMatchObject({
      hand: ["2C", "5D", "KD", "3H", "AS", "9S", "RJ"],
      handSizes: [7, 7],
      stock: 40,
      mode: "chance",
    });
    expect(text(t.view(0))).not.toContain("QS");
    const spectator = t.view(SPECTATOR);
    expect(spectator.hand).toBeNull();
    for (const x of ["KD", "QS", "RJ", "8C"]) expect(text(spectator)).not.toContain(`"${x}"`);
  });

  it("list the legal moves as plays of the cards in hand, once each", () => {
    const t = position(["KD 2C", "2D KC"]);
    expect(legalMoves(hyrule, state(t), 0).map(moveToJson)).toEqual([
      { type: "play", card: "KD" },
      { type: "play", card: "2C" },
    ]);
  });

  it("draw a board with the captured counts and the hand", () => {
    const t = position(["KD 2C", "2D KC"]);
    play(t, 0, "KD");
    const lines = hyrule.board(t.view(0));
    expect(lines.join("\n")).toMatch(/Your hand: 2C/);
    expect(lines.join("\n")).toMatch(/This trick: you KD/);
  });
});

describe("Hyrule set-ups", () => {
  const bad = (setup: Record<string, unknown>, players = 2) => {
    const r = Table.start(hyrule, { players, seed: 1, setup });
    return r.ok ? null : r.error;
  };
  it("refuse bad set-ups with one clear line", () => {
    expect(bad({ hands: [["AS"], ["AS"]] })).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    expect(bad({ stock: ["KD"] })?.message).toMatch(/no stock or discard pile/);
    expect(bad({ hands: [cards("AS 2S 3S 4S 5S 6S 7S 8S")] })?.message).toMatch(/holds 7/);
    expect(bad({ corners: ["KD"] })?.code).toBe("bad_setup");
    expect(bad({ dealer: 5 })?.message).toMatch(/dealer must be a seat/);
  });
  it("accept partial hands and fill them from the pack, jokers included", () => {
    const t = table({}, 2, { hands: [["RJ", "BJ"]], dealer: 1 });
    expect(state(t).hands[0].slice(0, 2)).toEqual([c("RJ"), c("BJ")]);
    expect(t.status().dealer).toBe(1);
  });
});
