import { describe, expect, it } from "vitest";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import { SPECTATOR, legalMoves } from "../../engine/game.js";
import { defaultOptions } from "../../engine/options.js";
import { Table } from "../../engine/table.js";
import { dealFromSeed } from "../../engine/redeal.js";
import { Rng, randomInt, shuffleWith } from "../../engine/rng.js";
import { arrangementCounts, chiSquareCritical, chiSquareUniform } from "../../../test/contract-properties.js";
import { handWords } from "../../engine/seeds.js";
import { type HyruleState, hyrule, options } from "./game.js";
import { FLIP, moveToJson } from "./moves.js";
import { viewSchema } from "./view.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

function table(options: Record<string, unknown> = {}, players = 2, setup?: Record<string, unknown>): Table {
  const t = Table.start(hyrule, { players, seed: 11, options, ...(setup ? { setup } : {}) });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as HyruleState;

/** A table in the middle of a hand (an endgame set-up): every hand named, all of one size. */
function position(hands: string[], options: Record<string, unknown> = {}): Table {
  return table(options, hands.length, { hands: hands.map((h) => h.split(" ")) });
}
/** The table's position with its state changed by `change`, restored as a new table. */
function changed(t: Table, change: (s: HyruleState) => void): Table {
  const p = t.position();
  change(p.state as unknown as HyruleState);
  const r = Table.fromPosition(hyrule, p);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
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
      expect(s.stock).toHaveLength(54 - 7 * players);
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
      s.stock.forEach((card) => seen[7 * players][card]++);
    };
    // Deals of a match's first hand, and of the hands after it (each from its own hand seed).
    const fresh = tally();
    const dealtOn = tally();
    const started = hyrule.start({ ...config, seed: "uniform" });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    for (let d = 0; d < deals; d++) {
      const one = hyrule.start({ ...config, seed: d });
      if (one.ok) count(fresh, one.value);
      count(dealtOn, s);
      hyrule.drawHand(s, "dealt again");
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

  it("rule 1: deals as the rules page says: the shuffled pack from the front, 7 each from left of the dealer", () => {
    // Written out from docs/rules/hyrule.md ("Dealing"), apart from the engine's shoe.
    const expected = (players: number, dealer: number, seed: string) => {
      const pack = shuffleWith(
        handWords(seed),
        Array.from({ length: 54 }, (_, i) => i),
      );
      const hands: number[][] = [];
      for (let k = 1; k <= players; k++) hands[(dealer + k) % players] = pack.splice(0, 7);
      return { hands, stock: pack };
    };
    const seed = "5eed".repeat(16);
    for (const [players, dealer] of [
      [2, 0],
      [3, 2],
      [5, 1],
    ]) {
      // A set-up naming only the dealer deals through the engine's shoe.
      const dealt = dealFromSeed(hyrule, { players, dealer, handSeed: seed });
      if (!dealt.ok) throw new Error(dealt.error);
      const s = dealt.value as HyruleState;
      expect({ hands: s.hands, stock: s.stock }).toEqual(expected(players, dealer, seed));
      // A match's hands, as tables and playouts deal them (the first, then the next one).
      const started = hyrule.start({ players, seed: "m", options: defaultOptions(options), handSeed: seed });
      if (!started.ok) throw new Error(started.error);
      const m = started.value;
      expect({ hands: m.hands, stock: m.stock }).toEqual(expected(players, 0, seed));
      hyrule.drawHand(m, "dealt again");
      hyrule.nextHand(m);
      expect({ hands: m.hands, stock: m.stock }).toEqual(expected(players, 1, m.handSeed));
    }
  });

  it("rule 2: with blind, the engine picks from the hand's generator after the deal", () => {
    const t = table({ blind: true }, 2);
    const words = state(t).rng.slice();
    const hand = state(t).hands[1].slice();
    expect(t.play(1, FLIP).ok).toBe(true);
    expect(state(t).played[1]).toBe(hand[randomInt(words, hand.length)]);
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
    const dealt = t.seq;
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
      expect(t.eventsFor(viewer, dealt)).toEqual([
        { seq: dealt + 1, type: "move", seat: 0, move: { type: "chosen" } },
        { seq: dealt + 2, type: "move", seat: 2, move: { type: "chosen" } },
      ]);
    }
    // A seat sees its own choice, and only that it is not alone in having chosen.
    const own = t.view(0);
    expect(own.trick).toEqual([
      { seat: 0, card: "KD" },
      { seat: 2, card: null },
    ]);
    expect(text(own)).not.toContain("TH");
    expect(t.eventsFor(0, dealt).map((e) => e.move)).toEqual([
      { type: "play", card: "KD" },
      { type: "chosen" },
    ]);
    // The last choice reveals them all together, and the trick is decided at once.
    const before = t.seq;
    play(t, 1, "QS");
    const v = t.view(SPECTATOR);
    const why =
      "no card beats all the others; the King of diamonds, the Queen of spades, the 10 of hearts beat 1 each, and the King of diamonds has the higher rank";
    expect((v.tricks as unknown[]).at(-1)).toEqual({ number: 6, cards: ["KD", "QS", "TH"], winner: 0, why });
    expect(t.eventsFor(2, before)).toEqual([
      { seq: before + 1, type: "move", seat: 1, move: { type: "chosen" } },
      { seq: before + 2, type: "reveal", trick: 6, cards: ["KD", "QS", "TH"], winner: 0, why },
      { seq: before + 3, type: "score", seat: 0, points: 3, why: `won the trick: ${why}` },
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
    expect((t.view(0).tricks as unknown[]).at(-1)).toEqual({
      number: 6,
      cards: ["4D", "4C", "4H"],
      winner: null,
      why: "no card beats all the others; the 4 of clubs, the 4 of diamonds, the 4 of hearts beat 1 each and have the same rank: nobody takes the trick",
    });
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
    expect((t.view(SPECTATOR).tricks as unknown[]).at(-1)).toEqual({
      number: 6,
      cards: ["2C", "RJ", "BJ"],
      winner: 2,
      why: "two jokers: the first played wins",
    });
  });

  it("rule 3: a run-off in strategy mode skips the players sitting out, counter-clockwise", () => {
    // A hand over with seats 0, 2 and 4 tied, set up from a position.
    const t = changed(table({ mode: "strategy", runOff: true, youngest: 1 }, 5), (s) => {
      hyrule.drawHand(s, "a tie, for the test");
      s.matchOver = false;
      s.winners = [];
      s.nextPlayers = [0, 2, 4];
    });
    const s = state(t);
    expect(t.next().ok).toBe(true);
    // The youngest (seat 1) sits out: the first player in the hand counter-clockwise from seat 1 is seat 0.
    const order: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seat = t.status().toAct[0];
      order.push(seat);
      t.play(seat, s.hands[seat][0]);
    }
    expect(order).toEqual([0, 4, 2]);
    // The seats sitting out keep their dealt cards face down, unplayed.
    expect(s.hands.map((h) => h.length)).toEqual([6, 7, 6, 7, 6]);
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
    expect(s.hands.map((h) => h.length)).toEqual([7, 7, 7]);
    // Every seat is dealt, so the run-off is the deal its seed gives (`cardroom deal`).
    const again = dealFromSeed(hyrule, {
      players: 3,
      dealer: s.dealer,
      handSeed: s.handSeed,
      options: s.options,
    });
    expect(again.ok && (again.value as HyruleState).hands).toEqual(s.hands);
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
    const lines = hyrule.board(viewSchema.parse(t.view(0)));
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
  it("deal a named hand exactly, an unnamed one in full: an endgame names every hand", () => {
    const t = table({}, 2, {
      hands: [
        ["RJ", "BJ"],
        ["2C", "3C"],
      ],
      dealer: 1,
    });
    expect(state(t).hands).toEqual([cards("RJ BJ"), cards("2C 3C")]);
    expect(state(t).stock).toHaveLength(50);
    expect(t.status().dealer).toBe(1);
    expect(t.view(0)).toMatchObject({ trickNumber: 6, tricks: [], handSizes: [2, 2] });
    const full = table({}, 3, { hands: [null, cards("AS 2S 3S 4S 5S 6S 7S")] });
    expect(state(full).hands[1]).toEqual(cards("AS 2S 3S 4S 5S 6S 7S"));
    expect(state(full).hands.map((h) => h.length)).toEqual([7, 7, 7]);
    expect(bad({ hands: [["RJ", "BJ"]] })?.message).toBe(
      "seat 1's hand has 7 cards and seat 0's 2: at a trick's start every hand holds as many (name every hand of an endgame)",
    );
    expect(bad({ hands: [[], []] })?.message).toBe("a hand needs at least one card to play");
  });
  it("deal a set-up naming only the dealer exactly as a hand with no set-up", () => {
    const handSeed = "ab".repeat(32);
    const plain = hyrule.start({ players: 4, seed: "x", options: defaultOptions(options), handSeed });
    const named = hyrule.start(
      { players: 4, seed: "x", options: defaultOptions(options), handSeed },
      { dealer: 0 },
    );
    if (!plain.ok || !named.ok) throw new Error("no deal");
    expect(named.value).toEqual(plain.value);
  });
});

describe("Hyrule events", () => {
  it("strategy mode: each card is public as played; the trick's winner and why, then the score", () => {
    const t = position(["9C 2C", "KD 3C"], { mode: "strategy" });
    const since = t.seq;
    play(t, 0, "9C");
    play(t, 1, "KD");
    const why = "the King of diamonds beats the 9 of clubs: diamonds beat clubs";
    const expected = [
      { seq: since + 1, type: "move", seat: 0, move: { type: "play", card: "9C" } },
      { seq: since + 2, type: "move", seat: 1, move: { type: "play", card: "KD" } },
      { seq: since + 3, type: "trick", trick: 6, cards: ["9C", "KD"], winner: 1, why },
      { seq: since + 4, type: "score", seat: 1, points: 2, why: `won the trick: ${why}` },
    ];
    for (const viewer of [0, 1, SPECTATOR] as const) expect(t.eventsFor(viewer, since)).toEqual(expected);
  });

  it("a blind pick names its card to the chooser alone in chance mode, to all in strategy mode", () => {
    const chance = position(["KD 2C", "QS 3C"], { blind: true });
    const since = chance.seq;
    chance.play(0, FLIP);
    const card = formatCard(state(chance).played[0]);
    expect(chance.eventsFor(0, since)).toEqual([
      { seq: since + 1, type: "move", seat: 0, move: { type: "flip" }, card },
    ]);
    for (const viewer of [1, SPECTATOR] as const) {
      expect(chance.eventsFor(viewer, since)).toEqual([
        { seq: since + 1, type: "move", seat: 0, move: { type: "chosen" } },
      ]);
    }
    const strategy = position(["KD 2C", "QS 3C"], { blind: true, mode: "strategy" });
    strategy.play(0, FLIP);
    const shown = formatCard(state(strategy).played[0]);
    expect(strategy.eventsFor(SPECTATOR, strategy.seq - 1)).toEqual([
      { seq: strategy.seq, type: "move", seat: 0, move: { type: "flip" }, card: shown },
    ]);
  });

  it("a trick nobody takes scores nothing; the next winner's score counts the cards carried", () => {
    const t = position(["4D 2C", "4C KC", "4H 3C"]);
    const since = t.seq;
    play(t, 0, "4D");
    play(t, 1, "4C");
    play(t, 2, "4H");
    expect(t.eventsFor(SPECTATOR, since).map((e) => e.type)).toEqual(["move", "move", "move", "reveal"]);
    const next = t.seq;
    play(t, 0, "2C");
    play(t, 1, "KC");
    play(t, 2, "3C");
    const score = t.eventsFor(SPECTATOR, next).find((e) => e.type === "score");
    expect(score).toMatchObject({
      seat: 1,
      points: 6,
      why: "won the trick: the King of clubs beats every other card (with 3 unclaimed cards)",
    });
  });
});

describe("Hyrule positions", () => {
  it("restore exactly, mid-trick, with the secret choices in place", () => {
    const t = position(["KD 2C", "QS 3C", "TH 4C"]);
    play(t, 2, "TH");
    const r = Table.fromPosition(hyrule, JSON.parse(JSON.stringify(t.position())));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state).toEqual(t.state);
    expect(r.value.view(0)).toEqual(t.view(0));
  });

  it("refuse a position that breaks the rules with one line", () => {
    const t = position(["KD 2C", "QS 3C"]);
    const bad = (change: (s: HyruleState) => void) => {
      const p = t.position();
      change(p.state as unknown as HyruleState);
      const r = Table.fromPosition(hyrule, p);
      return r.ok ? null : r.error;
    };
    expect(
      bad((s) => {
        s.stock.push(s.hands[0].pop()!);
      }),
    ).toEqual({ code: "bad_setup", message: "seat 0 must hold 2 cards at trick 6" });
    expect(bad((s) => (s.scores[1] = 3))?.message).toBe("seat 1's score must be its captured cards");
    expect(bad((s) => (s.toActSeats = [1]))?.message).toBe(
      "toActSeats must be the seats yet to choose, in seat order",
    );
    expect(bad((s) => (s.chance = false))?.message).toBe("chance must say whether options.mode is chance");
    expect(bad((s) => s.hands[0].push(s.hands[1][0]))?.message).toMatch(/more times than the pack/);
  });
});

describe("Hyrule sampling (determinize)", () => {
  const sample = (t: Table, viewer: number, n: number) => arrangementCounts(hyrule, t.state, viewer, n);
  const uniform = (counts: Map<string, number>, k: number) => {
    expect(counts.size).toBe(k);
    expect(chiSquareUniform([...counts.values()])).toBeLessThan(chiSquareCritical(k - 1));
  };

  it("chance mode: a choice not yet revealed is any card the viewer has not seen, each as likely", () => {
    const t = position(["KD", "2C"]);
    play(t, 1, "2C");
    // Seat 0 knows its KD; seat 1's choice is one of the other 53 cards (the rest lie in the stock).
    const counts = sample(t, 0, 53 * 100);
    uniform(counts, 53);
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { hands: string[][]; played: (string | null)[] };
      expect(d.hands).toEqual([["KD"], []]);
      expect(d.played[0]).toBeNull();
      expect(d.played[1]).not.toBeNull();
    }
  });

  it("chance mode: the viewer's own choice stays put while the others' hands are sampled", () => {
    const t = position(["KD", "2C"]);
    play(t, 0, "KD");
    const rng = Rng.fromSeed("own choice");
    for (let i = 0; i < 200; i++) {
      const d = hyrule.determinize(state(t), 0, rng);
      expect(d.played[0]).toBe(c("KD"));
      expect(d.hands[1]).toHaveLength(1);
      expect(d.hands[1][0]).not.toBe(c("KD"));
    }
  });

  it("strategy mode: a card played face up is known; the next player's hand is any unseen card", () => {
    const t = position(["KD", "2C", "3C"], { mode: "strategy" });
    play(t, 0, "KD");
    // Seat 1 knows its 2C and the KD on the table: seat 2's one card is any of the other 52.
    const counts = sample(t, 1, 52 * 100);
    uniform(counts, 52);
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { hands: string[][]; played: (string | null)[] };
      expect(d.played).toEqual(["KD", null, null]);
      expect(d.hands[1]).toEqual(["2C"]);
    }
  });

  it("replaces the seeds, so the real table's next blind pick is not in the sampled world", () => {
    const t = position(["KD 2C", "QS 3C"], { blind: true });
    const d = hyrule.determinize(state(t), 0, Rng.fromSeed("seeds"));
    expect(d.seed).not.toBe(state(t).seed);
    expect(d.rng).not.toEqual(state(t).rng);
    expect(d.handSeed).toBe("");
  });
});
