import { describe, expect, it } from "vitest";
import { type JsonObject, SPECTATOR } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { cribbage } from "./game.js";
import type { CribbageState } from "./state.js";

/*
 * The flow of the pegging and the end of the game in positions built for the
 * purpose: a whole crib in the set-up skips the discards, and each hand is
 * exactly the cards named (4, or fewer for an endgame).
 */

function table(players: number, hands: string[], options: Record<string, unknown> = {}) {
  const crib = "TC TD TS 9D";
  const t = Table.start(cribbage, {
    players,
    seed: 11,
    options,
    setup: { dealer: 0, hands: hands.map((h) => h.split(" ")), crib: crib.split(" "), starter: "AH" },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
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
function play(t: Table, seat: number, move: string): void {
  const json = move === "go" ? { type: "go" } : { type: "play", card: move };
  const r = t.playJson(seat, json);
  if (!r.ok) throw new Error(`${seat} ${move}: ${r.error.message}`);
}
const scoring = (t: Table) => t.view(SPECTATOR).scoring as { seat: number; points: number; for: string }[];

describe("the pegging (rule 4)", () => {
  it("rule 4: a run among the latest cards in any order scores, and an intervening card breaks it", () => {
    const t = table(2, ["4S 9S 6D 2C", "5H 3D 7C QC"], { muggins: true });
    play(t, 1, "5H"); // 5
    play(t, 0, "4S"); // 9
    play(t, 1, "3D"); // 12: 3-5-4 in any order, a run of three
    expect(scoring(t)).toEqual([{ seat: 1, points: 3, for: "run" }]);
    play(t, 0, "9S"); // 21: the 9 breaks the run
    play(t, 1, "7C"); // 28: 4 3 9 7 is no run; 9-7 with 8 missing
    play(t, 0, "2C"); // 30
    expect(scoring(t)).toEqual([{ seat: 1, points: 3, for: "run" }]);
  });

  it("rule 4: a pair is only with the card just before", () => {
    const t = table(2, ["7S 8S 3C 2C", "7H 8D 4D QC"], { muggins: true });
    play(t, 1, "7H");
    play(t, 0, "8S"); // 15: 2
    play(t, 1, "8D"); // 23: pair of 8s: 2
    play(t, 0, "7S"); // 30: the 7 of hearts is two cards back: no pair
    expect(scoring(t)).toEqual([
      { seat: 0, points: 2, for: "fifteen" },
      { seat: 1, points: 2, for: "pairs" },
    ]);
  });

  it("rule 4: 31 with the last card of the hand scores 2 in all, not 3", () => {
    // An endgame: a set-up's hands are exactly the cards it names, here 2 each.
    const t = table(2, ["QH JD", "KH AS"], { muggins: true });
    play(t, 1, "KH");
    play(t, 0, "QH");
    play(t, 1, "AS");
    play(t, 0, "JD"); // 31, and the last card of the hand
    expect(scoring(t)).toEqual([{ seat: 0, points: 2, for: "thirty-one" }]);
    expect(t.view(0).phase).toBe("show");
  });

  it("rule 4: with 3 players a go leaves the others to play on; the next count starts after the last card's player", () => {
    // Dealer 0: seat 1 leads.
    const t = table(3, ["7C 6D 5S JH", "KH 2D 9C 5H", "QH 8C 4D 9S"], { muggins: true });
    play(t, 1, "KH"); // 10
    play(t, 2, "QH"); // 20
    play(t, 0, "7C"); // 27
    play(t, 1, "2D"); // 29
    expect(t.legalJson(2)).toEqual([{ type: "go" }]);
    play(t, 2, "go");
    expect(t.legalJson(0)).toEqual([{ type: "go" }]);
    play(t, 0, "go");
    play(t, 1, "go");
    expect(scoring(t)).toEqual([{ seat: 1, points: 1, for: "go" }]);
    // Seat 1 played the last card: seat 2 leads the new count.
    expect(t.status().toAct).toEqual([2]);
    expect(t.view(2)).toMatchObject({ count: 0, pile: [], go: [] });
  });

  it("rule 4: with 3 players a seat out of cards is skipped in the play and in leading the next count", () => {
    const t = table(3, ["9C 5S", "KH AC", "QH"], { muggins: true });
    play(t, 1, "KH"); // 10
    play(t, 2, "QH"); // 20: seat 2 is out of cards
    play(t, 0, "9C"); // 29
    play(t, 1, "AC"); // 30: seat 1 is out too
    expect(t.status().toAct).toEqual([0]);
    play(t, 0, "go"); // 5S would make 35
    expect(scoring(t)).toEqual([{ seat: 1, points: 1, for: "go" }]);
    // After seat 1 comes seat 2, out of cards: seat 0 leads, and its 5 is the last card.
    expect(t.status().toAct).toEqual([0]);
    play(t, 0, "5S");
    expect(scoring(t)).toEqual([
      { seat: 1, points: 1, for: "go" },
      { seat: 0, points: 1, for: "last card" },
    ]);
  });
});

describe("muggins with 3 players (rule 7)", () => {
  it("rule 7: the missed points go to the claimant's left-hand neighbour", () => {
    // Seat 1 shows 5C 5D TH JS with AH: four fifteens and a pair, 10.
    const t = table(3, ["2C 3C 4C 6C", "5C 5D TH JS", "7H 8H 9H KH"], { muggins: true });
    while (t.view(0).phase === "pegging") {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    const before = t.status().scores;
    expect(t.status().toAct).toEqual([1]);
    expect(t.playJson(1, { type: "claim", points: 6 }).ok).toBe(true);
    expect(t.status().scores).toEqual([before[0], before[1] + 6, before[2] + 4]);
    expect(t.status().toAct).toEqual([2]);
  });
});

describe("the end of the game (rules 6 and 8)", () => {
  it("rule 6: his heels can end the game before the pegging", () => {
    const t = Table.start(cribbage, {
      players: 2,
      seed: 3,
      options: { target: 2 },
      setup: { dealer: 1, crib: "TC TD TS 9D".split(" "), starter: "JH" },
    });
    if (!t.ok) throw new Error(t.error.message);
    expect(t.value.status()).toMatchObject({ matchOver: true, winners: [1], scores: [0, 2], toAct: [] });
  });

  it("rule 8: a skunk is measured at the target, so points past it do not make one", () => {
    // Seat 0 (dealer) holds AS 2S 3D 4H with KD turned: 8; its crib 5C 5D JC QS: 17.
    const deal = (scores: number[], skunk = true) => {
      const t = Table.start(cribbage, {
        players: 2,
        seed: 7,
        options: { skunk },
        setup: {
          dealer: 0,
          hands: ["AS 2S 3D 4H".split(" "), "TC 9H 7C 6C".split(" ")],
          crib: "5C 5D JC QS".split(" "),
          starter: "KD",
        },
      });
      if (!t.ok) throw new Error(t.error.message);
      const at = atScores(t.value, scores);
      const moves: [number, string][] = [
        [1, "TC"],
        [0, "AS"],
        [1, "9H"],
        [0, "2S"],
        [1, "7C"],
        [0, "go"],
        [1, "go"],
        [0, "3D"],
        [1, "6C"],
        [0, "4H"],
      ];
      for (const [seat, m] of moves) play(at, seat, m);
      return at;
    };
    // Seat 0 reaches 136 with its crib; seat 1 ends on 103: 18 short of 121, no skunk.
    const over = deal([110, 100]);
    expect(over.status()).toMatchObject({ matchOver: true, winners: [0], scores: [136, 103] });
    expect(over.view(0).games).toEqual([1, 0]);
    // Seat 1 ends on 90: 31 short of 121, a skunk however far past 121 seat 0 went.
    const skunk = deal([110, 87]);
    expect(skunk.status().scores).toEqual([136, 90]);
    expect(skunk.view(0).games).toEqual([2, 0]);
    expect(reasonOf(skunk)).toBe("seat 0 reached 121: a skunk, two games");
    expect(reasonOf(over)).toBe("seat 0 reached 121");
  });

  it("rule 8: a skunk and a double skunk are said, counted or not", () => {
    const deal = (scores: number[], skunk: boolean) => {
      const t = Table.start(cribbage, {
        players: 2,
        seed: 7,
        options: { skunk },
        setup: {
          dealer: 0,
          hands: ["AS 2S 3D 4H".split(" "), "TC 9H 7C 6C".split(" ")],
          crib: "5C 5D JC QS".split(" "),
          starter: "KD",
        },
      });
      if (!t.ok) throw new Error(t.error.message);
      const at = atScores(t.value, scores);
      const moves: [number, string][] = [
        [1, "TC"],
        [0, "AS"],
        [1, "9H"],
        [0, "2S"],
        [1, "7C"],
        [0, "go"],
        [1, "go"],
        [0, "3D"],
        [1, "6C"],
        [0, "4H"],
      ];
      for (const [seat, m] of moves) play(at, seat, m);
      return at;
    };
    // Seat 1 ends on 60: 61 short of 121, a double skunk (two games, as rule 8 counts it).
    const double = deal([110, 57], true);
    expect(double.status().scores).toEqual([136, 60]);
    expect(double.view(0).games).toEqual([2, 0]);
    expect(reasonOf(double)).toBe("seat 0 reached 121: a double skunk, two games");
    // With the option off a skunk is one game, and still said.
    const plain = deal([110, 87], false);
    expect(plain.view(0).games).toEqual([1, 0]);
    expect(reasonOf(plain)).toBe("seat 0 reached 121: a skunk, not counted at this table");
  });
});

/** Why the match ended, as the table's result says. */
const reasonOf = (t: Table): string | undefined => (t.view(0).result as { reason?: string } | null)?.reason;

describe("the views of the pegging", () => {
  it("are snapshots: a later move does not change a view already taken", () => {
    const t = table(2, ["7S 8S 3C 2C", "7H 8D 4D QC"]);
    const before = t.view(0);
    play(t, 1, "7H");
    play(t, 0, "8S");
    expect(before.scores).toEqual([0, 0]);
    expect(t.view(0).scores).toEqual([2, 0]);
  });

  it("rule 2: with 3 players, who put which card in the crib stays unseen after the crib is shown", () => {
    const t = Table.start(cribbage, { players: 3, seed: 5, setup: { dealer: 0 } });
    if (!t.ok) throw new Error(t.error.message);
    for (const p of [0, 1, 2]) t.value.play(p, t.value.legal(p)[0]);
    while (!t.value.state.handOver) {
      const seat = t.value.status().toAct[0];
      t.value.play(seat, t.value.legal(seat)[0]);
    }
    expect(t.value.view(1).crib).toHaveLength(4);
    const discards = t.value
      .eventsFor(1)
      .filter((e) => e.type === "move" && (e.move as JsonObject).type === "discard");
    expect(discards.map((e) => [e.seat, (e.move as JsonObject).card !== undefined])).toEqual([
      [0, false],
      [1, true],
      [2, false],
    ]);
  });
});
