/** Five-card cribbage, the house rule `deal: five` (docs/rules/cribbage.md, "Five-card cribbage"). */
import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import type { JsonObject } from "../../engine/game.js";
import { followDefaults, parseOptions } from "../../engine/options.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { readerFor } from "../../words/reader.js";
import { scoreEventLine } from "../../words/score-lines.js";
import { greedy } from "./bot.js";
import { discardChoices } from "./discard.js";
import { cribbage, options } from "./game.js";
import { keptInference } from "./infer.js";
import { flushPoints, showPoints } from "./rules.js";
import { type CribbageState, PEGGING, SHOWING } from "./state.js";

const list = (t: string) => t.split(" ");
const cards = (t: string) => {
  const r = parseCards(list(t));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const FIVE = { deal: "five" } as const;

function start(
  setup?: Record<string, unknown>,
  opts: Record<string, unknown> = FIVE,
  seed: unknown = 5,
): Table {
  const t = Table.start(cribbage, { players: 2, seed: seed as string, options: opts, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const st = (t: Table) => t.state as CribbageState;
const play = (t: Table, seat: number, move: Record<string, unknown>) => {
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(r.error.message);
};
const scoring = (t: Table, seat = 0) =>
  t.view(seat).scoring as { seat: number; points: number; for: string }[];
/** The hand's scores after its three for last (a set-up naming the crib cuts the starter at the deal). */
const played = (t: Table) => scoring(t).filter((e) => e.for !== "three for last");

describe("five-card cribbage: the deal", () => {
  it("deals 5 each; each lays away 2 and keeps 3; the crib is 4", () => {
    const t = start();
    expect(st(t).hands.map((h) => h.length)).toEqual([5, 5]);
    expect(t.view(0).deal).toBe("five");
    for (const p of [0, 1]) {
      expect(t.legal(p)).toHaveLength(5);
      for (let k = 0; k < 2; k++) expect(t.play(p, t.legal(p)[0]).ok).toBe(true);
      expect(t.legal(p).every((m) => m >= 52)).toBe(true);
    }
    expect(st(t).hands.map((h) => h.length)).toEqual([3, 3]);
    expect(st(t).crib).toHaveLength(4);
    expect(st(t).phase).toBe(PEGGING);
  });

  it("is for two players: three are refused with one line", () => {
    const t = Table.start(cribbage, { players: 3, seed: 1, options: FIVE });
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.message).toBe('option "deal": five-card cribbage is for 2 players, not 3');
  });
});

describe("five-card cribbage: the game to 61", () => {
  it("plays to 61 unless a target is given", () => {
    expect(parseOptions(options, FIVE)).toMatchObject({ ok: true, value: { target: 61, deal: "five" } });
    expect(parseOptions(options, { deal: "five", target: 121 })).toMatchObject({ value: { target: 121 } });
    expect(parseOptions(options, {})).toMatchObject({ value: { target: 121, deal: "six" } });
    expect(start().view(0).target).toBe(61);
  });

  it("a face that keeps every option moves an untouched 121 to 61, and leaves a chosen target", () => {
    const before = { target: 121, muggins: false, skunk: false, cribFlush: "five", deal: "six" };
    expect(followDefaults(options, before, { ...before, deal: "five" }).target).toBe(61);
    expect(
      followDefaults(options, { ...before, target: 90 }, { ...before, target: 90, deal: "five" }).target,
    ).toBe(90);
    const five = { ...before, deal: "five", target: 61 };
    expect(followDefaults(options, five, { ...five, deal: "six" }).target).toBe(121);
  });
});

describe("five-card cribbage: three for last", () => {
  it("the first hand's non-dealer pegs 3 as the starter is cut, before his heels, said in words", () => {
    const t = start({ dealer: 0, hands: [list("AS 2S 3S 4S 6S"), list("7H 8H 9H TD QD")], starter: "JC" });
    play(t, 0, { type: "discard", card: "AS" });
    play(t, 0, { type: "discard", card: "2S" });
    play(t, 1, { type: "discard", card: "TD" });
    const since = t.seq;
    play(t, 1, { type: "discard", card: "QD" });
    expect(st(t).scores).toEqual([2, 3]);
    expect(scoring(t)).toEqual([
      { seat: 1, points: 3, for: "three for last" },
      { seat: 0, points: 2, for: "his heels" },
    ]);
    const events = t.eventsFor(0, since) as unknown as JsonObject[];
    const three = events.find((e) => e.type === "score" && e.why === "three for last");
    expect(three).toMatchObject({ seat: 1, points: 3 });
    // The shared words (src/games/cribbage/words.ts): the terminal's and the browser's line.
    expect(scoreEventLine(three!, cribbage, readerFor(0))).toBe(
      "  seat 1 pegs 3 for last (the non-dealer's start in five-card cribbage)",
    );
  });

  it("is scored once a game: the second hand's non-dealer gets none", () => {
    const t = start(undefined, FIVE, "three-once");
    while (!st(t).handOver) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    if (st(t).matchOver) return;
    expect(t.next().ok).toBe(true);
    while (st(t).phase !== PEGGING && !st(t).handOver) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    expect(scoring(t).some((e) => e.for === "three for last")).toBe(false);
  });

  it("is not in the six-card game", () => {
    const t = start({ dealer: 0 }, {});
    while (st(t).phase !== PEGGING) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    expect(scoring(t).some((e) => e.for === "three for last")).toBe(false);
  });
});

describe("five-card cribbage: one count", () => {
  // Dealer 0; the hands as kept (the crib named whole), the starter a King of no use to anyone.
  const kept = (a: string, b: string, opts: Record<string, unknown> = FIVE) =>
    start({ dealer: 0, hands: [list(a), list(b)], crib: list("2C 3C 4D 6D"), starter: "KC" }, opts);

  it("ends at the first go: the last to play pegs 1, the cards left are not played but counted", () => {
    const t = kept("KS QS JH", "TC 9D 5H");
    const at = st(t).scores.slice();
    play(t, 1, { type: "play", card: "TC" });
    play(t, 0, { type: "play", card: "KS" });
    play(t, 1, { type: "play", card: "9D" }); // 29
    expect(t.legal(0).map((m) => cribbage.moveToJson(m))).toEqual([{ type: "go" }]);
    play(t, 0, { type: "go" });
    expect(t.legal(1).map((m) => cribbage.moveToJson(m))).toEqual([{ type: "go" }]);
    play(t, 1, { type: "go" });
    // Neither can play: the count ends, and with it the play.
    expect(st(t).handOver).toBe(true);
    const s = played(t);
    expect(s[0]).toEqual({ seat: 1, points: 1, for: "go" });
    expect(st(t).played).toHaveLength(3);
    // The show counts the unplayed cards: seat 1's TC 9D 5H + KC is 15 twice (T5, K5): 4.
    const hands = st(t).result!.detail!.hands as string[][];
    expect(hands[1].slice().sort()).toEqual(["5H", "9D", "TC"]);
    expect(s.find((e) => e.seat === 1 && e.for === "hand")?.points).toBe(4);
    expect(st(t).scores[1] - at[1]).toBe(1 + 4);
  });

  it("ends at 31: 2 for the 31 and straight to the show, a card still in each hand", () => {
    const t = kept("KS QS JH", "TC AD 5H");
    play(t, 1, { type: "play", card: "TC" });
    play(t, 0, { type: "play", card: "KS" });
    play(t, 1, { type: "play", card: "AD" }); // 21
    play(t, 0, { type: "play", card: "QS" }); // 31
    expect(st(t).handOver).toBe(true);
    expect(played(t)[0]).toEqual({ seat: 0, points: 2, for: "thirty-one" });
    expect(st(t).hands.map((h) => h.length)).toEqual([1, 1]);
  });

  it("the six-card game plays the cards left in a new count", () => {
    const t = start(
      {
        dealer: 0,
        hands: [list("KS QS JH 2S"), list("TC 9D 5H 3S")],
        crib: list("2C 3C 4D 6D"),
        starter: "KC",
      },
      {},
    );
    play(t, 1, { type: "play", card: "TC" });
    play(t, 0, { type: "play", card: "KS" });
    play(t, 1, { type: "play", card: "9D" }); // 29
    play(t, 0, { type: "play", card: "2S" }); // 31
    expect(st(t).handOver).toBe(false);
    expect(st(t).count).toBe(0);
  });

  it("muggins shows after the one count with cards still held", () => {
    const t = kept("KS QS JH", "TC AD 5H", { deal: "five", muggins: true });
    for (const [seat, card] of [
      [1, "TC"],
      [0, "KS"],
      [1, "AD"],
      [0, "QS"],
    ] as const)
      play(t, seat, { type: "play", card });
    expect(st(t).phase).toBe(SHOWING);
    expect(t.view(1).claiming).toMatchObject({ seat: 1, crib: false, cards: ["AD", "5H", "TC"] });
    // The computer claims the true count: TC 5H + KC, KC 5H: fifteen 4.
    const m = greedy.choose(cribbage.view(st(t), 1), t.legal(1), Rng.fromSeed(1));
    expect(cribbage.moveToJson(m)).toEqual({ type: "claim", points: 4 });
  });
});

describe("five-card cribbage: the show", () => {
  it("a flush of the three hand cards is 3, 4 with the starter", () => {
    expect(flushPoints(cards("2H 7H QH"), cards("KS")[0], false, 3)).toBe(3);
    expect(flushPoints(cards("2H 7H QH"), cards("KH")[0], false, 3)).toBe(4);
    expect(flushPoints(cards("2H 7H QS"), cards("KH")[0], false, 3)).toBe(0);
    // Not in the six-card game, where three cards are a set-up's short hand.
    expect(flushPoints(cards("2H 7H QH"), cards("KH")[0], false)).toBe(0);
    // 2H 7H QH + 9S: no fifteen (2+QH+... none), the flush 3.
    expect(showPoints(cards("2H 7H QH"), cards("9S")[0], false, 3)).toBe(3);
  });

  it("the crib (four cards) scores a flush only with the starter, as in the six-card game", () => {
    // 2 4 9 make fifteen: 2; with a heart turned the flush of five too.
    expect(showPoints(cards("2H 4H 9H QH"), cards("KD")[0], true)).toBe(2);
    expect(showPoints(cards("2H 4H 9H QH"), cards("KH")[0], true)).toBe(7);
  });

  it("the table's show counts the three-card flush aloud", () => {
    const t = start({
      dealer: 0,
      hands: [list("2H 7H QH"), list("3S 8C 9D")],
      crib: list("2C 3C 4D 6D"),
      starter: "KS",
    });
    while (!st(t).handOver) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    const shows = t.view(0).shows as {
      seat: number;
      crib: boolean;
      total: number;
      count: string;
      breakdown: { kind: string; points: number }[];
    }[];
    const mine = shows.find((sh) => sh.seat === 0 && !sh.crib)!;
    expect(mine.breakdown.find((b) => b.kind === "flush")?.points).toBe(3);
    expect(mine.count).toContain("flush of three");
  });
});

describe("five-card cribbage: the computer players", () => {
  it("lay away 2 of 5 and judge the kept 3 with their flush", () => {
    const hand = cards("2H 7H QH 5C 5D");
    const unseen: number[] = [];
    for (let c = 0; c < 52; c++) if (!hand.includes(c)) unseen.push(c);
    const ways = discardChoices(hand, [], true, unseen, 3);
    expect(ways).toHaveLength(10);
    for (const w of ways) expect(w.out).toHaveLength(2);
    const suited = ways.find((w) => w.out.every((c) => cards("5C 5D").includes(c)))!;
    // The kept 2H 7H QH: the flush alone is worth 3 plus a quarter of a point on average.
    const flushOnly =
      unseen.reduce((a, s) => a + flushPoints(cards("2H 7H QH"), s, false, 3), 0) / unseen.length;
    expect(flushOnly).toBeCloseTo(3 + 10 / 47, 9);
    expect(suited.hand).toBeGreaterThanOrEqual(flushOnly);
  });

  it("the search's inference draws hands of 3 the discard rule keeps", () => {
    const t = start(undefined, FIVE, "infer-five");
    while (st(t).phase !== PEGGING) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    const s = st(t);
    const me = s.turn;
    const infer = keptInference();
    for (let i = 0; i < 20; i++) {
      const w = infer(
        cribbage.determinize!(s, me, Rng.fromSeed(i)),
        me,
        Rng.fromSeed(100 + i),
      ) as CribbageState;
      expect(w.hands[1 - me]).toHaveLength(3);
      expect(w.crib).toHaveLength(4);
      expect(cribbage.cards(w).length).toBe(52);
      expect(new Set(cribbage.cards(w)).size).toBe(52);
    }
  });
});
