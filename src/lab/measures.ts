/**
 * The lab's measures (defined in docs/LAB.md): what a batch sums up (plain
 * data that merges by adding, so batches merge in any order), and the
 * measures with their 95% intervals computed from the merged sums.
 */
import type { MatchSummary } from "./play.js";
import type { LabPlan, LabTask } from "./plan.js";
import { ruleKeys } from "./rule-counters.js";
import {
  type Difference,
  type Distribution,
  type Equivalence,
  type Estimate,
  type Histogram,
  type Moments,
  type Rate,
  type Overshoot,
  type Sprt,
  type SprtOptions,
  addMoment,
  bump,
  difference,
  distribution,
  emptyMoments,
  equivalence,
  estimate,
  mergeCounts,
  mergeMoments,
  rate,
  sprt,
} from "./stats.js";

export { addMoment, bump } from "./stats.js";

/** The sums of one variant and one line-up. */
export interface CellAggregates {
  matches: number;
  /** Matches with winners (the rest stopped at the hand limit). */
  finished: number;
  shared: number;
  seatWins: number[];
  firstDealerWins: number;
  levelMatches: Record<string, number>;
  levelWins: Record<string, number>;
  hands: number;
  handDraws: number;
  handSeatWins: number[];
  handDealerWins: number;
  handFirstWins: number;
  levelHands: Record<string, number>;
  levelHandWins: Record<string, number>;
  movesPerMatch: Moments;
  turnsPerMatch: Moments;
  handsPerMatch: Moments;
  movesPerHand: Moments;
  turnsPerHand: Moments;
  handsHist: Histogram;
  movesPerHandHist: Histogram;
  handPointsHist: Histogram;
  finalScoreHist: Histogram;
  marginHist: Histogram;
  leadChanges: Moments;
  drama: Moments;
  /** Won matches whose winner trailed at some point. */
  comebacks: number;
  decisiveness: Moments;
  /** Hands the special rules were counted in. */
  ruleHands: number;
  /** In the deals counted: decisions, those with one legal move, the legal moves (and their logarithms) per decision. */
  decisions: number;
  forced: number;
  options: Moments;
  logOptions: number;
  rules: Record<string, Moments>;
  /** Tension by evaluation: decisions a search valued, and per match (where it has one) each figure. */
  searched: number;
  clarity: Moments;
  narrowness: Moments;
  uncertainty: Moments;
  stability: Moments;
  evalDrama: Moments;
}

/** Paired per-deal figures of one variant: the base's own values (variant 0), else the difference from the base. */
export type PairedAggregates = Record<string, Moments>;

export interface Aggregates {
  /** Variant v, line-up l at v * lineups + l. */
  cells: CellAggregates[];
  paired: PairedAggregates[];
  /**
   * With `plan.perDeal`: each deal's paired figures (line-up 0, per variant, not differenced), by deal,
   * so runs of different player counts on the same seeds pair deal by deal (`--vary players`).
   */
  deals?: Record<string, Record<PairedMetric, number>[]>;
}

/** What the paired comparison measures per deal (line-up 0, averaged over the rotations). */
export const PAIRED_METRICS = [
  "first_dealer_wins",
  "level_score",
  "hands",
  "moves",
  "lead_changes",
  "drama",
  "decisiveness",
  "margin",
  "hand_dealer_share",
  "hand_first_player_share",
  "first_hand_dealer",
  "first_hand_first_player",
] as const;
export type PairedMetric = (typeof PAIRED_METRICS)[number];

/** The paired figures that are shares (the forest plot draws them on one axis; `--margin` tests them for equivalence). */
export const SHARE_METRICS: readonly PairedMetric[] = [
  "first_dealer_wins",
  "level_score",
  "hand_dealer_share",
  "hand_first_player_share",
  "first_hand_dealer",
  "first_hand_first_player",
];

function emptyCell(players: number): CellAggregates {
  return {
    matches: 0,
    finished: 0,
    shared: 0,
    seatWins: new Array<number>(players).fill(0),
    firstDealerWins: 0,
    levelMatches: {},
    levelWins: {},
    hands: 0,
    handDraws: 0,
    handSeatWins: new Array<number>(players).fill(0),
    handDealerWins: 0,
    handFirstWins: 0,
    levelHands: {},
    levelHandWins: {},
    movesPerMatch: emptyMoments(),
    turnsPerMatch: emptyMoments(),
    handsPerMatch: emptyMoments(),
    movesPerHand: emptyMoments(),
    turnsPerHand: emptyMoments(),
    handsHist: {},
    movesPerHandHist: {},
    handPointsHist: {},
    finalScoreHist: {},
    marginHist: {},
    leadChanges: emptyMoments(),
    drama: emptyMoments(),
    comebacks: 0,
    decisiveness: emptyMoments(),
    ruleHands: 0,
    rules: {},
    decisions: 0,
    forced: 0,
    options: emptyMoments(),
    logOptions: 0,
    searched: 0,
    clarity: emptyMoments(),
    narrowness: emptyMoments(),
    uncertainty: emptyMoments(),
    stability: emptyMoments(),
    evalDrama: emptyMoments(),
  };
}

export function emptyAggregates(plan: LabPlan): Aggregates {
  return {
    cells: Array.from({ length: plan.variants.length * plan.lineups.length }, () => emptyCell(plan.players)),
    paired: plan.variants.map(() => Object.fromEntries(PAIRED_METRICS.map((k) => [k, emptyMoments()]))),
    ...(plan.perDeal ? { deals: {} } : {}),
  };
}

export const cellOf = (plan: LabPlan, agg: Aggregates, variant: number, lineup: number): CellAggregates =>
  agg.cells[variant * plan.lineups.length + lineup];

/**
 * Rotations a deal is played in with line-up `l`: one per seat when its levels differ (each level
 * gets every seat's cards), else one (rotating equal levels would replay the same match).
 */
export const lineupRotations = (plan: LabPlan, l: number): number =>
  new Set(plan.lineups[l].levels).size > 1 ? plan.players : 1;

/** Whether line-up 0 mixes levels (then its first level's score is what `--sprt` tests). */
export const mixedLineup = (plan: LabPlan): boolean => new Set(plan.lineups[0].levels).size > 1;

/** The match-level sums of a batch's matches (the hands were summed as they were played), and the pairs. */
/** Every paired metric at 0 (the type asks for each of PAIRED_METRICS); made once a deal. */
const zeroPaired = (): Record<PairedMetric, number> => ({
  first_dealer_wins: 0,
  level_score: 0,
  hands: 0,
  moves: 0,
  lead_changes: 0,
  drama: 0,
  decisiveness: 0,
  margin: 0,
  hand_dealer_share: 0,
  hand_first_player_share: 0,
  first_hand_dealer: 0,
  first_hand_first_player: 0,
});

export function addBatch(
  plan: LabPlan,
  agg: Aggregates,
  tasks: readonly LabTask[],
  matches: readonly MatchSummary[],
): void {
  tasks.forEach((t, i) => addMatch(plan, cellOf(plan, agg, t.variant, t.lineup), t, matches[i]));
  // Per deal and variant, line-up 0's matches averaged over its rotations; tasks come deal by deal, variants in order.
  const sums = new Map<number, Record<PairedMetric, number>[]>();
  const rotations = lineupRotations(plan, 0);
  tasks.forEach((t, i) => {
    if (t.lineup !== 0) return;
    let perVariant = sums.get(t.deal);
    if (!perVariant) {
      perVariant = plan.variants.map(zeroPaired);
      sums.set(t.deal, perVariant);
    }
    const values = perVariant[t.variant];
    const m = matches[i];
    const w = 1 / rotations;
    const share = m.winners.length ? 1 / m.winners.length : 0;
    if (m.winners.includes(m.firstDealer)) values.first_dealer_wins += share * w;
    for (const s of m.winners) if (t.levels[s] === plan.lineups[0].levels[0]) values.level_score += share * w;
    values.hands += m.hands * w;
    values.moves += m.moves * w;
    values.lead_changes += m.leadChanges * w;
    values.drama += m.drama * w;
    values.decisiveness += m.decisiveness * w;
    values.margin += m.margin * w;
    if (m.hands > 0) {
      values.hand_dealer_share += (m.dealerHandWins / m.hands) * w;
      values.hand_first_player_share += (m.firstPlayerHandWins / m.hands) * w;
    }
    values.first_hand_dealer += m.firstHandDealer * w;
    values.first_hand_first_player += m.firstHandFirstPlayer * w;
  });
  if (agg.deals) for (const [d, perVariant] of sums) agg.deals[d] = perVariant;
  for (const perVariant of sums.values())
    perVariant.forEach((values, v) => {
      for (const k of PAIRED_METRICS)
        addMoment(agg.paired[v][k], v === 0 ? values[k] : values[k] - perVariant[0][k]);
    });
}

function addMatch(plan: LabPlan, cell: CellAggregates, t: LabTask, m: MatchSummary): void {
  cell.matches++;
  const share = m.winners.length ? 1 / m.winners.length : 0;
  if (m.winners.length) cell.finished++;
  if (m.winners.length > 1) cell.shared++;
  for (const w of m.winners) {
    cell.seatWins[w] += share;
    if (w === m.firstDealer) cell.firstDealerWins += share;
  }
  for (let p = 0; p < plan.players; p++) {
    if (m.winners.length) bump(cell.levelMatches, t.levels[p], 1);
    if (m.winners.includes(p)) bump(cell.levelWins, t.levels[p], share);
  }
  if (!plan.measures) return;
  addMoment(cell.movesPerMatch, m.moves);
  addMoment(cell.turnsPerMatch, m.turns);
  addMoment(cell.handsPerMatch, m.hands);
  bump(cell.handsHist, m.hands, 1);
  for (const s of m.scores) bump(cell.finalScoreHist, s, 1);
  addMoment(cell.leadChanges, m.leadChanges);
  if (m.winners.length === 1) {
    bump(cell.marginHist, m.margin, 1);
    addMoment(cell.drama, m.drama);
    addMoment(cell.decisiveness, m.decisiveness);
    if (m.drama > 0) cell.comebacks++;
  }
  const e = m.tension;
  if (!e) return;
  cell.searched += e.searched;
  for (const [into, x] of [
    [cell.clarity, e.clarity],
    [cell.narrowness, e.narrowness],
    [cell.uncertainty, e.uncertainty],
    [cell.stability, e.stability],
    [cell.evalDrama, e.drama],
  ] as const)
    if (x !== null) addMoment(into, x);
}

function mergeCell(into: CellAggregates, c: CellAggregates): void {
  for (const k of Object.keys(c) as (keyof CellAggregates)[]) {
    const a = into[k];
    const b = c[k];
    if (typeof a === "number") (into[k] as number) = a + (b as number);
    else if (Array.isArray(a)) (b as number[]).forEach((x, i) => (a[i] += x));
    else if (k === "rules") {
      for (const key of Object.keys(c.rules).sort()) {
        into.rules[key] ??= emptyMoments();
        mergeMoments(into.rules[key], c.rules[key]);
      }
    } else if ("sumsq" in (a as object)) mergeMoments(a as Moments, b as Moments);
    else mergeCounts(a as Record<string, number>, b as Record<string, number>);
  }
}

/** Adds a batch's sums into `into` (batches merge in index order for the same floating-point sums). */
export function mergeInto(into: Aggregates, agg: Aggregates): void {
  agg.cells.forEach((c, i) => mergeCell(into.cells[i], c));
  agg.paired.forEach((p, v) => {
    for (const k of Object.keys(p)) mergeMoments(into.paired[v][k], p[k]);
  });
  if (agg.deals) Object.assign((into.deals ??= {}), agg.deals);
}

export interface LevelMeasures {
  readonly level: string;
  readonly matches: Rate;
  readonly hands: Rate;
}

/** The measures of one variant and one line-up. */
export interface CellMeasures {
  readonly lineup: string;
  readonly matches: number;
  readonly finished: number;
  readonly shared: number;
  readonly hands: number;
  /** Match wins by seat (seat 0 deals first unless the game cuts for it). */
  readonly seatWins: readonly Rate[];
  /** Matches won by the seat that dealt the first hand. */
  readonly firstDealer: Rate;
  readonly handSeatWins: readonly Rate[];
  /** Hands won by their dealer, and by the first seat to act in them. */
  readonly handDealer: Rate;
  readonly handFirstPlayer: Rate;
  readonly handDraws: Rate;
  readonly levels: readonly LevelMeasures[];
  /** The rest is null when the plan did not record measures. */
  readonly matchLength: {
    readonly hands: Distribution;
    readonly moves: Estimate;
    readonly turns: Estimate;
  } | null;
  readonly handLength: { readonly moves: Distribution; readonly turns: Estimate } | null;
  readonly handPoints: Distribution | null;
  readonly finalScores: Distribution | null;
  readonly margin: Distribution | null;
  readonly leadChanges: Estimate | null;
  readonly drama: Estimate | null;
  readonly comebacks: Rate | null;
  readonly decisiveness: Estimate | null;
  /** Per special rule: how often it fires per hand, over the hands it was counted in. */
  readonly rules: Readonly<Record<string, Estimate>>;
  /** Ludii's balance: 1 minus the spread between the seats' shares of match wins (1: even). */
  readonly balance: number;
  /** Matches shared or stopped at the hand limit: Ludii's drawishness. */
  readonly drawishness: Rate;
  /** The choice a player has, over the decisions counted (the deals the rules are counted in); null when none. */
  readonly choice: ChoiceMeasures | null;
  /** Tension from the search levels' estimates, over matches; null when no seat searched. */
  readonly tension: TensionMeasures | null;
}

/**
 * Tension by evaluation (Ludii's clarity and stability, Browne's uncertainty and drama), from the
 * values a search level's search gave each move it weighed: each a mean over matches of the
 * match's own figure (docs/LAB.md). A figure no match had a sample of is null.
 */
export interface TensionMeasures {
  /** Decisions whose search valued a move. */
  readonly decisions: number;
  readonly clarity: Estimate | null;
  readonly narrowness: Estimate | null;
  readonly uncertainty: Estimate | null;
  readonly stability: Estimate | null;
  readonly drama: Estimate | null;
}

/** How much choice a player has (Browne's and Ludii's measures of a game's decisions). */
export interface ChoiceMeasures {
  readonly decisions: number;
  /** Legal moves a decision. */
  readonly options: Estimate;
  /** Decisions with one legal move. */
  readonly forced: Rate;
  /** The geometric mean of the legal moves a decision: the effective branching factor. */
  readonly branching: number;
}

export interface VariantMeasures {
  readonly label: string;
  /** Line-up 0 first, then the skill line-ups. */
  readonly lineups: readonly CellMeasures[];
}

export interface Comparison {
  /** The variant compared with the first. */
  readonly label: string;
  readonly base: string;
  /** Per metric: the variant's value minus the base's, paired by deal. */
  readonly differences: Readonly<Record<PairedMetric, Difference>>;
  /** With `--margin`: TOST of each paired share against ±margin (the level's score only in a mixed line-up); else null. */
  readonly equivalence: Readonly<Partial<Record<PairedMetric, Equivalence>>> | null;
}

/** Jaffe's skill figure: how the line-up's first level fares against the others (a fair share is 1 / players). */
export interface SkillMeasures {
  readonly lineup: string;
  readonly level: string;
  readonly fairShare: number;
  readonly matches: Rate;
  readonly hands: Rate;
}

export interface LabMeasures {
  readonly hands: number;
  readonly variants: readonly VariantMeasures[];
  readonly comparisons: readonly Comparison[];
  /** The first variant's line-ups beyond the first (`--skill`), and line-up 0 when it mixes levels. */
  readonly skill: readonly SkillMeasures[];
  /** Per variant, the per-deal values the stopping rules and SPRT read: line-up 0's tested score. */
  readonly tested: readonly Estimate[];
}

function cellMeasures(plan: LabPlan, c: CellAggregates, lineup: string): CellMeasures {
  const on = plan.measures;
  const rules: Record<string, Estimate> = {};
  for (const k of ruleKeys(plan.game))
    if (c.ruleHands) rules[k] = estimate(c.rules[k] ?? { n: c.ruleHands, sum: 0, sumsq: 0 });
  const levels = Object.keys(c.levelHands).sort();
  const shares = c.seatWins.map((w) => (c.finished ? w / c.finished : 0));
  return {
    lineup,
    matches: c.matches,
    finished: c.finished,
    shared: c.shared,
    hands: c.hands,
    seatWins: c.seatWins.map((w) => rate(w, c.finished)),
    firstDealer: rate(c.firstDealerWins, c.finished),
    handSeatWins: c.handSeatWins.map((w) => rate(w, c.hands)),
    handDealer: rate(c.handDealerWins, c.hands),
    handFirstPlayer: rate(c.handFirstWins, c.hands),
    handDraws: rate(c.handDraws, c.hands),
    levels: levels.map((level) => ({
      level,
      matches: rate(c.levelWins[level] ?? 0, c.levelMatches[level] ?? 0),
      hands: rate(c.levelHandWins[level] ?? 0, c.levelHands[level] ?? 0),
    })),
    matchLength: on
      ? {
          hands: distribution(c.handsHist),
          moves: estimate(c.movesPerMatch),
          turns: estimate(c.turnsPerMatch),
        }
      : null,
    handLength: on ? { moves: distribution(c.movesPerHandHist), turns: estimate(c.turnsPerHand) } : null,
    handPoints: on ? distribution(c.handPointsHist) : null,
    finalScores: on ? distribution(c.finalScoreHist) : null,
    margin: on ? distribution(c.marginHist) : null,
    leadChanges: on ? estimate(c.leadChanges) : null,
    drama: on ? estimate(c.drama) : null,
    comebacks: on ? rate(c.comebacks, c.drama.n) : null,
    decisiveness: on ? estimate(c.decisiveness) : null,
    rules,
    balance: c.finished ? 1 - (Math.max(...shares) - Math.min(...shares)) : 0,
    drawishness: rate(c.shared + (c.matches - c.finished), c.matches),
    choice: c.decisions
      ? {
          decisions: c.decisions,
          options: estimate(c.options),
          forced: rate(c.forced, c.decisions),
          branching: Math.exp(c.logOptions / c.decisions),
        }
      : null,
    tension: c.searched
      ? {
          decisions: c.searched,
          clarity: estimateOrNull(c.clarity),
          narrowness: estimateOrNull(c.narrowness),
          uncertainty: estimateOrNull(c.uncertainty),
          stability: estimateOrNull(c.stability),
          drama: estimateOrNull(c.evalDrama),
        }
      : null,
  };
}

const estimateOrNull = (m: Moments): Estimate | null => (m.n ? estimate(m) : null);

/** The paired per-deal metric `--sprt` and `--until` read: the first level's score, or the first dealer's. */
export const testedMetric = (plan: LabPlan): PairedMetric =>
  mixedLineup(plan) ? "level_score" : "first_dealer_wins";

export function measuresOf(plan: LabPlan, agg: Aggregates): LabMeasures {
  const L = plan.lineups.length;
  const variants = plan.variants.map((v, vi) => ({
    label: v.label,
    lineups: plan.lineups.map((l, li) => cellMeasures(plan, agg.cells[vi * L + li], l.name)),
  }));
  const comparisons = plan.variants.slice(1).map((v, i) => {
    const differences = Object.fromEntries(
      Object.entries(agg.paired[i + 1]).map(([k, m]) => [k, difference(m)]),
    ) as Record<PairedMetric, Difference>;
    const margin = plan.margin;
    return {
      label: v.label,
      base: plan.variants[0].label,
      differences,
      equivalence:
        margin === undefined
          ? null
          : Object.fromEntries(
              SHARE_METRICS.filter((k) => k !== "level_score" || mixedLineup(plan)).map((k) => [
                k,
                equivalence(differences[k], margin),
              ]),
            ),
    };
  });
  const skill: SkillMeasures[] = [];
  plan.lineups.forEach((l, li) => {
    if (new Set(l.levels).size < 2) return;
    const c = agg.cells[li];
    const level = l.levels[0];
    skill.push({
      lineup: l.name,
      level,
      fairShare: 1 / plan.players,
      matches: rate(c.levelWins[level] ?? 0, c.levelMatches[level] ?? 0),
      hands: rate(c.levelHandWins[level] ?? 0, c.levelHands[level] ?? 0),
    });
  });
  const metric = testedMetric(plan);
  return {
    hands: agg.cells.reduce((s, c) => s + c.hands, 0),
    variants,
    comparisons,
    skill,
    tested: agg.paired.map((p) => estimate(p[metric])),
  };
}

/**
 * The tested score's fair share, what Elo 0 stands for: the first dealer's 1/n of n seats; in a
 * mixed line-up the first level's seats over all seats (1/2 for one against one).
 */
export function fairShare(plan: LabPlan): number {
  const levels = plan.lineups[0].levels;
  return mixedLineup(plan) ? levels.filter((l) => l === levels[0]).length / levels.length : 1 / plan.players;
}

/**
 * The SPRT of each variant's tested score: the base's own per-deal score,
 * and for each other variant the fair share plus its paired difference from the base.
 */
export function sprtOf(
  plan: LabPlan,
  agg: Aggregates,
  elo0: number,
  elo1: number,
  options: Omit<SprtOptions, "fair" | "overshoot"> & { readonly overshoot?: readonly Overshoot[] } = {},
): Sprt[] {
  const metric = testedMetric(plan);
  const f = fairShare(plan);
  return agg.paired.map((p, v) => {
    const m = p[metric];
    const shifted =
      v === 0 ? m : { n: m.n, sum: m.sum + f * m.n, sumsq: m.sumsq + 2 * f * m.sum + f * f * m.n };
    return sprt(shifted, elo0, elo1, { ...options, fair: f, overshoot: options.overshoot?.[v] });
  });
}
