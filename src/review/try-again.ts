/**
 * "Try it again": at one of a seat's judged decisions, the seat chooses
 * again among its legal moves, and the review says whether the new choice
 * is better, worse or the same as the move it played. The choice's value is
 * the stored review's where the review judged that move (the move played,
 * or the better one); else the decision is judged again with the new
 * choice as the move played: the same seed, so the same deals drawn from
 * the seat's own information, and the values the review's own search gave
 * (`judgeDecision`). Pure: the server runs the judging on its review thread.
 */
import type { MoveJson } from "../engine/game.js";
import type { JudgedMove, Judgement, ValueUnit } from "./judge.js";
import type { Review } from "./review.js";

/** The decisions of a review that were judged (forced ones and counts left out), in the match's order: those one may try again. */
export const judgedDecisions = (review: Review): Judgement[] =>
  review.hands.flatMap((h) => h.decisions.filter((d): d is Judgement => "loss" in d));

export type TryVerdict = "better" | "worse" | "same";

export interface TryResult {
  readonly index: number;
  /** The new choice and its value. */
  readonly choice: JudgedMove;
  /** The move played then, as the review judged it. */
  readonly played: JudgedMove;
  /** The review's best move. */
  readonly best: JudgedMove;
  readonly unit: ValueUnit;
  readonly verdict: TryVerdict;
  /** The choice's value came from the stored review, or from judging the decision again now. */
  readonly from: "review" | "search";
  /** Deals drawn (0 where the value is exact: Cribbage's discards). */
  readonly worlds: number;
}

/** Two values closer than this (half the review's rounding) are the same. */
const SAME = 0.05;

const sameMove = (a: MoveJson, b: MoveJson): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The stored judgement's value of `choice`, where it judged that move (played or best); else null. */
export function storedValue(stored: Judgement, choice: MoveJson): JudgedMove | null {
  if (sameMove(stored.played.move, choice)) return stored.played;
  if (sameMove(stored.best.move, choice)) return stored.best;
  return null;
}

/**
 * The answer to a new choice at a judged decision: `known` the choice's value from the stored review,
 * or `again` the decision judged anew with the choice as the move played.
 */
export function tryResult(stored: Judgement, choice: JudgedMove, from: TryResult["from"]): TryResult {
  const diff = choice.value - stored.played.value;
  return {
    index: stored.index,
    choice,
    played: stored.played,
    best: stored.best,
    unit: stored.unit,
    verdict: Math.abs(diff) < SAME ? "same" : diff > 0 ? "better" : "worse",
    from,
    worlds: stored.worlds,
  };
}
