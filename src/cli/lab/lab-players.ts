/**
 * `cardroom lab --vary players=2,3,4`: the player count varied on matched seeds. Each count is a plan
 * of its own (seats, line-ups and rotations all follow the count), played one after another on the
 * same seed, so deal d is `SEED:d` at every count; the other `--vary` options run their factorial
 * inside each count. The counts are then compared deal by deal (src/lab/players-vary.ts).
 */
import { writeCsv } from "../../lab/csv.js";
import { writeWhole } from "../../lab/output-file.js";
import type { LabResult } from "../../lab/plan.js";
import { type CountRun, countComparisons, countMetrics } from "../../lab/players-vary.js";
import { countsPage } from "../../lab/report.js";
import { reportHtml } from "../../lab/report-page.js";
import { concatTables, type LabTable, tableLength } from "../../lab/rows.js";
import type { LabRun } from "../../lab/run.js";
import { entryOrFail, flagError, playersFlag, seedOf } from "../args.js";
import { packageVersion } from "../package-files.js";
import { repeatCommand } from "./lab-command.js";
import { type LabFlags, differenceLine, factorText, labJson, labSetup, labText, runLabSetup } from "./lab.js";

/** The player counts of a `--vary players=...`, checked against the game, or null when the count is not varied. */
export function playerCounts(flags: LabFlags): number[] | null {
  const given = (flags.vary ?? []).filter((v) => v.slice(0, v.indexOf("=")).trim() === "players");
  if (given.length === 0) return null;
  const { game } = entryOrFail(flags.game);
  if (given.length > 1) throw flagError("--vary players", "is given twice (one --vary per option)");
  const { values } = factorText(given[0]);
  if (flags.players !== undefined)
    throw flagError("--vary players", "is also set by --players (vary it or set it, not both)");
  for (const [flag, set] of [
    ["--until", flags.until !== undefined],
    ["--sprt", flags.sprt !== undefined],
    ["--round-robin", flags.roundRobin === true],
    ["--queue", flags.queue !== undefined],
    ["--parquet", flags.parquet !== undefined],
  ] as const)
    if (set) throw flagError("--vary players", `plays a fixed number of games at each count: drop ${flag}`);
  return values.map((v) => {
    try {
      return playersFlag(game, v);
    } catch (e) {
      throw flagError(
        `--vary players=${values.join(",")}`,
        (e as Error).message.replace(/^--players:? ?/, ""),
      );
    }
  });
}

/** Rows of every count in one table, a `players` column first. */
function withPlayers(runs: readonly CountRun[], rows: (r: LabResult) => LabTable | null): LabTable {
  return concatTables(
    runs.map((r) => {
      const t = rows(r.result) ?? {};
      return { players: new Array<number>(tableLength(t)).fill(r.players), ...t };
    }),
  );
}

export async function runLabByPlayers(flags: LabFlags, counts: readonly number[]): Promise<void> {
  const vary = (flags.vary ?? []).filter((v) => v.slice(0, v.indexOf("=")).trim() !== "players");
  // One seed for every count: deal d is SEED:d at each.
  const seed = String(seedOf(flags.seed));
  const setups = counts.map((n) => {
    const setup = labSetup({ ...flags, players: String(n), vary, seed });
    return { ...setup, plan: { ...setup.plan, perDeal: true } };
  });
  const runs: (CountRun & { run: LabRun })[] = [];
  // Ctrl-C is heard for the whole loop, between two counts too (each run hears it only while it
  // plays): it stops the count playing, or the next before it starts, and what finished is written.
  const interrupt = new AbortController();
  const onInt = () => interrupt.abort();
  process.on("SIGINT", onInt);
  try {
    for (const setup of setups) {
      if (runs.length > 0 && interrupt.signal.aborted) break;
      const run = await runLabSetup(setup, flags, undefined, interrupt.signal);
      runs.push({ players: setup.plan.players, plan: setup.plan, result: run.result, run });
      if (run.ended === "stopped") break;
      // A parent process over an IPC channel hears each count end (the test stops the run here).
      process.send?.({ lab: "count played", players: setup.plan.players });
    }
  } finally {
    process.removeListener("SIGINT", onInt);
  }
  const comparisons = countComparisons(runs);
  const stopped = runs.length < counts.length || runs.some((r) => r.run.ended === "stopped");
  const name = entryOrFail(flags.game).game.name;
  if (flags.json) {
    const json = {
      game: runs[0].plan.game,
      seed,
      vary: "players",
      counts,
      ended: stopped ? "stopped" : "done",
      runs: runs.map((r) => labJson(r.plan, r.run)),
      comparisons,
    };
    process.stdout.write(JSON.stringify(json) + "\n");
  } else {
    const lines = [
      `${name} by player count (${counts.join(", ")}), seed ${seed}, each count on the same deals:`,
    ];
    for (const r of runs) lines.push(labText(r.plan, r.run, name).trimEnd());
    for (const c of comparisons) {
      lines.push(
        `  ${c.label}${c.variant === "base" ? "" : `, ${c.variant}`} against ${c.base} (paired by deal over ${c.deals} deals; shares as their edge over 1/n):`,
      );
      for (const k of countMetrics(runs[0].plan)) lines.push(differenceLine(k, c.differences[k]));
    }
    if (stopped) lines.push(`  stopped: ${runs.length} of ${counts.length} counts played`);
    process.stdout.write(lines.join("\n") + "\n");
  }
  // The command that plays it again: the counts' --vary first, as given.
  const command = repeatCommand({ ...flags, vary: flags.vary }, setups[0].plan).replace(/ --players \d+/, "");
  if (flags.csv !== undefined) {
    const rows = {
      ...runs[0].result,
      matchRows: withPlayers(runs, (r) => r.matchRows),
      handRows: withPlayers(runs, (r) => r.handRows),
    };
    writeCsv(rows, flags.csv);
  }
  if (flags.report !== undefined)
    writeWhole(
      flags.report,
      reportHtml(countsPage(runs, comparisons, command, packageVersion(), stopped ? "stopped" : "done")),
    );
  if (stopped) process.exitCode = 130;
}
