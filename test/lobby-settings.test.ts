/**
 * The lobby's remembered settings and words, as pure functions: what was
 * saved is read back only where it still fits the game, the seats of a new
 * table follow the settings, and who plays is said in words.
 */
import { describe, expect, it } from "vitest";
import type { GameSummary } from "../web/src/api.js";
import { changedOptions, defaultGame, remember, seatsFor, settingsFor } from "../web/src/lobby/remembered.js";
import { optionsWords, waitingWords, whoPlays } from "../web/src/lobby/words.js";
import { ENTRIES } from "../src/games/index.js";

const summary = (id: string): GameSummary => {
  const { game } = ENTRIES.find((e) => e.game.id === id)!;
  return {
    id,
    name: game.name,
    minPlayers: game.minPlayers,
    maxPlayers: game.maxPlayers,
    levels: ["random", "easy", "medium", "hard"],
    options: game.options,
  };
};
const games = ENTRIES.map((e) => summary(e.game.id));

describe("the lobby's remembered settings", () => {
  it("starts at the game played last, else Crazy Eights, never merely the first listed", () => {
    expect(defaultGame(games, { last: null, games: {} })).toBe("crazy-eights");
    expect(defaultGame(games, { last: "cribbage", games: {} })).toBe("cribbage");
    expect(defaultGame(games, { last: "chess", games: {} })).toBe("crazy-eights");
    expect(
      defaultGame(
        games.filter((g) => g.id !== "crazy-eights"),
        { last: null, games: {} },
      ),
    ).toBe("roy");
  });

  it("keeps what still fits the game and puts the default where it does not", () => {
    const hyrule = summary("hyrule");
    expect(settingsFor(hyrule, undefined)).toEqual({
      players: 2,
      level: "medium",
      friends: 1,
      options: { mode: "chance", blind: false, youngest: 0, runOff: false, tiedTricks: "carry" },
    });
    const s = settingsFor(hyrule, {
      players: 4,
      level: "hard",
      friends: 9,
      options: { mode: "strategy", blind: "yes", youngest: 3, extra: 1 } as never,
    });
    expect(s).toEqual({
      players: 4,
      level: "hard",
      friends: 3,
      options: { mode: "strategy", blind: false, youngest: 3, runOff: false, tiedTricks: "carry" },
    });
    // Fewer players: the seat that led no longer exists, so the first does.
    expect(settingsFor(hyrule, { ...s, players: 3 }).options.youngest).toBe(0);
    expect(settingsFor(hyrule, { players: 9, level: "grandmaster" })).toMatchObject({
      players: 2,
      level: "medium",
    });
  });

  it("remembers a game's settings, and the game as the last only once played", () => {
    const s = settingsFor(summary("cribbage"), { options: { target: 61 } });
    const r = remember({ name: "Ada", last: null, games: {} }, "cribbage", s);
    expect(r).toEqual({ name: "Ada", last: null, games: { cribbage: s } });
    expect(remember(r, "cribbage", s, true).last).toBe("cribbage");
  });

  it("seats you first, then the friends invited, then the computers", () => {
    const s = settingsFor(summary("roy"), { players: 4, level: "easy", friends: 2 });
    expect(seatsFor(s, "computer")).toEqual([
      { kind: "open" },
      { kind: "computer", level: "easy" },
      { kind: "computer", level: "easy" },
      { kind: "computer", level: "easy" },
    ]);
    expect(seatsFor(s, "friend")).toEqual([
      { kind: "open" },
      { kind: "open" },
      { kind: "open" },
      { kind: "computer", level: "easy" },
    ]);
  });
});

describe("the lobby's words", () => {
  it("says who plays, never a seat number", () => {
    const two = settingsFor(summary("gin-rummy"), {});
    expect(whoPlays(two, "computer")).toBe("You against 1 computer opponent (medium)");
    expect(whoPlays(two, "friend")).toBe("You and 1 friend");
    const four = settingsFor(summary("crazy-eights"), { players: 4, level: "hard", friends: 2 });
    expect(whoPlays(four, "computer")).toBe("You against 3 computer opponents (hard)");
    expect(whoPlays(four, "friend")).toBe("You and 2 friends and 1 computer opponent (hard)");
  });

  it("names the options changed, by their labels and values in words, in the game's order", () => {
    const gin = summary("gin-rummy");
    expect(optionsWords(changedOptions(gin, { target: 100, bonuses: "standard", layoffs: false }))).toBe(
      "Lay-offs: off, Match bonuses: Standard bonuses",
    );
    const hyrule = summary("hyrule");
    expect(optionsWords(changedOptions(hyrule, { youngest: 2 }))).toBe("Who leads first: Player 3");
  });

  it("counts five-card cribbage's 61 as its default, not a change; 121 with it is one", () => {
    const crib = summary("cribbage");
    expect(optionsWords(changedOptions(crib, { target: 61, deal: "five" }))).toBe(
      "Cards dealt: Five-card cribbage: five each, keep three, the non-dealer starts with 3, game to 61 (two players)",
    );
    expect(optionsWords(changedOptions(crib, { target: 121, deal: "five" }))).toContain("Points to win: 121");
    expect(optionsWords(changedOptions(crib, { target: 61 }))).toBe("Points to win: 61");
  });

  it("says who is waiting at an open table", () => {
    expect(
      waitingWords([
        { kind: "open", level: null, name: "Ada" },
        { kind: "open", level: null, name: null },
        { kind: "computer", level: "easy", name: null },
      ]),
    ).toBe("Ada is waiting · 1 seat free · 1 computer (easy)");
    expect(
      waitingWords([
        { kind: "open", level: null, name: null },
        { kind: "open", level: null, name: null },
      ]),
    ).toBe("Nobody seated yet · 2 seats free");
  });

  it("marks a bot account by its name", () => {
    expect(
      waitingWords([
        { kind: "open", level: null, name: "Robo", bot: true },
        { kind: "open", level: null, name: null },
      ]),
    ).toBe("Robo (bot) is waiting · 1 seat free");
  });
});
