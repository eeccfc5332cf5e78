/**
 * The hand's order as the player chose it (web/src/hand-order.ts): sorted
 * by suit or rank, or dragged, each card kept exactly once.
 */
import { describe, expect, it } from "vitest";
import { arrange, moveTo } from "../web/src/hand-order.js";

const HAND = ["5C", "8C", "KC", "4D", "2H", "AS", "3S"];

describe("the hand in the player's order", () => {
  it("sorts by suit with the colours alternating, and by rank, jokers last", () => {
    expect(arrange(HAND, { by: "suit" }, 1)).toEqual(["AS", "3S", "2H", "5C", "8C", "KC", "4D"]);
    expect(arrange(HAND, { by: "rank" }, 1)).toEqual(["AS", "2H", "3S", "4D", "5C", "8C", "KC"]);
    expect(arrange(["RJ", "2C", "AD"], { by: "rank" }, 1)).toEqual(["AD", "2C", "RJ"]);
    expect(arrange(HAND, { by: "dealt" }, 1)).toEqual(HAND);
  });

  it("keeps a dragged order for its own hand: cards gone dropped, cards drawn at the right end", () => {
    const own = { by: "own", hand: 3, cards: ["AS", "5C", "2H", "8C"] } as const;
    expect(arrange(["8C", "2H", "9D", "AS"], own, 3)).toEqual(["AS", "2H", "8C", "9D"]);
    // Another hand's order is not this one's.
    expect(arrange(["8C", "2H", "9D", "AS"], own, 4)).toEqual(["8C", "2H", "9D", "AS"]);
  });

  it("moves a card to where it is let go, every card kept once", () => {
    expect(moveTo(HAND, "5C", 6)).toEqual(["8C", "KC", "4D", "2H", "AS", "3S", "5C"]);
    expect(moveTo(HAND, "3S", 0)).toEqual(["3S", "5C", "8C", "KC", "4D", "2H", "AS"]);
    expect(moveTo(HAND, "4D", 99)).toEqual(["5C", "8C", "KC", "2H", "AS", "3S", "4D"]);
    expect(moveTo(HAND, "QH", 2)).toEqual(HAND);
    for (let i = 0; i < HAND.length; i++)
      for (let k = 0; k < HAND.length; k++) expect(moveTo(HAND, HAND[i], k).sort()).toEqual([...HAND].sort());
  });
});
