import { describe, expect, it } from "vitest";
import { type JsonObject, SPECTATOR } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { cribbage } from "./game.js";

const list = (t: string) => t.split(" ");

function table(setup: Record<string, unknown>, players = 2, options: Record<string, unknown> = {}): Table {
  const t = Table.start(cribbage, { players, seed: 7, options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
function play(t: Table, seat: number, move: Record<string, unknown>): JsonObject[] {
  const since = t.seq;
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(move)}: ${r.error.message}`);
  return t.eventsFor(SPECTATOR, since).map(({ seq: _seq, ...e }) => e);
}
const scores = (events: JsonObject[]) =>
  events.filter((e) => e.type === "score").map((e) => [e.seat, e.points, e.why]);

/** Dealer seat 0; seat 1 holds TC 9H 7C 6C, seat 0 AS 2S 3D 4H; the crib 5C 5D JC QS; KD turned. */
const pegging = (options: Record<string, unknown> = {}) =>
  table(
    {
      dealer: 0,
      hands: [list("AS 2S 3D 4H"), list("TC 9H 7C 6C")],
      crib: list("5C 5D JC QS"),
      starter: "KD",
    },
    2,
    options,
  );
const playCard = (t: Table, seat: number, card: string) => play(t, seat, { type: "play", card });

describe("Cribbage events", () => {
  it("turn the starter after the last discard, and his heels scores in words", () => {
    const t = table({
      dealer: 1,
      hands: [list("5H 6H 7H 8H 9H TH"), list("AC 2C 3C 4C 5C 6C")],
      starter: "JD",
    });
    for (const card of ["5H", "6H", "AC"]) play(t, card === "AC" ? 1 : 0, { type: "discard", card });
    const last = play(t, 1, { type: "discard", card: "2C" });
    expect(last).toEqual([
      { type: "move", seat: 1, move: { type: "discard" } },
      { type: "reveal", what: "starter", seat: 0, card: "JD" },
      { type: "score", seat: 1, points: 2, why: "his heels" },
    ]);
  });

  it("say the pegging's scores as players say them", () => {
    // 4 4 4 4 (16), then 6 (22) and 5 (27): a pair, a pair royal, a double pair royal, a run in any order.
    const t = table({
      dealer: 0,
      hands: [list("4S 6S 4D 5C"), list("4H 5D 6H 4C")],
      crib: list("KC KD JC QS"),
      starter: "AH",
    });
    playCard(t, 1, "4H");
    expect(scores(playCard(t, 0, "4S"))).toEqual([[0, 2, "a pair for 2"]]);
    expect(scores(playCard(t, 1, "4C"))).toEqual([[1, 6, "a pair royal for 6"]]);
    expect(scores(playCard(t, 0, "4D"))).toEqual([[0, 12, "a double pair royal for 12"]]);
    playCard(t, 1, "6H");
    expect(scores(playCard(t, 0, "5C"))).toEqual([[0, 3, "a run of 3"]]);
  });

  it("say 31 for 2 and go", () => {
    const p = pegging();
    for (const [seat, card] of [
      [1, "TC"],
      [0, "AS"],
      [1, "9H"],
      [0, "2S"],
      [1, "7C"],
    ] as const)
      playCard(p, seat, card);
    expect(scores(play(p, 0, { type: "go" }))).toEqual([]);
    expect(scores(play(p, 1, { type: "go" }))).toEqual([[1, 1, "go"]]);
    const thirtyOne = table({
      dealer: 0,
      hands: [list("KS 9S 4D 2C"), list("KH QH 8C 3D")],
      crib: list("5C 5D JC QS"),
      starter: "AH",
    });
    playCard(thirtyOne, 1, "KH");
    playCard(thirtyOne, 0, "9S");
    playCard(thirtyOne, 1, "QH");
    expect(scores(playCard(thirtyOne, 0, "2C"))).toEqual([[0, 2, "31 for 2"]]);
  });

  it("turn each hand and then the crib in the show, each counted aloud", () => {
    const t = pegging();
    for (const [seat, m] of [
      [1, "TC"],
      [0, "AS"],
      [1, "9H"],
      [0, "2S"],
      [1, "7C"],
      [0, "go"],
      [1, "go"],
      [0, "3D"],
      [1, "6C"],
    ] as const)
      play(t, seat, m === "go" ? { type: "go" } : { type: "play", card: m });
    const last = playCard(t, 0, "4H");
    expect(last.filter((e) => e.type !== "move" && e.type !== "handOver")).toEqual([
      { type: "score", seat: 0, points: 1, why: "last card" },
      { type: "reveal", what: "hand", seat: 1, cards: list("6C 7C 9H TC") },
      { type: "score", seat: 1, points: 2, why: "fifteen two", for: "hand" },
      { type: "reveal", what: "hand", seat: 0, cards: list("AS 2S 3D 4H") },
      {
        type: "score",
        seat: 0,
        points: 8,
        why: "fifteen two, fifteen four, and a run of four is eight",
        for: "hand",
      },
      { type: "reveal", what: "crib", seat: 0, cards: list("5C 5D JC QS") },
      {
        type: "score",
        seat: 0,
        points: 17,
        why: "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, and a pair is fourteen, and a run of three is seventeen",
        for: "crib",
      },
    ]);
  });

  it("muggins: put each hand up for its claim, then say the claim and what muggins takes", () => {
    const t = pegging({ muggins: true });
    const moves = [
      [1, "TC"],
      [0, "AS"],
      [1, "9H"],
      [0, "2S"],
      [1, "7C"],
      [0, "go"],
      [1, "go"],
      [0, "3D"],
      [1, "6C"],
    ] as const;
    for (const [seat, m] of moves) play(t, seat, m === "go" ? { type: "go" } : { type: "play", card: m });
    expect(playCard(t, 0, "4H").slice(-1)).toEqual([
      { type: "reveal", what: "hand", seat: 1, cards: list("6C 7C 9H TC") },
    ]);
    expect(play(t, 1, { type: "claim", points: 1 })).toEqual([
      { type: "move", seat: 1, move: { type: "claim", points: 1 } },
      { type: "score", seat: 1, points: 1, why: "claims 1 for the hand", for: "hand" },
      { type: "score", seat: 0, points: 1, why: "muggins: 1 missed" },
      { type: "reveal", what: "hand", seat: 0, cards: list("AS 2S 3D 4H") },
    ]);
    expect(scores(play(t, 0, { type: "claim", points: 10 }))).toEqual([
      [0, 8, "claims 10 for the hand, scores the true 8"],
      [1, 2, "muggins: 2 over-claimed"],
    ]);
    const crib = t.eventsFor(1).at(-1)!;
    expect(crib).toMatchObject({ type: "reveal", what: "crib", seat: 0, cards: list("5C 5D JC QS") });
  });
});
