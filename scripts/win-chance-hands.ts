/**
 * Measures a game's hands for its win-chance model: reads the rows of lab
 * runs (`cardroom lab --game G --players N --csv FILE`, one run a player
 * count), counts each hand by who scored it (the seat's place after the
 * hand's dealer) and how many points, and writes the table as a source file
 * (src/bots/win-chance/score-race.ts reads it). Every hand must have one
 * scorer or none: the race model's assumption.
 * Run: `npx tsx scripts/win-chance-hands.ts --game G --csv FILE [--csv FILE]... --out FILE --command "..."`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { HandOutcomes } from "../src/bots/win-chance/score-race.js";
import { findEntry } from "../src/games/index.js";

const args = process.argv.slice(2);
const all = (name: string) => args.flatMap((a, i) => (a === name && args[i + 1] ? [args[i + 1]] : []));
function fail(line: string): never {
  console.error(`win-chance-hands: ${line}`);
  process.exit(2);
}

const entry = findEntry(all("--game")[0]);
if (!entry.ok) fail(entry.error);
const game = entry.value.game;
const files = all("--csv");
const out = all("--out")[0] ?? fail("--out FILE is required");
if (files.length === 0) fail("--csv FILE is required (the rows of a lab run)");
const commands = all("--command");

type Row = Record<string, string>;
const byPlayers = new Map<number, HandOutcomes>();
const levels = new Set<string>();
for (const file of files) {
  const rows = parse(readFileSync(file, "utf8"), { columns: true }) as Row[];
  const players = Object.keys(rows[0] ?? {}).filter((c) => /^points_\d+$/.test(c)).length;
  if (players < 2) fail(`${file} has no hand rows`);
  if (byPlayers.has(players)) fail(`two runs of ${players} players`);
  const scored = Array.from({ length: players }, () => new Map<number, number>());
  let hands = 0;
  let none = 0;
  for (const r of rows) {
    if (r.kind === "match") r.levels.split(",").forEach((l) => levels.add(l));
    if (r.kind !== "hand") continue;
    const points = Array.from({ length: players }, (_, p) => Number(r[`points_${p}`]));
    const scorers = points.flatMap((x, p) => (x !== 0 ? [p] : []));
    if (scorers.length > 1)
      fail(`${file}: a hand with ${scorers.length} scorers (deal ${r.deal}, hand ${r.hand})`);
    hands++;
    if (scorers.length === 0) {
      none++;
      continue;
    }
    const seat = scorers[0];
    const m = scored[(seat - Number(r.dealer) + players) % players];
    m.set(points[seat], (m.get(points[seat]) ?? 0) + 1);
  }
  byPlayers.set(players, {
    hands,
    none,
    scored: scored.map((m) => [...m].sort((a, b) => a[0] - b[0]).flat()),
  });
}

const name = `${game.id.replace(/-/g, "_").toUpperCase()}_HANDS`;
const body = [...byPlayers]
  .sort((a, b) => a[0] - b[0])
  .map(([n, o]) => {
    const lists = o.scored.map((l) => `      [${l.join(", ")}],`).join("\n");
    return `  ${n}: {\n    hands: ${o.hands},\n    none: ${o.none},\n    scored: [\n${lists}\n    ],\n  },`;
  })
  .join("\n");
const text = `// Written by scripts/win-chance-hands.ts: do not edit. ${game.name}${game.name.endsWith("s") ? "'" : "'s"} hands between \`${[...levels].join(", ")}\`
// players, by the scorer's place after the dealer (0 the dealer): its points and how many hands, from:
${commands.map((c) => `//   ${c}`).join("\n")}
import type { HandOutcomes } from "./score-race.js";

export const ${name}: Readonly<Record<number, HandOutcomes>> = {
${body}
};
`;
writeFileSync(out, text);
console.log(`wrote ${out}: ${[...byPlayers].map(([n, o]) => `${o.hands} hands of ${n} players`).join(", ")}`);
