/** The bots' discards under the house rule `cribFlush: four` (docs/rules/cribbage.md, "House rules"). */
import { describe, expect, it } from "vitest";
import { formatCards, parseCards } from "../../engine/card-text.js";
import { chooseDiscard, discardsFor, fourCardCribFlush, settle } from "./bot.js";
import { discardMove } from "./moves.js";
import { showPoints } from "./rules.js";
import type { CribbageView } from "./view.js";

const cards = (t: string) => {
  const r = parseCards(t.split(" "));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** Seat 0's view at the deal, as dealer (its own crib) or not, under the crib flush rule given. */
const dealt = (hand: string, cribFlush: "five" | "four", dealer = 0) =>
  ({ hand: hand.split(" "), myCrib: [], dealer, seat: 0, cribFlush }) as unknown as CribbageView;

describe("the four-card crib flush's share of the crib", () => {
  it("is the average, over every way of filling the crib, of what counting it as a hand adds", () => {
    const cases: [string, string, string][] = [
      ["7H JH", "2C", "3D 9D 3S 6C"],
      ["7H JH", "5H", "3D 9D 3S 6C"],
      ["7H JC", "2C", "3D 9D 3S 6C"],
      ["4S KS", "9D", "2S 5S 8S JD"],
    ];
    for (const [laidText, starterText, keepText] of cases) {
      const laid = cards(laidText);
      const [starter] = cards(starterText);
      const keep = cards(keepText);
      const out = new Set([...laid, starter, ...keep]);
      let sum = 0;
      let ways = 0;
      for (let x = 0; x < 52; x++)
        for (let y = x + 1; y < 52; y++) {
          if (out.has(x) || out.has(y)) continue;
          const crib = [...laid, x, y];
          sum += showPoints(crib, starter, false) - showPoints(crib, starter, true);
          ways++;
        }
      expect(fourCardCribFlush(laid, starter, keep), laidText).toBeCloseTo(sum / ways, 12);
    }
  });
});

describe("cribbage bots' discards under cribFlush: four", () => {
  // 3D 9D 7H JH 3S 6C, dealing: by the crib table 7H 6C; a suited pair to the crib is worth more when four can flush.
  const hand = "3D 9D 7H JH 3S 6C";

  it("lay two suited cards to their own crib where the standard rule would not", () => {
    const five = discardsFor(dealt(hand, "five"))[0];
    const four = discardsFor(dealt(hand, "four"))[0];
    expect(formatCards(five.out)).toEqual(["7H", "6C"]);
    expect(formatCards(four.out)).toEqual(["7H", "JH"]);
    const legal = cards(hand).map(discardMove);
    expect(chooseDiscard(dealt(hand, "four"), legal)).toBe(discardMove(four.out[0]));
    // `hard` settles its discards the same way, and says what the crib adds.
    const said = settle(dealt(hand, "four"), legal);
    expect(said?.move).toBe(discardMove(four.out[0]));
    expect(said?.reason).toContain(`your crib adds ${four.crib.toFixed(1)}`);
  });

  it("count the four-card flush against them in the other's crib, and change nothing under the standard rule", () => {
    const five = discardsFor(dealt(hand, "five", 1));
    const four = discardsFor(dealt(hand, "four", 1));
    const suited = (w: { out: readonly number[] }) => formatCards(w.out).join(" ") === "7H JH";
    const at = (list: typeof five) => list.find(suited)!;
    expect(at(four).crib).toBeGreaterThan(at(five).crib);
    expect(at(four).value).toBeLessThan(at(five).value);
    const unsuited = (list: typeof five) => list.find((w) => formatCards(w.out).join(" ") === "7H 6C")!;
    expect(unsuited(four).value).toBeCloseTo(unsuited(five).value, 12);
  });
});
