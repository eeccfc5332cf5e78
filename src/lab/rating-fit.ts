/**
 * A rating list fitted as one whole (docs/LAB.md, "The ladder"): the
 * Bradley–Terry model on the Elo scale, P(i scores against j) =
 * 1 / (1 + 10^((r_j - r_i) / 400)), every pair's games at once, as
 * Bayeselo fits the computer chess rating lists. A weak normal prior on each
 * rating keeps a player who won or lost everything at a finite rating; the
 * intervals come from the curvature of the log-posterior at its peak (the
 * Laplace approximation). The order the games were played in does not
 * matter: only each pair's games and points do.
 */
import { Z95 } from "./stats.js";

/** What one pair of players scored: `score` is `a`'s points (a win 1, a draw ½) in `games`. */
export interface PairScore {
  readonly a: number;
  readonly b: number;
  readonly games: number;
  readonly score: number;
}

export interface FittedRating {
  /** On the Elo scale, the players' mean at `mean`. */
  readonly rating: number;
  /** The 95% interval's half-width. */
  readonly interval: number;
}

export interface FitSettings {
  /** The prior's standard deviation, in Elo (default 600: a weak prior). */
  readonly priorSd?: number;
  /** Where the players' mean rating is put (default 1500). */
  readonly mean?: number;
}

const S = Math.LN10 / 400;

/** Inverts a symmetric positive definite matrix (Gauss–Jordan; the matrices here are a few players wide). */
function invert(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    const d = a[c][c];
    for (let k = 0; k < 2 * n; k++) a[c][k] /= d;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r][c];
      if (f !== 0) for (let k = 0; k < 2 * n; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row) => row.slice(n));
}

/** The precision matrix (minus the log-posterior's Hessian) and its gradient at `r` (natural units: r in Elo). */
function curvature(
  n: number,
  pairs: readonly PairScore[],
  r: readonly number[],
  priorVar: number,
): { grad: number[]; precision: number[][] } {
  const grad = r.map((x) => -x / priorVar);
  const precision = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1 / priorVar : 0)),
  );
  for (const p of pairs) {
    if (p.games === 0) continue;
    const q = 1 / (1 + Math.exp(-S * (r[p.a] - r[p.b])));
    const g = S * (p.score - p.games * q);
    grad[p.a] += g;
    grad[p.b] -= g;
    const w = S * S * p.games * q * (1 - q);
    precision[p.a][p.a] += w;
    precision[p.b][p.b] += w;
    precision[p.a][p.b] -= w;
    precision[p.b][p.a] -= w;
  }
  return { grad, precision };
}

/**
 * Each of `n` players' rating and 95% interval from the pairs' scores: the
 * posterior's peak by Newton's method, the interval of each rating measured
 * from the players' mean (so the list's anchor adds no width).
 */
export function fitRatings(n: number, pairs: readonly PairScore[], o: FitSettings = {}): FittedRating[] {
  const priorVar = (o.priorSd ?? 600) ** 2;
  const mean = o.mean ?? 1500;
  let r = new Array<number>(n).fill(0);
  for (let step = 0; step < 100; step++) {
    const { grad, precision } = curvature(n, pairs, r, priorVar);
    const cov = invert(precision);
    const delta = cov.map((row) => row.reduce((s, c, j) => s + c * grad[j], 0));
    r = r.map((x, i) => x + delta[i]);
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  const cov = invert(curvature(n, pairs, r, priorVar).precision);
  const avg = r.reduce((s, x) => s + x, 0) / n;
  return r.map((x, i) => {
    // The variance of r_i minus the mean of all: v' C v with v = e_i - 1/n.
    let v = 0;
    for (let j = 0; j < n; j++)
      for (let k = 0; k < n; k++) v += ((j === i ? 1 : 0) - 1 / n) * ((k === i ? 1 : 0) - 1 / n) * cov[j][k];
    return { rating: mean + x - avg, interval: Z95 * Math.sqrt(Math.max(0, v)) };
  });
}

/** The expected score of a player rated `d` Elo above its opponent. */
export const expectedScore = (d: number): number => 1 / (1 + 10 ** (-d / 400));
