/**
 * Checks the Cribbage win-chance table against lab matches: reads the rows
 * of `cardroom lab --game cribbage --players 2 --csv FILE`, and at every
 * hand's deal predicts seat 0's chance from the scores and the dealer, then
 * groups the predictions by tenths beside how often seat 0 won
 * (src/lab/calibration.ts). The table is the stored one
 * (src/bots/win-chance/cribbage-points.ts), or one built from `--records FILE
 * --hands N` (hands of the level the lab played, scripts/cribbage-hands.ts).
 * Run: `npx tsx scripts/win-chance-calibration.ts --csv FILE [--records FILE --hands N] [--target 121]`
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { type HandRecord, handPoints } from "../src/bots/win-chance/cribbage-hands.js";
import { HAND_POINTS } from "../src/bots/win-chance/cribbage-points.js";
import { chanceTables, seatChance } from "../src/bots/win-chance/cribbage-table.js";
import { type Prediction, calibration } from "../src/lab/calibration.js";

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
}
function fail(line: string): never {
  console.error(`win-chance-calibration: ${line}`);
  process.exit(2);
}

const csv = option("--csv") ?? fail("--csv FILE is required (the rows of a Cribbage lab run)");
const target = Number(option("--target") ?? 121);
if (!Number.isInteger(target) || target < 1) fail("--target must be a whole number");
const recordsFile = option("--records");
let points = HAND_POINTS;
if (recordsFile) {
  const records = readFileSync(recordsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HandRecord);
  const hands = Number(option("--hands") ?? records.length);
  if (!Number.isSafeInteger(hands) || hands < 1 || hands > records.length)
    fail(`--hands must be 1 to ${records.length}`);
  points = handPoints(records.slice(0, hands));
}
const table = chanceTables(points, target).deal;

type Row = Record<string, string>;
const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Row[];
const key = (r: Row) => `${r.variant}/${r.lineup}/${r.deal}/${r.rotation}`;
const winners = new Map<string, string>();
const hands = new Map<string, Row[]>();
for (const r of rows) {
  if (r.kind === "match") winners.set(key(r), r.winners);
  else {
    const list = hands.get(key(r)) ?? [];
    list.push(r);
    hands.set(key(r), list);
  }
}
const predictions: Prediction[] = [];
let matches = 0;
for (const [k, w] of winners) {
  if (w !== "0" && w !== "1") continue;
  matches++;
  const scores = [0, 0];
  const list = (hands.get(k) ?? []).sort((a, b) => Number(a.hand) - Number(b.hand));
  for (const h of list) {
    const dealer = Number(h.dealer);
    predictions.push({
      chance: seatChance(table, target, scores[0], scores[1], dealer === 0),
      won: w === "0",
    });
    scores[0] += Number(h.points_0);
    scores[1] += Number(h.points_1);
  }
}
const c = calibration(predictions);
const pct = (x: number) => (100 * x).toFixed(1);
console.log(`${matches} matches, ${c.n} deals; table from ${points.hands} hands`);
console.log("| predicted tenth | deals | mean predicted | observed | 95% interval |");
console.log("| --- | --: | --: | --: | --- |");
for (const t of c.tenths)
  console.log(
    `| ${pct(t.from)}-${pct(t.from + 0.1)}% | ${t.n} | ${pct(t.predicted)}% | ${pct(t.observed)}% | ${pct(t.interval[0])}-${pct(t.interval[1])}% |`,
  );
console.log(`largest gap ${pct(c.worstGap)} points; Brier score ${c.brier.toFixed(4)}`);
