/**
 * Searches in worker threads (piscina), so that a terminal or a server never
 * blocks while the computer thinks. The pool starts on first use and
 * `closeSearchPool` ends it; idle workers do not keep the process alive.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { MatchState, Move, Seat } from "../engine/game.js";
import type { Rng } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";
import { type Player, isSearcher } from "./bot.js";
import { botMove } from "./index.js";
import type { SearchBudget, SearchResult } from "./ismcts.js";
import type { SearchTask } from "./search-worker.js";
import { workerOptions } from "./worker-file.js";

let pool: Piscina<SearchTask, SearchResult> | null = null;

function searchPool(): Piscina<SearchTask, SearchResult> {
  pool ??= new Piscina<SearchTask, SearchResult>({
    ...workerOptions("search-worker", import.meta.url),
    maxThreads: Math.max(1, availableParallelism() - 1),
    minThreads: 0,
    idleTimeout: 2000,
  });
  return pool;
}

/** A search in a worker: `level` names the searching player of `entry`. */
export function searchInWorker(
  entry: GameEntry,
  level: string,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): Promise<SearchResult> {
  return searchPool().run({ game: entry.game.id, level, state, seat, words: rng.split(), budget });
}

/**
 * A player's move without blocking: a searcher's in a worker thread (the same
 * move `botMove` gives for the same generator), any other player's at once.
 */
export async function chooseAsync(
  entry: GameEntry,
  player: Player,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): Promise<Move> {
  const level = Object.keys(entry.bots).find((k) => entry.bots[k] === player);
  if (!isSearcher(player) || level === undefined) return botMove(entry, player, state, seat, rng, budget);
  const legal: Move[] = [];
  legal.length = entry.game.legalMoves(state, seat, legal);
  if (legal.length === 1) return legal[0];
  return (await searchInWorker(entry, level, state, seat, rng, budget)).move;
}

/** Ends the pool's threads (waiting for running searches); a later search starts a new pool. */
export async function closeSearchPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.destroy();
}
