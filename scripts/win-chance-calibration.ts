/**
 * Checks a game's win-chance model against lab matches: reads the rows of
 * `cardroom lab --game G --csv FILE`, and at every hand's deal predicts the
 * chance of seat 0 (of every seat, with more than two players) from the
 * scores before the hand (the points of the hands before it), the hand's
 * dealer and the options, then groups the predictions by tenths beside how
 * often the seat won (src/lab/calibration.ts), with the Brier score; a
 * win shared by k seats counts 1/k to each, as the models predict a seat's
 * share of the win.
 * `--svg FILE` draws the chart (predicted against observed, 95% intervals,
 * the diagonal) with vega-lite, in Node. Cribbage's model is the stored
 * table, or one built from `--records FILE --hands N` (hands of the level
 * the lab played, scripts/cribbage-hands.ts).
 * Run: `npx tsx scripts/win-chance-calibration.ts --game G --csv FILE [--option name=value]... [--svg FILE]`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import * as vega from "vega";
import * as vegaLite from "vega-lite";
import { type MatchFacts, winChance } from "../src/bots/win-chance/index.js";
import { type HandRecord, handPoints } from "../src/bots/win-chance/cribbage-hands.js";
import { chanceTables, seatChance } from "../src/bots/win-chance/cribbage-table.js";
import { parseOptions } from "../src/engine/options.js";
import { findEntry } from "../src/games/index.js";
import { type Prediction, calibration, calibrationChart } from "../src/lab/calibration.js";

const args = process.argv.slice(2);
function option(name: string): string | undefined {
  const i = args.indexOf(name);
  return i < 0 ? undefined : args[i + 1];
}
function fail(line: string): never {
  console.error(`win-chance-calibration: ${line}`);
  process.exit(2);
}

const entry = findEntry(option("--game") ?? "cribbage");
if (!entry.ok) fail(entry.error);
const { game } = entry.value;
const csv = option("--csv") ?? fail(`--csv FILE is required (the rows of a ${game.name} lab run)`);
const raw: Record<string, unknown> = {};
args.forEach((a, i) => {
  if (a !== "--option") return;
  const [name, value] = (args[i + 1] ?? "").split("=");
  if (!name || value === undefined) fail("--option takes name=value");
  raw[name] = /^-?\d+$/.test(value)
    ? Number(value)
    : value === "true" || value === "false"
      ? value === "true"
      : value;
});
if (option("--target") !== undefined) raw.target = Number(option("--target"));
const parsed = parseOptions(game.options, raw);
if (!parsed.ok) fail(parsed.error);
const options = parsed.value as Record<string, unknown>;

/** The chance `seat` wins from `facts`: the game's model, or Cribbage's table built from `--records`. */
let chanceOf = (facts: MatchFacts, seat: number): number => {
  const c = winChance(game.id, facts, seat);
  if (!c.ok) fail(c.error);
  return c.value;
};
let from = "the stored model";
const recordsFile = option("--records");
if (recordsFile) {
  if (game.id !== "cribbage") fail("--records builds Cribbage's table only");
  const records = readFileSync(recordsFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as HandRecord);
  const hands = Number(option("--hands") ?? records.length);
  if (!Number.isSafeInteger(hands) || hands < 1 || hands > records.length)
    fail(`--hands must be 1 to ${records.length}`);
  const target = options.target as number;
  const table = chanceTables(handPoints(records.slice(0, hands)), target).deal;
  chanceOf = (f, seat) => seatChance(table, target, f.scores[seat], f.scores[1 - seat], f.dealer === seat);
  from = `the table of ${hands} hands of ${recordsFile}`;
}

type Row = Record<string, string>;
const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Row[];
const key = (r: Row) => `${r.variant}/${r.lineup}/${r.deal}/${r.rotation}`;
const matchRows = new Map<string, Row>();
const hands = new Map<string, Row[]>();
for (const r of rows) {
  if (r.kind === "match") matchRows.set(key(r), r);
  else if (r.kind === "hand") {
    const list = hands.get(key(r)) ?? [];
    list.push(r);
    hands.set(key(r), list);
  }
}
const predictions: Prediction[] = [];
let matches = 0;
let players = 0;
for (const [k, m] of matchRows) {
  const winners = m.winners.split(/[ ;|]/).filter(Boolean).map(Number);
  if (winners.length === 0) continue; // a match with no winner says nothing
  const n = m.levels.split(",").length;
  players = n;
  matches++;
  const scores = new Array<number>(n).fill(0);
  const list = (hands.get(k) ?? []).sort((a, b) => Number(a.hand) - Number(b.hand));
  for (const h of list) {
    const facts: MatchFacts = { players: n, scores: scores.slice(), dealer: Number(h.dealer), options };
    for (let seat = 0; seat < (n > 2 ? n : 1); seat++)
      predictions.push({
        chance: chanceOf(facts, seat),
        won: winners.includes(seat) ? 1 / winners.length : 0,
      });
    for (let p = 0; p < n; p++) scores[p] += Number(h[`points_${p}`]);
  }
}
if (matches === 0) fail(`no finished ${game.name} matches in ${csv}`);
const c = calibration(predictions);
const pct = (x: number) => (100 * x).toFixed(1);
const seats = players > 2 ? `every seat's chance` : "seat 0's chance";
console.log(`${matches} matches, ${c.n} predictions (${seats} at each deal); ${from}`);
console.log("| predicted tenth | predictions | mean predicted | observed | 95% interval |");
console.log("| --- | --: | --: | --: | --- |");
for (const t of c.tenths)
  console.log(
    `| ${pct(t.from)}-${pct(t.from + 0.1)}% | ${t.n} | ${pct(t.predicted)}% | ${pct(t.observed)}% | ${pct(t.interval[0])}-${pct(t.interval[1])}% |`,
  );
console.log(`largest gap ${pct(c.worstGap)} points; Brier score ${c.brier.toFixed(4)}`);

const svg = option("--svg");
if (svg) {
  // The options asked for by name, as the chart's reader would: "deal=five".
  const asked = Object.entries(raw).map(([k, v]) => `${k}=${String(v)}`);
  const title = `${game.name}${asked.length ? ` (${asked.join(", ")})` : ""}, ${players} players: ${matches.toLocaleString("en-US")} lab matches`;
  const spec = vegaLite.compile(calibrationChart(c, title) as unknown as vegaLite.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(spec), { renderer: "none" });
  writeFileSync(svg, await view.toSVG());
  view.finalize();
  console.log(`wrote ${svg}`);
}
