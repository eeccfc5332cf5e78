/**
 * `npm run bench:decisions [-- --game G] [--decisions N]`: how long `expert` and `hard` take a
 * decision on one core at their own budgets (as a player meets them: `expert` 1.5 s or 50,000
 * iterations, `hard` its game's), p50 and p95 over the same positions, each position timed for both
 * in turn so the machine's load weighs on both alike. Positions: every third decision with more than
 * one legal move of two `medium` players' matches (those a level answers without searching, such as
 * Cribbage's discards by expected value, included: a person waits for those too).
 * Record the figures in docs/BENCHMARKS.md with the date and machine.
 */
import os from "node:os";
import { isSearcher } from "../src/bots/bot.js";
import { type MatchState, type Move, applyMove } from "../src/engine/game.js";
import { defaultOptions } from "../src/engine/options.js";
import { Rng } from "../src/engine/rng.js";
import { ENTRIES } from "../src/games/index.js";
import { quantile } from "simple-statistics";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
for (let i = 0; i < args.length; i += 2)
  if (args[i] !== "--game" && args[i] !== "--decisions") {
    console.error(`bench:decisions: unknown flag ${args[i]} (flags: --game, --decisions)`);
    process.exit(2);
  }
const only = arg("--game");
if (only !== undefined && !ENTRIES.some((e) => e.game.id === only)) {
  console.error(`bench:decisions: no game "${only}" (${ENTRIES.map((e) => e.game.id).join(", ")})`);
  process.exit(2);
}
const count = Number(arg("--decisions") ?? 30);
if (!Number.isInteger(count) || count < 2) {
  console.error(`bench:decisions: --decisions must be a whole number of at least 2`);
  process.exit(2);
}

/** Positions from two `medium` players' matches: every third decision with a choice. */
function positions(id: string, n: number): { state: MatchState; seat: number }[] {
  const entry = ENTRIES.find((e) => e.game.id === id)!;
  const { game } = entry;
  const medium = entry.bots.medium;
  const rng = Rng.fromSeed(`decisions-${id}`);
  const out: { state: MatchState; seat: number }[] = [];
  const buf: Move[] = [];
  let seen = 0;
  for (let m = 0; out.length < n; m++) {
    const started = game.start({
      players: 2,
      seed: `decisions-${id}-${m}`,
      options: defaultOptions(game.options),
    });
    if (!started.ok) throw new Error(started.error);
    const s: MatchState = started.value;
    for (let k = 0; k < 5000 && !s.matchOver && out.length < n; k++) {
      if (s.handOver) {
        game.nextHand(s);
        continue;
      }
      const seat = game.toAct(s)[0];
      const legal = buf.slice(0, game.legalMoves(s, seat, buf));
      if (legal.length > 1 && seen++ % 3 === 0) out.push({ state: game.clone(s), seat });
      const move =
        legal.length === 1 || isSearcher(medium) ? legal[0] : medium.choose(game.view(s, seat), legal, rng);
      applyMove(game, s, seat, move);
    }
  }
  return out;
}

const ms = (x: number): string => (x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString("en-US"));
console.log(
  `cardroom bench:decisions · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus()[0]?.model ?? "?"} · load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `a decision's time on one core, ms, two players, ${count} positions a game, each level's own budget:`,
);
for (const entry of ENTRIES) {
  const { game } = entry;
  if (only ? game.id !== only : game.minPlayers > 2) continue;
  const levels = (["hard", "expert"] as const).map((l) => entry.bots[l]);
  if (!levels.every(isSearcher)) continue;
  const times: number[][] = [[], []];
  const rng = Rng.fromSeed(`decide-${game.id}`);
  for (const { state, seat } of positions(game.id, count))
    levels.forEach((bot, i) => {
      if (!isSearcher(bot)) return;
      const t0 = performance.now();
      bot.decide(game.clone(state), seat, Rng.fromWords(rng.split()));
      times[i].push(performance.now() - t0);
    });
  const [hard, expert] = times.map((t) => [quantile(t, 0.5), quantile(t, 0.95)]);
  console.log(
    `  ${game.id.padEnd(15)} hard p50 ${ms(hard[0]).padStart(6)}  p95 ${ms(hard[1]).padStart(6)}    expert p50 ${ms(expert[0]).padStart(6)}  p95 ${ms(expert[1]).padStart(6)}`,
  );
}
