import { describe, expect, it } from "vitest";
import { parseCard } from "../../engine/card-text.js";
import { type JsonObject, SPECTATOR, openingWords } from "../../engine/game.js";
import { Rng, shuffleWith } from "../../engine/rng.js";
import { handWords } from "../../engine/seeds.js";
import { Table } from "../../engine/table.js";
import { greedy } from "./bot.js";
import { cribbage, cutForDeal } from "./game.js";
import { moveToJson } from "./moves.js";
import { cutDealer, gamesForWin, mugginsSplit } from "./rules.js";
import { pegTrack } from "./view.js";
import type { CribbageState } from "./state.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const list = (t: string) => t.split(" ");

function table(
  setup: Record<string, unknown> | undefined,
  players = 2,
  options: Record<string, unknown> = {},
) {
  const t = Table.start(cribbage, { players, seed: 7, options, ...(setup ? { setup } : {}) });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const state = (t: Table) => t.state as CribbageState;
const play = (t: Table, seat: number, move: Record<string, unknown>) => {
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(move)}: ${r.error.message}`);
};
const scoring = (t: Table, seat = 0) =>
  t.view(seat).scoring as { seat: number; points: number; for: string }[];

/**
 * A hand past its discards (dealer seat 0; seat 1 plays first; K of diamonds turned).
 * Seat 1 holds TC 9H 7C 6C: 9+6 = 15, so its show is 2.
 * Seat 0 holds AS 2S 3D 4H: K+A+4 and K+2+3 (4), run A-2-3-4 (4): 8.
 * The crib 5C 5D JC QS: 5 with J, Q, K for each 5 (12), the pair of 5s (2), run J-Q-K (3): 17.
 */
const HANDS = ["AS 2S 3D 4H", "TC 9H 7C 6C"];
function pegging(options: Record<string, unknown> = {}, scores?: number[]) {
  const t = table(
    { dealer: 0, hands: HANDS.map(list), crib: list("5C 5D JC QS"), starter: "KD" },
    2,
    options,
  );
  return scores ? atScores(t, scores) : t;
}
/** The same table with the match scores set, through its position (as a saved game would be). */
function atScores(t: Table, scores: number[]): Table {
  const position = t.position();
  const s = structuredClone(position.state) as unknown as CribbageState;
  s.scores = scores.slice();
  s.handStart = scores.slice();
  const restored = Table.fromPosition(cribbage, { ...position, state: s });
  if (!restored.ok) throw new Error(restored.error.message);
  return restored.value;
}
/** The seat's view as its game types it (the bot reads it so). */
const seen = (t: Table, seat: number) => cribbage.view(state(t), seat);
/**
 * Pegs the hand above: TC, AS (11), 9H (20), 2S (22), 7C (29); seat 0 cannot
 * play and says go; seat 1 cannot either and says go: one for the go to seat 1.
 * Seat 0 leads 3D, seat 1 plays 6C (9), seat 0 4H (13): the last card, 1 to seat 0.
 */
function pegOut(t: Table) {
  play(t, 1, { type: "play", card: "TC" });
  play(t, 0, { type: "play", card: "AS" });
  play(t, 1, { type: "play", card: "9H" });
  play(t, 0, { type: "play", card: "2S" });
  play(t, 1, { type: "play", card: "7C" });
  expect(t.legalJson(0)).toEqual([{ type: "go" }]);
  play(t, 0, { type: "go" });
  expect(t.legalJson(1)).toEqual([{ type: "go" }]);
  play(t, 1, { type: "go" });
  play(t, 0, { type: "play", card: "3D" });
  play(t, 1, { type: "play", card: "6C" });
  play(t, 0, { type: "play", card: "4H" });
}

describe("Cribbage rulings", () => {
  it("rule 1: the lower cut card deals (Ace low); ties cut again", () => {
    expect(cutDealer([c("7H"), c("3C")])).toBe(1);
    expect(cutDealer([c("AS"), c("2C")])).toBe(0);
    expect(cutDealer([c("KS"), c("KC")])).toBe(-1);
    expect(cutDealer([c("4S"), c("9C"), c("4D")])).toBe(-1);
    expect(cutDealer([c("9S"), c("9C"), c("4D")])).toBe(2);
    let tied = false;
    for (let seed = 0; seed < 300 && !tied; seed++) {
      const t = Table.start(cribbage, { players: 2, seed });
      if (!t.ok) throw new Error(t.error.message);
      const cut = seen(t.value, 0).cutForDeal!;
      const s = state(t.value);
      // The cut comes from the match's opening generator (hand 0's seed), apart from hand 1's deal.
      expect(s.cuts).toEqual(cutForDeal(2, openingWords(seed)));
      expect(s.dealer).toBe(cutDealer(s.cuts.slice(-2)));
      expect(cut.dealer).toBe(s.dealer);
      expect(cut.rounds).toHaveLength(s.cuts.length / 2);
      expect(cut.rounds[0][0]).toMatch(/^the /);
      if (cut.rounds.length > 1) {
        tied = true;
        expect(cutDealer(s.cuts.slice(0, 2))).toBe(-1);
      }
    }
    expect(tied).toBe(true);
  });

  it("rule 1: a set-up dealer skips the cut", () => {
    const t = table({ dealer: 1 });
    expect(t.status().dealer).toBe(1);
    expect(t.view(0).cutForDeal).toBeNull();
  });

  it("rule 2: deals 6 each and both players discard 2 to the crib at the same time, one card a move", () => {
    const t = table({ dealer: 0 });
    const s = state(t);
    expect(s.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(t.status().toAct).toEqual([0, 1]);
    const [a, b] = s.hands[1].slice(0, 2);
    expect(t.play(1, a).ok).toBe(true);
    expect(t.status().toAct).toEqual([0, 1]);
    expect(t.play(1, b).ok).toBe(true);
    expect(t.status().toAct).toEqual([0]);
    expect(t.legal(1)).toEqual([]);
    expect(t.play(0, s.hands[0][0]).ok).toBe(true);
    expect(s.starter).toBe(-1);
    expect(t.play(0, s.hands[0][0]).ok).toBe(true);
    expect(s.crib).toHaveLength(4);
    expect(s.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 2: three players get 5 each, 1 goes to the crib, and each discards 1", () => {
    const t = table({ dealer: 2 }, 3);
    const s = state(t);
    expect(s.hands.map((h) => h.length)).toEqual([5, 5, 5]);
    expect(s.crib).toHaveLength(1);
    expect(t.status().toAct).toEqual([0, 1, 2]);
    for (const p of [2, 0, 1]) expect(t.play(p, s.hands[p][0]).ok).toBe(true);
    expect(s.crib).toHaveLength(4);
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 2: discards are unseen by the others until the crib is shown", () => {
    const t = table({ dealer: 0, hands: [list("5H 6H 7H 8H 9H TH"), list("AC 2C 3C 4C 5C 6C")] });
    const since = t.seq;
    play(t, 0, { type: "discard", card: "5H" });
    const other = t.view(1);
    expect(t.eventsFor(1, since)).toEqual([
      { seq: since + 1, type: "move", seat: 0, move: { type: "discard" } },
    ]);
    expect(t.eventsFor(SPECTATOR, since)).toEqual(t.eventsFor(1, since));
    expect(JSON.stringify(other)).not.toContain("5H");
    expect(JSON.stringify(t.view(SPECTATOR))).not.toContain("5H");
    expect(t.view(0).myCrib).toEqual(["5H"]);
    expect(t.eventsFor(0, since)).toEqual([
      { seq: since + 1, type: "move", seat: 0, move: { type: "discard", card: "5H" } },
    ]);
  });

  it("rule 3: the starter is cut after the discards, and a Jack gives the dealer 2 for his heels", () => {
    const t = table({
      dealer: 1,
      hands: [list("5H 6H 7H 8H 9H TH"), list("AC 2C 3C 4C 5C 6C")],
      starter: "JD",
    });
    for (const card of ["5H", "6H"]) play(t, 0, { type: "discard", card });
    play(t, 1, { type: "discard", card: "AC" });
    expect(t.view(0).starter).toBeNull();
    play(t, 1, { type: "discard", card: "2C" });
    expect(t.view(0).starter).toBe("JD");
    expect(t.status().scores).toEqual([0, 2]);
    expect(scoring(t)).toEqual([{ seat: 1, points: 2, for: "his heels" }]);
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 4: go for 1, and the last card scores 1", () => {
    const t = pegging({ muggins: true });
    pegOut(t);
    expect(scoring(t)).toEqual([
      { seat: 1, points: 1, for: "go" },
      { seat: 0, points: 1, for: "last card" },
    ]);
    expect(t.status().scores).toEqual([1, 1]);
  });

  it("rule 4: a player out of cards is skipped, and the other plays on", () => {
    const t = table({
      dealer: 0,
      hands: [list("3D 4H"), list("TC")],
      crib: list("5C 5D JC QS"),
      starter: "KD",
    });
    play(t, 1, { type: "play", card: "TC" });
    expect(t.status().toAct).toEqual([0]);
    play(t, 0, { type: "play", card: "3D" });
    expect(t.status().toAct).toEqual([0]);
    play(t, 0, { type: "play", card: "4H" });
    expect(scoring(t)[0]).toEqual({ seat: 0, points: 1, for: "last card" });
  });

  it("rule 4: go only when no card can be played", () => {
    const t = pegging();
    play(t, 1, { type: "play", card: "TC" });
    expect(t.legalJson(0).map((m) => m.type)).not.toContain("go");
  });

  it("rule 4: 31 scores 2 in all, never 3, and the next count starts with the next player", () => {
    const t = table({
      dealer: 0,
      hands: [list("KS 9S 4D 2C"), list("KH QH 8C 3D")],
      crib: list("5C 5D JC QS"),
      starter: "AH",
    });
    play(t, 1, { type: "play", card: "KH" });
    play(t, 0, { type: "play", card: "9S" });
    play(t, 1, { type: "play", card: "QH" });
    play(t, 0, { type: "play", card: "2C" });
    expect(t.status().scores).toEqual([2, 0]);
    expect(scoring(t)).toEqual([{ seat: 0, points: 2, for: "thirty-one" }]);
    expect(t.view(0).count).toBe(0);
    expect(t.status().toAct).toEqual([1]);
  });

  it("rule 4: pairs, pair royal and runs in any order score for the player of the card", () => {
    const t = table({
      dealer: 0,
      hands: [list("4S 6S 4D 5C"), list("4H 5D 6H 4C")],
      crib: list("KC KD JC QS"),
      starter: "AH",
    });
    play(t, 1, { type: "play", card: "4H" });
    play(t, 0, { type: "play", card: "4S" }); // pair: 2
    play(t, 1, { type: "play", card: "4C" }); // pair royal: 6
    play(t, 0, { type: "play", card: "4D" }); // double pair royal: 12, count 16
    expect(t.status().scores).toEqual([14, 6]);
    play(t, 1, { type: "play", card: "6H" }); // 4-4-6: nothing, count 22
    play(t, 0, { type: "play", card: "5C" }); // 4-6-5: a run of three in any order: 3, count 27
    expect(t.status().scores).toEqual([17, 6]);
  });

  it("rule 5: the show scores the non-dealer, then the dealer, then the crib, each with the starter", () => {
    const t = pegging();
    pegOut(t);
    expect(scoring(t).slice(2)).toEqual([
      { seat: 1, points: 2, for: "hand" },
      { seat: 0, points: 8, for: "hand" },
      { seat: 0, points: 17, for: "crib" },
    ]);
    expect(t.status()).toMatchObject({ handOver: true, scores: [26, 3] });
    const shows = t.view(1).shows as JsonObject[];
    expect(shows.map((x) => [x.seat, x.crib, x.total])).toEqual([
      [1, false, 2],
      [0, false, 8],
      [0, true, 17],
    ]);
    expect(shows[1].count).toBe("fifteen two, fifteen four, and a run of four is eight");
    expect(t.view(1).crib).toEqual(["5C", "5D", "JC", "QS"]);
  });

  it("rule 5: with three players the show goes round from the dealer's left, then the dealer's hand and crib", () => {
    const t = table({ dealer: 0, crib: list("5C 5D JC QS") }, 3, { muggins: true });
    const claimed: number[] = [];
    while (!t.state.handOver) {
      const seat = t.status().toAct[0];
      const legal = t.legal(seat);
      const m = greedy.choose(seen(t, seat), legal, Rng.fromSeed(1));
      if (moveToJson(m).type === "claim") claimed.push(seat);
      expect(t.play(seat, m).ok).toBe(true);
    }
    expect(claimed).toEqual([1, 2, 0, 0]);
  });

  it("rule 6: the game ends the moment a player reaches 121, even in the middle of the show", () => {
    const t = pegging({}, [0, 118]);
    pegOut(t);
    // Seat 1 pegs 1 (119) and shows 2 (121): the dealer's hand and crib are never counted.
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [1, 121] });
    expect((t.view(0).shows as unknown[]).length).toBe(1);
  });

  it("rule 6: ... and in the middle of the pegging", () => {
    const t = pegging({}, [0, 120]);
    play(t, 1, { type: "play", card: "TC" });
    play(t, 0, { type: "play", card: "AS" });
    play(t, 1, { type: "play", card: "9H" });
    play(t, 0, { type: "play", card: "2S" });
    play(t, 1, { type: "play", card: "7C" });
    play(t, 0, { type: "go" });
    play(t, 1, { type: "go" });
    expect(t.status()).toMatchObject({ matchOver: true, toAct: [], winners: [1], scores: [0, 121] });
    expect(t.playJson(0, { type: "play", card: "3D" }).ok).toBe(false);
  });

  it("rule 6: option target sets the winning score", () => {
    const t = pegging({ target: 2 });
    pegOut(t);
    // Seat 1 pegs 1 for the go, then shows 2: 3, past the target of 2.
    expect(t.status()).toMatchObject({ matchOver: true, winners: [1], scores: [1, 3] });
  });

  it("rule 7: muggins: a claim below the true count gives the opponent the missed points", () => {
    expect(mugginsSplit(6, 8)).toEqual([6, 2]);
    const t = pegging({ muggins: true });
    pegOut(t);
    expect(t.status().toAct).toEqual([1]);
    expect(t.legalJson(1)).toEqual(Array.from({ length: 30 }, (_, n) => ({ type: "claim", points: n })));
    play(t, 1, { type: "claim", points: 1 }); // true count 2: seat 1 scores 1, seat 0 the missed 1
    expect(t.status().scores).toEqual([2, 2]);
    expect(t.status().toAct).toEqual([0]);
  });

  it("rule 7: muggins: a claim above the true count scores the truth and gives the opponent the excess", () => {
    expect(mugginsSplit(10, 8)).toEqual([8, 2]);
    const t = pegging({ muggins: true });
    pegOut(t);
    play(t, 1, { type: "claim", points: 2 });
    play(t, 0, { type: "claim", points: 10 }); // true count 8: seat 0 scores 8, seat 1 the excess 2
    expect(t.status().scores).toEqual([9, 5]);
    expect(t.view(1).crib).toEqual(["5C", "5D", "JC", "QS"]); // the crib is turned for its claim
    play(t, 0, { type: "claim", points: 17 });
    expect(t.status()).toMatchObject({ handOver: true, scores: [26, 5] });
    expect((t.view(1).shows as JsonObject[]).map((x) => x.claim)).toEqual([2, 10, 17]);
  });

  it("rule 7: computer players claim the true count", () => {
    const t = pegging({ muggins: true });
    pegOut(t);
    const pick = (seat: number) => moveToJson(greedy.choose(seen(t, seat), t.legal(seat), Rng.fromSeed(1)));
    expect(pick(1)).toEqual({ type: "claim", points: 2 });
    play(t, 1, { type: "claim", points: 2 });
    expect(pick(0)).toEqual({ type: "claim", points: 8 });
    play(t, 0, { type: "claim", points: 8 });
    expect(pick(0)).toEqual({ type: "claim", points: 17 });
  });

  it("rule 8: with skunk on, a win by 31 or more counts as two games", () => {
    expect(gamesForWin(121, 90, true)).toBe(2);
    expect(gamesForWin(121, 91, true)).toBe(1);
    expect(gamesForWin(121, 50, false)).toBe(1);
    // Seat 0 ends on 90 (89 + the last card): 121 - 90 = 31.
    const t = pegging({ skunk: true }, [89, 118]);
    pegOut(t);
    expect(t.view(0).games).toEqual([0, 2]);
    expect(t.status().scores).toEqual([90, 121]);
    expect((t.view(0).result as JsonObject).detail).toMatchObject({ games: [0, 2] });
    const close = pegging({ skunk: true }, [90, 118]);
    pegOut(close);
    expect(close.view(0).games).toEqual([0, 1]);
  });

  it("passes the deal to the left after every hand", () => {
    const t = pegging();
    pegOut(t);
    expect(t.next().ok).toBe(true);
    expect(t.status()).toMatchObject({ dealer: 1, hand: 2, toAct: [0, 1] });
  });

  it("refuses bad set-ups with one clear line", () => {
    const start = (setup: unknown, players = 2) => Table.start(cribbage, { players, seed: 1, setup });
    const twice = start({ hands: [["AS"], ["AS"]] });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const crib = start({ crib: ["AS", "2S"] });
    expect(!crib.ok && crib.error.message).toBe("setup.crib holds the whole crib of 4 cards, not 2");
    const big = start({ hands: [list("AS 2S 3S 4S 5S 6S 7S")] });
    expect(!big.ok && big.error.message).toMatch(/holds 6/);
    const joker = start({ starter: "RJ" });
    expect(!joker.ok && joker.error.code).toBe("bad_setup");
    const part = start({ upcard: "AS" });
    expect(!part.ok && part.error.message).toMatch(/no part "upcard"/);
  });
});

describe("Cribbage views", () => {
  it("show a seat its own hand and the sizes of the others, never their cards", () => {
    const t = table({ dealer: 0, hands: [list("5H 6H 7H 8H 9H TH"), list("AC 2C 3C 4C 5C 6C")] });
    const v = t.view(0);
    expect(v).toMatchObject({
      hand: list("5H 6H 7H 8H 9H TH"),
      handSizes: [6, 6],
      toAct: [0, 1],
      phase: "discard",
    });
    for (const card of list("AC 2C 3C 4C 5C 6C")) expect(JSON.stringify(v)).not.toContain(`"${card}"`);
    expect(t.view(SPECTATOR).hand).toBeNull();
    expect(t.view(SPECTATOR).myCrib).toBeNull();
  });

  it("show the pile, the count, the starter and the cards played", () => {
    const t = pegging();
    play(t, 1, { type: "play", card: "TC" });
    play(t, 0, { type: "play", card: "AS" });
    expect(t.view(SPECTATOR)).toMatchObject({ starter: "KD", count: 11, pile: ["TC", "AS"], turn: 1 });
    expect(t.view(SPECTATOR).crib).toBeNull();
  });

  it("board() draws the table for a terminal", () => {
    const t = pegging();
    play(t, 1, { type: "play", card: "TC" });
    const lines = cribbage.board(seen(t, 0)).join("\n");
    expect(lines).toContain("Count: 10   TC");
    expect(lines).toContain("Your hand: AS 2S 3D 4H");
  });

  it("board() shows both pegs on a track to the target, the cut and whose crib it is", () => {
    const t = pegging();
    const lines = cribbage.board(seen(t, 0));
    expect(lines[1]).toMatch(/^you {4}\|\.{40}\| 0 of 121$/);
    expect(lines[2]).toMatch(/^seat 1 \|\.{40}\| 0 of 121$/);
    expect(lines.join("\n")).toContain("Cut: KD");
    const dealer = t.status().dealer;
    expect(lines.join("\n")).toContain(dealer === 0 ? "Your crib:" : `Seat ${dealer}'s crib:`);
    const name = (p: number) => (p === 0 ? "you" : `seat ${p}`);
    expect(pegTrack([60, 121, 130], 121, name)).toEqual([
      `you    |${"=".repeat(19)}>${".".repeat(20)}| 60 of 121`,
      `seat 1 |${"=".repeat(39)}>| 121 of 121`,
      `seat 2 |${"=".repeat(39)}>| 130 of 121`,
    ]);
  });
});

describe("the greedy bot", () => {
  it("keeps 5-5-5-K as the dealer and throws J-Q to its own crib (20.4 expected, against 19.8 for keeping the Jack)", () => {
    const t = table({ dealer: 0, hands: [list("5C 5D 5H JS KC QC"), null] });
    const m = greedy.choose(seen(t, 0), t.legal(0), Rng.fromSeed(1));
    expect([
      { type: "discard", card: "JS" },
      { type: "discard", card: "QC" },
    ]).toContainEqual(moveToJson(m));
  });

  it("pegs a fifteen when it can and does not lead to leave a count of 5", () => {
    const t = table({
      dealer: 0,
      hands: [list("5H 9C 7C 6C"), list("5C 9D 2H TS")],
      crib: list("AS AD KH KS"),
      starter: "QD",
    });
    const lead = greedy.choose(seen(t, 1), t.legal(1), Rng.fromSeed(1));
    expect(moveToJson(lead)).not.toEqual({ type: "play", card: "5C" });
    play(t, 1, { type: "play", card: "TS" });
    expect(moveToJson(greedy.choose(seen(t, 0), t.legal(0), Rng.fromSeed(1)))).toEqual({
      type: "play",
      card: "5H",
    });
  });
});

describe("Cribbage playouts", () => {
  it("end every hand and every match with greedy players", () => {
    for (const players of [2, 3]) {
      const t = table(undefined, players, { muggins: true });
      let moves = 0;
      while (!t.state.matchOver) {
        if (t.state.handOver) {
          expect(t.state.result?.reason).not.toMatch(/draw/);
          t.next();
          continue;
        }
        const seat = t.status().toAct[0];
        const m = greedy.choose(seen(t, seat), t.legal(seat), Rng.fromSeed(moves));
        expect(t.play(seat, m).ok).toBe(true);
        moves++;
      }
      expect(t.status().winners).toHaveLength(1);
    }
  });
});

describe("Cribbage deal (as the rules page writes it)", () => {
  it("deals the shuffled pack from the front: hands in blocks from the dealer's left, the crib card, then the stock with the starter on top", () => {
    for (const players of [2, 3]) {
      for (const dealer of [0, players - 1]) {
        const t = Table.start(cribbage, { players, seed: `deal-${dealer}`, setup: { dealer } });
        if (!t.ok) throw new Error(t.error.message);
        const s = state(t.value);
        // An independent re-deal from the hand seed alone.
        const pack = shuffleWith(
          handWords(s.handSeed),
          Array.from({ length: 52 }, (_, i) => i),
        );
        const size = players === 2 ? 6 : 5;
        const hands: number[][] = [];
        let next = 0;
        for (let k = 1; k <= players; k++) hands[(dealer + k) % players] = pack.slice(next, (next += size));
        const crib = players === 3 ? [pack[next++]] : [];
        expect(s.hands).toEqual(hands);
        expect(s.crib).toEqual(crib);
        expect(s.stock).toEqual(pack.slice(next));
        // The starter is fixed at the deal: the stock's top card, turned after the discards.
        for (let p = 0; p < players; p++)
          while (t.value.legal(p).length) expect(t.value.play(p, t.value.legal(p)[0]).ok).toBe(true);
        expect(s.starter).toBe(pack[next]);
      }
    }
  });

  it("deals a set-up that names no card exactly as no set-up, and keeps named hands exact", () => {
    const plain = Table.start(cribbage, { players: 2, seed: 3, setup: { dealer: 1 } });
    const named = Table.start(cribbage, { players: 2, seed: 3, setup: { dealer: 1, hands: [null, null] } });
    if (!plain.ok || !named.ok) throw new Error("no table");
    expect(named.value.dump()).toEqual(plain.value.dump());
    const short = table({ dealer: 0, hands: [list("AS 2S"), []], crib: list("5C 5D JC QS"), starter: "KD" });
    expect(state(short).hands.map((h) => h.length)).toEqual([2, 0]);
    // Seat 1 holds nothing: seat 0 leads, and the show counts the short hand with the starter.
    expect(short.status().toAct).toEqual([0]);
    const full = table({ dealer: 0, hands: [list("AS 2S"), null] });
    expect(state(full).hands.map((h) => h.length)).toEqual([2, 6]);
    expect(full.status().toAct).toEqual([1]);
  });
});
