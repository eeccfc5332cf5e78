import { describe, expect, it } from "vitest";
import type { AnyGame, JsonObject } from "../engine/game.js";
import { GAMES } from "../games/index.js";
import { eventLines, matchOverLine } from "./event-lines.js";
import { NOBODY, readerFor } from "./reader.js";

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!;
const alice = readerFor(0, [null, "Alice", null]);
const say = (id: string, e: JsonObject, r = alice): string[] => eventLines(e, game(id), r, [0, 0, 0]);

describe("the events in words, the same for the terminal and the browser", () => {
  it("says an event type no words were written for, rather than dropping it", () => {
    // A newcomer's game (Old Maid) with events of its own and no words yet.
    const oldMaid = { ...game("roy"), id: "old-maid", words: undefined };
    const pair = { type: "pairDropped", seat: 1, cards: ["QS", "QH"] };
    expect(eventLines(pair, oldMaid, alice, [0, 0])).toEqual(["Alice pair dropped: cards QS QH"]);
    expect(eventLines({ type: "shuffle" }, oldMaid, alice, [0, 0])).toEqual(["Shuffle"]);
    // Its moves may name a seat: said as the reader says it.
    const drawFrom = { ...oldMaid, describeMove: () => "draw a card from seat 0" };
    const draw = { type: "move", seat: 1, move: { type: "draw" } };
    expect(eventLines(draw, drawFrom, alice, [0, 0])).toEqual(["Alice: draw a card from you"]);
  });

  it("names seats by their people's names, the reader as 'you', the rest by number", () => {
    const move = { type: "move", seat: 1, move: { type: "draw" } };
    expect(say("crazy-eights", move)).toEqual(["Alice: draw a card"]);
    expect(say("crazy-eights", { ...move, seat: 2 })).toEqual(["Seat 2: draw a card"]);
    expect(say("crazy-eights", { ...move, seat: 0, card: "7H" })).toEqual(["You: draw a card: 7H"]);
    expect(say("crazy-eights", { type: "deal", hand: 2, dealer: 1 })).toEqual(["Hand 2 dealt by Alice."]);
  });

  it("says a move the computer made for a person away or out of time as the computer's, for them", () => {
    const move = { type: "move", seat: 1, move: { type: "draw" }, by: "computer" };
    expect(say("crazy-eights", move)).toEqual(["The computer for Alice: draw a card"]);
    expect(say("crazy-eights", { ...move, seat: 0, card: "7H" })).toEqual([
      "The computer for you: draw a card: 7H",
    ]);
  });

  it("says each game's own events in its words", () => {
    expect(say("roy", { type: "reshuffle", times: 1 })).toEqual([
      "The discard pile is shuffled into a new stock.",
    ]);
    expect(say("roller-coaster", { type: "reshuffle", turned: ["5H", "6H"] })).toEqual([
      "The discard pile is turned over as the new stock (2 cards: 5H 6H).",
    ]);
    expect(say("roller-coaster", { type: "reshuffle", turned: ["5H", "6H"], stock: ["6H", "5H"] })).toEqual([
      "The discard pile is turned over unshuffled as the new stock (2 cards, top first: 6H 5H).",
    ]);
    expect(say("royal-corners", { type: "reveal", stockTop: "KC" })).toEqual(["The stock shows KC."]);
    expect(say("crazy-eights", { type: "reveal", hands: [[], ["9C", "KD"], []] })).toEqual([
      "Cards left: you none; Alice 9C KD; seat 2 none.",
    ]);
    const knock = {
      type: "reveal",
      seat: 1,
      why: "knock",
      melds: [["AH", "2H", "3H"]],
      deadwoodCards: ["2C"],
      deadwood: 2,
    };
    expect(say("gin-rummy", knock)).toEqual(["Alice knocks: melds AH 2H 3H; deadwood 2 (2C)"]);
    expect(say("gin-rummy", { ...knock, seat: 0, why: "gin", deadwoodCards: [], deadwood: 0 })).toEqual([
      "You go gin: melds AH 2H 3H",
    ]);
    expect(say("cribbage", { type: "reveal", what: "crib", seat: 1, cards: ["2C", "5H"] })).toEqual([
      "Alice's crib: 2C 5H",
    ]);
    expect(
      say("hyrule", { type: "trick", trick: 2, cards: ["5H", "5S"], winner: null, why: "a tie" }),
    ).toEqual(["Trick 2: a tie."]);
  });

  it("says a score with its reason, seats in the reason by name", () => {
    const eights = {
      type: "score",
      seat: 1,
      points: 19,
      why: "went out, counting the cards left: seat 0's 9C (9)",
    };
    expect(say("crazy-eights", eights)).toEqual([
      "Alice scores 19: went out, counting the cards left: your 9C (9)",
    ]);
    expect(say("cribbage", { type: "score", seat: 1, points: 2, why: "fifteen two" })).toEqual([
      "Alice pegs 2 for fifteen",
    ]);
  });

  it("says the match's end to a player and to a spectator", () => {
    expect(matchOverLine([0], alice)).toBe("Match over: you win!");
    expect(matchOverLine([1], alice)).toBe("Match over: Alice wins.");
    expect(matchOverLine([0, 2], alice)).toBe("Match over: you share the win with seat 2.");
    expect(matchOverLine([1, 2], readerFor(NOBODY, [null, "Alice"]))).toBe(
      "Match over: Alice and seat 2 win.",
    );
  });

  it("says a forfeit with its reason, to the seat that gave up and to the others", () => {
    const gaveUp = { type: "forfeit", seat: 1, reason: "its program went silent" };
    expect(say("cribbage", gaveUp)).toEqual(["Alice forfeits the match (its program went silent)."]);
    expect(say("cribbage", { ...gaveUp, seat: 0, reason: "its program stopped" })).toEqual([
      "You forfeit the match (its program stopped).",
    ]);
    expect(say("cribbage", { ...gaveUp, seat: 0, reason: "resigned" })).toEqual(["You resign the match."]);
    expect(say("cribbage", { ...gaveUp, reason: "resigned" })).toEqual(["Alice resigns the match."]);
    expect(say("cribbage", { ...gaveUp, reason: "" })).toEqual(["Alice forfeits the match."]);
  });
});
