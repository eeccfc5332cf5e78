import { SingleBar } from "cli-progress";
import type { SearchBudget } from "../../bots/ismcts.js";
import { CEILING } from "../../sim/arena-match.js";
import { type Rate, type ArenaConfig, type ArenaSummary, arena } from "../../sim/arena.js";
import { arenaOnQueue } from "../../queue/arena-queue.js";
import { packageVersion } from "../package-files.js";
import { leaseFlag, queueFlag, whileInterruptible } from "./queue-flags.js";
import { isOutsideLevel, splitLevels } from "../../players/level.js";
import {
  type SimFlags,
  UsageError,
  levelOrFail,
  entryOrFail,
  flagError,
  outsideTimes,
  optionFlags,
  playersFlag,
  seedOf,
  wholeNumber,
} from "../args.js";

/**
 * `cardroom sim`: the arena. Matches with mirrored deals (each match seed
 * played once per rotation of the levels round the table), on every core,
 * with win rates and 95% intervals for matches and hands.
 */
export async function runSim(o: SimFlags): Promise<void> {
  const entry = entryOrFail(o.game);
  const { game } = entry;
  const games = wholeNumber("--games", o.games, 100);
  if (games < 1) throw flagError("--games", `must be at least 1, got ${games}`);
  const players = playersFlag(game, o.players);
  const options = optionFlags(game, o.option);
  const given = splitLevels(o.bots ?? "medium");
  const levels = Array.from({ length: players }, (_, p) => given[Math.min(p, given.length - 1)]);
  // `ceiling` (the search on the true position) is for measuring only: the arena knows it, play does not.
  for (const level of levels) if (level !== CEILING) levelOrFail(entry, "--bots", level);
  const check = game.start({ players, seed: 0, options });
  if (!check.ok) throw new UsageError(check.error);
  const budget: { -readonly [K in keyof SearchBudget]?: SearchBudget[K] } = {};
  if (o.iterations !== undefined) {
    budget.iterations = wholeNumber("--iterations", o.iterations, 5000);
    if (o.ms === undefined) budget.ms = Infinity;
  }
  if (o.ms !== undefined) budget.ms = wholeNumber("--ms", o.ms, 1000);
  const threads = o.threads === undefined ? undefined : Math.max(1, wholeNumber("--threads", o.threads, 1));
  const outside = outsideTimes(o);
  const leaseMs = leaseFlag(o.lease);
  if (leaseMs !== undefined && o.queue === undefined) throw flagError("--lease", "goes with --queue");
  if (threads !== undefined && o.queue !== undefined)
    throw flagError("--threads", "the workers choose their threads on a --queue run (lab-worker --threads)");
  if (o.queue !== undefined && levels.some(isOutsideLevel))
    throw flagError("--queue", "a cmd: level's program runs on this machine: play it without --queue");
  const address = o.queue === undefined ? null : await queueFlag(o.queue);

  const bar =
    process.stderr.isTTY && !o.json
      ? new SingleBar({ format: "{bar} {value}/{total} matches  {eta}s left" })
      : null;
  const seed = String(seedOf(o.seed ?? "sim"));
  let barStarted = false;
  const cfg: ArenaConfig = {
    game: game.id,
    players,
    levels,
    games,
    seed,
    options,
    budget,
    threads,
    outside,
    onMatch: (done, total) => {
      if (bar && !barStarted) bar.start(total, 0);
      barStarted = true;
      bar?.update(done);
    },
  };
  let summary: ArenaSummary;
  let stopped: string | null = null;
  if (address === null) summary = await arena(cfg);
  else {
    const q = await whileInterruptible((signal) =>
      arenaOnQueue(cfg, {
        address,
        version: packageVersion(),
        leaseMs,
        signal,
        onNotice: (line) => {
          bar?.stop();
          process.stderr.write(`cardroom sim: ${line}\n`);
        },
      }),
    );
    summary = q;
    if (!q.complete) stopped = `stopped: ${q.games} of ${games} matches played`;
  }
  bar?.stop();
  if (stopped !== null) {
    process.stderr.write(`cardroom sim: ${stopped}\n`);
    process.exitCode = 130;
  }
  if (o.json) {
    process.stdout.write(JSON.stringify({ ...summary, bots: levels, options, seed }) + "\n");
    return;
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const figure = (r: Rate) =>
    `${pct(r.rate)} [${pct(r.ci95[0])}, ${pct(r.ci95[1])}] of ${Math.round(r.played).toLocaleString("en")}`;
  const lines = [
    `${game.name}: ${summary.games} matches (${summary.deals} deals, mirrored), ${players} players, ${summary.hands} hands, ${summary.moves} moves in ${summary.seconds.toFixed(2)} s`,
    ...summary.levels.map(
      (l) =>
        `  ${l.level.padEnd(7)} matches ${figure(l.matches)}   hands ${figure(l.hands)}   ${l.secondsPerMove.toFixed(3)} s/move`,
    ),
    ...summary.wins.map((w, p) => `  seat ${p}: ${w} wins`),
  ];
  if (summary.shared) lines.push(`  shared wins: ${summary.shared}`);
  if (summary.unfinished) lines.push(`  unfinished (hand limit): ${summary.unfinished}`);
  if (summary.forfeits.length) {
    lines.push(`  forfeits: ${summary.forfeits.length}`);
    // The first few say why; the rest are counted.
    for (const f of summary.forfeits.slice(0, 3))
      lines.push(`    ${f.level} at seat ${f.seat}: ${f.reason} (its stderr: ${f.log})`);
  }
  process.stdout.write(lines.join("\n") + "\n");
}
