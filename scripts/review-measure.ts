/**
 * The review's "Done when" measure (issue 37, docs/REVIEW.md): in two-player
 * Cribbage matches between `hard` players, each pegging decision where a
 * long search (`--long` deals a decision) finds a legal move at least 20
 * points of winning chance worse than the best, and a second long search on
 * deals of its own agrees, is a planted mistake: the
 * match with that move played instead, reviewed at the default budget, must
 * class it a mistake or blunder (the target: 95%). Each decision where the
 * long search finds every legal move worth the same (within `--same`
 * points) must be flagged nothing. The review judges a decision from the
 * state before it alone, so the replaced match's review of that decision is
 * the decision judged with the worse move as the move played.
 *
 * The long search is seeded apart from the review, so the review's noise is
 * not what picked the planted moves; a first look at the default budget (a
 * third seed) skips the decisions whose moves differ by 0.5 to 10 points.
 * Discards are left out: they are judged exactly, not searched.
 *
 *   npx tsx scripts/review-measure.ts --matches 40 --seed measure [--long 400] [--play 400]
 *     [--budget N] (the review's, default its default) [--equal-per-match K] (all-equal decisions
 *     checked a match at most: they are many, and each costs a long search) [--first M] (the
 *     first match's number: seeds SEED-M, SEED-M+1...)
 */
import { parseArgs } from "node:util";
import { Rng } from "../src/engine/rng.js";
import { findEntry } from "../src/games/index.js";
import { isDiscard } from "../src/games/cribbage/moves.js";
import { matchDecisions } from "../src/review/decisions.js";
import { DEFAULT_REVIEW_BUDGET, type Judgement, judgeDecision, moveValues } from "../src/review/judge.js";
import { playMatch } from "../src/review/play-match.js";

const { values } = parseArgs({
  options: {
    matches: { type: "string", default: "20" },
    seed: { type: "string", default: "review-measure" },
    long: { type: "string", default: "400" },
    play: { type: "string", default: "400" },
    same: { type: "string", default: "0.5" },
    budget: { type: "string", default: String(DEFAULT_REVIEW_BUDGET.worlds) },
    "equal-per-match": { type: "string", default: "1000" },
    first: { type: "string", default: "0" },
  },
});
const matches = Number(values.matches);
const long = Number(values.long);
const same = Number(values.same);
const budget = { worlds: Number(values.budget) };
const equalPerMatch = Number(values["equal-per-match"]);
const entry = findEntry("cribbage");
if (!entry.ok) throw new Error(entry.error);
const cribbage = entry.value;

let selected = 0;
let planted = 0;
let caught = 0;
let equal = 0;
let flagged = 0;
const missed: number[] = [];
const lossesFound: number[] = [];
const t0 = performance.now();
for (let m = Number(values.first); m < Number(values.first) + matches; m++) {
  const seed = `${values.seed}-${m}`;
  const log = playMatch(cribbage, {
    seed,
    levels: ["hard", "hard"],
    budget: { iterations: Number(values.play), ms: Infinity },
  });
  const md = matchDecisions(cribbage.game, log);
  if (!md.ok) throw new Error(md.error);
  let equalHere = 0;
  for (const d of md.value.decisions) {
    if (d.legal.length < 2 || isDiscard(d.move)) continue;
    // A first look (its own seed, the default budget) spares the long search the decisions whose
    // moves differ by a few points: neither a planted mistake nor all worth the same.
    const screen = moveValues(
      cribbage,
      d,
      Rng.fromSeed(`screen ${seed} ${d.index}`),
      DEFAULT_REVIEW_BUDGET.worlds,
    );
    const spread = screen.moves[0].value - screen.moves[screen.moves.length - 1].value;
    if (spread >= same && spread < 10) continue;
    if (spread < same && equalHere >= equalPerMatch) continue;
    const found = moveValues(cribbage, d, Rng.fromSeed(`long ${seed} ${d.index}`), long);
    if (found.unit !== "win chance") continue;
    const best = found.moves[0].value;
    const worst = found.moves[found.moves.length - 1];
    if (best - worst.value < same) {
      equal++;
      equalHere++;
      const j = judgeDecision(cribbage, d, log.seed, budget) as Judgement;
      if (j.class !== null) flagged++;
      continue;
    }
    // The planted move: the worst legal move, when the long search finds it 20 points or more worse,
    // and a second long search on deals of its own agrees (the worst of a few noisy estimates leans
    // past the line: the loss that picked a move is not the loss to measure it by).
    if (best - worst.value < 20) continue;
    selected++;
    const again = moveValues(cribbage, d, Rng.fromSeed(`confirm ${seed} ${d.index}`), long);
    const lossAgain = again.moves[0].value - (again.moves.find((x) => x.move === worst.move)?.value ?? 0);
    if (lossAgain < 20) continue;
    planted++;
    lossesFound.push(lossAgain);
    const j = judgeDecision(cribbage, { ...d, move: worst.move }, log.seed, budget) as Judgement;
    if (j.class === "mistake" || j.class === "blunder") caught++;
    else {
      missed.push(j.loss);
      console.error(
        `  missed: ${seed} entry ${d.index}, ${j.played.said}: the long searches ${(best - worst.value).toFixed(1)} and ${lossAgain.toFixed(1)} worse, the review ${j.loss}`,
      );
    }
  }
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  console.error(
    `match ${m + 1 - Number(values.first)}/${matches}: ${selected} selected, ${planted} planted, ${caught} caught; ${equal} all-equal, ${flagged} flagged (${s} s)`,
  );
}
const pct = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);
lossesFound.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    matches,
    budget,
    long,
    selected,
    planted,
    caught,
    caughtShare: pct(caught, planted),
    medianPlantedLoss: lossesFound.length ? Math.round(lossesFound[lossesFound.length >> 1] * 10) / 10 : null,
    missedLosses: missed,
    allEqual: equal,
    flagged,
    flaggedShare: pct(flagged, equal),
    seconds: Math.round((performance.now() - t0) / 1000),
  }),
);
