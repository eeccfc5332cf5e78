import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { SPECTATOR } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import { ginRummy } from "./game.js";
import { DISCARD, type GinState } from "./state.js";

const cards = (t: string) => (parseCards(t.split(" ")) as { value: number[] }).value;

function start(setup: Record<string, unknown> = { dealer: 0 }, options = {}): Table {
  const t = Table.start(ginRummy, { players: 2, seed: "events", setup, options });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** Seat 1 to discard from 11 cards, `top` on the discard pile, the rest of the pack the stock. */
function discarding(hands: [string, string], top: string, options = {}): Table {
  const p = start({ dealer: 0 }, options).position();
  const s = structuredClone(p.state) as unknown as GinState;
  s.hands = [cards(hands[0]), cards(hands[1])];
  s.discard = cards(top);
  const used = new Set([...s.hands.flat(), ...s.discard]);
  s.stock = makePack().filter((x) => !used.has(x));
  s.turn = 1;
  s.toActSeats = [1];
  s.phase = DISCARD;
  const t = Table.fromPosition(ginRummy, { ...p, state: s });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

const play = (t: Table, seat: number, move: Record<string, unknown>) => {
  const since = t.seq;
  const r = t.playJson(seat, move);
  if (!r.ok) throw new Error(r.error.message);
  return (viewer: number | typeof SPECTATOR) => t.eventsFor(viewer, since).map(({ seq: _, ...e }) => e);
};

const KNOCKER = "3H 4H 5H 6H 8C 8D 8S AC 2D 4C QS";
const DEFENDER = "7H 8H KC KD KS QC JS 9S 2S 5D";

describe("Gin Rummy events", () => {
  it("name a card drawn from the stock to its drawer only, and a card taken face up to all", () => {
    const t = start({ dealer: 0, upcard: "5H", stock: cards("9C") });
    expect(play(t, 1, { type: "pass" })(0)).toEqual([{ type: "move", seat: 1, move: { type: "pass" } }]);
    play(t, 0, { type: "pass" });
    const drawn = play(t, 1, { type: "draw" });
    expect(drawn(1)).toEqual([{ type: "move", seat: 1, move: { type: "draw" }, card: "9C" }]);
    expect(drawn(0)).toEqual([{ type: "move", seat: 1, move: { type: "draw" } }]);
    expect(drawn(SPECTATOR)).toEqual(drawn(0));
    play(t, 1, { type: "discard", card: "9C" });
    const taken = play(t, 0, { type: "take" });
    for (const v of [0, 1, SPECTATOR] as const) {
      expect(taken(v)).toEqual([{ type: "move", seat: 0, move: { type: "take" }, card: "9C" }]);
    }
  });

  it("turn the knocker's hand up at the knock, the defender's at the hand's end, and say what scored", () => {
    const t = discarding([DEFENDER, KNOCKER], "9D");
    const knock = play(t, 1, { type: "knock", card: "QS" });
    expect(knock(0)).toEqual([
      { type: "move", seat: 1, move: { type: "knock", card: "QS" } },
      {
        type: "reveal",
        seat: 1,
        why: "knock",
        melds: [
          ["3H", "4H", "5H", "6H"],
          ["8C", "8D", "8S"],
        ],
        deadwoodCards: ["AC", "2D", "4C"],
        deadwood: 7,
      },
    ]);
    play(t, 0, { type: "layoff", card: "7H", meld: 0 });
    const last = play(t, 0, { type: "layoff", card: "8H", meld: 0 })(1);
    expect(last.slice(0, 3)).toEqual([
      { type: "move", seat: 0, move: { type: "layoff", card: "8H", meld: 0 } },
      {
        type: "reveal",
        seat: 0,
        why: "the hand is over",
        melds: [["KC", "KD", "KS"]],
        deadwoodCards: ["2S", "5D", "9S", "JS", "QC"],
        deadwood: 36,
      },
      {
        type: "score",
        seat: 1,
        points: 29,
        why: "knock: 36 (2S 5D 9S JS QC) in deadwood against 7 (AC 2D 4C); laid off 7H 8H",
      },
    ]);
    expect(last[3]).toMatchObject({ type: "handOver", hand: 1 });
  });

  it("score gin, an undercut and the standard bonuses in words", () => {
    const gin = discarding(["5S 4D 9C 9D 2C 3D 5C 8D JD QS", "AS 2S 3S 4S 5H 6H 7H KC KD KH QD"], "9H");
    const ginEvents = play(gin, 1, { type: "knock", card: "QD" })(SPECTATOR);
    expect(ginEvents.filter((e) => e.type === "score")).toEqual([
      {
        type: "score",
        seat: 1,
        points: 90,
        why: "gin: 65 (2C 3D 4D 5C 5S 8D 9C 9D JD QS) in deadwood, plus 25 for gin",
      },
    ]);
    const under = discarding(["TH JH QH 6S 6D 6H KS KD KH AD", "AS 2S 3S 4D 4H 4C 7C 8C 9C 5D QD"], "2H");
    const underEvents = play(under, 1, { type: "knock", card: "QD" })(0);
    expect(underEvents.filter((e) => e.type === "score")).toEqual([
      { type: "score", seat: 0, points: 29, why: "undercut: 1 (AD) against 5 (5D), plus 25" },
    ]);
    const match = discarding([DEFENDER, KNOCKER], "9D", { target: 40, bonuses: "standard" });
    play(match, 1, { type: "knock", card: "QS" });
    const end = play(match, 0, { type: "done" })(0);
    expect(end.filter((e) => e.type === "score")).toEqual([
      {
        type: "score",
        seat: 1,
        points: 44,
        why: "knock: 51 (2S 5D 7H 8H 9S JS QC) in deadwood against 7 (AC 2D 4C)",
      },
      { type: "score", seat: 1, points: 25, why: "box bonus: 1 hand won" },
      { type: "score", seat: 1, points: 100, why: "game" },
      { type: "score", seat: 1, points: 169, why: "shutout: doubled" },
    ]);
    expect(end.at(-1)).toEqual({ type: "matchOver", winners: [1], scores: [0, 338] });
  });
});
