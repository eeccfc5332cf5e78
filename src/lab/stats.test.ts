import { describe, expect, it } from "vitest";
import {
  P_FLOOR,
  Z95,
  difference,
  eloToScore,
  equivalence,
  estimate,
  normalTail,
  nextOvershoot,
  noOvershoot,
  overshootOf,
  pText,
  scoreToElo,
  sprt,
  type Moments,
} from "./stats.js";

/** The moments of `n` samples of 1 at rate `p`, the rest 0 (a share per match). */
const shares = (n: number, p: number): Moments => ({ n, sum: n * p, sumsq: n * p });

describe("the lab's statistics", () => {
  it("draws 95% intervals with the exact normal quantile", () => {
    const m: Moments = { n: 100, sum: 50, sumsq: 50 };
    const e = estimate(m);
    const half = (e.ci95[1] - e.ci95[0]) / 2;
    expect(half).toBeCloseTo((1.959963984540054 * e.sd) / 10, 12);
    expect(Z95).toBe(1.959963984540054);
  });

  it("gives normal tails to double precision far out, where 1 - erf is 0", () => {
    // Reference values: R's pnorm(z, lower.tail = FALSE).
    const cases: [number, number, number][] = [
      [1, 0.15865525393145707, 1e-6],
      [3, 0.0013498980316300946, 1e-9],
      [5, 2.866515718791939e-7, 1e-9],
      [10, 7.61985302416047e-24, 1e-9],
      [20, 2.7536241186062e-89, 1e-9],
    ];
    for (const [z, want, rel] of cases)
      expect(Math.abs(normalTail(z) / want - 1), `z = ${z}`).toBeLessThan(rel);
  });

  it("never states a p-value of 0: past 1e-300 it is said as below it", () => {
    const far = difference({ n: 10_000, sum: 9_000, sumsq: 9_000 });
    expect(far.p).toBe(P_FLOOR);
    expect(pText(far.p)).toBe("p < 1e-300");
    const near = difference({ n: 100, sum: 20, sumsq: 100 });
    expect(near.p).toBeGreaterThan(0.04);
    expect(near.p).toBeLessThan(0.06);
    expect(pText(near.p)).toMatch(/^p = 0\.0[45]\d$/);
    expect(pText(1e-5)).toBe("p < 0.001");
  });

  it("reads Elo against the fair share: 1/2 between two, 1/n for one seat of n", () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(eloToScore(100)).toBeCloseTo(1 / (1 + 10 ** -0.25), 12);
    expect(eloToScore(0, 0.25)).toBeCloseTo(0.25, 12);
    expect(scoreToElo(eloToScore(37, 0.25), 0.25)).toBeCloseTo(37, 9);
    expect(scoreToElo(0.25, 0.25)).toBeCloseTo(0, 12);
  });

  it("tests a 4-player first dealer against 25%, not 50%", () => {
    // At the fair share the SPRT accepts elo0 = 0, not the elo0 of a 50% share.
    const fair = sprt(shares(20_000, 0.25), -10, 10, { fair: 0.25 });
    expect(fair.fair).toBe(0.25);
    expect(Math.abs(fair.elo)).toBeLessThan(1);
    expect(fair.state).toBe("continue");
    // 19.1% of 4 seats: about -60 Elo against the field, not the -250 of a 50% share.
    const low = sprt(shares(20_000, 0.191), 0, 10, { fair: 0.25 });
    expect(low.elo).toBeGreaterThan(-65);
    expect(low.elo).toBeLessThan(-55);
    expect(low.state).toBe("H0");
    const high = sprt(shares(20_000, 0.3), 0, 10, { fair: 0.25 });
    expect(high.state).toBe("H1");
  });

  it("calls a difference equivalent only when its 90% interval lies inside the margin (TOST)", () => {
    // Paired differences of mean 0.002 and sd 0.1 over 40,000 deals: se 0.0005, well inside ±1 point.
    const tight = { n: 40_000, mean: 0.002, sd: 0.1, ci95: [0, 0] as const };
    const e = equivalence(tight, 0.01);
    expect(e.equivalent).toBe(true);
    // The nearer bound decides: (0.01 - 0.002) / 0.0005 = 16 standard errors.
    expect(e.p).toBeCloseTo(normalTail(16), 70);
    expect(e.ci90[0]).toBeCloseTo(0.002 - 1.6448536269514722 * 0.0005, 12);
    // The same mean over 400 deals (se 0.005): the 90% interval reaches past +1 point.
    const wide = equivalence({ ...tight, n: 400 }, 0.01);
    expect(wide.equivalent).toBe(false);
    expect(wide.p).toBeCloseTo(normalTail((0.01 - 0.002) / 0.005), 12);
    // A difference of 4 points is never "less than 1 point", however sure.
    const far = equivalence({ ...tight, mean: -0.04 }, 0.01);
    expect(far.equivalent).toBe(false);
    expect(far.p).toBeGreaterThan(0.99);
  });

  it("reads normalized Elo as Fishtest's LLR_normalized_alt does", () => {
    // 100 losses, 200 draws, 130 wins: Fishtest's trinomial figures (population variance; the lab's
    // sample variance differs by n / (n - 1), a hundredth of an LLR here).
    const m: Moments = { n: 430, sum: 200 * 0.5 + 130, sumsq: 200 * 0.25 + 130 };
    const at = (elo0: number, elo1: number) => sprt(m, elo0, elo1, { model: "normalized" });
    expect(at(0, 10).llr).toBeCloseTo(1.001092374272036, 1);
    expect(at(0, 50).llr).toBeCloseTo(1.4690376761871415, 1);
    expect(at(-20, 20).llr).toBeCloseTo(4.68582059083813, 1);
    expect(at(0, 10).nelo).toBeCloseTo(33.295268015613324, 0);
    expect(at(0, 10).model).toBe("normalized");
  });

  it("moves the bounds in by Fishtest's dynamic overshoot", () => {
    let o = noOvershoot;
    for (const llr of [0.3, -0.2, 0.5, -0.6, 1.2, 0.9, -1.1, 2.0]) o = nextOvershoot(o, llr);
    // update_SPRT's o0 and o1 for the same readings.
    expect(overshootOf(o)[0]).toBeCloseTo(0.20454545454545456, 12);
    expect(overshootOf(o)[1]).toBeCloseTo(0.315, 12);
    // An LLR of about 2.8, short of the upper bound ln 19 = 2.94 but past it less the overshoot 0.315.
    const per = sprt(shares(10_000, 0.26), 0, 10, { fair: 0.25 }).llr / 10_000;
    const m = shares(Math.round(2.8 / per), 0.26);
    const plain = sprt(m, 0, 10, { fair: 0.25 });
    expect(plain.llr).toBeGreaterThan(2.75);
    expect(plain.llr).toBeLessThan(2.85);
    expect(plain.state).toBe("continue");
    expect(plain.overshoot).toEqual([0, 0]);
    const corrected = sprt(m, 0, 10, { fair: 0.25, overshoot: { ...o, ref1: 3 } });
    expect(corrected.overshoot[1]).toBeCloseTo(0.315, 12);
    expect(corrected.state).toBe("H1");
  });

  it("sets the SPRT's bounds from alpha and beta", () => {
    const s = sprt(shares(10, 0.5), 0, 10, { alpha: 0.01, beta: 0.1 });
    expect(s.bounds[0]).toBeCloseTo(Math.log(0.1 / 0.99), 12);
    expect(s.bounds[1]).toBeCloseTo(Math.log(0.9 / 0.01), 12);
  });
});
