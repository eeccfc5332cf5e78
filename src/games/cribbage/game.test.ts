import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCard } from "../../engine/card-text.js";
import { type JsonObject, type MatchState, SPECTATOR } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { gameProperties } from "../../../test/game-properties.js";
import { greedy } from "./bot.js";
import { cribbage } from "./game.js";
import { moveToJson } from "./moves.js";
import { cutDealer, gamesForWin, mugginsSplit } from "./rules.js";
import type { CribbageState } from "./state.js";
import { cribShown } from "./view.js";

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
  if (scores) state(t).scores = scores.slice();
  return t;
}
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
      const cut = t.value.view(0).cutForDeal as { rounds: string[][]; dealer: number };
      const s = state(t.value);
      expect(s.dealer).toBe(cutDealer(s.cuts[s.cuts.length - 1]));
      expect(cut.dealer).toBe(s.dealer);
      expect(cut.rounds).toHaveLength(s.cuts.length);
      expect(cut.rounds[0][0]).toMatch(/^the /);
      if (s.cuts.length > 1) {
        tied = true;
        expect(cutDealer(s.cuts[0])).toBe(-1);
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
    play(t, 0, { type: "discard", card: "5H" });
    const other = t.view(1);
    expect(other.history).toEqual([{ seat: 0, move: { type: "discard" } }]);
    expect(JSON.stringify(other)).not.toContain("5H");
    expect(JSON.stringify(t.view(SPECTATOR))).not.toContain("5H");
    expect(t.view(0).myCrib).toEqual(["5H"]);
    expect(t.view(0).history).toEqual([{ seat: 0, move: { type: "discard", card: "5H" } }]);
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
    const t = pegging();
    const s = state(t);
    s.hands[1] = [c("TC")];
    s.hands[0] = [c("3D"), c("4H")];
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
      const m = greedy.choose(t.view(seat), legal, Rng.fromSeed(1));
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
    const pick = (seat: number) => moveToJson(greedy.choose(t.view(seat), t.legal(seat), Rng.fromSeed(1)));
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
    const lines = cribbage.board(t.view(0)).join("\n");
    expect(lines).toContain("Count: 10   TC");
    expect(lines).toContain("Your hand: AS 2S 3D 4H");
  });
});

describe("the greedy bot", () => {
  it("keeps 5-5-5-J as the dealer and throws the kings to its own crib", () => {
    const t = table({ dealer: 0, hands: [list("5C 5D 5H JS KC QC"), []] });
    const m = greedy.choose(t.view(0), t.legal(0), Rng.fromSeed(1));
    expect(["KC", "QC"]).toContain(moveToJson(m).card);
  });

  it("pegs a fifteen when it can and does not lead to leave a count of 5", () => {
    const t = table({
      dealer: 0,
      hands: [list("5H 9C 7C 6C"), list("5C 9D 2H TS")],
      crib: list("AS AD KH KS"),
      starter: "QD",
    });
    const lead = greedy.choose(t.view(1), t.legal(1), Rng.fromSeed(1));
    expect(moveToJson(lead)).not.toEqual({ type: "play", card: "5C" });
    play(t, 1, { type: "play", card: "TS" });
    expect(moveToJson(greedy.choose(t.view(0), t.legal(0), Rng.fromSeed(1)))).toEqual({
      type: "play",
      card: "5H",
    });
  });
});

const hidden = (st: MatchState, viewer: number | typeof SPECTATOR) => {
  const s = st as CribbageState;
  const out = s.stock.slice(s.stockTop);
  if (!s.handOver) {
    s.hands.forEach((h, p) => p !== viewer && out.push(...h));
    if (!cribShown(s)) s.crib.forEach((card, i) => s.cribOwner[i] !== viewer && out.push(card));
  }
  return out;
};

gameProperties({
  game: cribbage,
  players: [2, 3],
  options: [{}, { muggins: true }, { muggins: true, skunk: true, target: 61 }],
  pack: () => makePack(),
  hidden,
  runs: 5,
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
        const m = greedy.choose(t.view(seat), t.legal(seat), Rng.fromSeed(moves));
        expect(t.play(seat, m).ok).toBe(true);
        moves++;
      }
      expect(t.status().winners).toHaveLength(1);
    }
  });
});
