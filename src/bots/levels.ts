import type { AnyGame, JsonObject, MatchState, Move, Seat } from "../engine/game.js";
import type { Rng } from "../engine/rng.js";
import { legalMoves } from "../engine/game.js";
import { boardReward } from "./board.js";
import { type AnyBot, type Player, type Searcher, withSlips } from "./bot.js";
import {
  type HandReward,
  type PlayoutPolicy,
  type SearchBudget,
  type SearchConfig,
  evenValue,
  ismcts,
} from "./ismcts.js";

/** A game's search settings, and the decisions its own reckoning settles exactly. */
export interface SearchSettings extends SearchConfig {
  /**
   * A move and its reason when the seat's view settles the decision exactly
   * (Cribbage's discards by expected value), or null to search.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly settle?: (view: any, legal: readonly Move[]) => { move: Move; reason: string } | null;
  /**
   * The moves worth searching among, when the game's reckoning has narrowed
   * them (Gin Rummy's knock: the best knock against the best discard), or
   * null for every legal move.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly candidates?: (view: any, legal: readonly Move[]) => Move[] | null;
  /**
   * The value to search by from this position, when the match's board calls
   * for one (`expert`: the chance of winning the match near its end, where
   * the game has a model), or null for `reward`. Reads only public facts.
   */
  readonly boardReward?: (root: MatchState) => HandReward | null;
}

/** The levels every game offers (besides `random`, for tests and baselines). */
export const LEVELS = ["easy", "medium", "hard", "expert"] as const;
export type Level = (typeof LEVELS)[number];

/** Older names still accepted: `greedy` was `medium` before the levels had names. */
export const LEVEL_ALIASES: Readonly<Record<string, Level>> = { greedy: "medium" };

/**
 * `expert`'s budget: the time a person at a card table waits without
 * noticing, 1.5 s a decision (`--think MS` and the server's `COMPUTER_MS`
 * bound it); with no clock (the lab, tests: seeded and reproducible),
 * 50,000 iterations, ten times `hard`'s.
 */
export const EXPERT_BUDGET: SearchBudget = { iterations: 50_000, ms: 1500 };

/** How often `easy` plays a random legal move instead of `medium`'s. */
export const EASY_SLIP = 0.25;

/**
 * A playout policy from a rule that reads the drawn world's state: the rule
 * gets the seat's legal moves as an array (one, reused from call to call)
 * and is not asked when there is only one. A rule must read no more than
 * the mover's view would show it.
 */
export function statePlayout<S extends MatchState>(
  rule: (state: S, seat: Seat, legal: readonly Move[], rng: Rng) => Move,
): PlayoutPolicy {
  const legal: Move[] = [];
  return (state, seat, moves, count, rng) => {
    if (count === 1) return moves[0];
    legal.length = count;
    for (let i = 0; i < count; i++) legal[i] = moves[i];
    // The search hands a game's policy only worlds of that game.
    return rule(state as S, seat, legal, rng);
  };
}

/**
 * A playout policy from a bot that reads views: the bot sees the view of the
 * seat to move in the sampled world (never the real table). Slower than
 * random moves, often far stronger as a model of the others.
 */
export function viewPlayout(game: AnyGame, bot: AnyBot): PlayoutPolicy {
  return statePlayout((state, seat, legal, rng) => bot.choose(game.view(state, seat), legal, rng));
}

/** The search as a player of `game`, with the game's reward and playout policy. */
export function searcher(game: AnyGame, config: SearchSettings = {}): Searcher {
  return {
    game,
    settings: config,
    decide(state, seat, rng, budget) {
      let rootMoves: Move[] | undefined;
      if (config.settle || config.candidates) {
        // The seat's view and moves, read once for both of the game's own reckonings.
        const view = game.view(state, seat) as JsonObject;
        const legal = legalMoves(game, state, seat);
        const settled = config.settle?.(view, legal);
        if (settled) {
          // Nothing weighed: the reward's even value, as the search would have had it without the board's.
          const even = config.reward ? evenValue(config.reward, state.players) : 1 / state.players;
          return { move: settled.move, iterations: 0, worlds: 0, moves: [], reason: settled.reason, even };
        }
        rootMoves = config.candidates?.(view, legal) ?? undefined;
      }
      const reward = config.boardReward?.(state) ?? config.reward;
      return ismcts(game, state, seat, rng, {
        ...config,
        reward,
        rootMoves,
        budget: { ...config.budget, ...definedOnly(budget) },
      });
    },
  };
}

/** A budget's fields that are set (a caller's `{ iterations: undefined }` leaves the level's own). */
function definedOnly(budget: Partial<SearchBudget> | undefined): Partial<SearchBudget> {
  const out: { iterations?: number; ms?: number } = {};
  if (budget?.iterations !== undefined) out.iterations = budget.iterations;
  if (budget?.ms !== undefined) out.ms = budget.ms;
  return out;
}

/**
 * A game's four levels from its medium player (its heuristics) and its
 * search settings: playouts by the medium player unless the settings say
 * otherwise (`playout: undefined` for random moves).
 */
export function levels(
  game: AnyGame,
  medium: AnyBot,
  search: SearchSettings = {},
  easy: AnyBot = withSlips(medium, EASY_SLIP),
  expert: Partial<SearchSettings> = {},
): Readonly<Record<Level, Player>> {
  const hard: SearchSettings = { playout: viewPlayout(game, medium), ...search };
  return {
    easy,
    medium,
    hard: searcher(game, hard),
    // `hard`'s search with the time a person gives, the board's value near a match's end, and
    // whatever the game adds (Cribbage: discards that know how the other lays away, its goes).
    expert: searcher(game, {
      ...hard,
      budget: EXPERT_BUDGET,
      boardReward: (root) => boardReward(game, root),
      ...expert,
    }),
  };
}
