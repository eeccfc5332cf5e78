/**
 * `npm run bench [-- --game ID] [--seconds S]`: figures for the hot paths,
 * printed as a table. Record them in docs/BENCHMARKS.md with the date and machine.
 */
import os from "node:os";
import { seedAndWords } from "../src/engine/seeds.js";
import { GAMES } from "../src/games/index.js";
import { bench as ginRummy } from "./gin-rummy.js";
import { randomHands } from "./playouts.js";
import { searchLoop } from "./search-loop.js";
import { ismctsSpeed } from "./ismcts.js";
import { bench as cribbageBench } from "./cribbage.js";
import { bench as labBench } from "./lab.js";

/** Each game's own hot paths beyond random play (counting, meld search). */
const EXTRA: Readonly<Record<string, (seconds: number) => string[]>> = {
  "gin-rummy": ginRummy,
  cribbage: cribbageBench,
};

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = arg("--game");
const seconds = Number(arg("--seconds") ?? 3);

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
console.log(
  `cardroom bench · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus()[0]?.model ?? "?"}`,
);
console.log("random play, one core:");
for (const game of GAMES) {
  if (only && game.id !== only) continue;
  for (const players of [game.minPlayers, ...(game.maxPlayers > game.minPlayers ? [game.maxPlayers] : [])]) {
    const f = randomHands(game, players, seconds);
    console.log(
      `  ${game.id.padEnd(15)} ${String(players).padStart(2)} players  ${fmt(f.handsPerSecond).padStart(10)} hands/s  ${fmt(f.movesPerSecond).padStart(11)} moves/s`,
    );
  }
}
{
  // What every hand now pays before its deal: HMAC-SHA-256 of the hand number, and the generator from it.
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < seconds * 200)
    for (let i = 0; i < 1000; i++) seedAndWords("bench match", n++);
  console.log(
    `seed per hand (HMAC-SHA-256, hex and generator): ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs`,
  );
}
console.log(
  "search loop, one core (copy, determinize for the seat to act, random playout to the hand's end):",
);
for (const game of GAMES) {
  if (only && game.id !== only) continue;
  for (const players of [game.minPlayers, ...(game.maxPlayers > game.minPlayers ? [game.maxPlayers] : [])]) {
    const f = searchLoop(game, players, seconds);
    console.log(
      `  ${game.id.padEnd(15)} ${String(players).padStart(2)} players  clone ${(f.cloneNs / 1000).toFixed(2).padStart(6)} µs  ${fmt(f.iterationsPerSecond).padStart(10)} iterations/s`,
    );
  }
}
console.log("ISMCTS (hard's search), one core, iterations/s with hard's playouts and with random playouts:");
for (const game of GAMES) {
  if (only && game.id !== only) continue;
  for (const players of [2, ...(game.maxPlayers > 2 ? [Math.min(4, game.maxPlayers)] : [])]) {
    if (players < game.minPlayers) continue;
    const f = ismctsSpeed(game.id, players, seconds);
    console.log(
      `  ${game.id.padEnd(15)} ${String(players).padStart(2)} players  ${fmt(f.hard).padStart(8)} (hard)  ${fmt(f.random).padStart(8)} (random playouts)`,
    );
  }
}
for (const [id, bench] of Object.entries(EXTRA)) {
  if (only && id !== only) continue;
  console.log(`${id}:`);
  for (const line of bench(seconds)) console.log(`  ${line}`);
}
if (!only || only === "lab") {
  console.log(
    "lab (random players; the fast keyed hand seeds; the machine's load shows in every row, so read the ratios):",
  );
  for (const line of await labBench(seconds)) console.log(`  ${line}`);
}
