import { describe, expect, it } from "vitest";
import type { AnyGame, JsonObject } from "../../engine/game.js";
import { GAMES } from "../../games/index.js";
import type { TableInfo } from "../../server/messages.js";
import { SeatNames, eventLines } from "./join-words.js";

const game = (id: string): AnyGame => GAMES.find((g) => g.id === id)!;

/** Ann at seat 0 (the reader), Bob at seat 1, the computer at seat 2. */
const info: TableInfo = {
  id: "t1",
  code: "ABCDEF",
  game: "gin-rummy",
  gameName: "Gin Rummy",
  players: 3,
  options: {},
  status: "playing",
  turnSeconds: 0,
  bots: true,
  seats: [
    {
      seat: 0,
      kind: "open",
      level: null,
      name: "Ann",
      bot: false,
      invited: null,
      away: false,
      again: false,
      left: false,
    },
    {
      seat: 1,
      kind: "open",
      level: null,
      name: "Bob",
      bot: false,
      invited: null,
      away: false,
      again: false,
      left: false,
    },
    {
      seat: 2,
      kind: "computer",
      level: "easy",
      name: null,
      bot: false,
      invited: null,
      away: false,
      again: false,
      left: false,
    },
  ],
  seq: 0,
  againId: null,
  invite: "http://localhost/t/ABCDEF",
};
const ann = new SeatNames(info, 0).reader();
const say = (id: string, e: JsonObject, typed = false): string[] =>
  eventLines(e, game(id), ann, [0, 0, 0], typed);

describe("join says the table's events in the shared words, seats by their names", () => {
  it("says another's move, and the seat's own unless typed here, naming who made it", () => {
    const draw = { type: "move", seat: 1, move: { type: "draw" } };
    expect(say("crazy-eights", draw)).toEqual(["  Bob: draw a card"]);
    expect(say("crazy-eights", { ...draw, seat: 2 })).toEqual(["  The computer: draw a card"]);
    expect(say("crazy-eights", { ...draw, seat: 0, card: "7H" }, true)).toEqual([]);
    // Made before this terminal sat down (a seat taken back), or at another of the person's terminals.
    expect(say("crazy-eights", { ...draw, seat: 0, card: "7H" })).toEqual(["  You: draw a card: 7H"]);
  });

  it("says which moves the computer made for a seat whose person was away or out of time", () => {
    const draw = { type: "move", seat: 0, move: { type: "draw" }, card: "7H", by: "computer" };
    expect(say("crazy-eights", draw)).toEqual(["  The computer for you: draw a card: 7H"]);
    expect(say("crazy-eights", { type: "move", seat: 1, move: { type: "draw" }, by: "computer" })).toEqual([
      "  The computer for Bob: draw a card",
    ]);
  });

  it("tells apart two people of one name by their seats, once", () => {
    const twins = {
      ...info,
      seats: info.seats.map((s) => (s.seat === 2 ? { ...s, kind: "open" as const, name: "Bob" } : s)),
    };
    const names = new SeatNames(twins, 0);
    const lines = eventLines(
      { type: "move", seat: 2, move: { type: "draw" } },
      game("crazy-eights"),
      names.reader(),
      [0, 0, 0],
    );
    expect(lines).toEqual(["  Bob (seat 2): draw a card"]);
    expect(names.named(lines[0])).toBe(lines[0]);
    expect(names.named("Waiting for seat 1 and seat 2's move.")).toBe(
      "Waiting for Bob (seat 1) and Bob (seat 2)'s move.",
    );
  });

  it("says the deal with its commitment, and leaves the match's end to the table's status", () => {
    expect(say("roy", { type: "deal", hand: 2, dealer: 2, commitment: "0123456789abcdef0123" })).toEqual([
      "Hand 2 dealt by the computer; commitment 0123456789abcdef…",
    ]);
    expect(say("roy", { type: "matchOver", winners: [0] })).toEqual([]);
  });

  it("says a game's own events in the game's words, never dropping them", () => {
    const knock = {
      type: "reveal",
      seat: 1,
      why: "knock",
      melds: [["AH", "2H", "3H"]],
      deadwoodCards: ["2C"],
      deadwood: 2,
    };
    expect(say("gin-rummy", knock)).toEqual(["  Bob knocks: melds AH 2H 3H; deadwood 2 (2C)"]);
    expect(say("roy", { type: "reshuffle", times: 1 })).toEqual([
      "  The discard pile is shuffled into a new stock.",
    ]);
    // A newcomer's game (Old Maid) with an event type nobody wrote words for: still said, from its fields.
    const oldMaid = { ...game("roy"), id: "old-maid", words: undefined };
    const pair = { type: "pairDropped", seat: 1, cards: ["QS", "QH"] };
    expect(eventLines(pair, oldMaid, ann, [0, 0, 0])).toEqual(["  Bob pair dropped: cards QS QH"]);
  });

  it("says a score with its reason, seats in the reason by name", () => {
    const eights = {
      type: "score",
      seat: 1,
      points: 19,
      why: "went out, counting the cards left: seat 0's 9C (9)",
    };
    expect(say("crazy-eights", eights)).toEqual([
      "  Bob scores 19: went out, counting the cards left: your 9C (9)",
    ]);
  });

  it("ends a hand in the game's words, with the hand seed to verify", () => {
    const over = {
      type: "handOver",
      hand: 1,
      handSeed: "ab".repeat(32),
      result: { reason: "seat 1 went out", winners: [1], points: [0, 12, 0] },
    };
    const lines = say("crazy-eights", over);
    expect(lines).toContain("Hand 1 over (Bob went out).");
    expect(lines).toContain("Won by Bob.");
    expect(lines.at(-1)).toBe(`Hand seed ${"ab".repeat(32)} (npx cardroom verify checks it)`);
  });
});

describe("a bot account at the table", () => {
  it("is marked as a bot among the others, and named plainly in the events", () => {
    const withBot: TableInfo = {
      ...info,
      seats: info.seats.map((s) => (s.seat === 1 ? { ...s, name: "Robo", bot: true } : s)),
    };
    const names = new SeatNames(withBot, 0);
    expect(names.others()).toBe("Robo (bot) (seat 1), the computer (seat 2)");
    const draw = { type: "move", seat: 1, move: { type: "draw" } };
    expect(eventLines(draw, game("crazy-eights"), names.reader(), [0, 0, 0])).toEqual([
      "  Robo: draw a card",
    ]);
  });
});

describe("the board with the players' names", () => {
  it("keeps the score rail in one column whatever the names' lengths", () => {
    const names = new SeatNames(info, 1);
    const rail = [
      "you        |........................................| 0 of 121",
      "seat 0     |=>......................................| 2 of 121",
      "seat 2     |........................................| 0 of 121",
    ].map((l) => names.named(l));
    expect(rail).toEqual([
      "you          |........................................| 0 of 121",
      "Ann          |=>......................................| 2 of 121",
      "the computer |........................................| 0 of 121",
    ]);
  });
});
