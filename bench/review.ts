/**
 * `npm run bench:review`: how long `cardroom review` takes over a whole
 * two-player match at the default budget, judging both seats, on the
 * command's worker threads (the command's own path: the match saved to a
 * file, read back, judged, assembled). The matches are played by `medium`
 * players (seconds, where `hard` players take minutes a match): the
 * review's work is the decisions and their legal moves, not who made them.
 * Then "Try it again"'s own work: one new choice judged again on one thread
 * (`judgeDecision` with a move neither played nor best, as the server does
 * when the stored review has no value for it), per game over the first
 * match's judged decisions.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { reviewSource } from "../src/cli/tools/review.js";
import { findEntry } from "../src/games/index.js";
import { DEFAULT_REVIEW_BUDGET, type Judgement, judgeDecision } from "../src/review/judge.js";
import { playMatch } from "../src/review/play-match.js";
import { logSource } from "../src/review/sources.js";

const GAMES = ["cribbage", "gin-rummy", "crazy-eights"];
const SEEDS = ["bench-1", "bench-2", "bench-3"];

console.log(
  `cardroom bench:review · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.availableParallelism()} threads · ${os.cpus()[0]?.model ?? "?"} · ${DEFAULT_REVIEW_BUDGET.worlds} deals a decision`,
);
const dir = mkdtempSync(join(os.tmpdir(), "cardroom-bench-review-"));
try {
  for (const id of GAMES) {
    const entry = findEntry(id);
    if (!entry.ok) throw new Error(entry.error);
    for (const seed of SEEDS) {
      const log = playMatch(entry.value, { seed, levels: ["medium", "medium"] });
      const file = join(dir, `${id}-${seed}.json`);
      writeFileSync(file, JSON.stringify({ kind: "cardroom saved match", vs: "medium", log }));
      const t = performance.now();
      const { review } = await reviewSource(file, undefined, DEFAULT_REVIEW_BUDGET, false);
      const s = (performance.now() - t) / 1000;
      const decisions = review.hands.flatMap((h) => h.decisions);
      const judged = decisions.filter((d) => "loss" in d).length;
      console.log(
        `  ${id.padEnd(13)} ${seed}  ${String(review.hands.length).padStart(2)} hands ${String(decisions.length).padStart(4)} decisions ${String(judged).padStart(4)} judged  ${s.toFixed(1).padStart(5)} s`,
      );
      if (seed !== SEEDS[0]) continue;
      // Try it again: each judged decision with a third move, that move judged again on this thread.
      const source = logSource(entry.value.game, log);
      if (!source.ok) throw new Error(source.error);
      const byIndex = new Map(source.value.match.decisions.map((d) => [d.index, d]));
      const said = (m: unknown) => JSON.stringify(m);
      const ms: number[] = [];
      for (const j of decisions.filter((d): d is Judgement => "loss" in d)) {
        const d = byIndex.get(j.index)!;
        const game = entry.value.game;
        const other = d.legal.find(
          (m) => ![said(j.played.move), said(j.best.move)].includes(said(game.moveToJson(m))),
        );
        if (other === undefined) continue;
        const t0 = performance.now();
        judgeDecision(entry.value, { ...d, move: other }, source.value.seed, review.budget);
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(0);
      if (ms.length)
        console.log(
          `  ${id.padEnd(13)} try it again: ${ms.length} new choices judged on one thread, median ${at(0.5)} ms, 95th percentile ${at(0.95)} ms, slowest ${ms[ms.length - 1].toFixed(0)} ms`,
        );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
