/**
 * `npm run bench [-- --game ID] [--seconds S]`: figures for the hot paths,
 * printed as a table. Record them in docs/BENCHMARKS.md with the date and machine.
 */
import os from "node:os";
import { GAMES } from "../src/games/index.js";
import { bench as ginRummy } from "./gin-rummy.js";
import { randomHands } from "./playouts.js";
import { bench as cribbageBench } from "./cribbage.js";

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
for (const [id, bench] of Object.entries(EXTRA)) {
  if (only && id !== only) continue;
  console.log(`${id}:`);
  for (const line of bench(seconds)) console.log(`  ${line}`);
}
