/**
 * The arena's matches (`cardroom sim`) cut into batches for the queue: a
 * batch is a run of consecutive match tasks, played in order; the
 * coordinator puts the outcomes back in task order and sums them as the
 * arena does on one machine.
 */
import type { SearchBudget } from "../bots/ismcts.js";
import { type ArenaConfig, arenaTask } from "../sim/arena.js";
import playArenaMatch, { type MatchOutcome } from "../sim/arena-match.js";

/** The arena's settings as JSON carries them (an unlimited time budget is `null`, JSON's only word for it). */
export interface ArenaPlan {
  readonly game: string;
  readonly players: number;
  readonly levels: readonly string[];
  readonly games: number;
  readonly seed: string;
  readonly options: Record<string, unknown>;
  readonly budget?: { readonly iterations?: number; readonly ms?: number | null };
}

export interface ArenaBatch {
  readonly plan: ArenaPlan;
  /** Tasks `from` (included) to `to` (excluded). */
  readonly from: number;
  readonly to: number;
}

export function arenaPlan(cfg: ArenaConfig): ArenaPlan {
  const { game, players, levels, games, seed, options, budget } = cfg;
  const wire =
    budget === undefined
      ? undefined
      : {
          ...budget,
          ms: budget.ms === undefined ? undefined : Number.isFinite(budget.ms) ? budget.ms : null,
        };
  return { game, players, levels, games, seed, options, budget: wire };
}

function budgetOf(plan: ArenaPlan): Partial<SearchBudget> | undefined {
  const b = plan.budget;
  if (b === undefined) return undefined;
  const out: { -readonly [K in keyof SearchBudget]?: SearchBudget[K] } = {};
  if (b.iterations !== undefined) out.iterations = b.iterations;
  if (b.ms !== undefined) out.ms = b.ms === null ? Infinity : b.ms;
  return out;
}

/** The batches of `batchSize` matches that cover the plan. */
export function arenaBatches(plan: ArenaPlan, batchSize: number): ArenaBatch[] {
  const out: ArenaBatch[] = [];
  for (let from = 0; from < plan.games; from += batchSize)
    out.push({ plan, from, to: Math.min(plan.games, from + batchSize) });
  return out;
}

/** Plays one batch's matches, in task order (a worker thread's work). */
export function playArenaBatch(batch: ArenaBatch): MatchOutcome[] {
  const cfg = { ...batch.plan, budget: budgetOf(batch.plan) };
  const out: MatchOutcome[] = [];
  for (let i = batch.from; i < batch.to; i++) {
    const played = playArenaMatch(arenaTask(cfg, i));
    // Only a `cmd:` level's match is awaited, and those are played on the machine that names the program.
    if (played instanceof Promise) throw new Error("a cmd: level's match does not go on a queue");
    out.push(played);
  }
  return out;
}
