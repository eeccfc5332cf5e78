/**
 * `cardroom review FILE|URL [--seat K] [--json] [--budget N]`: a match's
 * review (src/review/): every decision of the judged seats judged in worker
 * threads, a progress bar on stderr, the review in words (src/words/
 * review-lines.ts) or one JSON object. The source is a saved match (`play`'s
 * q, s), a replay file (`join --proof`) or a replay URL.
 */
import { availableParallelism } from "node:os";
import { SingleBar } from "cli-progress";
import { Piscina } from "piscina";
import { workerOptions } from "../../bots/worker-file.js";
import { findEntry } from "../../games/index.js";
import {
  type Judgement,
  type ReviewBudget,
  type Unjudged,
  DEFAULT_REVIEW_BUDGET,
} from "../../review/judge.js";
import { type Review, assembleReview, reviewPlan } from "../../review/review.js";
import type { JudgeTask } from "../../review/review-worker.js";
import { type MatchSource, logSource, proofSource } from "../../review/sources.js";
import { ok } from "../../engine/result.js";
import { reviewLines } from "../../words/review-lines.js";
import { UsageError, wholeNumber } from "../args.js";
import { resumeMatch } from "../play/saved-match.js";
import { dressCards, styleFor } from "../terminal.js";
import { readReplay, replayAt } from "./verify.js";

export interface ReviewFlags {
  seat?: string;
  json?: boolean;
  budget?: string;
}

/** The most deals a decision the command accepts: about two minutes a decision at worst. */
const MAX_WORLDS = 100_000;

const isReplay = (raw: unknown): boolean =>
  typeof raw === "object" && raw !== null && Array.isArray((raw as { events?: unknown }).events);

const lookup = (id: string) => {
  const e = findEntry(id);
  return e.ok ? ok(e.value.game) : e;
};

/** The match a file or URL holds, as a review reads it; anything wrong is one line. */
async function sourceOf(source: string): Promise<MatchSource> {
  if (/^https?:\/\//i.test(source)) {
    const proof = proofSource(await replayAt(source), lookup);
    if (!proof.ok) throw new UsageError(`${source}: ${proof.error}`);
    return proof.value;
  }
  const raw = readReplay(source);
  if (isReplay(raw)) {
    const proof = proofSource(raw, lookup);
    if (!proof.ok) throw new UsageError(`${source}: ${proof.error}`);
    return proof.value;
  }
  const saved = resumeMatch(source);
  if (!saved.ok) throw new UsageError(`${saved.error} (nor a replay)`);
  const log = logSource(saved.value.entry.game, saved.value.table.log());
  if (!log.ok) throw new UsageError(`${source}: ${log.error}`);
  return log.value;
}

/** Judges the plan's decisions in worker threads, in order, ticking `tick` as each is done. */
async function judgeAll(tasks: readonly JudgeTask[], tick: () => void): Promise<(Judgement | Unjudged)[]> {
  const pool = new Piscina<JudgeTask, Judgement | Unjudged>({
    ...workerOptions("review-worker", new URL("../../review/review-worker.js", import.meta.url).href),
    maxThreads: Math.max(1, Math.min(tasks.length, availableParallelism())),
    minThreads: 0,
    idleTimeout: 500,
  });
  try {
    return await Promise.all(
      tasks.map(async (t) => {
        const j = await pool.run(t);
        tick();
        return j;
      }),
    );
  } finally {
    await pool.destroy();
  }
}

/** The review of `source` (the command's work without its printing: the bench and the tests use it). */
export async function reviewSource(
  source: string,
  seats: readonly number[] | undefined,
  budget: ReviewBudget,
  progress: boolean,
): Promise<{ review: Review; gameName: string }> {
  return reviewOf(await sourceOf(source), seats, budget, progress);
}

/** The review of a match, judged on worker threads, with a progress bar on stderr when `progress`. */
export async function reviewOf(
  match: MatchSource,
  seats: readonly number[] | undefined,
  budget: ReviewBudget,
  progress: boolean,
): Promise<{ review: Review; gameName: string }> {
  const entry = findEntry(match.game.id);
  if (!entry.ok) throw new UsageError(entry.error);
  const plan = reviewPlan(entry.value, match, seats, budget);
  if (!plan.ok) throw new UsageError(`--seat: ${plan.error}`);
  const tasks = plan.value.decisions.map((decision): JudgeTask => ({
    game: match.game.id,
    decision,
    seed: plan.value.seed,
    budget,
  }));
  const bar = progress
    ? new SingleBar({ format: "{bar} {value}/{total} decisions  {eta_formatted} left", etaBuffer: 20 })
    : null;
  bar?.start(tasks.length, 0);
  try {
    const judgements = await judgeAll(tasks, () => bar?.increment());
    return { review: assembleReview(plan.value, judgements), gameName: match.game.name };
  } finally {
    bar?.stop();
  }
}

export async function reviewCommand(source: string, o: ReviewFlags): Promise<number> {
  const seats = o.seat === undefined ? undefined : [wholeNumber("--seat", o.seat, 0)];
  const worlds = wholeNumber("--budget", o.budget, DEFAULT_REVIEW_BUDGET.worlds);
  if (worlds < 1 || worlds > MAX_WORLDS)
    throw new UsageError(`--budget: deals a decision, 1 to ${MAX_WORLDS}, not ${worlds}`);
  const { review, gameName } = await reviewSource(source, seats, { worlds }, process.stderr.isTTY === true);
  if (o.json) {
    process.stdout.write(`${JSON.stringify(review)}\n`);
    return 0;
  }
  const style = styleFor(process.stdout);
  process.stdout.write(
    reviewLines(review, gameName)
      .map((l) => dressCards(l, style))
      .join("\n") + "\n",
  );
  return 0;
}
