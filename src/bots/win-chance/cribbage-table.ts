/**
 * The classic Cribbage table of winning chances for two players, by both
 * scores and who deals, computed by dynamic programming over score pairs
 * from the points a hand brings each side (`HandPoints`, measured with the
 * lab: src/bots/win-chance/cribbage-hands.ts). The counting order is the
 * rules': the dealer's heels at the cut, the pegging's points as they come,
 * then the pone's hand, then the dealer's hand and crib; whoever reaches the
 * target first wins, so the pone can win before the dealer counts.
 *
 * Assumptions, stated in docs/REVIEW.md: hands are independent of the
 * score (both players play every hand for points alike); the shows are
 * independent of the pegging and of each other (the dealer's hand and crib
 * are one distribution, as they are counted together); heels come with one
 * starter in 13.
 */

/** The points a hand brings each side, as counts of measured hands. */
export interface HandPoints {
  /** Hands measured. */
  readonly hands: number;
  /**
   * The pegging's distinct sequences and how many hands had each: the points
   * in the order scored, positive for the pone, negative for the dealer.
   */
  readonly pegging: readonly (readonly [count: number, sequence: readonly number[]])[];
  /** Hands by the pone's show: `poneHand[k]` hands showed k points. */
  readonly poneHand: readonly number[];
  /** Hands by the dealer's show, hand and crib together. */
  readonly dealerShow: readonly number[];
}

/** His heels: the starter is a Jack in one cut of 13, and gives the dealer 2 before any card is pegged. */
const HEELS_CHANCE = 1 / 13;
const HEELS = 2;

/** Where a hand stands when a chance is read: about to be dealt, after the cut, after the pegging, after the pone's show. */
export const STAGES = ["deal", "cut", "pegged", "poneShown"] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The pone's chances of winning the match to `target`, one table per stage,
 * each indexed `pone * target + dealer` by the scores (both below the target).
 */
export type ChanceTables = Readonly<Record<Stage, Float64Array>>;

/** The distributions as probabilities, each a list of (points, chance) for the inner loops. */
function chances(counts: readonly number[]): { points: Int32Array; p: Float64Array } {
  const total = counts.reduce((a, b) => a + b, 0);
  const points: number[] = [];
  const p: number[] = [];
  counts.forEach((c, k) => {
    if (c > 0) {
      points.push(k);
      p.push(c / total);
    }
  });
  return { points: Int32Array.from(points), p: Float64Array.from(p) };
}

/**
 * Every stage's table for `target`, computed from the hand's points by
 * dynamic programming over the sum of the scores, highest first: a hand
 * always scores (the last card pegs at least 1), so a hand's start depends
 * only on higher sums, and each later stage on its own sum or higher.
 */
export function chanceTables(points: HandPoints, target: number): ChanceTables {
  const t = target;
  const deal = new Float64Array(t * t);
  const cut = new Float64Array(t * t);
  const pegged = new Float64Array(t * t);
  const poneShown = new Float64Array(t * t);
  const pone = chances(points.poneHand);
  const dealer = chances(points.dealerShow);
  const pegTotal = points.pegging.reduce((a, [c]) => a + c, 0);
  const pegP = points.pegging.map(([c]) => c / pegTotal);
  const pegSeq = points.pegging.map(([, s]) => Int32Array.from(s));
  for (const s of pegSeq)
    if (s.reduce((a, x) => a + Math.abs(x), 0) < 1) throw new Error("a pegging that scores nothing");

  /** The pone's chance after the cut, the dealer at `b` (may have reached the target with his heels). */
  const afterCut = (a: number, b: number): number => {
    if (b >= t) return 0;
    let sum = 0;
    for (let i = 0; i < pegSeq.length; i++) {
      const seq = pegSeq[i];
      let x = a;
      let y = b;
      let v = -1;
      for (let j = 0; j < seq.length; j++) {
        const e = seq[j];
        if (e > 0) {
          x += e;
          if (x >= t) {
            v = 1;
            break;
          }
        } else {
          y -= e;
          if (y >= t) {
            v = 0;
            break;
          }
        }
      }
      sum += pegP[i] * (v >= 0 ? v : pegged[x * t + y]);
    }
    return sum;
  };

  for (let s = 2 * t - 2; s >= 0; s--) {
    const lo = Math.max(0, s - t + 1);
    const hi = Math.min(t - 1, s);
    // A hand's start and its cut: the pegging always reaches a higher sum.
    for (let a = lo; a <= hi; a++) {
      const b = s - a;
      const c = afterCut(a, b);
      cut[a * t + b] = c;
      deal[a * t + b] = HEELS_CHANCE * afterCut(a, b + HEELS) + (1 - HEELS_CHANCE) * c;
    }
    // After the pone's show: the dealer counts; then the deal passes and the pone deals.
    for (let a = lo; a <= hi; a++) {
      const b = s - a;
      let v = 0;
      for (let i = 0; i < dealer.points.length; i++) {
        const y = b + dealer.points[i];
        if (y < t) v += dealer.p[i] * (1 - deal[y * t + a]);
      }
      poneShown[a * t + b] = v;
    }
    // After the pegging: the pone counts first.
    for (let a = lo; a <= hi; a++) {
      const b = s - a;
      let v = 0;
      for (let i = 0; i < pone.points.length; i++) {
        const x = a + pone.points[i];
        v += pone.p[i] * (x >= t ? 1 : poneShown[x * t + b]);
      }
      pegged[a * t + b] = v;
    }
  }
  return { deal, cut, pegged, poneShown };
}

/**
 * A seat's chance from a table of the pone's chances: scores at or past the
 * target have won (the match ends the moment one is reached).
 */
export function seatChance(
  table: Float64Array,
  target: number,
  mine: number,
  theirs: number,
  iDeal: boolean,
): number {
  if (mine >= target) return 1;
  if (theirs >= target) return 0;
  const a = Math.max(0, Math.floor(mine));
  const b = Math.max(0, Math.floor(theirs));
  const pone = iDeal ? table[b * target + a] : table[a * target + b];
  // Sums of many chances can stray past 1 by a rounding error.
  return Math.min(1, Math.max(0, iDeal ? 1 - pone : pone));
}
