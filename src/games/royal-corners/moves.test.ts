import { describe, expect, it } from "vitest";
import type { MoveJson } from "../../engine/game.js";
import { royalCorners } from "./game.js";

const hand = (card: string, corner: number): MoveJson => ({ type: "play", card, from: "hand", corner });
const fromStock = (card: string, corner: number): MoveJson => ({ type: "play", card, from: "stock", corner });
const END_TURN: MoveJson = { type: "end" };

describe("Royal Corners moves", () => {
  it("round-trip every kind of move through its wire form", () => {
    for (const json of [hand("5H", 2), fromStock("KS", 0), { type: "move", from: 0, to: 3 }, END_TURN]) {
      const m = royalCorners.moveFromJson(json);
      expect(m.ok && royalCorners.moveToJson(m.value)).toEqual(json);
    }
    expect(royalCorners.moveFromJson({ type: "move", from: 1, to: 1 }).ok).toBe(false);
    expect(royalCorners.moveFromJson({ type: "play", card: "5H", from: "pocket", corner: 0 }).ok).toBe(false);
    expect(royalCorners.moveFromJson({ type: "play", card: "5H", from: "hand", corner: 4 }).ok).toBe(false);
    expect(royalCorners.moveFromJson({ type: "draw" }).ok).toBe(false);
    const words = (json: MoveJson) => {
      const m = royalCorners.moveFromJson(json);
      return m.ok ? royalCorners.describeMove(m.value) : m.error;
    };
    expect(words(hand("5H", 2))).toBe("play 5H from hand onto the bottom-right corner");
    expect(words(fromStock("KS", 0))).toBe("play KS from the stock onto the top-left corner");
    expect(words({ type: "move", from: 0, to: 3 })).toBe(
      "move the pile of the top-left corner onto the bottom-left corner",
    );
    expect(words(END_TURN)).toBe("end the turn");
  });
});
