/**
 * `npm run bench:compare [-- REF] [--seconds S]`: random playouts of this tree
 * beside those of another commit (a git worktree, built there), in one run,
 * alternating so both see the same machine. Prints both and the change.
 */
import { pathToFileURL } from "node:url";
import { GAMES } from "../src/games/index.js";
import { type PlayoutFigures, randomHands } from "./playouts.js";

type Playouts = (game: unknown, players: number, seconds: number) => PlayoutFigures;

const [dir, ...rest] = process.argv.slice(2);
const i = rest.indexOf("--seconds");
const seconds = i >= 0 ? Number(rest[i + 1]) : 2;
const only = rest.includes("--game") ? rest[rest.indexOf("--game") + 1] : undefined;

const old = (await import(pathToFileURL(`${dir}/dist/bench/playouts.js`).href)) as { randomHands: Playouts };
const oldGames = (await import(pathToFileURL(`${dir}/dist/src/games/index.js`).href)) as {
  GAMES: readonly { id: string }[];
};

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
console.log(
  `random play, one core, best of 3 alternating runs of ${seconds} s: ${dir} (before) beside this tree (after)`,
);
for (const game of GAMES) {
  if (only && game.id !== only) continue;
  const before = oldGames.GAMES.find((g) => g.id === game.id);
  if (!before) continue;
  for (const players of [game.minPlayers, ...(game.maxPlayers > game.minPlayers ? [game.maxPlayers] : [])]) {
    let a = 0;
    let b = 0;
    for (let round = 0; round < 3; round++) {
      a = Math.max(a, old.randomHands(before, players, seconds).movesPerSecond);
      b = Math.max(b, randomHands(game, players, seconds).movesPerSecond);
    }
    const change = ((b / a - 1) * 100).toFixed(1);
    console.log(
      `  ${game.id.padEnd(15)} ${String(players).padStart(2)} players  before ${fmt(a).padStart(11)} moves/s  after ${fmt(b).padStart(11)} moves/s  ${Number(change) >= 0 ? "+" : ""}${change}%`,
    );
  }
}
