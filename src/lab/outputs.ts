/**
 * The files a lab run writes when asked (`--csv`, `--parquet`, `--report`):
 * their paths checked before anything is played, each written whole after.
 */
import { writeCsv } from "./csv.js";
import { unwritable } from "./output-file.js";
import { writeParquet } from "./parquet.js";
import type { LabPlan, LabResult } from "./plan.js";
import type { Ladder } from "./ladder.js";
import { type ReportStop, type RunEnd, writeReport } from "./report.js";

export interface OutputFlags {
  readonly csv?: string;
  readonly parquet?: string;
  readonly report?: string;
}

const FLAGS = [
  ["csv", "--csv"],
  ["parquet", "--parquet"],
  ["report", "--report"],
] as const;

/** The first problem with the paths asked for (`--csv: no folder out`), or null. */
export function outputProblem(o: OutputFlags): string | null {
  const seen = new Map<string, string>();
  for (const [key, flag] of FLAGS) {
    const file = o[key];
    if (file === undefined) continue;
    if (file === "") return `${flag}: expected a file name`;
    const other = seen.get(file);
    if (other) return `${flag}: ${file} is already ${other}'s file`;
    seen.set(file, flag);
    const why = unwritable(file);
    if (why) return `${flag}: ${why}`;
  }
  return null;
}

/** Whether the run must keep its rows (the files hold one per match and per hand). */
export const needsRows = (o: OutputFlags): boolean => o.csv !== undefined || o.parquet !== undefined;

/** Writes each file asked for; `command` is the command line that plays the run again. */
export function writeOutputs(
  plan: LabPlan,
  result: LabResult,
  o: OutputFlags,
  command: string,
  version: string,
  ended: RunEnd = "done",
  ladder: Ladder | null = null,
  stop: ReportStop | null = null,
): void {
  if (o.csv !== undefined) writeCsv(result, o.csv);
  if (o.parquet !== undefined) writeParquet(result, o.parquet, plan);
  if (o.report !== undefined) writeReport(plan, result, o.report, command, version, ended, ladder, stop);
}
