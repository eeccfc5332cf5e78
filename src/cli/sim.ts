import { SingleBar } from "cli-progress";
import { findBot } from "../bots/index.js";
import { parseOptions } from "../engine/options.js";
import { simulate } from "../sim/run.js";
import { type SimFlags, UsageError, entryOrFail, optionPairs, seedOf, wholeNumber } from "./args.js";

export function runSim(o: SimFlags): void {
  const entry = entryOrFail(o.game);
  const { game } = entry;
  const games = wholeNumber("--games", o.games, 100);
  if (games < 1) throw new UsageError("--games must be at least 1");
  const players = wholeNumber("--players", o.players, game.minPlayers);
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw new UsageError(`${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players`);
  }
  const options = parseOptions(game.options, optionPairs(o.option));
  if (!options.ok) throw new UsageError(options.error);
  const levels = (o.bots ?? "greedy").split(",").map((s) => s.trim());
  const bots = Array.from({ length: players }, (_, p) => {
    const level = levels[Math.min(p, levels.length - 1)];
    const bot = findBot(entry, level);
    if (!bot.ok) throw new UsageError(bot.error);
    return bot.value;
  });
  const check = game.start({ players, seed: 0, options: options.value });
  if (!check.ok) throw new UsageError(check.error);

  const bar =
    process.stderr.isTTY && !o.json
      ? new SingleBar({ format: "{bar} {value}/{total} games  {eta}s left" })
      : null;
  bar?.start(games, 0);
  const summary = simulate({
    entry,
    players,
    games,
    seed: seedOf(o.seed ?? "sim"),
    options: options.value,
    bots,
    onGame: (done) => bar?.update(done),
  });
  bar?.stop();
  const seatLevels = bots.map((_, p) => levels[Math.min(p, levels.length - 1)]);
  if (o.json) {
    process.stdout.write(JSON.stringify({ ...summary, bots: seatLevels, options: options.value }) + "\n");
    return;
  }
  const pct = (n: number) => ((100 * n) / games).toFixed(1);
  const lines = [
    `${game.name}: ${games} games, ${players} players, ${summary.hands} hands, ${summary.moves} moves in ${summary.seconds.toFixed(2)} s`,
    ...summary.wins.map((w, p) => `  seat ${p} (${seatLevels[p]}): ${w} wins (${pct(w)}%)`),
  ];
  if (summary.shared) lines.push(`  shared wins: ${summary.shared}`);
  if (summary.unfinished) lines.push(`  unfinished (hand limit): ${summary.unfinished}`);
  process.stdout.write(lines.join("\n") + "\n");
}
