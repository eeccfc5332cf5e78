/**
 * The arena: matches between levels with mirrored deals (each match seed
 * played once per rotation of the levels round the table, so every level
 * gets every seat's cards), on every core (piscina worker threads), with win
 * rates and their 95% confidence intervals for matches and for hands.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { SearchBudget } from "../bots/ismcts.js";
import { workerOptions } from "../bots/worker-file.js";
import type { MatchOutcome, MatchTask } from "./arena-match.js";
import type { Forfeit } from "../players/seats.js";

export interface ArenaConfig {
  readonly game: string;
  readonly players: number;
  /** Levels per seat before rotation (as many as players). */
  readonly levels: readonly string[];
  /** Matches to play: whole deals (each played once per rotation) when a multiple of the players. */
  readonly games: number;
  readonly seed: string;
  readonly options: Record<string, unknown>;
  readonly budget?: Partial<SearchBudget>;
  readonly threads?: number;
  /** Times and logs for `cmd:` levels' programs. */
  readonly outside?: MatchTask["outside"];
  readonly onMatch?: (done: number, total: number) => void;
}

/** A rate with its 95% Wilson interval. */
export interface Rate {
  readonly won: number;
  readonly played: number;
  readonly rate: number;
  readonly ci95: readonly [number, number];
}

export interface LevelFigures {
  readonly level: string;
  readonly matches: Rate;
  readonly hands: Rate;
  /** Seconds per move this level chose (forced moves included). */
  readonly secondsPerMove: number;
}

export interface ArenaSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly deals: number;
  /** Matches won per seat (a shared win counts for each seat sharing it). */
  readonly wins: number[];
  readonly shared: number;
  readonly unfinished: number;
  readonly hands: number;
  readonly moves: number;
  readonly seconds: number;
  readonly levels: readonly LevelFigures[];
  /** Matches lost by a program's fault: which level, and why (its log named). */
  readonly forfeits: readonly (Forfeit & { readonly level: string })[];
}

/** Wilson's 95% interval for `won` of `played` (`won` may be fractional: shared wins). */
export function wilson(won: number, played: number): readonly [number, number] {
  if (played === 0) return [0, 1];
  const z = 1.959963984540054;
  const p = won / played;
  const d = 1 + (z * z) / played;
  const mid = (p + (z * z) / (2 * played)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / played + (z * z) / (4 * played * played))) / d;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

const rate = (won: number, played: number): Rate => ({
  won,
  played,
  rate: played ? won / played : 0,
  ci95: wilson(won, played),
});

/** Task `i`: deal d = i / players, rotation r = i % players puts `levels[(seat + r) % n]` at each seat. */
export function arenaTask(cfg: Omit<ArenaConfig, "onMatch">, i: number): MatchTask {
  const n = cfg.players;
  const d = Math.floor(i / n);
  const r = i % n;
  return {
    game: cfg.game,
    players: n,
    options: cfg.options,
    seed: `${cfg.seed}:${d}`,
    levels: Array.from({ length: n }, (_, p) => cfg.levels[(p + r) % n]),
    botSeed: `bots:${cfg.seed}:${d}:${r}`,
    budget: cfg.budget,
    ...(cfg.outside ? { outside: cfg.outside } : {}),
  };
}

/** The tasks, in order: every rotation of deal 0, then of deal 1, and so on. */
export function arenaTasks(cfg: ArenaConfig): MatchTask[] {
  return Array.from({ length: cfg.games }, (_, i) => arenaTask(cfg, i));
}

/** Sums the outcomes into per-seat wins and per-level rates. */
export function summarize(
  cfg: ArenaConfig,
  tasks: readonly MatchTask[],
  outcomes: readonly MatchOutcome[],
  seconds: number,
): ArenaSummary {
  const n = cfg.players;
  const wins = new Array<number>(n).fill(0);
  let shared = 0;
  let unfinished = 0;
  let hands = 0;
  let moves = 0;
  const names = [...new Set(cfg.levels)];
  const acc = new Map(
    names.map((l) => [l, { mWon: 0, mPlayed: 0, hWon: 0, hPlayed: 0, think: 0, chosen: 0 }]),
  );
  const forfeits: (Forfeit & { level: string })[] = [];
  outcomes.forEach((o, i) => {
    const levels = tasks[i].levels;
    if (o.forfeit) forfeits.push({ ...o.forfeit, level: levels[o.forfeit.seat] });
    moves += o.moves;
    hands += o.hands.length;
    if (o.winners.length === 0) unfinished++;
    if (o.winners.length > 1) shared++;
    for (const w of o.winners) wins[w]++;
    for (let p = 0; p < n; p++) {
      const a = acc.get(levels[p])!;
      if (o.winners.length) {
        a.mPlayed++;
        if (o.winners.includes(p)) a.mWon += 1 / o.winners.length;
      }
      for (const h of o.hands) {
        a.hPlayed++;
        if (h.includes(p)) a.hWon += 1 / h.length;
      }
      a.think += o.thinking[p];
      a.chosen += o.chosen[p];
    }
  });
  return {
    game: cfg.game,
    players: n,
    games: outcomes.length,
    deals: Math.ceil(outcomes.length / n),
    wins,
    shared,
    unfinished,
    hands,
    moves,
    seconds,
    levels: names.map((level) => {
      const a = acc.get(level)!;
      return {
        level,
        matches: rate(a.mWon, a.mPlayed),
        hands: rate(a.hWon, a.hPlayed),
        secondsPerMove: a.chosen ? a.think / a.chosen : 0,
      };
    }),
    forfeits,
  };
}

/** Plays the arena's matches on worker threads (one match a task) and sums them up. */
export async function arena(cfg: ArenaConfig): Promise<ArenaSummary> {
  const tasks = arenaTasks(cfg);
  const threads = Math.max(1, Math.min(cfg.threads ?? availableParallelism(), tasks.length));
  const pool = new Piscina<MatchTask, MatchOutcome>({
    ...workerOptions("arena-match", import.meta.url),
    minThreads: threads,
    maxThreads: threads,
  });
  const t0 = performance.now();
  let done = 0;
  try {
    const outcomes = await Promise.all(
      tasks.map(async (t) => {
        const o = await pool.run(t);
        cfg.onMatch?.(++done, tasks.length);
        return o;
      }),
    );
    return summarize(cfg, tasks, outcomes, (performance.now() - t0) / 1000);
  } finally {
    await pool.destroy();
  }
}
