import { describe, expect, it } from "vitest";
import type { AnyGame, JsonObject } from "../engine/game.js";
import { GAMES } from "../games/index.js";
import { calloutsOf } from "./callouts.js";
import { readerFor } from "./reader.js";

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!;
const r = readerFor(0, [null, "Alice", "Bob"]);
/** What each seat says, as one line. */
const spoken = (...args: Parameters<typeof calloutsOf>): { seat: number; text: string }[] =>
  calloutsOf(...args).map(({ seat, text }) => ({ seat, text }));

describe("what a seat calls out as it plays, in each game's words", () => {
  it("Crazy Eights: the Eight's suit and the last card", () => {
    const eight = { type: "move", seat: 1, move: { type: "play", card: "8D", suit: "H" } };
    expect(spoken([eight], game("crazy-eights"), r, [5, 3, 4])).toEqual([{ seat: 1, text: "Eight: hearts" }]);
    expect(spoken([eight], game("crazy-eights"), r, [5, 1, 4])).toEqual([
      { seat: 1, text: "Eight: hearts · Last card" },
    ]);
    const plain = { type: "move", seat: 2, move: { type: "play", card: "5C" } };
    expect(spoken([plain], game("crazy-eights"), r, [5, 3, 1])).toEqual([{ seat: 2, text: "Last card" }]);
    expect(spoken([plain], game("crazy-eights"), r, [5, 3, 2])).toEqual([]);
    // A draw is not a card put down: nothing to say, whatever is left.
    const draw = { type: "move", seat: 2, move: { type: "draw" } };
    expect(spoken([draw], game("crazy-eights"), r, [5, 3, 1])).toEqual([]);
  });

  it("ROY: the Jack's suit", () => {
    const jack = { type: "move", seat: 2, move: { type: "play", card: "JC", suit: "S" } };
    expect(spoken([jack], game("roy"), r, [5, 3, 4])).toEqual([{ seat: 2, text: "Jack: spades" }]);
  });

  it("Cribbage: Go, and the pegging's points as pegged, one line per seat; the show is not called", () => {
    const events: JsonObject[] = [
      { seq: 1, type: "move", seat: 0, move: { type: "go" } },
      { seq: 2, type: "move", seat: 1, move: { type: "go" } },
      { seq: 3, type: "score", seat: 1, points: 1, why: "go" },
    ];
    expect(spoken(events, game("cribbage"), r)).toEqual([
      { seat: 0, text: "Go" },
      { seat: 1, text: "Go · 1 for the go" },
    ]);
    const fifteen: JsonObject[] = [
      { type: "move", seat: 1, move: { type: "play", card: "5S" } },
      { type: "score", seat: 1, points: 2, why: "fifteen two" },
    ];
    expect(spoken(fifteen, game("cribbage"), r)).toEqual([{ seat: 1, text: "15 for 2" }]);
    const thirtyOne = [{ type: "score", seat: 0, points: 2, why: "31 for 2" }];
    expect(spoken(thirtyOne, game("cribbage"), r)).toEqual([{ seat: 0, text: "31 for 2" }]);
    const run = [{ type: "score", seat: 0, points: 3, why: "a run of 3" }];
    expect(spoken(run, game("cribbage"), r)).toEqual([{ seat: 0, text: "Run of 3 for 3" }]);
    const show = [{ type: "score", seat: 0, points: 4, why: "fifteen two, and a pair is four", for: "hand" }];
    expect(spoken(show, game("cribbage"), r)).toEqual([]);
  });

  it("Gin Rummy: Knock! and Gin! as the hand is shown", () => {
    const knock = { type: "reveal", seat: 1, why: "knock", melds: [], deadwoodCards: [], deadwood: 8 };
    expect(spoken([knock], game("gin-rummy"), r)).toEqual([{ seat: 1, text: "Knock!" }]);
    expect(spoken([{ ...knock, why: "gin" }], game("gin-rummy"), r)).toEqual([{ seat: 1, text: "Gin!" }]);
    expect(spoken([{ ...knock, seat: 0, why: "the hand is over" }], game("gin-rummy"), r)).toEqual([]);
  });

  it("ROY: a turn of several cards says the last card once and the suit called last, in two parts at most", () => {
    const plain = { type: "move", seat: 1, move: { type: "play", card: "5C" } };
    const jack = { type: "move", seat: 1, move: { type: "play", card: "JC", suit: "S" } };
    const jack2 = { type: "move", seat: 1, move: { type: "play", card: "JD", suit: "H" } };
    // It was "Last card · Jack: spades · Last card" and "Jack: spades · Last card · Jack: hearts".
    expect(calloutsOf([plain, jack], game("roy"), r, [5, 1, 4])).toEqual([
      {
        seat: 1,
        text: "Last card · Jack: spades",
        parts: ["Last card", "Jack: spades"],
        brief: ["Last card", "Jack: ♠"],
      },
    ]);
    expect(calloutsOf([jack, plain, jack2], game("roy"), r, [5, 1, 4])).toEqual([
      {
        seat: 1,
        text: "Last card · Jack: hearts",
        parts: ["Last card", "Jack: hearts"],
        brief: ["Last card", "Jack: ♥"],
      },
    ]);
    // Cribbage's words have no suit: the same, brief or not.
    const go = { type: "move", seat: 0, move: { type: "go" } };
    expect(calloutsOf([go], game("cribbage"), r)[0].brief).toEqual(["Go"]);
  });

  it("says nothing for a game without callouts of its own", () => {
    const oldMaid = { ...game("roy"), words: undefined };
    const play = { type: "move", seat: 1, move: { type: "play", card: "5C" } };
    expect(spoken([play], oldMaid, r, [1, 1])).toEqual([]);
  });
});
