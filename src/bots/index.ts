import type { MatchState, Move, Seat } from "../engine/game.js";
import { legalMoves } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";
import { type Player, type Searcher, isSearcher, randomBot } from "./bot.js";
import type { SearchBudget, SearchResult } from "./ismcts.js";
import { LEVEL_ALIASES } from "./levels.js";

export type { Bot, Player, Searcher } from "./bot.js";
export { isSearcher } from "./bot.js";

/** The levels a game offers: `random` always, then the game's own players (`easy`, `medium`, `hard`). */
export function botLevels(entry: GameEntry): string[] {
  return ["random", ...Object.keys(entry.bots)];
}

export const DEFAULT_LEVEL = "medium";

/** The player of a level's name (`greedy` is accepted for `medium`). */
export function findBot(entry: GameEntry, level: unknown): Result<Player, string> {
  if (level === "random") return ok(randomBot);
  const name = typeof level === "string" ? (LEVEL_ALIASES[level] ?? level) : "";
  const bot = Object.hasOwn(entry.bots, name) ? entry.bots[name] : undefined;
  if (bot) return ok(bot);
  return err(
    `unknown computer player level ${JSON.stringify(level)} (levels: ${botLevels(entry).join(", ")})`,
  );
}

/**
 * Asks a player for a seat's move. A bot gets the seat's view and the legal
 * moves, never the state; a searcher gets the state and reads it only
 * through `determinize`. This is the one place players are called from
 * (`chooseAsync` runs searchers in a worker instead).
 */
export function botMove(
  entry: GameEntry,
  bot: Player,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): Move {
  const legal = legalMoves(entry.game, state, seat);
  if (legal.length === 1) return legal[0];
  if (isSearcher(bot)) return searchMove(bot, state, seat, rng, budget);
  const view = bot === randomBot ? {} : entry.game.view(state, seat);
  return bot.choose(view, legal, rng);
}

/**
 * `botMove` for a searcher, with what its search weighed (the root's moves and their values, for
 * the lab's measures of tension): the same move and the same draws from `rng`; `search` is null
 * when the seat had one legal move and nothing was searched.
 */
export function searchDecision(
  entry: GameEntry,
  bot: Searcher,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): { readonly move: Move; readonly search: SearchResult | null } {
  const legal = legalMoves(entry.game, state, seat);
  if (legal.length === 1) return { move: legal[0], search: null };
  const search = bot.decide(state, seat, Rng.fromWords(rng.split()), budget);
  return { move: search.move, search };
}

/** A searcher's move on its own generator split from `rng`, as a worker would draw it. */
export function searchMove(
  bot: Searcher,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): Move {
  return bot.decide(state, seat, Rng.fromWords(rng.split()), budget).move;
}
