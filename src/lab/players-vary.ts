/**
 * `--vary players=2,3,4`: one plan per player count, each played on the same seeds (deal d is
 * `SEED:d` in every count), compared deal by deal. A share is compared as its edge over its count's
 * fair share (share − 1/n: the first dealer's 30% of three is +3.3 points, the 50% of two +0), the
 * rest (hands, moves, lead changes, drama, decisiveness, margin a match) as they are.
 */
import { PAIRED_METRICS, type PairedMetric, SHARE_METRICS, mixedLineup } from "./measures.js";
import type { LabPlan, LabResult } from "./plan.js";
import { type Difference, type Moments, addMoment, difference, emptyMoments } from "./stats.js";

/** One player count's run. */
export interface CountRun {
  readonly players: number;
  readonly plan: LabPlan;
  readonly result: LabResult;
}

/** A count against the first, for one variant of the other options, paired by deal. */
export interface CountComparison {
  /** `players=3` */
  readonly label: string;
  /** `players=2` */
  readonly base: string;
  /** The variant of the other `--vary` options (`base` when none). */
  readonly variant: string;
  /** Deals both counts played. */
  readonly deals: number;
  /** Per metric: this count's value less the base count's (shares: their edges over 1/n), paired by deal. */
  readonly differences: Readonly<Record<PairedMetric, Difference>>;
}

/**
 * The fair value of a share metric with n players: 1/n, or for the first level's score the share of
 * seats it holds in line-up 0.
 */
export function fairOf(plan: LabPlan, k: PairedMetric): number {
  if (k !== "level_score") return 1 / plan.players;
  const levels = plan.lineups[0].levels;
  return levels.filter((l) => l === levels[0]).length / levels.length;
}

/** The metrics a count comparison names (the first level's score only in a mixed line-up). */
export const countMetrics = (plan: LabPlan): PairedMetric[] =>
  PAIRED_METRICS.filter((k) => k !== "level_score" || mixedLineup(plan));

/** Every count but the first against the first, per variant, over the deals both played. */
export function countComparisons(runs: readonly CountRun[]): CountComparison[] {
  const [base, ...others] = runs;
  const baseDeals = base.result.perDeal ?? {};
  const out: CountComparison[] = [];
  for (const run of others) {
    const deals = run.result.perDeal ?? {};
    run.plan.variants.forEach((variant, v) => {
      const sums: Record<string, Moments> = Object.fromEntries(
        PAIRED_METRICS.map((k) => [k, emptyMoments()]),
      );
      let n = 0;
      for (const d of Object.keys(deals)) {
        const a = baseDeals[d]?.[v];
        const b = deals[d][v];
        if (!a || !b) continue;
        n++;
        for (const k of PAIRED_METRICS) {
          const shift = SHARE_METRICS.includes(k) ? fairOf(run.plan, k) - fairOf(base.plan, k) : 0;
          addMoment(sums[k], b[k] - a[k] - shift);
        }
      }
      out.push({
        label: `players=${run.players}`,
        base: `players=${base.players}`,
        variant: variant.label,
        deals: n,
        differences: Object.fromEntries(PAIRED_METRICS.map((k) => [k, difference(sums[k])])) as Record<
          PairedMetric,
          Difference
        >,
      });
    });
  }
  return out;
}
