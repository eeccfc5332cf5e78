/**
 * A match's review: the decisions of the judged seats (each judged from its
 * own seat's information, `judge.ts`), each judged seat's accuracy, and each
 * hand's winning chances as it was dealt and as it ended. Split so that the
 * judging can run elsewhere (worker threads): `reviewPlan` lists what to
 * judge, `assembleReview` puts the judgements together; `reviewMatch` does
 * both in one thread.
 */
import { winChance } from "../bots/win-chance/index.js";
import type { Seat } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import type { MatchLog } from "../engine/table.js";
import type { GameEntry } from "../games/index.js";
import { CLASSES, type DecisionClass, THRESHOLDS, matchAccuracy } from "./classes.js";
import type { Decision, HandSpan } from "./decisions.js";
import { type MatchSource, logSource } from "./sources.js";
import {
  DEFAULT_REVIEW_BUDGET,
  type Judgement,
  type ReviewBudget,
  type Unjudged,
  judgeDecision,
  round1,
} from "./judge.js";

export interface SeatAccuracy {
  readonly seat: Seat;
  /** Decisions judged (forced ones and counts left out). */
  readonly judged: number;
  readonly counts: Readonly<Record<DecisionClass, number>>;
  /** 0-100 (docs/REVIEW.md), null when nothing was judged. */
  readonly accuracy: number | null;
}

export interface HandReview {
  readonly hand: number;
  readonly dealer: Seat;
  readonly scoresBefore: readonly number[];
  readonly scoresAfter: readonly number[];
  /** Per judged seat: its chance to win the match as the hand was dealt and as it ended, percent; null without a model. */
  readonly chances: readonly {
    readonly seat: Seat;
    readonly before: number | null;
    readonly after: number | null;
  }[];
  /** The judged seats' decisions of the hand, in order. */
  readonly decisions: readonly (Judgement | Unjudged)[];
}

export interface Review {
  readonly game: string;
  readonly players: number;
  readonly seats: readonly Seat[];
  /** The budget, named in every review: deals drawn a decision. */
  readonly budget: ReviewBudget;
  readonly thresholds: typeof THRESHOLDS;
  /** Why the values are not chances to win, when the game or match has no model; null when they are. */
  readonly noModel: string | null;
  readonly hands: readonly HandReview[];
  readonly accuracy: readonly SeatAccuracy[];
  readonly winners: readonly Seat[] | null;
}

export interface ReviewPlan {
  readonly entry: GameEntry;
  readonly seed: string;
  readonly seats: readonly Seat[];
  readonly budget: ReviewBudget;
  readonly decisions: readonly Decision[];
  readonly hands: readonly HandSpan[];
  readonly winners: readonly Seat[] | null;
  readonly facts: { readonly players: number; readonly options: Readonly<Record<string, unknown>> };
}

/** What a review of `source` judges: the decisions of `seats` (every seat when not given). */
export function reviewPlan(
  entry: GameEntry,
  source: MatchSource,
  seats?: readonly Seat[],
  budget: ReviewBudget = DEFAULT_REVIEW_BUDGET,
): Result<ReviewPlan, string> {
  const all = Array.from({ length: source.players }, (_, i) => i);
  const judged = seats ?? all;
  const bad = judged.find((s) => !all.includes(s));
  if (bad !== undefined) return err(`no seat ${bad}: the match has seats 0 to ${source.players - 1}`);
  const m = source.match;
  const first = m.decisions[0]?.state as unknown as { options?: Record<string, unknown> } | undefined;
  return ok({
    entry,
    seed: source.seed,
    seats: judged,
    budget,
    decisions: m.decisions.filter((d) => judged.includes(d.seat)),
    hands: m.hands,
    winners: m.winners,
    facts: { players: source.players, options: first?.options ?? {} },
  });
}

/** A seat's chance in percent, or null where the game has no model. */
function chanceOf(plan: ReviewPlan, scores: readonly number[], dealer: Seat, seat: Seat): number | null {
  const c = winChance(plan.entry.game.id, { ...plan.facts, scores, dealer }, seat);
  return c.ok ? round1(c.value * 100) : null;
}

/** The review from the plan and each planned decision's judgement, in the plan's order. */
export function assembleReview(plan: ReviewPlan, judgements: readonly (Judgement | Unjudged)[]): Review {
  const { players } = plan.facts;
  const noModel = winChance(
    plan.entry.game.id,
    { ...plan.facts, scores: new Array(players).fill(0), dealer: 0 },
    0,
  );
  const hands = plan.hands.map((h): HandReview => {
    const over = plan.winners !== null && h === plan.hands[plan.hands.length - 1];
    return {
      hand: h.hand,
      dealer: h.dealer,
      scoresBefore: h.scoresBefore,
      scoresAfter: h.scoresAfter,
      chances: plan.seats.map((seat) => ({
        seat,
        before: chanceOf(plan, h.scoresBefore, h.dealer, seat),
        after: over
          ? plan.winners!.includes(seat)
            ? 100
            : 0
          : chanceOf(plan, h.scoresAfter, (h.dealer + 1) % players, seat),
      })),
      decisions: judgements.filter((j) => j.hand === h.hand),
    };
  });
  const accuracy = plan.seats.map((seat): SeatAccuracy => {
    const mine = judgements.filter((j): j is Judgement => j.seat === seat && "loss" in j);
    const counts = Object.fromEntries(CLASSES.map((c) => [c, mine.filter((j) => j.class === c).length]));
    const a = matchAccuracy(mine.map((j) => j.loss));
    return {
      seat,
      judged: mine.length,
      counts: counts as Record<DecisionClass, number>,
      accuracy: a === null ? null : round1(a),
    };
  });
  return {
    game: plan.entry.game.id,
    players,
    seats: plan.seats,
    budget: plan.budget,
    thresholds: THRESHOLDS,
    noModel: noModel.ok ? null : noModel.error,
    hands,
    accuracy,
    winners: plan.winners,
  };
}

/** Reviews a match's log in this thread (the command judges in worker threads instead). */
export function reviewMatch(
  entry: GameEntry,
  log: MatchLog,
  seats?: readonly Seat[],
  budget: ReviewBudget = DEFAULT_REVIEW_BUDGET,
): Result<Review, string> {
  const source = logSource(entry.game, log);
  if (!source.ok) return source;
  const plan = reviewPlan(entry, source.value, seats, budget);
  if (!plan.ok) return plan;
  const judgements = plan.value.decisions.map((d) => judgeDecision(entry, d, plan.value.seed, budget));
  return ok(assembleReview(plan.value, judgements));
}
