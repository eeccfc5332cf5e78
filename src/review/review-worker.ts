/**
 * A worker thread's side of the review (`cardroom review`): one decision
 * judged per task, on the state sent over (plain data, structured-cloned).
 */
import os from "node:os";
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
  /**
   * Judged behind play (the server's review thread): the thread yields the cores to the tables'
   * computer players and moves (on Linux a thread's own priority, the lowest; the command's reviews
   * keep theirs, a person waits on them).
   */
  readonly background?: boolean;
}

let yielding = false;

export default function judge(task: JudgeTask): Judgement | Unjudged {
  if (task.background && !yielding) {
    yielding = true;
    try {
      os.setPriority(19);
    } catch {
      // A system that refuses keeps the thread's priority: reviews still come, only sooner.
    }
  }
  const entry = findEntry(task.game);
  if (!entry.ok) throw new Error(entry.error);
  return judgeDecision(entry.value, task.decision, task.seed, task.budget, task.laid);
}
