/**
 * Writes src/bots/win-chance/cribbage-points.ts (with `--deal five`,
 * cribbage-points-five.ts, the five-card game's): the points a Cribbage hand
 * brings the pone and the dealer, counted from hands recorded by
 * `scripts/cribbage-hands.ts` (the first `--hands N` of the file), from which
 * the win-chance table is computed (src/bots/win-chance/cribbage-table.ts).
 * Prints the parts' means and a few cells of the table. Run:
 * `npx tsx scripts/cribbage-win-chance.ts --records FILE --hands N --level hard --seed win-chance [--deal five]`
 * (the level, seed and deal the file was played with, written beside the counts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import type { HandRecord } from "../src/bots/win-chance/cribbage-hands.js";
import { PONE, handPoints } from "../src/bots/win-chance/cribbage-hands.js";
import { chanceTables, seatChance } from "../src/bots/win-chance/cribbage-table.js";

function option(name: string, fallback?: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  const v = i < 0 ? fallback : args[i + 1];
  if (v === undefined) {
    console.error(`cribbage-win-chance: ${name} is required`);
    process.exit(2);
  }
  return v;
}

const records = readFileSync(option("--records"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as HandRecord);
const hands = Number(option("--hands"));
if (!Number.isSafeInteger(hands) || hands < 1 || hands > records.length) {
  console.error(`cribbage-win-chance: --hands must be 1 to ${records.length}, the hands in the file`);
  process.exit(2);
}
const deal = option("--deal", "six");
if (deal !== "six" && deal !== "five") {
  console.error(`cribbage-win-chance: --deal must be six or five, got ${deal}`);
  process.exit(2);
}
/** The game's usual target: 121, or 61 in the five-card game. */
const target = deal === "five" ? 61 : 121;
const level = option("--level");
const seed = option("--seed");
const used = records.slice(0, hands);

const sums = { heels: 0, ponePeg: 0, dealerPeg: 0, poneHand: 0, dealerHand: 0, crib: 0 };
for (const r of used) {
  sums.heels += r.heels;
  for (const [who, p] of r.pegging) {
    if (who === PONE) sums.ponePeg += p;
    else sums.dealerPeg += p;
  }
  sums.poneHand += r.poneHand;
  sums.dealerHand += r.dealerHand;
  sums.crib += r.crib;
}
const points = handPoints(used);
const { pegging, poneHand, dealerShow } = points;

const game = deal === "five" ? "five-card Cribbage" : "Cribbage";
const out = `// Written by scripts/cribbage-win-chance.ts: do not edit. The points of ${hands} ${game} hands between two
// \`${level}\` players (scripts/cribbage-hands.ts, seed "${seed}"): the pegging's sequences (positive the
// pone's points, negative the dealer's, in the order scored) by how many hands had each, and hands by
// the pone's show and by the dealer's hand and crib together.
import type { HandPoints } from "./cribbage-table.js";

export const LEVEL = ${JSON.stringify(level)};
export const SEED = ${JSON.stringify(seed)};
export const HAND_POINTS: HandPoints = {
  hands: ${hands},
  pegging: ${JSON.stringify(pegging)},
  poneHand: ${JSON.stringify(poneHand)},
  dealerShow: ${JSON.stringify(dealerShow)},
};
`;
const file = new URL(
  `../src/bots/win-chance/cribbage-points${deal === "five" ? "-five" : ""}.ts`,
  import.meta.url,
);
// In the house style, so that `npm run lint` passes on the file as written.
const style = await resolveConfig(file);
writeFileSync(file, await format(out, { ...style, filepath: file.pathname }));

const mean = (x: number) => (x / hands).toFixed(2);
console.log(
  `${hands} hands (${level}): heels ${mean(sums.heels)}, pone pegs ${mean(sums.ponePeg)}, dealer pegs ${mean(sums.dealerPeg)},` +
    ` pone's hand ${mean(sums.poneHand)}, dealer's hand ${mean(sums.dealerHand)}, crib ${mean(sums.crib)};` +
    ` ${pegging.length} distinct peggings`,
);
// The table takes the shows as independent of the pegging and of each other: how far from it the hands are.
const columns = {
  ponePeg: used.map((r) => r.pegging.reduce((a, [w, p]) => a + (w === PONE ? p : 0), 0)),
  dealerPeg: used.map((r) => r.pegging.reduce((a, [w, p]) => a + (w === PONE ? 0 : p), 0)),
  poneHand: used.map((r) => r.poneHand),
  dealerShow: used.map((r) => r.dealerHand + r.crib),
};
function correlation(x: readonly number[], y: readonly number[]): number {
  const mx = x.reduce((a, b) => a + b, 0) / x.length;
  const my = y.reduce((a, b) => a + b, 0) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
const pairs: [keyof typeof columns, keyof typeof columns][] = [
  ["ponePeg", "dealerPeg"],
  ["ponePeg", "poneHand"],
  ["dealerPeg", "dealerShow"],
  ["poneHand", "dealerShow"],
  ["ponePeg", "dealerShow"],
  ["dealerPeg", "poneHand"],
];
console.log(
  "correlations: " +
    pairs.map(([a, b]) => `${a}-${b} ${correlation(columns[a], columns[b]).toFixed(3)}`).join(", "),
);
const t0 = performance.now();
const tables = chanceTables(points, target);
console.log(`table to ${target} in ${(performance.now() - t0).toFixed(0)} ms`);
// A few cells: the first deal (in the five-card game the pone starts with 3), the middle, the end.
const cells: [number, number][] =
  deal === "five"
    ? [
        [0, 3],
        [30, 30],
        [50, 50],
        [55, 55],
        [59, 59],
        [60, 60],
      ]
    : [
        [0, 0],
        [35, 37],
        [60, 60],
        [90, 75],
        [100, 100],
        [110, 110],
        [115, 115],
        [119, 119],
        [120, 120],
      ];
for (const [d, p] of cells)
  console.log(
    `dealer ${d}, pone ${p}: the dealer wins ${(100 * seatChance(tables.deal, target, d, p, true)).toFixed(1)}%`,
  );

/** Whole percents, a chance short of certain never shown as certain. */
const percent = (x: number): string =>
  x > 0 && x < 0.005 ? "<1" : x < 1 && x > 0.995 ? ">99" : (100 * x).toFixed(0);
// The grid docs/REVIEW.md shows: the dealer's chance by the dealer's score (rows) and the pone's (columns).
const grid =
  deal === "five" ? [0, 15, 30, 40, 45, 50, 54, 57, 59, 60] : [0, 30, 60, 90, 100, 105, 110, 115, 118, 120];
console.log(`\n| dealer \\ pone | ${grid.join(" | ")} |`);
console.log(`| --: | ${grid.map(() => "--:").join(" | ")} |`);
for (const d of grid)
  console.log(
    `| ${d} | ${grid.map((p) => percent(seatChance(tables.deal, target, d, p, true))).join(" | ")} |`,
  );
