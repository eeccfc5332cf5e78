/**
 * What each step of a table sounds like (web/src/sound.ts), and that a
 * sound asked for where there is no Web Audio (here: Node) is silence, not
 * an error.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../src/engine/game.js";
import { SOUNDED, playSound, soundsOf } from "../web/src/sound.js";

const move = (seat: number, m: JsonObject, extra: JsonObject = {}): JsonObject => ({
  type: "move",
  seat,
  move: m,
  ...extra,
});

describe("the table's sounds", () => {
  it("a deal is shuffled then dealt; a card put down or drawn is heard; a pass is not", () => {
    expect(soundsOf([{ type: "deal", hand: 1 }], 0)).toEqual(["shuffle", "deal"]);
    expect(soundsOf([move(1, { type: "play", card: "5C" })], 0)).toEqual(["play"]);
    expect(soundsOf([move(0, { type: "draw" }, { card: "QH" })], 0)).toEqual(["draw"]);
    expect(soundsOf([move(1, { type: "take" })], 0)).toEqual(["draw"]);
    expect(soundsOf([move(0, { type: "knock", card: "9S" })], 0)).toEqual(["play"]);
    expect(soundsOf([move(1, { type: "pass" })], 0)).toEqual([]);
    expect(soundsOf([move(1, { type: "go" })], 0)).toEqual([]);
    // A card and the points it scores: one sound.
    expect(soundsOf([move(1, { type: "play", card: "5C" }), { type: "reveal", cards: ["5C"] }], 0)).toEqual([
      "play",
    ]);
  });

  it("a hand is heard won by its winner only", () => {
    const over = (winners: number[]): JsonObject => ({
      type: "handOver",
      hand: 1,
      result: { points: [0, 0], winners, reason: "went out" },
    });
    expect(soundsOf([move(0, { type: "play", card: "2D" }), over([0])], 0)).toEqual(["play", "won"]);
    expect(soundsOf([move(1, { type: "play", card: "2D" }), over([1])], 0)).toEqual(["play"]);
    expect(soundsOf([over([])], 0)).toEqual([]);
  });

  it("is silence, not an error, without Web Audio, and nothing at all when muted", () => {
    performance.clearMarks(SOUNDED);
    expect(typeof (globalThis as { AudioContext?: unknown }).AudioContext).toBe("undefined");
    expect(() => playSound("shuffle", false)).not.toThrow();
    playSound("play", true);
    expect(performance.getEntriesByName(SOUNDED).map((e) => (e as PerformanceMark).detail)).toEqual([
      { sound: "shuffle" },
    ]);
  });
});
