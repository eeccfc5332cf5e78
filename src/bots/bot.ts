import type { AnyGame, JsonObject, MatchState, Move, Seat } from "../engine/game.js";
import type { Rng } from "../engine/rng.js";
import type { SearchBudget, SearchResult } from "./ismcts.js";
import type { SearchSettings } from "./levels.js";

/**
 * A computer player. It sees only what its seat may know (the seat's view)
 * and the legal moves, never the state: it cannot peek.
 */
export interface Bot<V = JsonObject> {
  /** The bot's randomness is its own generator, never the state's. */
  choose(view: V, legal: readonly Move[], rng: Rng): Move;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBot = Bot<any>;

/**
 * A computer player that searches (`hard`). It is handed the state, but reads
 * it only through `game.determinize(state, seat, rng)`: what the seat knows,
 * the rest drawn at random. It runs in a worker thread where a caller must
 * not block (`chooseAsync`).
 */
export interface Searcher {
  readonly game: AnyGame;
  /** The search's settings (reward, playouts, settled decisions). */
  readonly settings: SearchSettings;
  decide(state: MatchState, seat: Seat, rng: Rng, budget?: Partial<SearchBudget>): SearchResult;
}

/** Any computer player: one that reads views, or one that searches. */
export type Player = AnyBot | Searcher;

export const isSearcher = (p: Player): p is Searcher => "decide" in p;

export const randomBot: Bot = {
  choose: (_view, legal, rng) => legal[rng.int(legal.length)],
};

/**
 * A player that slips as people do: most moves are `bot`'s, but with
 * probability `slip` it plays any legal move instead.
 */
export function withSlips<V>(bot: Bot<V>, slip: number): Bot<V> {
  return {
    choose(view, legal, rng) {
      if (legal.length > 1 && rng.next() / 4294967296 < slip) return legal[rng.int(legal.length)];
      return bot.choose(view, legal, rng);
    },
  };
}
