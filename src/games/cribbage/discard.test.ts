import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { Rng } from "../../engine/rng.js";
import { chooseDiscard } from "./bot.js";
import { cribExpectation, discardChoices, oneCards, pairCards, pairIndex } from "./discard.js";
import { referenceDiscards } from "./discard-reference.js";
import { discardMove } from "./moves.js";
import { showPoints } from "./rules.js";
import type { CribbageView } from "./view.js";

const cards = (t: string) => {
  const r = parseCards(t.split(" "));
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const unseenBy = (hand: readonly number[]) => [...Array(52).keys()].filter((c) => !hand.includes(c));

describe("the crib table", () => {
  it("holds, for sampled places, the crib's average over every pair of other cards", () => {
    const rng = Rng.fromSeed("crib-table");
    for (let n = 0; n < 12;) {
      const i = rng.int(13 * 13 * 13 * 5);
      const place = pairCards(i);
      if (!place) continue;
      n++;
      const [a, b, s] = place;
      let sum = 0;
      let ways = 0;
      for (let x = 0; x < 52; x++)
        for (let y = x + 1; y < 52; y++) {
          if ([a, b, s].includes(x) || [a, b, s].includes(y)) continue;
          sum += showPoints([a, b, x, y], s, true);
          ways++;
        }
      expect(cribExpectation([a, b], s)).toBeCloseTo(sum / ways, 9);
      expect(pairIndex(b, a, s)).toBe(i);
    }
    expect(oneCards(0)).not.toBeNull();
  });

  it("gives two fives about nine points in the crib, as published tables do", () => {
    const [a, b] = cards("5C 5D");
    let sum = 0;
    for (const s of unseenBy([a, b])) sum += cribExpectation([a, b], s);
    expect(sum / 50).toBeGreaterThan(8.5);
    expect(sum / 50).toBeLessThan(9.5);
  });
});

describe("discards by exact expected value", () => {
  it("match the brute-force optimum (every starter, every pair the other player could lay away)", () => {
    const rng = Rng.fromSeed("discard-reference");
    for (let d = 0; d < 6; d++) {
      const hand = rng.shuffle([...Array(52).keys()]).slice(0, 6);
      const own = d % 2 === 0;
      const ref = referenceDiscards(hand, own);
      const [mine] = discardChoices(hand, [], own, unseenBy(hand));
      expect(mine.value).toBeCloseTo(ref[0].value, 9);
      const refValue = ref.find((w) => w.out.every((c) => mine.out.includes(c)))!.value;
      expect(refValue).toBeCloseTo(ref[0].value, 9);
    }
  });

  it("the medium player lays away the best pair, one card per move, the second after the first", () => {
    const hand = cards("5H 5S JD 9C KC 2D");
    const [best] = discardChoices(hand, [], true, unseenBy(hand));
    const view = { hand: hand.map(String), myCrib: [], dealer: 0, seat: 0 } as unknown as CribbageView;
    const text = "5H 5S JD 9C KC 2D".split(" ");
    const legal = hand.map(discardMove);
    const first = chooseDiscard({ ...view, hand: text, myCrib: [] }, legal);
    expect(best.out.map(discardMove)).toContain(first);
    const laid = hand.find((c) => discardMove(c) === first)!;
    const rest = text.filter((_, i) => hand[i] !== laid);
    const second = chooseDiscard(
      { ...view, hand: rest, myCrib: [text[hand.indexOf(laid)]] },
      hand.filter((c) => c !== laid).map(discardMove),
    );
    expect(best.out.map(discardMove)).toContain(second);
    expect(second).not.toBe(first);
  });
});
