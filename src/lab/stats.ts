/**
 * The lab's statistics, small and pure, over sums that merge by adding
 * (count, sum, sum of squares; histograms): intervals and p-values from
 * simple-statistics' normal distribution, rates with Wilson's interval, and
 * Fishtest's generalized SPRT (server/fishtest/stats/LLRcalc.py, LLR_alt2,
 * with its logistic Elo and bounds from sprt.py).
 */
import { errorFunction, probit, weightedQuantile } from "simple-statistics";
import { wilson } from "../sim/arena.js";

/** Count, sum and sum of squares: a mean and its interval, merged by adding. */
export interface Moments {
  n: number;
  sum: number;
  sumsq: number;
}

/** Value (as text) to how many times it came. */
export type Histogram = Record<string, number>;

export const emptyMoments = (): Moments => ({ n: 0, sum: 0, sumsq: 0 });

export function addMoment(m: Moments, x: number): void {
  m.n++;
  m.sum += x;
  m.sumsq += x * x;
}

export function mergeMoments(into: Moments, m: Moments): void {
  into.n += m.n;
  into.sum += m.sum;
  into.sumsq += m.sumsq;
}

/** Adds to a count; a number key is the same property as its text (a histogram's value), looked up faster. */
export function bump(h: Record<string, number>, key: string | number, by: number): void {
  h[key] = (h[key] ?? 0) + by;
}

export function mergeCounts(into: Record<string, number>, h: Record<string, number>): void {
  for (const k of Object.keys(h).sort()) bump(into, k, h[k]);
}

/** The two-sided 95% normal quantile. */
const Z95 = probit(0.975);

/** A mean with its 95% interval (normal: the lab's samples run to thousands). */
export interface Estimate {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly ci95: readonly [number, number];
}

/** A difference from the base with its 95% interval and the two-sided p-value of "no difference". */
export interface Difference extends Estimate {
  readonly p: number;
}

export function variance(m: Moments): number {
  if (m.n < 2) return 0;
  const mean = m.sum / m.n;
  return Math.max(0, (m.sumsq - m.n * mean * mean) / (m.n - 1));
}

export function estimate(m: Moments): Estimate {
  const mean = m.n ? m.sum / m.n : 0;
  const sd = Math.sqrt(variance(m));
  const half = m.n ? (Z95 * sd) / Math.sqrt(m.n) : Infinity;
  return { n: m.n, mean, sd, ci95: [mean - half, mean + half] };
}

export function difference(m: Moments): Difference {
  const e = estimate(m);
  const se = m.n ? e.sd / Math.sqrt(m.n) : 0;
  // Two-sided: P(|Z| >= z) = 1 - erf(z / sqrt 2), not 1 - Phi(z) from simple-statistics' table, whose
  // last entry (0.9990) held every p-value at 0.002 or more.
  const p = se > 0 ? 1 - errorFunction(Math.abs(e.mean) / se / Math.SQRT2) : e.mean === 0 ? 1 : 0;
  return { ...e, p: Math.min(1, Math.max(0, p)) };
}

/** A rate with its 95% Wilson interval (shared wins count as fractions). */
export interface Rate {
  readonly won: number;
  readonly played: number;
  readonly rate: number;
  readonly ci95: readonly [number, number];
}

export const rate = (won: number, played: number): Rate => ({
  won,
  played,
  rate: played ? won / played : 0,
  ci95: wilson(won, played),
});

/** A distribution: its mean with the interval, and its quantiles, from a histogram. */
export interface Distribution extends Estimate {
  readonly min: number;
  readonly max: number;
  /** The 5th, 25th, 50th, 75th and 95th percentiles. */
  readonly quantiles: readonly [number, number, number, number, number];
  readonly histogram: Histogram;
}

export function distribution(h: Histogram): Distribution {
  const values = Object.keys(h)
    .map(Number)
    .sort((a, b) => a - b);
  const weights = values.map((v) => h[String(v)]);
  const m = emptyMoments();
  values.forEach((v, i) => {
    m.n += weights[i];
    m.sum += v * weights[i];
    m.sumsq += v * v * weights[i];
  });
  const q = (p: number) => (values.length ? weightedQuantile(values, weights, p) : 0);
  return {
    ...estimate(m),
    min: values.length ? values[0] : 0,
    max: values.length ? values[values.length - 1] : 0,
    quantiles: [q(0.05), q(0.25), q(0.5), q(0.75), q(0.95)],
    histogram: h,
  };
}

/** Logistic Elo to an expected score, and back (Fishtest's L_ and its inverse). */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));
export const scoreToElo = (s: number): number =>
  s <= 0 ? -Infinity : s >= 1 ? Infinity : -400 * Math.log10(1 / s - 1);

export interface Sprt {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  /** The log-likelihood ratio of elo1 against elo0 so far. */
  readonly llr: number;
  /** Accept elo0 below the lower bound, elo1 above the upper. */
  readonly bounds: readonly [number, number];
  readonly samples: number;
  /** The score so far in Elo, with its 95% interval. */
  readonly elo: number;
  readonly eloCi95: readonly [number, number];
  readonly state: "H0" | "H1" | "continue";
}

/**
 * Fishtest's generalized SPRT on scores in [0, 1] (LLR_alt2):
 * LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), s the mean score and var the
 * samples' variance; the bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha).
 */
export function sprt(m: Moments, elo0: number, elo1: number, alpha = 0.05, beta = 0.05): Sprt {
  const s0 = eloToScore(elo0);
  const s1 = eloToScore(elo1);
  const v = variance(m);
  const s = m.n ? m.sum / m.n : 0.5;
  const llr = m.n >= 2 && v > 0 ? (m.n * (s1 - s0) * (2 * s - s0 - s1)) / v / 2 : 0;
  const bounds = [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)] as const;
  const e = estimate(m);
  return {
    elo0,
    elo1,
    alpha,
    beta,
    llr,
    bounds,
    samples: m.n,
    elo: scoreToElo(s),
    eloCi95: [scoreToElo(e.ci95[0]), scoreToElo(e.ci95[1])],
    state: llr <= bounds[0] ? "H0" : llr >= bounds[1] ? "H1" : "continue",
  };
}
