/**
 * The worker thread's side of the search pool (`pool.ts`): one search per
 * task, on the state sent over (a structured clone: states are plain data).
 */
import type { MatchState, Seat } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { findEntry } from "../games/index.js";
import { findBot, isSearcher } from "./index.js";
import type { SearchBudget, SearchResult } from "./ismcts.js";

export interface SearchTask {
  readonly game: string;
  readonly level: string;
  readonly state: MatchState;
  readonly seat: Seat;
  /** The search's own generator, split from the caller's. */
  readonly words: number[];
  readonly budget?: Partial<SearchBudget>;
}

export default function search(task: SearchTask): SearchResult {
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  const bot = findBot(entry.value, task.level);
  if (!bot.ok || !isSearcher(bot.value)) throw new Error(`${task.level} is not a searching level`);
  return bot.value.decide(task.state, task.seat, Rng.fromWords(task.words), task.budget);
}
