/**
 * The table's motion planned from a step's events alone (web/src/anim/plan.ts),
 * and the seats placed round the felt from your chair (web/src/seat-places.ts).
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../src/engine/game.js";
import { placeOf } from "../web/src/seat-places.js";
import { flightMs } from "../web/src/anim/motion.js";
import { stepMotion } from "../web/src/anim/plan.js";

describe("what a step moves", () => {
  it("a card put down, a card drawn (named to its drawer only), a draw of several, a card turned up", () => {
    expect(
      stepMotion([{ seq: 4, type: "move", seat: 2, move: { type: "play", card: "8D", suit: "H" } }]),
    ).toEqual({
      moves: [{ seat: 2, type: "play", cards: ["8D"], backs: 1 }],
      reveals: [],
    });
    expect(stepMotion([{ type: "move", seat: 0, move: { type: "draw" }, card: "7H" }]).moves).toEqual([
      { seat: 0, type: "draw", cards: ["7H"], backs: 1 },
    ]);
    expect(stepMotion([{ type: "move", seat: 1, move: { type: "draw" } }]).moves).toEqual([
      { seat: 1, type: "draw", cards: [], backs: 1 },
    ]);
    expect(stepMotion([{ type: "move", seat: 1, move: { type: "draw" }, drawn: 7 }]).moves[0].backs).toBe(3);
    // Cribbage's discard to the crib, face down to the others: a move with no card.
    expect(stepMotion([{ type: "move", seat: 1, move: { type: "discard" } }]).moves[0].cards).toEqual([]);
    const cut: JsonObject[] = [
      { type: "move", seat: 1, move: { type: "discard", card: "8D" } },
      { type: "reveal", what: "starter", seat: 0, card: "2S" },
    ];
    expect(stepMotion(cut).reveals).toEqual(["2S"]);
    const shown = {
      type: "reveal",
      seat: 1,
      why: "knock",
      melds: [["5D", "5H", "5S"]],
      deadwoodCards: ["AD"],
    };
    expect(stepMotion([shown]).reveals).toEqual(["5D", "5H", "5S", "AD"]);
  });

  it("says nothing of events that move no card", () => {
    expect(stepMotion([{ type: "score", seat: 1, points: 2, why: "fifteen two" }])).toEqual({
      moves: [],
      reveals: [],
    });
    expect(stepMotion([{ type: "move", seat: 1, move: { type: "go" } }]).moves[0].cards).toEqual([]);
  });

  it("flies shorter than the pace, and not at all at no pace or with less motion asked for", () => {
    expect(flightMs(400, false)).toBeGreaterThan(0);
    expect(flightMs(400, false)).toBeLessThan(400);
    expect(flightMs(200, false)).toBeLessThan(flightMs(400, false));
    expect(flightMs(0, false)).toBe(0);
    expect(flightMs(800, true)).toBe(0);
  });
});

describe("the seats round the felt, from your chair", () => {
  it("three: left and right; four: left, top, right; two: across; more: a row", () => {
    expect([0, 1, 2].map((s) => placeOf(s, 0, 3))).toEqual(["bottom", "left", "right"]);
    expect([0, 1, 2, 3].map((s) => placeOf(s, 2, 4))).toEqual(["top", "right", "bottom", "left"]);
    expect([0, 1].map((s) => placeOf(s, 1, 2))).toEqual(["top", "bottom"]);
    // A spectator sees from seat 0's chair.
    expect([0, 1, 2, 3].map((s) => placeOf(s, -1, 4))).toEqual(["bottom", "left", "top", "right"]);
    expect(placeOf(1, 0, 5)).toBeNull();
  });
});
