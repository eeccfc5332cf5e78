/**
 * What `npm run bench:strength` plays and how it pairs its figures: the pairs of a game, the lab plan
 * of one pair (two players, mirrored deals, iterations a move by level, no clock), and the points a
 * hand paired by deal from the plan's hand rows.
 */
import { parseOptions } from "../src/engine/options.js";
import { findEntry } from "../src/games/index.js";
import { LEVELS } from "../src/bots/levels.js";
import type { LabPlan } from "../src/lab/plan.js";
import { type Estimate, addMoment, emptyMoments, estimate } from "../src/lab/stats.js";
import type { LabTable } from "../src/lab/rows.js";
import { BASELINES } from "./baselines.js";

/** The searching levels' iterations a move unless told: their own defaults with no clock. */
export const DEFAULT_ITERATIONS: Readonly<Record<string, number>> = { hard: 5_000, expert: 50_000 };

export interface Pair {
  readonly game: string;
  /** The level measured, and the one it plays (a level or a baseline's name). */
  readonly first: string;
  readonly second: string;
}

/** A name as the lab plays it: a baseline's `cmd:` level, or the level itself. */
function levelOf(game: string, name: string): string {
  return BASELINES.find((b) => b.game === game && b.name === name)?.level ?? name;
}

/** The pairs of a game: each level against the one below it, then every level against each baseline. */
export function gamePairs(game: string): Pair[] {
  const pairs: Pair[] = [];
  for (let i = 1; i < LEVELS.length; i++) pairs.push({ game, first: LEVELS[i], second: LEVELS[i - 1] });
  for (const b of BASELINES.filter((x) => x.game === game))
    for (const level of LEVELS) pairs.push({ game, first: level, second: b.name });
  return pairs;
}

/**
 * The first level's points a hand less the other's, paired by deal: for each deal, the mean over its
 * matches (one each way round) of the match's mean margin a hand. Two players: in rotation r seat p
 * plays the line-up's level (p + r) mod 2, so the first level sits at seat r.
 */
export function pairedPoints(handRows: LabTable): Estimate {
  // deal -> rotation -> [sum of margins, hands]
  const byDeal = new Map<number, Map<number, [number, number]>>();
  const n = handRows.deal?.length ?? 0;
  for (let i = 0; i < n; i++) {
    const deal = Number(handRows.deal[i]);
    const r = Number(handRows.rotation[i]);
    const seat = r;
    const margin = Number(handRows[`points_${seat}`][i]) - Number(handRows[`points_${1 - seat}`][i]);
    let d = byDeal.get(deal);
    if (!d) byDeal.set(deal, (d = new Map()));
    const m = d.get(r) ?? [0, 0];
    m[0] += margin;
    m[1]++;
    d.set(r, m);
  }
  const moments = emptyMoments();
  for (const deal of [...byDeal.keys()].sort((a, b) => a - b)) {
    const matches = [...byDeal.get(deal)!.values()];
    addMoment(moments, matches.reduce((s, [sum, hands]) => s + sum / hands, 0) / matches.length);
  }
  return estimate(moments);
}

export function strengthPlan(
  pair: Pair,
  deals: number,
  seed: string,
  iterations: Readonly<Record<string, number>>,
): LabPlan {
  const e = findEntry(pair.game);
  if (!e.ok) throw new Error(e.error);
  const o = parseOptions(e.value.game.options, {});
  if (!o.ok) throw new Error(o.error);
  return {
    version: 1,
    game: pair.game,
    players: 2,
    options: o.value,
    vary: null,
    variants: [{ label: "base", options: o.value }],
    lineups: [
      { name: `${pair.first},${pair.second}`, levels: [pair.first, levelOf(pair.game, pair.second)] },
    ],
    seed,
    fastSeeds: false,
    batchDeals: 1,
    deals,
    budget: { ms: null, levels: iterations },
    measures: false,
    ruleEvery: 0,
    rows: true,
  };
}
