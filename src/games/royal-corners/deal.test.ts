import { describe, expect, it } from "vitest";
import { type Card, makePack } from "../../engine/cards.js";
import { formatCard, parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { royalCorners } from "./game.js";

const cards = (t: string): Card[] => (parseCards(t) as { value: Card[] }).value;

describe("Royal Corners set-ups", () => {
  const start = (setup: unknown, players = 2) => Table.start(royalCorners, { players, seed: 1, setup });

  it("refuse bad set-ups with one clear line", () => {
    const twice = start({ hands: [["AS"]], corners: [["AS"], [], [], []] });
    expect(!twice.ok && twice.error).toEqual({
      code: "bad_setup",
      message: "the set-up names AS more times than the pack holds",
    });
    const three = start({ corners: [["AS"], [], []] });
    expect(!three.ok && three.error.message).toMatch(/corners must be 4 piles/);
    const joker = start({ stock: ["RJ"] });
    expect(!joker.ok && joker.error.code).toBe("bad_setup");
    const discard = start({ discard: ["AS"] });
    expect(!discard.ok && discard.error.message).toMatch(/no discard pile/);
    const big = start({ hands: [cards("AS 2S 3S 4S 5S 6S 7S 8S")] });
    expect(!big.ok && big.error.message).toMatch(/holds 7/);
    const full = start(
      {
        stock: makePack().slice(0, 40).map(formatCard),
      },
      2,
    );
    expect(!full.ok && full.error.message).toMatch(/leave 12 cards, and the deal needs 18/);
    for (const r of [twice, three, joker, discard, big, full]) {
      expect(!r.ok && r.error.message).not.toContain("\n");
    }
  });

  it("refuse parts that are not lists of cards as bad_setup, never an exception", () => {
    const bad: [unknown, RegExp][] = [
      [{ stock: "KS" }, /stock/],
      [{ stock: [null] }, /stock/],
      [{ stock: [["KS"]] }, /stock/],
      [{ stock: [100] }, /stock/],
      [{ hands: "KS" }, /hands/],
      [{ hands: ["KS"] }, /hands/],
      [{ hands: [[["KS"]]] }, /hands/],
      [{ corners: [["KS", null], [], [], []] }, /corners/],
      [{ corners: [[["KS"]], [], [], []] }, /corners/],
      [{ corners: [[1.5], [], [], []] }, /corners/],
    ];
    for (const [setup, message] of bad) {
      const r = start(setup);
      expect(!r.ok && r.error, JSON.stringify(setup)).toEqual({
        code: "bad_setup",
        message: expect.stringMatching(message),
      });
    }
  });

  it("rule 4: refuse a corner pile that play could not build (each card fits on the one below)", () => {
    const r = start({ corners: [["2H", "KS"], [], [], []] });
    expect(!r.ok && r.error).toEqual({
      code: "bad_setup",
      message: "setup.corners[0]: KS does not fit on 2H (each card is one rank lower, other colour)",
    });
    // Any card may lie at the bottom (a deal, or rule 4d), and the rest fits on it.
    expect(start({ corners: [["5H", "4S", "3D"], ["AC"], [], ["KD"]] }).ok).toBe(true);
  });
});
