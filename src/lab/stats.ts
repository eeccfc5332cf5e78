/**
 * The lab's statistics, small and pure, over sums that merge by adding
 * (count, sum, sum of squares; histograms): intervals and p-values from
 * simple-statistics' normal distribution, rates with Wilson's interval, and
 * Fishtest's generalized SPRT (server/fishtest/stats/LLRcalc.py, LLR_alt2,
 * with its logistic Elo and bounds from sprt.py).
 */
import { errorFunction, weightedQuantile } from "simple-statistics";
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

/**
 * The two-sided 95% normal quantile, exact to double precision (simple-statistics' `probit(0.975)`
 * gives 1.95716, which made every interval 0.14% narrow).
 */
export const Z95 = 1.959963984540054;

/** The smallest p-value the lab states; below it a p is "< 1e-300" (a double underflows near 1e-308). */
export const P_FLOOR = 1e-300;

/**
 * P(Z >= z) for a standard normal Z and z >= 0, to double precision in the tail: 1 - erf below 3,
 * beyond it the Laplace continued fraction of Mills' ratio, phi(z) / (z + 1/(z + 2/(z + 3/(z + ...)))),
 * where 1 - erf would lose every digit (it is 0 from z = 8.3).
 */
export function normalTail(z: number): number {
  if (z < 3) return 0.5 * (1 - errorFunction(z / Math.SQRT2));
  let t = z;
  for (let k = 80; k >= 1; k--) t = z + k / t;
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI) / t;
}

/** A p-value as the lab says it: "p = 0.012", "p < 0.001", "p < 1e-300". */
export function pText(p: number): string {
  if (p <= P_FLOOR) return "p < 1e-300";
  if (p < 0.001) return "p < 0.001";
  return `p = ${p.toFixed(3)}`;
}

/** A mean with its 95% interval (normal: the lab's samples run to thousands). */
export interface Estimate {
  readonly n: number;
  readonly mean: number;
  readonly sd: number;
  readonly ci95: readonly [number, number];
}

/** A difference from the base with its 95% interval and the two-sided p-value of "no difference". */
export interface Difference extends Estimate {
  /** At least P_FLOOR: a p of 1e-300 is "below 1e-300". */
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
  // Two-sided: P(|Z| >= z) = 2 P(Z >= z), in the tail to double precision; never 0 (a JSON reader
  // would take 0 for certainty): at most P_FLOOR means "below 1e-300".
  const p = se > 0 ? 2 * normalTail(Math.abs(e.mean) / se) : e.mean === 0 ? 1 : 0;
  return { ...e, p: Math.min(1, Math.max(P_FLOOR, p)) };
}

/** The one-sided 95% normal quantile: a TOST at 5% reads the 90% interval. */
export const Z90 = 1.6448536269514722;

/** P(Z >= z) for a standard normal Z and any z. */
const upperTail = (z: number): number => (z >= 0 ? normalTail(z) : 1 - normalTail(-z));

/**
 * Schuirmann's two one-sided tests (TOST) of "the difference lies within ±margin": equivalent when
 * both "at most −margin" and "at least +margin" are rejected at 5%, that is when the 90% interval lies
 * inside (−margin, +margin).
 */
export interface Equivalence {
  readonly margin: number;
  /** The larger of the two one-sided p-values, at least P_FLOOR. */
  readonly p: number;
  readonly ci90: readonly [number, number];
  readonly equivalent: boolean;
}

export function equivalence(d: Estimate, margin: number): Equivalence {
  const se = d.n ? d.sd / Math.sqrt(d.n) : Infinity;
  const p =
    se > 0
      ? Math.max(upperTail((d.mean + margin) / se), upperTail((margin - d.mean) / se))
      : Math.abs(d.mean) < margin
        ? 0
        : 1;
  const clamped = Math.min(1, Math.max(P_FLOOR, p));
  return {
    margin,
    p: clamped,
    ci90: [d.mean - Z90 * se, d.mean + Z90 * se],
    equivalent: d.n > 1 && clamped < 0.05,
  };
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

/**
 * Logistic Elo to an expected share, and back (Fishtest's L_ and its inverse), against a fair share
 * `fair` (0.5 between two; 1/n for one seat of n): Elo d multiplies the odds of the fair share by
 * 10^(d/400), the Bradley-Terry-Luce reading of one player against a field of equals.
 */
export const eloToScore = (elo: number, fair = 0.5): number =>
  1 / (1 + ((1 - fair) / fair) * 10 ** (-elo / 400));
export const scoreToElo = (s: number, fair = 0.5): number =>
  s <= 0 ? -Infinity : s >= 1 ? Infinity : 400 * Math.log10((s / (1 - s)) * ((1 - fair) / fair));

/** Fishtest's Elo models: logistic (the score's odds) or normalized (the score's t-value, nelo). */
export type EloModel = "logistic" | "normalized";

/** Normalized Elo per unit of t-value (Fishtest's nelo_divided_by_nt, 800 / ln 10). */
export const NELO_PER_T = 800 / Math.LN10;

/**
 * Fishtest's dynamic overshoot data (server/fishtest/stats/stat_util.py, after Siegmund, Sequential
 * Analysis, Corollary 8.33): the LLR's new lows and highs as it is read after each whole prefix of
 * batches, their sum (m) and sum of squares (sq).
 */
export interface Overshoot {
  readonly ref0: number;
  readonly m0: number;
  readonly sq0: number;
  readonly ref1: number;
  readonly m1: number;
  readonly sq1: number;
}

export const noOvershoot: Overshoot = { ref0: 0, m0: 0, sq0: 0, ref1: 0, m1: 0, sq1: 0 };

/** The overshoot data after one more reading of the LLR (update_SPRT's "normal case"). */
export function nextOvershoot(o: Overshoot, llr: number): Overshoot {
  const low = llr < o.ref0 ? llr - o.ref0 : 0;
  const high = llr > o.ref1 ? llr - o.ref1 : 0;
  return {
    ref0: low ? llr : o.ref0,
    m0: o.m0 + low,
    sq0: o.sq0 + low * low,
    ref1: high ? llr : o.ref1,
    m1: o.m1 + high,
    sq1: o.sq1 + high * high,
  };
}

/** The expected overshoot past each bound, [lower, upper]: −sq0 / 2 m0 and sq1 / 2 m1 (0 before any jump). */
export const overshootOf = (o: Overshoot): [number, number] => [
  o.m0 !== 0 ? -o.sq0 / o.m0 / 2 : 0,
  o.m1 !== 0 ? o.sq1 / o.m1 / 2 : 0,
];

export interface Sprt {
  /** The share Elo 0 stands for: 0.5 between two, 1/n for one seat of n. */
  readonly fair: number;
  /** The model elo0 and elo1 are read in. */
  readonly model: EloModel;
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  /** The log-likelihood ratio of elo1 against elo0 so far. */
  readonly llr: number;
  /** Accept elo0 below the lower bound, elo1 above the upper. */
  readonly bounds: readonly [number, number];
  /**
   * The expected overshoot past each bound (Fishtest's dynamic overshoot correction): elo0 is
   * accepted below bounds[0] + overshoot[0], elo1 above bounds[1] − overshoot[1]; [0, 0] without it.
   */
  readonly overshoot: readonly [number, number];
  /** The overshoot data to pass to the next reading. */
  readonly overshootData: Overshoot | null;
  readonly samples: number;
  /** The score so far in logistic Elo against the fair share, with its 95% interval. */
  readonly elo: number;
  readonly eloCi95: readonly [number, number];
  /** The score so far in normalized Elo, (s − fair) / sd × 800 / ln 10, with its 95% interval. */
  readonly nelo: number;
  readonly neloCi95: readonly [number, number];
  readonly state: "H0" | "H1" | "continue";
}

export interface SprtOptions {
  readonly alpha?: number;
  readonly beta?: number;
  /** The share Elo 0 stands for (0.5 unless given). */
  readonly fair?: number;
  readonly model?: EloModel;
  /** The overshoot data after the last reading; absent: no overshoot correction. */
  readonly overshoot?: Overshoot;
}

/**
 * Fishtest's generalized SPRT on per-deal scores in [0, 1]. Logistic Elo (LLR_alt2):
 * LLR = N (s1 − s0) (2 s − s0 − s1) / (2 var), s the mean score, var the samples' variance and s0, s1
 * elo0 and elo1 as scores. Normalized Elo (LLR_normalized_alt, one sample a deal as Fishtest's
 * trinomial): LLR = (N / 2) ln((1 + (t − t0)²) / (1 + (t − t1)²)), t = (s − fair) / sd and t0, t1
 * elo0 and elo1 over 800 / ln 10. The bounds are ln(beta / (1 − alpha)) and ln((1 − beta) / alpha),
 * each moved in by its expected overshoot when `overshoot` is given.
 */
export function sprt(m: Moments, elo0: number, elo1: number, o: SprtOptions = {}): Sprt {
  const { alpha = 0.05, beta = 0.05, fair = 0.5, model = "logistic" } = o;
  const v = variance(m);
  const s = m.n ? m.sum / m.n : fair;
  const sd = Math.sqrt(v);
  let llr = 0;
  if (m.n >= 2 && v > 0) {
    if (model === "logistic") {
      const s0 = eloToScore(elo0, fair);
      const s1 = eloToScore(elo1, fair);
      llr = (m.n * (s1 - s0) * (2 * s - s0 - s1)) / v / 2;
    } else {
      const t = (s - fair) / sd;
      const [t0, t1] = [elo0 / NELO_PER_T, elo1 / NELO_PER_T];
      llr = (m.n / 2) * Math.log((1 + (t - t0) ** 2) / (1 + (t - t1) ** 2));
    }
  }
  const bounds = [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)] as const;
  const data = o.overshoot ? nextOvershoot(o.overshoot, llr) : null;
  const overshoot = data ? overshootOf(data) : ([0, 0] as [number, number]);
  const e = estimate(m);
  const nelo = (x: number) => (sd > 0 ? ((x - fair) / sd) * NELO_PER_T : 0);
  return {
    fair,
    model,
    elo0,
    elo1,
    alpha,
    beta,
    llr,
    bounds,
    overshoot,
    overshootData: data,
    samples: m.n,
    elo: scoreToElo(s, fair),
    eloCi95: [scoreToElo(e.ci95[0], fair), scoreToElo(e.ci95[1], fair)],
    nelo: nelo(s),
    neloCi95: [nelo(e.ci95[0]), nelo(e.ci95[1])],
    state: llr <= bounds[0] + overshoot[0] ? "H0" : llr >= bounds[1] - overshoot[1] ? "H1" : "continue",
  };
}
