/**
 * `npm run bench:review`: how long `cardroom review` takes over a whole
 * two-player match at the default budget, judging both seats, on the
 * command's worker threads (the command's own path: the match saved to a
 * file, read back, judged, assembled). The matches are played by `medium`
 * players (seconds, where `hard` players take minutes a match): the
 * review's work is the decisions and their legal moves, not who made them.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { reviewSource } from "../src/cli/tools/review.js";
import { findEntry } from "../src/games/index.js";
import { DEFAULT_REVIEW_BUDGET } from "../src/review/judge.js";
import { playMatch } from "../src/review/play-match.js";

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
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
