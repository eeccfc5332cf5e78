/**
 * A lab run as plain data (docs/LAB.md): the plan says everything a run
 * needs, a batch index names a slice of it, and a batch's result is plain
 * data too, so batches go to worker threads, to a queue and to other
 * machines alike, and merge to the same numbers in any order.
 *
 * Paired design: deal d has one match seed; every variant, every line-up
 * and every rotation of the levels round the table plays that seed (the
 * arena's mirrored deals; a line-up of equal levels plays once), and the bots' generators are shared across
 * variants, so a variant that leaves the deal alone plays the same cards.
 */
import { isOutsideLevel } from "../players/level.js";
import type { Forfeit, OutsideSettings } from "../players/seats.js";
import { type MatchSummary, playLabMatch } from "./play.js";
import {
  type Aggregates,
  type LabMeasures,
  type PairedMetric,
  addBatch,
  emptyAggregates,
  lineupRotations,
  measuresOf,
  mergeInto,
} from "./measures.js";
import type { LabTable } from "./rows.js";
import { concatTables } from "./rows.js";

export const LAB_PLAN_VERSION = 1;

/** One arm of the comparison: the plan's options with one option set to one value. */
export interface LabVariant {
  /** `name=value` as typed, or `base` when nothing is varied. */
  readonly label: string;
  /** The options every match of this variant plays with (parsed, complete). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** Levels round the table before rotation; each deal is played once per rotation. */
export interface LabLineup {
  /** `medium` for all seats alike, `hard,random` for a mixed line-up. */
  readonly name: string;
  readonly levels: readonly string[];
}

export interface LabPlan {
  readonly version: typeof LAB_PLAN_VERSION;
  readonly game: string;
  readonly players: number;
  /** The options as given (parsed), before any variant. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The option `--vary` varies, or null. */
  readonly vary: string | null;
  /** At least one; the first is the base the others are compared with. */
  readonly variants: readonly LabVariant[];
  /** At least one; the first is the run's own (`--bots`), the others the skill line-ups (`--skill`). */
  readonly lineups: readonly LabLineup[];
  /** The run's seed: match seeds are `${seed}:${deal}`. */
  readonly seed: string;
  /** Hand seeds from the fast keyed generator (not a proof) instead of HMAC-SHA-256: see docs/LAB.md. */
  readonly fastSeeds: boolean;
  /** Deals a batch plays (each deal: every variant, line-up and rotation). */
  readonly batchDeals: number;
  /** Deals in all, or null when a stopping rule (`--until`, `--sprt`) ends the run. */
  readonly deals: number | null;
  /**
   * Search budget for the searching levels: iterations a move, and milliseconds (null: no clock,
   * deterministic); `levels` sets a level's own iterations a move (`expert` at one figure, `hard` at
   * another), over `iterations`.
   */
  readonly budget: {
    readonly iterations?: number;
    readonly ms: number | null;
    readonly levels?: Readonly<Record<string, number>>;
  };
  /** Record Browne's measures, lengths and score distributions; off: wins only (the bench's "measures off"). */
  readonly measures: boolean;
  /** Count the special rules (from the games' events) on one deal in this many; 0: never. */
  readonly ruleEvery: number;
  /** Keep one row per hand and per match (for --csv, --parquet, --report). */
  readonly rows: boolean;
  /** `--margin`: the equivalence margin (TOST) of the paired shares, as a fraction (0.01: 1 point); absent: no TOST. */
  readonly margin?: number;
  /** Keep each deal's paired figures (`LabResult.perDeal`): `--vary players` pairs its runs' deals with them. */
  readonly perDeal?: boolean;
  /** Times for `cmd:` levels' programs (the host's defaults when absent). */
  readonly outside?: Pick<OutsideSettings, "moveMs" | "matchMs">;
}

/** A match a `cmd:` level's program lost by a fault: where, why, and its log. */
export interface LabForfeit extends Forfeit {
  readonly level: string;
  readonly deal: number;
  readonly variant: number;
  readonly lineup: number;
  readonly rotation: number;
}

/** One match of a batch. */
export interface LabTask {
  readonly deal: number;
  readonly variant: number;
  readonly lineup: number;
  readonly rotation: number;
  /** The match seed, shared by every variant, line-up and rotation of the deal. */
  readonly seed: string;
  /** The level at each seat (the line-up rotated). */
  readonly levels: readonly string[];
  /** The bots' generator seed: shared by the variants of one deal, line-up and rotation. */
  readonly botSeed: string;
  /** Whether this match counts the special rules. */
  readonly rules: boolean;
}

export interface BatchResult {
  readonly version: typeof LAB_PLAN_VERSION;
  readonly index: number;
  /** Deals played (the last batch of a fixed run may be short). */
  readonly deals: number;
  readonly matches: number;
  readonly moves: number;
  /** Everything the measures need, summed over the batch: merged by adding. */
  readonly aggregates: Aggregates;
  /** Rows, when the plan keeps them (plan.rows). */
  readonly handRows: LabTable | null;
  readonly matchRows: LabTable | null;
  /** Matches lost by a `cmd:` program's fault, in play order. */
  readonly forfeits: readonly LabForfeit[];
}

export interface LabResult {
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  readonly batches: number;
  readonly deals: number;
  readonly matches: number;
  readonly hands: number;
  readonly moves: number;
  readonly measures: LabMeasures;
  /** Matches lost by a `cmd:` program's fault (counted as lost in the measures), in batch order. */
  readonly forfeits: readonly LabForfeit[];
  /** One row per hand and per match, in batch order (columns in docs/LAB.md); null unless plan.rows. */
  readonly handRows: LabTable | null;
  readonly matchRows: LabTable | null;
  /** With `plan.perDeal`: each deal's paired figures per variant (line-up 0), by deal; else absent. */
  readonly perDeal?: Readonly<Record<string, readonly Readonly<Record<PairedMetric, number>>[]>>;
}

/** Deals in batch `index` (0 past the end of a fixed run). */
export function batchDealCount(plan: LabPlan, index: number): number {
  const first = index * plan.batchDeals;
  const end = plan.deals === null ? first + plan.batchDeals : Math.min(plan.deals, first + plan.batchDeals);
  return Math.max(0, end - first);
}

/** Batches a fixed run has (null for a run a stopping rule ends). */
export function batchCount(plan: LabPlan): number | null {
  return plan.deals === null ? null : Math.ceil(plan.deals / plan.batchDeals);
}

/** Deal d's match seed. */
export const dealSeed = (plan: LabPlan, deal: number): string => `${plan.seed}:${deal}`;

/** Seat p's level in rotation r, of n seats: the line-up's level (p + r) mod n. */
function rotated(levels: readonly string[], r: number, n: number): string[] {
  const out: string[] = [];
  for (let p = 0; p < n; p++) out.push(levels[(p + r) % n]);
  return out;
}

/** The matches of batch `index`: deals, then variants, line-ups and rotations, in that order. */
export function batchTasks(plan: LabPlan, index: number): LabTask[] {
  const n = plan.players;
  const first = index * plan.batchDeals;
  const tasks: LabTask[] = [];
  for (let d = first; d < first + batchDealCount(plan, index); d++) {
    const rules = plan.ruleEvery > 0 && d % plan.ruleEvery === 0;
    for (let v = 0; v < plan.variants.length; v++)
      for (let l = 0; l < plan.lineups.length; l++)
        for (let r = 0; r < lineupRotations(plan, l); r++) {
          const levels = plan.lineups[l].levels;
          tasks.push({
            deal: d,
            variant: v,
            lineup: l,
            rotation: r,
            seed: dealSeed(plan, d),
            levels: rotated(levels, r, n),
            botSeed: `bots:${plan.seed}:${d}:${l}:${r}`,
            rules,
          });
        }
  }
  return tasks;
}

/** Whether any match of the plan has a `cmd:` level (its batches await their programs). */
export const hasOutsideLevel = (plan: LabPlan): boolean =>
  plan.lineups.some((l) => l.levels.some(isOutsideLevel));

/**
 * Plays batch `index`: a pure function of the plan and the index (with an iteration budget, no clock).
 * Built-in levels only: `playLabBatch` takes any plan.
 */
export function playBatch(plan: LabPlan, index: number): BatchResult {
  if (hasOutsideLevel(plan)) throw new Error("a plan with a cmd: level is played by playLabBatch");
  const tasks = batchTasks(plan, index);
  const agg = emptyAggregates(plan);
  const outcomes = tasks.map((t) => playLabMatch(plan, t, agg) as MatchSummary);
  return batchResult(plan, index, tasks, agg, outcomes);
}

/**
 * Any plan's batch: synchronous with built-in levels only (as fast as `playBatch`); with a `cmd:`
 * level, one match after another, each awaited while its programs answer.
 */
export function playLabBatch(plan: LabPlan, index: number): BatchResult | Promise<BatchResult> {
  if (!hasOutsideLevel(plan)) return playBatch(plan, index);
  return (async () => {
    const tasks = batchTasks(plan, index);
    const agg = emptyAggregates(plan);
    const outcomes: MatchSummary[] = [];
    for (const t of tasks) outcomes.push(await playLabMatch(plan, t, agg));
    return batchResult(plan, index, tasks, agg, outcomes);
  })();
}

function batchResult(
  plan: LabPlan,
  index: number,
  tasks: readonly LabTask[],
  agg: Aggregates,
  outcomes: readonly MatchSummary[],
): BatchResult {
  const handRows: LabTable[] = [];
  const matchRows: LabTable[] = [];
  const forfeits: LabForfeit[] = [];
  let moves = 0;
  outcomes.forEach((o, i) => {
    moves += o.moves;
    if (o.handRows) handRows.push(o.handRows);
    if (o.matchRows) matchRows.push(o.matchRows);
    if (o.forfeit) {
      const t = tasks[i];
      forfeits.push({
        ...o.forfeit,
        level: t.levels[o.forfeit.seat],
        deal: t.deal,
        variant: t.variant,
        lineup: t.lineup,
        rotation: t.rotation,
      });
    }
  });
  addBatch(plan, agg, tasks, outcomes);
  return {
    version: LAB_PLAN_VERSION,
    index,
    deals: batchDealCount(plan, index),
    matches: tasks.length,
    moves,
    aggregates: agg,
    handRows: plan.rows ? concatTables(handRows) : null,
    matchRows: plan.rows ? concatTables(matchRows) : null,
    forfeits,
  };
}

/** Merges batches (any order; a batch given twice counts once) into the run's measures and rows. */
export function mergeResults(plan: LabPlan, results: readonly BatchResult[]): LabResult {
  const byIndex = new Map<number, BatchResult>();
  for (const r of results) byIndex.set(r.index, r);
  const sorted = [...byIndex.values()].sort((a, b) => a.index - b.index);
  const agg = emptyAggregates(plan);
  for (const r of sorted) mergeInto(agg, r.aggregates);
  const measures = measuresOf(plan, agg);
  return {
    game: plan.game,
    players: plan.players,
    seed: plan.seed,
    batches: sorted.length,
    deals: sorted.reduce((s, r) => s + r.deals, 0),
    matches: sorted.reduce((s, r) => s + r.matches, 0),
    hands: measures.hands,
    moves: sorted.reduce((s, r) => s + r.moves, 0),
    measures,
    forfeits: sorted.flatMap((r) => r.forfeits ?? []),
    handRows: plan.rows ? concatTables(sorted.map((r) => r.handRows).filter((t) => t !== null)) : null,
    matchRows: plan.rows ? concatTables(sorted.map((r) => r.matchRows).filter((t) => t !== null)) : null,
    ...(agg.deals ? { perDeal: agg.deals } : {}),
  };
}
