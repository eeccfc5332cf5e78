import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Card } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import {
  bestArrangement,
  bestArrangements,
  bestDiscardDeadwood,
  cardValue,
  deadwood,
  deadwoodWithout,
  isSetMeld,
  knockArrangement,
  layoffRoom,
  sumAfterDraws,
} from "./melds.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** Every meld the cards hold: 3 or 4 of a rank (any 3 of 4), every run of 3 or more in a suit. */
function allMelds(hand: readonly Card[]): Card[][] {
  const has = new Set(hand);
  const out: Card[][] = [];
  for (let r = 0; r < 13; r++) {
    const same = [0, 1, 2, 3].map((s) => s * 13 + r).filter((c) => has.has(c));
    if (same.length >= 3) out.push(same);
    if (same.length === 4) for (const skip of same) out.push(same.filter((c) => c !== skip));
  }
  for (let s = 0; s < 4; s++) {
    for (let lo = 0; lo < 13; lo++) {
      const run: Card[] = [];
      for (let r = lo; r < 13 && has.has(s * 13 + r); r++) {
        run.push(s * 13 + r);
        if (run.length >= 3) out.push(run.slice());
      }
    }
  }
  return out;
}

/** The least deadwood by trying every set of disjoint melds: slow and obviously right. */
function bruteDeadwood(hand: readonly Card[]): number {
  const melds = allMelds(hand);
  const total = hand.reduce((a, c) => a + cardValue(c), 0);
  let bestMelded = 0;
  const go = (from: number, used: Set<Card>, melded: number): void => {
    if (melded > bestMelded) bestMelded = melded;
    for (let i = from; i < melds.length; i++) {
      if (melds[i].some((c) => used.has(c))) continue;
      const next = new Set(used);
      let v = 0;
      for (const c of melds[i]) {
        next.add(c);
        v += cardValue(c);
      }
      go(i + 1, next, melded + v);
    }
  };
  go(0, new Set(), 0);
  return total - bestMelded;
}

const handArb = (size: number) =>
  fc.shuffledSubarray(
    Array.from({ length: 52 }, (_, i) => i),
    { minLength: size, maxLength: size },
  );
/** Hands crowded into few ranks and suits, where melds overlap and choices matter. */
const crowdedArb = (size: number) =>
  fc.shuffledSubarray(
    [0, 1, 2, 3].flatMap((s) => [3, 4, 5, 6, 7, 8].map((r) => s * 13 + r)),
    { minLength: size, maxLength: size },
  );

describe("rule 4: the engine always finds the least deadwood", () => {
  it("matches an exhaustive search over all arrangements on random hands", () => {
    fc.assert(
      fc.property(fc.oneof(handArb(10), crowdedArb(10), handArb(11), crowdedArb(11)), (hand) => {
        expect(deadwood(hand)).toBe(bruteDeadwood(hand));
      }),
      { numRuns: 1500 },
    );
  });

  it("finds the best discard of 11 cards as the best of the 11 discards, never the card kept", () => {
    fc.assert(
      fc.property(fc.oneof(handArb(11), crowdedArb(11)), (hand) => {
        const each = hand.map((c) => bruteDeadwood(hand.filter((x) => x !== c)));
        expect(bestDiscardDeadwood(hand)).toBe(Math.min(...each));
        expect(bestDiscardDeadwood(hand, hand[0])).toBe(Math.min(...each.slice(1)));
      }),
      { numRuns: 400 },
    );
  });

  it("sums the best discard after each possible draw as drawing each card and searching would", () => {
    // A hand of 11 with one card thrown (or 10 with none), the other cards as the draws.
    fc.assert(
      fc.property(
        fc.oneof(handArb(11), crowdedArb(11)),
        fc.boolean(),
        fc.integer({ min: 0, max: 41 }),
        (eleven, throwOne, cut) => {
          const without = throwOne ? eleven[10] : -1;
          const hand = throwOne ? eleven : eleven.slice(0, 10);
          const rest = hand.filter((x) => x !== without);
          const others = Array.from({ length: 52 }, (_, c) => c).filter((c) => !eleven.includes(c));
          const draws = others.slice(cut);
          const slow = draws.reduce((sum, x) => sum + bestDiscardDeadwood([...rest, x]), 0);
          expect(sumAfterDraws(hand, draws, without)).toBe(slow);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("lays out valid, disjoint melds whose deadwood is the least", () => {
    fc.assert(
      fc.property(fc.oneof(handArb(10), crowdedArb(10)), (hand) => {
        for (const a of bestArrangements(hand)) {
          const used = [...a.melds.flat(), ...a.deadwoodCards].sort((x, y) => x - y);
          expect(used).toEqual(hand.slice().sort((x, y) => x - y));
          for (const m of a.melds) {
            expect(m.length).toBeGreaterThanOrEqual(3);
            if (isSetMeld(m)) expect(new Set(m.map((c) => c % 13)).size).toBe(1);
            else m.forEach((c, i) => i > 0 && expect(c).toBe(m[i - 1] + 1));
            if (!isSetMeld(m)) expect(new Set(m.map((c) => Math.floor(c / 13))).size).toBe(1);
          }
          expect(a.deadwood).toBe(a.deadwoodCards.reduce((s, c) => s + cardValue(c), 0));
          expect(a.deadwood).toBe(deadwood(hand));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("rule 4: melds and deadwood values", () => {
  it("values Ace 1, 2-10 by rank, J Q K 10", () => {
    expect(cards("AS 2D 9C TH JS QD KC").map(cardValue)).toEqual([1, 2, 9, 10, 10, 10, 10]);
  });

  it("plays the Ace low only: A-2-3 is a run, Q-K-A is not", () => {
    expect(deadwood(cards("AS 2S 3S"))).toBe(0);
    expect(deadwood(cards("QS KS AS"))).toBe(21);
  });

  it("counts 3 or 4 of a rank as a set, and a run only within one suit", () => {
    expect(deadwood(cards("7C 7D 7H"))).toBe(0);
    expect(deadwood(cards("7C 7D 7H 7S"))).toBe(0);
    expect(deadwood(cards("5C 6D 7C"))).toBe(18);
  });

  it("puts a card in one meld only, choosing the arrangement with less deadwood", () => {
    // 7H in the run leaves 7C 7D (14); 7H in the set leaves 5H 6H (11).
    expect(deadwood(cards("5H 6H 7H 7C 7D"))).toBe(11);
    // Four Sevens: three make a set, the fourth a run with 8S 9S.
    expect(deadwood(cards("7C 7D 7H 7S 8S 9S"))).toBe(0);
    expect(bestArrangement(cards("7C 7D 7H 7S 8S 9S")).melds).toEqual([cards("7C 7D 7H"), cards("7S 8S 9S")]);
  });

  it("measures deadwood without a card and after the best discard", () => {
    const hand = cards("AS 2S 3S 7D 7H 7C 9C KD 4H 4D QS");
    expect(deadwoodWithout(hand, cards("QS")[0])).toBe(27);
    expect(bestDiscardDeadwood(hand)).toBe(27);
  });

  it("lays the knocker's melds out to leave the least room for lay-offs", () => {
    const hand = cards("7C 7D 7H 7S 8S 9S 8C 9C 2D 3H");
    const a = knockArrangement(hand);
    const rooms = bestArrangements(hand).map((x) => layoffRoom(x.melds, hand));
    expect(layoffRoom(a.melds, hand)).toBe(Math.min(...rooms));
    // Runs: the card below and above; a set of three: its missing fourth.
    expect(layoffRoom([cards("3H 4H 5H"), cards("8C 8D 8S")], [])).toBe(3);
    expect(layoffRoom([cards("AH 2H 3H"), cards("8C 8D 8S 8H")], [])).toBe(1);
  });
});
