/**
 * What the table games' win-chance models cost (src/bots/win-chance/, docs/REVIEW.md "The other
 * games"): the first call for a player count and line, which builds its table (cold: the code not yet
 * compiled), then the mean of a million reads from changing scores, the facts object reused as the
 * review's search does. `npx tsx bench/win-chance.ts`
 */
import { winChance } from "../src/bots/win-chance/index.js";

const CASES = [
  ["roy", { target: 100 }, 2],
  ["royal-corners", { limit: 50 }, 2],
  ["roller-coaster", { handsToWin: 3 }, 4],
  ["hyrule", {}, 5],
  ["roy", { target: 100 }, 3],
  ["roy", { target: 100 }, 4],
  ["royal-corners", { limit: 50 }, 3],
  ["royal-corners", { limit: 50 }, 4],
] as const;
const READS = 1_000_000;

for (const [game, options, players] of CASES) {
  const facts = { players, scores: new Array<number>(players).fill(0), dealer: 0, options };
  let t = performance.now();
  const first = winChance(game, facts, 0);
  if (!first.ok) throw new Error(first.error);
  const build = performance.now() - t;
  let sum = 0;
  t = performance.now();
  for (let i = 0; i < READS; i++) {
    facts.scores[i % players] = i % 37;
    const c = winChance(game, facts, i % players);
    if (c.ok) sum += c.value;
  }
  const read = ((performance.now() - t) / READS) * 1000;
  console.log(
    `${game}, ${players} players: first call ${build.toFixed(1)} ms, a read ${read.toFixed(2)} µs (mean ${(sum / READS).toFixed(3)})`,
  );
}
