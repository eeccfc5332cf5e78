/**
 * Measures what a hand brings each seat, by place round the dealer, from
 * lab runs (`cardroom lab --game G --players N --csv FILE`), and writes the
 * counts the win-chance tables are built from
 * (src/bots/win-chance/measured-hands.ts; match-table.ts builds them).
 * Points are the hand's points as the lab records them (ROY's points, Royal
 * Corners' penalties); for the games whose hand is won (Roller Coaster's
 * hands won, Hyrule's one hand), 1 for each of the hand's winners.
 * The runs named replace the file's counts of the same game and players;
 * the file's others are kept.
 * Run: `npx tsx scripts/win-chance-match-hands.ts --out FILE GAME:LEVEL:SEED:CSV...`
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "csv-parse/sync";
import type { HandOutcomes } from "../src/bots/win-chance/match-table.js";

const args = process.argv.slice(2);
function fail(line: string): never {
  console.error(`win-chance-match-hands: ${line}`);
  process.exit(2);
}
const outAt = args.indexOf("--out");
if (outAt < 0 || !args[outAt + 1]) fail("--out FILE is required");
const out = args[outAt + 1];
const runs = args.filter((_, i) => i !== outAt && i !== outAt + 1);
if (runs.length === 0) fail("name at least one GAME:LEVEL:SEED:CSV run");

/** The games whose table counts hands won rather than the lab's points. */
const WON_HANDS = new Set(["roller-coaster", "hyrule"]);

type Row = Record<string, string>;
interface Measured extends HandOutcomes {
  readonly game: string;
  readonly level: string;
  readonly seed: string;
}
const measured: Measured[] = [];
for (const run of runs) {
  const [game, level, seed, csv] = run.split(":");
  if (!game || !level || !seed || !csv) fail(`"${run}" is not GAME:LEVEL:SEED:CSV`);
  const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Row[];
  const match = rows.find((r) => r.kind === "match") ?? fail(`no match rows in ${csv}`);
  const players = match.levels.split(",").length;
  const counts = new Map<string, number>();
  let hands = 0;
  for (const r of rows) {
    if (r.kind !== "hand") continue;
    const dealer = Number(r.dealer);
    const winners = new Set(r.winners.split(/[ ;|]/).filter(Boolean).map(Number));
    const points: number[] = [];
    for (let place = 0; place < players; place++) {
      const seat = (dealer + place) % players;
      points.push(WON_HANDS.has(game) ? (winners.has(seat) ? 1 : 0) : Number(r[`points_${seat}`]));
    }
    const key = points.join(",");
    counts.set(key, (counts.get(key) ?? 0) + 1);
    hands++;
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const outcomes = sorted.flatMap(([k, c]) => [c, ...k.split(",").map(Number)]);
  measured.push({ game, level, seed, players, hands, outcomes });
  console.log(`${game}, ${players} players: ${hands} hands, ${sorted.length} outcomes`);
}

const kept: Measured[] = existsSync(out)
  ? ((await import(pathToFileURL(resolve(out)).href)) as { MEASURED_HANDS: Measured[] }).MEASURED_HANDS
  : [];
const all = [
  ...kept.filter((k) => !measured.some((m) => m.game === k.game && m.players === k.players)),
  ...measured,
];
const games = [...new Set(all.map((m) => m.game))];
all.sort((a, b) => games.indexOf(a.game) - games.indexOf(b.game) || a.players - b.players);

const body = all
  .map(
    (m) =>
      `  {\n    game: ${JSON.stringify(m.game)},\n    level: ${JSON.stringify(m.level)},\n    seed: ${JSON.stringify(m.seed)},\n` +
      `    players: ${m.players},\n    hands: ${m.hands},\n    outcomes: [${m.outcomes.join(", ")}],\n  },\n`,
  )
  .join("");
writeFileSync(
  out,
  `// Written by scripts/win-chance-match-hands.ts: do not edit. What a hand brought each seat in lab matches
// (\`cardroom lab --game G --players N --bots LEVEL --seed SEED --threads 1 --csv FILE\`), by place
// round the dealer (dealer first, then to the left), each outcome flat: the number of hands that had it,
// then the points.
import type { HandOutcomes } from "./match-table.js";

export interface MeasuredHands extends HandOutcomes {
  readonly game: string;
  readonly level: string;
  readonly seed: string;
}

export const MEASURED_HANDS: readonly MeasuredHands[] = [
${body}];
`,
);
console.log(`wrote ${out}`);
