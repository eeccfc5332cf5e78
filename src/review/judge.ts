/**
 * Judging one decision from the deciding seat's own information: the value
 * of every legal move, read through the same `determinize` (and inference)
 * as `hard`, compared on the same drawn deals (paired playouts, the
 * playout policy and reward of the game's `hard` settings); the loss of the
 * move played against the best, its class, and why in the game's words.
 * Where a game has a win-chance model the values are chances to win the
 * match (Cribbage: the table read at each drawn deal's end); elsewhere they
 * are the search's own value of the hand (docs/REVIEW.md). Cribbage's
 * discards are exact: every way of laying away by expected points
 * (`discardsFor`), turned into win chance by the table. Pure and seeded.
 */
import { modelReward } from "../bots/board.js";
import type { Searcher } from "../bots/bot.js";
import { type HandReward, type SearchResult, ismcts } from "../bots/ismcts.js";
import type { SearchSettings } from "../bots/levels.js";
import type { AnyGame, MatchState, Move, MoveJson, Seat } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";
import { type DecisionClass, MORE_WHEN_IN_DOUBT, classOf, inDoubt } from "./classes.js";
import type { Decision } from "./decisions.js";
import { cribbageDiscard, isCribbageClaim } from "./cribbage.js";
import { ginWhy } from "./gin.js";

/** What a review spends on a decision: deals drawn for it, every legal move played out on each. */
export interface ReviewBudget {
  readonly worlds: number;
}

/** 48 deals a decision: a Cribbage match in about 10 s on this machine's two cores (docs/BENCHMARKS.md). */
export const DEFAULT_REVIEW_BUDGET: ReviewBudget = { worlds: 48 };

/** What a decision's values measure: chances to win the match, or the search's value of the hand. */
export type ValueUnit = "win chance" | "hand value";

export interface JudgedMove {
  readonly move: MoveJson;
  /** The move in the game's words. */
  readonly said: string;
  /** Its value in points of 100 (percent, for win chance). */
  readonly value: number;
}

/** One of Cribbage's ways of laying away, in expected points over every starter the seat cannot see. */
export interface DiscardWay {
  readonly out: readonly string[];
  readonly hand: number;
  readonly crib: number;
  /** Hand plus (own crib) or minus (the other's) crib. */
  readonly value: number;
}

export interface Judgement {
  readonly index: number;
  readonly hand: number;
  readonly seat: Seat;
  readonly played: JudgedMove;
  readonly best: JudgedMove;
  /** Best less played, in points of 100 (0 when the move played is among the best). */
  readonly loss: number;
  readonly class: DecisionClass | null;
  readonly unit: ValueUnit;
  /** Why, in the game's words: what the better move gives and the played one gave up. */
  readonly why: string;
  /** Cribbage's discards: every way of laying away, best first. */
  readonly discards?: readonly DiscardWay[];
  /** Deals drawn (0 where the value is exact). */
  readonly worlds: number;
}

/** Why a decision was not judged: one legal move, or a decision the review does not weigh. */
export interface Unjudged {
  readonly index: number;
  readonly hand: number;
  readonly seat: Seat;
  readonly skipped: "forced" | "count";
}

export const round1 = (x: number): number => Math.round(x * 10) / 10;

/** The generator a decision is judged with: the match, the decision and the budget, nothing hidden. */
export function decisionRng(
  matchSeed: string,
  d: Pick<Decision, "index" | "seat">,
  budget: ReviewBudget,
): Rng {
  return Rng.fromSeed(`review ${matchSeed} seat ${d.seat} entry ${d.index} worlds ${budget.worlds}`);
}

function hardSettings(entry: GameEntry): SearchSettings {
  const hard = entry.bots.hard as Searcher | undefined;
  if (!hard || !("decide" in hard)) throw new Error(`${entry.game.id} has no hard search to review with`);
  return hard.settings;
}

/** The reward the review's search reads at a drawn deal's end: the win-chance model's where there is one. */
function reviewReward(entry: GameEntry, state: MatchState): { reward?: HandReward; unit: ValueUnit } {
  const model = modelReward(entry.game, state);
  if (model) return { reward: model, unit: "win chance" };
  return { reward: hardSettings(entry).reward, unit: "hand value" };
}

/**
 * Judges decision `d` of a match with seed `matchSeed`; a forced decision or a count is not judged.
 * `laid`: a Cribbage discard's cards laid away together, judged as one way (`d.move` the first).
 */
export function judgeDecision(
  entry: GameEntry,
  d: Decision,
  matchSeed: string,
  budget: ReviewBudget = DEFAULT_REVIEW_BUDGET,
  laid?: readonly Move[],
): Judgement | Unjudged {
  const { game } = entry;
  const where = { index: d.index, hand: d.hand, seat: d.seat };
  if (d.legal.length <= 1) return { ...where, skipped: "forced" };
  if (isCribbageClaim(game, d.move)) return { ...where, skipped: "count" };
  const discard = cribbageDiscard(game, d, laid);
  if (discard) return { ...where, ...discard };
  return searched(entry, d, matchSeed, budget);
}

function judged(game: AnyGame, move: Move, value: number): JudgedMove {
  return { move: game.moveToJson(move), said: game.describeMove(move), value: round1(value) };
}

/**
 * Every legal move of decision `d` (or only `only`'s) played out on the same `worlds` deals drawn from
 * the seat's information: each move's mean value to the seat in points of 100, best first, its deals
 * as `visits`, and what the values measure.
 */
export function moveValues(
  entry: GameEntry,
  d: Decision,
  rng: Rng,
  worlds: number,
  only?: readonly Move[],
): { moves: SearchResult["moves"]; worlds: number; unit: ValueUnit } {
  const settings = hardSettings(entry);
  const { reward, unit } = reviewReward(entry, d.state);
  const result = ismcts(entry.game, d.state, d.seat, rng, {
    playout: settings.playout,
    inference: settings.inference,
    reward,
    paired: true,
    rootMoves: only,
    budget: { iterations: worlds * (only ?? d.legal).length, ms: Infinity },
  });
  return {
    moves: result.moves.map((m) => ({ ...m, value: m.value * 100 })),
    worlds: result.worlds,
    unit,
  };
}

/**
 * Every legal move's value on the budget's deals; then the moves whose loss against the best lies near
 * a class's line, with the best, on `MORE_WHEN_IN_DOUBT` times as many deals more (drawn apart, seeded),
 * each one's two runs averaged by their deals: the noise of a few dozen deals decides a class only far
 * from its line. Which deals are drawn follows the position, never the move played, so a move is
 * valued the same whichever was played (Try it again compares a new choice with the stored move
 * played). A move's deals are its `visits`.
 */
function settledValues(
  entry: GameEntry,
  d: Decision,
  matchSeed: string,
  budget: ReviewBudget,
): ReturnType<typeof moveValues> {
  const first = moveValues(entry, d, decisionRng(matchSeed, d, budget), budget.worlds);
  const [top] = first.moves;
  const doubtful = first.moves.filter((m) => inDoubt(top.value - m.value)).map((m) => m.move);
  if (doubtful.length === 0) return first;
  const rng = Rng.fromSeed(
    `review ${matchSeed} seat ${d.seat} entry ${d.index} worlds ${budget.worlds} in doubt`,
  );
  const more = moveValues(entry, d, rng, budget.worlds * MORE_WHEN_IN_DOUBT, [top.move, ...doubtful]);
  const again = new Map(more.moves.map((m) => [m.move, m]));
  const moves = first.moves
    .map((m) => {
      const a = again.get(m.move);
      if (!a) return m;
      const visits = m.visits + a.visits;
      return { move: m.move, visits, value: (m.value * m.visits + a.value * a.visits) / visits };
    })
    .sort((a, b) => b.value - a.value);
  return { moves, worlds: first.worlds + more.worlds, unit: first.unit };
}

/** Every legal move played out on the same drawn deals: each one's mean value to the seat. */
function searched(entry: GameEntry, d: Decision, matchSeed: string, budget: ReviewBudget): Judgement {
  const { game } = entry;
  const result = settledValues(entry, d, matchSeed, budget);
  const { unit } = result;
  const values = new Map(result.moves.map((m) => [m.move, m.value]));
  const [top] = result.moves;
  const playedValue = values.get(d.move) ?? 0;
  // The move played is the best when it ties the best (the same value on the same deals).
  const bestMove = playedValue >= top.value ? d.move : top.move;
  const bestValue = values.get(bestMove) ?? 0;
  const loss = Math.max(0, bestValue - playedValue);
  const best = judged(game, bestMove, bestValue);
  const played = judged(game, d.move, playedValue);
  // The deals the move played was weighed on (more where it was in doubt).
  const worlds = result.moves.find((m) => m.move === d.move)?.visits ?? result.worlds;
  const over = `over ${worlds} deals it could be`;
  const measure = unit === "win chance" ? "to win the match" : "of 100 for the hand";
  // The faces name the move played and the better move beside the why: it gives their values, not their names.
  const rated =
    bestMove === d.move
      ? `worth ${round1(playedValue).toFixed(1)} ${measure}, the most of any, ${over}`
      : `worth ${round1(bestValue).toFixed(1)} ${measure} against ${round1(playedValue).toFixed(1)} for the move played, ${over}`;
  const facts = ginWhy(game, d, bestMove);
  return {
    index: d.index,
    hand: d.hand,
    seat: d.seat,
    played,
    best,
    loss: round1(loss),
    class: classOf(round1(loss)),
    unit,
    why: facts ? `${rated}; ${facts}` : rated,
    worlds,
  };
}
