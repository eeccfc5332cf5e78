import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Rng } from "./rng.js";

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
    const c = Rng.fromState(a.state());
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
