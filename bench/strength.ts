/**
 * `npm run bench:strength [-- --game G] [--pair A,B] [--matches N] [--iterations hard=N,expert=N]
 * [--seed S] [--threads N] [--markdown]`: how strong each level is (issue 38). Every level against the
 * next (medium against easy, hard against medium, expert against hard) and every level against its
 * game's baselines (bench/baselines.ts), two players, on the lab's mirrored deals (src/lab: each deal
 * played once each way round, the same match seed), with no clock: the searching levels at fixed
 * iterations a move, stated, so the figures do not depend on the machine's load. For each pair: the
 * first level's matches and hands with 95% Wilson intervals, and its points a hand less the other's,
 * paired by deal (each deal's two matches averaged) with a 95% interval. `--markdown` prints the rows
 * for docs/STRENGTH.md.
 */
import { SingleBar } from "cli-progress";
import os from "node:os";
import { findEntry, GAMES } from "../src/games/index.js";
import { runLab, threadExecutor } from "../src/lab/run.js";
import type { Estimate, Rate } from "../src/lab/stats.js";
import { DEFAULT_ITERATIONS, type Pair, gamePairs, pairedPoints, strengthPlan } from "./strength-plan.js";

export interface StrengthFigure {
  readonly pair: Pair;
  readonly matches: Rate;
  readonly hands: Rate;
  readonly points: Estimate;
  readonly forfeits: number;
  readonly seconds: number;
  /** Stopped (Ctrl-C) before its deals were played: the figures are of the deals it finished. */
  readonly stopped: boolean;
}

const pct = (r: Rate): string =>
  `${(100 * r.rate).toFixed(1)}% [${(100 * r.ci95[0]).toFixed(1)}, ${(100 * r.ci95[1]).toFixed(1)}] of ${r.played.toLocaleString("en-US")}`;
const signed = (x: number): string => `${x >= 0 ? "+" : "-"}${Math.abs(x).toFixed(2)}`;
const points = (e: Estimate): string =>
  `${signed(e.mean)} ± ${((e.ci95[1] - e.ci95[0]) / 2).toFixed(2)} (${e.n} deals)`;
const budgetOf = (p: Pair, it: Readonly<Record<string, number>>): string =>
  [p.first, p.second]
    .filter((l) => it[l] !== undefined)
    .map((l) => `${l} ${it[l].toLocaleString("en-US")}`)
    .join(", ") || "-";

function fail(message: string): never {
  console.error(`bench:strength: ${message}`);
  process.exit(2);
}

function parseArgs(argv: readonly string[]) {
  const flags = new Map<string, string | true>();
  const known = new Set([
    "--game",
    "--pair",
    "--matches",
    "--iterations",
    "--seed",
    "--threads",
    "--markdown",
  ]);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!known.has(a)) fail(`unknown flag ${a} (flags: ${[...known].join(", ")})`);
    if (a === "--markdown") flags.set(a, true);
    else {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) fail(`${a} needs a value`);
      flags.set(a, v);
    }
  }
  const text = (k: string): string | undefined => {
    const v = flags.get(k);
    return typeof v === "string" ? v : undefined;
  };
  const whole = (k: string, fallback: number): number => {
    const v = text(k);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) < 1) fail(`${k} must be a whole number of at least 1, not "${v}"`);
    return Number(v);
  };
  const matches = whole("--matches", 200);
  if (matches % 2) fail(`--matches must be even (each deal is played both ways round), not ${matches}`);
  const iterations: Record<string, number> = { ...DEFAULT_ITERATIONS };
  for (const part of text("--iterations")?.split(",") ?? []) {
    const m = /^([a-z]+)=(\d+)$/.exec(part.trim());
    if (!m || Number(m[2]) < 1) fail(`--iterations takes level=N,... (N at least 1), not "${part}"`);
    if (!(m[1] in DEFAULT_ITERATIONS)) fail(`--iterations: ${m[1]} does not search (hard, expert do)`);
    iterations[m[1]] = Number(m[2]);
  }
  const game = text("--game");
  if (game !== undefined && !findEntry(game).ok)
    fail(`no game "${game}" (${GAMES.map((g) => g.id).join(", ")})`);
  let pairs = (game ? [game] : GAMES.filter((g) => g.minPlayers <= 2).map((g) => g.id)).flatMap(gamePairs);
  const pair = text("--pair");
  if (pair !== undefined) {
    const [a, b, extra] = pair.split(",");
    if (!a || !b || extra !== undefined) fail(`--pair takes two names, A,B, not "${pair}"`);
    pairs = pairs.filter((p) => p.first === a && p.second === b);
    if (!pairs.length) fail(`no pair ${a},${b}${game ? ` in ${game}` : ""} (see the list with no --pair)`);
  }
  return {
    pairs,
    matches,
    iterations,
    seed: text("--seed") ?? "strength",
    threads: whole("--threads", 1),
    markdown: flags.has("--markdown"),
    command: `npm run bench:strength -- ${argv.join(" ")}`.trim(),
  };
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const deals = a.matches / 2;
  console.log(
    `cardroom bench:strength · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus()[0]?.model ?? "?"} · ${a.threads} thread(s)`,
  );
  console.log(
    `${a.matches} matches a pair (${deals} deals, each both ways round), seed ${a.seed}, no clock; iterations a move: ${Object.entries(
      a.iterations,
    )
      .map(([l, n]) => `${l} ${n.toLocaleString("en-US")}`)
      .join(", ")}`,
  );
  const figures: StrengthFigure[] = [];
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  for (const pair of a.pairs) {
    if (controller.signal.aborted) break;
    const plan = strengthPlan(pair, deals, a.seed, a.iterations);
    const bar = process.stderr.isTTY
      ? new SingleBar({
          format: `${pair.game} ${pair.first} v ${pair.second} {bar} {value}/{total} deals  {eta_formatted} left  {note}`,
          etaBuffer: 10,
        })
      : null;
    bar?.start(deals, 0, { note: "" });
    const executor = threadExecutor(a.threads);
    try {
      const run = await runLab(plan, {
        executor,
        signal: controller.signal,
        onProgress: (p) => {
          const t = p.tested[0];
          const note = `${pair.first} ${(100 * t.mean).toFixed(1)}% of matches`;
          if (bar) bar.update(p.deals, { note });
          else if (p.deals % Math.max(1, Math.floor(deals / 10)) === 0)
            console.error(
              `  ${pair.game} ${pair.first} v ${pair.second}: ${p.deals}/${deals} deals, ${note}`,
            );
        },
      });
      bar?.stop();
      const cell = run.result.measures.variants[0].lineups[0];
      const first = cell.levels.find((l) => l.level === pair.first);
      if (!first || run.result.deals === 0) continue;
      const f: StrengthFigure = {
        pair,
        matches: first.matches,
        hands: first.hands,
        points: pairedPoints(run.result.handRows ?? {}),
        forfeits: run.result.forfeits.length,
        seconds: run.seconds,
        stopped: run.ended === "stopped",
      };
      figures.push(f);
      console.log(
        `${pair.game.padEnd(14)} ${pair.first.padEnd(7)} v ${pair.second.padEnd(16)} matches ${pct(f.matches).padEnd(28)} hands ${pct(f.hands).padEnd(30)} points a hand ${points(f.points)}  (${budgetOf(pair, a.iterations)}; ${f.seconds.toFixed(0)} s${f.forfeits ? `; ${f.forfeits} forfeits` : ""}${run.ended === "stopped" ? "; stopped early" : ""})`,
      );
    } finally {
      bar?.stop();
      await executor.close();
    }
  }
  if (a.markdown && figures.length) {
    console.log("");
    console.log(
      "| game | level | against | iterations a move | level's matches | level's hands | points a hand, paired |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- |");
    for (const f of figures)
      console.log(
        `| ${f.pair.game} | ${f.pair.first} | ${f.pair.second} | ${budgetOf(f.pair, a.iterations)} | ${pct(f.matches)}${f.stopped ? " (stopped early)" : ""} | ${pct(f.hands)} | ${points(f.points)} |`,
      );
    console.log("");
    console.log(`Command: \`${a.command}\``);
  }
}

await main();
