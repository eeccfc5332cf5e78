import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Rng, nextWord, randomInt, shuffleWith, skipWords } from "./rng.js";

describe("seeded generator", () => {
  it("gives the same shuffles for the same seed, and others for another", () => {
    const deal = (seed: string | number) => Rng.fromSeed(seed).shuffle([...Array(52).keys()]);
    expect(deal(42)).toEqual(deal(42));
    expect(deal("42")).toEqual(deal(42));
    expect(deal(42)).not.toEqual(deal(43));
  });

  it("carries its whole state: a clone or a restored state goes on identically", () => {
    const a = Rng.fromSeed("x");
    a.next();
    const b = a.clone();
    const c = Rng.fromWords(a.words);
    const seq = (r: Rng) => Array.from({ length: 10 }, () => r.next());
    const sa = seq(a);
    expect(seq(b)).toEqual(sa);
    expect(seq(c)).toEqual(sa);
  });

  it("draws integers in range", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1_000_000 }), (seed, n) => {
        const r = Rng.fromSeed(seed);
        for (let i = 0; i < 20; i++) {
          const x = r.int(n);
          expect(x >= 0 && x < n && Number.isInteger(x)).toBe(true);
        }
      }),
    );
  });

  it("shuffles evenly: each card lands in each place about equally often", () => {
    const r = Rng.fromSeed(1);
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    for (let i = 0; i < 40_000; i++) r.shuffle([0, 1, 2, 3]).forEach((c, place) => counts[c][place]++);
    for (const row of counts) for (const n of row) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});

describe("uniform draws", () => {
  it("are unbiased for a range that does not divide 2^32 (chi-squared over 3 and 52 values)", () => {
    for (const n of [3, 52]) {
      const r = Rng.fromSeed(`chi-${n}`);
      const counts = new Array<number>(n).fill(0);
      const draws = 200_000;
      for (let i = 0; i < draws; i++) counts[r.int(n)]++;
      const expected = draws / n;
      const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      // Far beyond the 99.9th percentile for n - 1 degrees of freedom would mean a biased draw.
      expect(chi2).toBeLessThan(n === 3 ? 14 : 90);
    }
  });

  it("cover large ranges too", () => {
    const r = Rng.fromSeed(2);
    for (let i = 0; i < 1000; i++) {
      const x = r.int(3_000_000_000);
      expect(x >= 0 && x < 3_000_000_000).toBe(true);
    }
  });
});

/**
 * docs/FAIRNESS.md's generator, draw and shuffle, written from its words with exact 64-bit
 * products: what `nextWord`, `randomInt`, `skipWords` and `shuffleWith` (each with the words in
 * locals, the draw in 32-bit halves) must give, word for word. Ranges past 2^21 (no deal's; bots'
 * and tests' generators) draw by rejection and remainder instead, which the page does not cover.
 */
const refNext = (w: number[]): number => {
  const [a, b, c, d] = w;
  const t = (a + b + d) >>> 0;
  w[3] = (d + 1) >>> 0;
  w[0] = (b ^ (b >>> 9)) >>> 0;
  w[1] = (c + (c << 3)) >>> 0;
  w[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t;
};
const refUniform = (w: number[], n: number): number => {
  for (;;) {
    const m = BigInt(refNext(w)) * BigInt(n);
    const low = Number(m & 0xffffffffn);
    if (low >= n || low >= 2 ** 32 % n) return Number(m >> 32n);
  }
};
const refShuffle = <T>(w: number[], items: T[]): T[] => {
  for (let i = 0; i < items.length - 1; i++) {
    const j = i + refUniform(w, items.length - i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};

describe("the generator as docs/FAIRNESS.md words it", () => {
  const anyWords = fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 4, maxLength: 4 });

  it("draws, skips and shuffles as the reference does, word for word", () => {
    fc.assert(
      fc.property(
        anyWords,
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 40 }),
        (w, size, skip) => {
          const ref = w.slice();
          const ours = w.slice();
          for (let i = 0; i < skip; i++) refNext(ref);
          skipWords(ours, skip);
          expect(ours).toEqual(ref);
          expect(shuffleWith(ours, [...Array(size).keys()])).toEqual(
            refShuffle(ref, [...Array(size).keys()]),
          );
          expect(ours).toEqual(ref);
          for (const n of [1, 2, 3, 52, 104, 2 ** 15, 2 ** 15 + 1, 2 ** 21])
            expect(randomInt(ours, n)).toBe(refUniform(ref, n));
          expect(nextWord(ours)).toBe(refNext(ref));
        },
      ),
    );
    // A shuffle past the integer path's range (2^15 places) draws by the double-precision path.
    const big = [...Array(2 ** 15 + 3).keys()];
    expect(shuffleWith([1, 2, 3, 4], big.slice())).toEqual(refShuffle([1, 2, 3, 4], big.slice()));
  });
});
