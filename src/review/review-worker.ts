/**
 * A worker thread's side of the review (`cardroom review`): one decision
 * judged per task, on the state sent over (plain data, structured-cloned).
 */
import { findEntry } from "../games/index.js";
import type { Move } from "../engine/game.js";
import type { Decision } from "./decisions.js";
import { type Judgement, type ReviewBudget, type Unjudged, judgeDecision } from "./judge.js";

export interface JudgeTask {
  readonly game: string;
  readonly decision: Decision;
  readonly seed: string;
  readonly budget: ReviewBudget;
  /** A Cribbage discard's cards laid away together ("Try it again"), judged as one way. */
  readonly laid?: readonly Move[];
}

export default function judge(task: JudgeTask): Judgement | Unjudged {
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  return judgeDecision(entry.value, task.decision, task.seed, task.budget, task.laid);
}
