/**
 * `cardroom lab compare A.json B.json`: two separate lab runs (their `--json`), figure by figure.
 * The runs share no deals, so each difference is unpaired: B's figure minus A's, with the normal
 * 95% interval of a difference of two independent figures (a rate's variance p(1 - p)/n, a mean's
 * sd²/n) and its two-sided p. Runs with different player counts compare shares by their edge over
 * each run's fair share 1/n, and leave the seats out.
 */
import type { CellMeasures, LabMeasures } from "./measures.js";
import { type Estimate, P_FLOOR, type Rate, Z95, normalTail } from "./stats.js";

type Kind = "share" | "rate" | "mean";

/** What compare reads of a run's JSON. */
export interface ComparedRun {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly deals: number;
  readonly matches: number;
  readonly measures: LabMeasures;
}

/** One figure of both runs and B minus A. */
export interface ComparedFigure {
  readonly variant: string;
  readonly lineup: string;
  readonly figure: string;
  /** "share": a seat's share (its edge over 1/n when the player counts differ); "rate": another fraction; "mean". */
  readonly kind: Kind;
  readonly a: number;
  readonly b: number;
  readonly difference: number;
  readonly ci95: readonly [number, number];
  readonly p: number;
}

export interface RunComparison {
  /** Whether shares are compared as their edge over each run's fair share (the player counts differ). */
  readonly overFairShare: boolean;
  readonly figures: readonly ComparedFigure[];
}

/** Why a file is not a lab run's JSON, or null; `what` names it in the message. */
export function labJsonProblem(value: unknown, what: string): string | null {
  const v = value as Partial<ComparedRun> | null;
  if (
    typeof v !== "object" ||
    v === null ||
    typeof v.game !== "string" ||
    typeof v.players !== "number" ||
    typeof v.measures !== "object" ||
    v.measures === null ||
    !Array.isArray(v.measures.variants) ||
    !v.measures.variants.every((x) => typeof x?.label === "string" && Array.isArray(x.lineups))
  )
    return `${what} is not a lab run's JSON (the output of cardroom lab --json)`;
  return null;
}

/** A figure's value and its variance over its sample; null when it has no sample. */
interface Sample {
  readonly value: number;
  readonly variance: number;
}

const ofRate = (r: Rate | null | undefined): Sample | null =>
  r && r.played > 0 ? { value: r.rate, variance: (r.rate * (1 - r.rate)) / r.played } : null;
const ofEstimate = (e: Estimate | null | undefined): Sample | null =>
  e && e.n > 1 ? { value: e.mean, variance: (e.sd * e.sd) / e.n } : null;

/** The figures of one cell by name: shares first, then means (rules by their key). */
function figuresOf(c: CellMeasures, seats: boolean): [string, Kind, Sample | null][] {
  const out: [string, Kind, Sample | null][] = [];
  if (seats) c.seatWins.forEach((r, s) => out.push([`seat ${s} match wins`, "share", ofRate(r)]));
  out.push(
    ["first dealer's match wins", "share", ofRate(c.firstDealer)],
    ["hands won by their dealer", "share", ofRate(c.handDealer)],
    ["hands won by their first player", "share", ofRate(c.handFirstPlayer)],
  );
  if (c.levels.length > 1)
    for (const l of c.levels) out.push([`${l.level}'s match wins`, "share", ofRate(l.matches)]);
  out.push(
    ["hands drawn", "rate", ofRate(c.handDraws)],
    ["matches drawn or unfinished", "rate", ofRate(c.drawishness)],
    ["hands a match", "mean", ofEstimate(c.matchLength?.hands)],
    ["moves a match", "mean", ofEstimate(c.matchLength?.moves)],
    ["moves a hand", "mean", ofEstimate(c.handLength?.moves)],
    ["winning margin", "mean", ofEstimate(c.margin)],
    ["lead changes", "mean", ofEstimate(c.leadChanges)],
    ["drama", "mean", ofEstimate(c.drama)],
    ["comebacks", "rate", ofRate(c.comebacks)],
    ["decisiveness", "mean", ofEstimate(c.decisiveness)],
    ["legal moves a decision", "mean", ofEstimate(c.choice?.options)],
    ["forced decisions", "rate", ofRate(c.choice?.forced)],
    ["clarity by evaluation", "mean", ofEstimate(c.tension?.clarity)],
    ["narrowness by evaluation", "mean", ofEstimate(c.tension?.narrowness)],
    ["uncertainty by evaluation", "mean", ofEstimate(c.tension?.uncertainty)],
    ["stability by evaluation", "mean", ofEstimate(c.tension?.stability)],
    ["drama by evaluation", "mean", ofEstimate(c.tension?.drama)],
  );
  for (const [k, e] of Object.entries(c.rules))
    out.push([`${k.replace(/_/g, " ")} a hand`, "mean", ofEstimate(e)]);
  return out;
}

/**
 * Every figure both runs measured, for each variant (by label) and line-up (by name) both played:
 * B minus A. A's game must be B's (the caller says so in one line otherwise).
 */
export function compareRuns(a: ComparedRun, b: ComparedRun): RunComparison {
  const overFairShare = a.players !== b.players;
  const figures: ComparedFigure[] = [];
  for (const va of a.measures.variants) {
    const vb = b.measures.variants.find((v) => v.label === va.label);
    if (!vb) continue;
    for (const ca of va.lineups) {
      const cb = vb.lineups.find((l) => l.lineup === ca.lineup);
      if (!cb) continue;
      const fb = new Map(figuresOf(cb, !overFairShare).map(([name, , s]) => [name, s]));
      for (const [figure, kind, sa] of figuresOf(ca, !overFairShare)) {
        const sb = fb.get(figure);
        if (!sa || !sb) continue;
        const shift = (n: number) => (kind === "share" && overFairShare ? 1 / n : 0);
        const x = sa.value - shift(a.players);
        const y = sb.value - shift(b.players);
        const d = y - x;
        const se = Math.sqrt(sa.variance + sb.variance);
        const p = se > 0 ? 2 * normalTail(Math.abs(d) / se) : d === 0 ? 1 : 0;
        figures.push({
          variant: va.label,
          lineup: ca.lineup,
          figure,
          kind,
          a: x,
          b: y,
          difference: d,
          ci95: [d - Z95 * se, d + Z95 * se],
          p: Math.min(1, Math.max(P_FLOOR, p)),
        });
      }
    }
  }
  return { overFairShare, figures };
}
