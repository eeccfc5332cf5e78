import { describe, expect, it } from "vitest";
import type { AnyGame, Move, MoveJson } from "../../engine/game.js";
import { findEntry } from "../../games/index.js";
import { menuChoices, readOption, readTyped, typedExamples } from "./move-input.js";

const gameOf = (id: string): AnyGame => {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  return e.value.game;
};

/** Moves from their wire forms, as a game would list them. */
function movesOf(game: AnyGame, json: MoveJson[]): Move[] {
  return json.map((j) => {
    const m = game.moveFromJson(j);
    if (!m.ok) throw new Error(m.error);
    return m.value;
  });
}

const eights = gameOf("crazy-eights");
const gin = gameOf("gin-rummy");
const eightsLegal = movesOf(eights, [
  { type: "play", card: "9C" },
  ...["C", "D", "H", "S"].map((suit) => ({ type: "play", card: "8S", suit })),
  { type: "draw" },
]);
const ginLegal = movesOf(gin, [
  { type: "discard", card: "9C" },
  { type: "knock", card: "9C" },
  { type: "discard", card: "7H" },
  { type: "knock", card: "7H" },
]);

/** The wire form of what was read, or its kind. */
function read(game: AnyGame, legal: Move[], text: string): MoveJson | string {
  const r = readTyped(text, menuChoices(legal, game), game);
  return r.kind === "move" ? game.moveToJson(r.move) : r.kind;
}

describe("moves typed by name", () => {
  it("makes an Eight one menu entry that then asks for the suit", () => {
    const choices = menuChoices(eightsLegal, eights);
    expect(choices.map((c) => c.label)).toEqual(["play 9C", "play 8S and call a suit", "draw a card"]);
    expect(choices[1].options).toEqual(["clubs", "diamonds", "hearts", "spades"]);
    expect(eights.moveToJson(readOption("3", choices[1], eights)!)).toMatchObject({ suit: "H" });
    expect(eights.moveToJson(readOption("spades", choices[1], eights)!)).toMatchObject({ suit: "S" });
    expect(readOption("9", choices[1], eights)).toBeNull();
    expect(readOption("draw", choices[1], eights)).toBeNull();
  });

  it("reads a card, a move's name, and an Eight with its suit", () => {
    expect(read(eights, eightsLegal, "9c")).toEqual({ type: "play", card: "9C" });
    expect(read(eights, eightsLegal, "play 9C")).toEqual({ type: "play", card: "9C" });
    expect(read(eights, eightsLegal, "draw")).toEqual({ type: "draw" });
    expect(read(eights, eightsLegal, "8S hearts")).toEqual({ type: "play", card: "8S", suit: "H" });
    expect(read(eights, eightsLegal, "8s h")).toEqual({ type: "play", card: "8S", suit: "H" });
    expect(read(eights, eightsLegal, "8S")).toBe("group");
    expect(read(eights, eightsLegal, "7C")).toBe("unknown");
    expect(read(eights, eightsLegal, "fly")).toBe("unknown");
    expect(read(eights, eightsLegal, "")).toBe("unknown");
  });

  it("tells a discard from a knock with the same card, and says when it cannot", () => {
    expect(read(gin, ginLegal, "knock 7H")).toEqual({ type: "knock", card: "7H" });
    expect(read(gin, ginLegal, "discard 7h")).toEqual({ type: "discard", card: "7H" });
    // A card alone is the discard: knocking is said by name.
    expect(read(gin, ginLegal, "9C")).toEqual({ type: "discard", card: "9C" });
    expect(read(gin, ginLegal, "knock")).toBe("group");
  });

  it("offers Gin's knock once, after the discards, then asks which card", () => {
    const choices = menuChoices(ginLegal, gin);
    expect(choices.map((c) => c.label)).toEqual([
      "discard 9C",
      "discard 7H",
      "knock (then pick the card to discard)",
    ]);
    expect(choices[2].options).toEqual(["9C", "7H"]);
    expect(choices[2].question).toBe("Knock, discarding which card?");
    expect(gin.moveToJson(readOption("2", choices[2], gin)!)).toEqual({ type: "knock", card: "7H" });
    expect(gin.moveToJson(readOption("9c", choices[2], gin)!)).toEqual({ type: "knock", card: "9C" });
    expect(readOption("5S", choices[2], gin)).toBeNull();
  });

  it("reads 10 as T", () => {
    const legal = movesOf(eights, [{ type: "play", card: "TD" }, { type: "draw" }]);
    expect(read(eights, legal, "10D")).toEqual({ type: "play", card: "TD" });
  });

  it("reads cards typed as the screen shows them: 10♦, J♠, the jokers", () => {
    const legal = movesOf(eights, [{ type: "play", card: "TD" }, { type: "draw" }]);
    expect(read(eights, legal, "10♦")).toEqual({ type: "play", card: "TD" });
    expect(read(eights, legal, "play t♦")).toEqual({ type: "play", card: "TD" });
    // Some keyboards send the emoji form of a suit, with its variation selector.
    expect(read(eights, legal, "10\u2666\ufe0f")).toEqual({ type: "play", card: "TD" });
    expect(read(eights, legal, "10♥")).toBe("unknown");
    const ginJ = movesOf(gin, [
      { type: "discard", card: "JS" },
      { type: "knock", card: "JS" },
    ]);
    expect(read(gin, ginJ, "discard J♠")).toEqual({ type: "discard", card: "JS" });
    expect(read(gin, ginJ, "knock j♠")).toEqual({ type: "knock", card: "JS" });
    const coaster = gameOf("roller-coaster");
    const jokers = movesOf(coaster, [{ type: "play", card: "RJ" }, { type: "draw" }]);
    expect(read(coaster, jokers, "Red★")).toEqual({ type: "play", card: "RJ" });
  });

  it("gives examples of what can be typed", () => {
    expect(typedExamples(menuChoices(eightsLegal, eights), eights)).toEqual([
      "play 9C",
      "play 8S clubs",
      "draw",
    ]);
  });
});
