/**
 * Plays Cribbage hands for the win-chance table and appends them to a file,
 * one JSON record a line (src/bots/win-chance/cribbage-hands.ts): hand `i`
 * of a seed is always the same hand, so a run stopped part way resumes where
 * it stopped. Run: `npx tsx scripts/cribbage-hands.ts --level hard --hands 2000
 * --seed win-chance --out FILE [--deal five]`; then `scripts/cribbage-win-chance.ts` builds
 * the table from the file.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { type Deal, playHand } from "../src/bots/win-chance/cribbage-hands.js";

function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i < 0 ? fallback : (args[i + 1] ?? fallback);
}

const level = option("--level", "hard");
const hands = Number(option("--hands", "2000"));
const seed = option("--seed", "win-chance");
const deal = option("--deal", "six");
const out = option("--out", `cribbage-hands-${level}.jsonl`);
if (deal !== "six" && deal !== "five") {
  console.error(`cribbage-hands: --deal must be six or five, got ${deal}`);
  process.exit(2);
}
if (!Number.isSafeInteger(hands) || hands < 1) {
  console.error(`cribbage-hands: --hands must be a whole number, got ${option("--hands", "")}`);
  process.exit(2);
}
const done = existsSync(out) ? readFileSync(out, "utf8").split("\n").filter(Boolean).length : 0;
const t0 = performance.now();
for (let i = done; i < hands; i++) {
  appendFileSync(out, JSON.stringify(playHand(level, seed, i, deal as Deal)) + "\n");
  if ((i + 1) % 50 === 0 || i + 1 === hands) {
    const each = (performance.now() - t0) / (i + 1 - done);
    console.error(`${i + 1}/${hands} hands, ${each.toFixed(0)} ms a hand`);
  }
}
