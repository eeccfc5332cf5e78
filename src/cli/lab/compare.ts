/**
 * `cardroom lab compare A.json B.json [--json]`: two separate runs' `--json`, each shared figure's
 * difference (B minus A) with its 95% interval and p. Unpaired: the runs share no deals.
 */
import { readFileSync } from "node:fs";
import { UsageError } from "../args.js";
import { type ComparedRun, compareRuns, labJsonProblem } from "../../lab/compare.js";
import { P_FLOOR } from "../../lab/stats.js";

function readRun(file: string): ComparedRun {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `lab compare: cannot read ${file}${code === "ENOENT" ? ": no such file" : code === "EISDIR" ? ": a directory" : ""}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`lab compare: ${file} is not JSON (the output of cardroom lab --json)`);
  }
  const problem = labJsonProblem(value, file);
  if (problem) throw new UsageError(`lab compare: ${problem}`);
  return value as ComparedRun;
}

const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(3));
const pText = (p: number): string =>
  p <= P_FLOOR ? "< 1e-300" : p < 0.0001 ? "< 0.0001" : `= ${p.toFixed(4)}`;

export function labCompareCommand(fileA: string, fileB: string, flags: { json?: boolean }): void {
  const a = readRun(fileA);
  const b = readRun(fileB);
  if (a.game !== b.game)
    throw new UsageError(
      `lab compare: ${fileA} measures ${a.game}, ${fileB} ${b.game}: compare runs of one game`,
    );
  const cmp = compareRuns(a, b);
  if (cmp.figures.length === 0)
    throw new UsageError(
      `lab compare: ${fileA} and ${fileB} share no variant and line-up with figures (compared by their labels)`,
    );
  if (flags.json) {
    const about = (file: string, r: ComparedRun) => ({
      file,
      game: r.game,
      players: r.players,
      seed: r.seed,
      deals: r.deals,
      matches: r.matches,
    });
    process.stdout.write(
      JSON.stringify({
        compare: { a: about(fileA, a), b: about(fileB, b), overFairShare: cmp.overFairShare },
        figures: cmp.figures,
      }) + "\n",
    );
    return;
  }
  const run = (file: string, r: ComparedRun) =>
    `${file} (${r.players} players, seed ${r.seed}, ${r.matches.toLocaleString("en")} matches)`;
  const lines = [
    `${a.game}: B ${run(fileB, b)} minus A ${run(fileA, a)}; unpaired (separate deals), 95% normal intervals`,
  ];
  if (cmp.overFairShare)
    lines.push(
      `  the player counts differ: shares are their edge over each run's fair share (1/${a.players} and 1/${b.players}); seats left out`,
    );
  let group = "";
  for (const f of cmp.figures) {
    const g = `${f.variant === "base" ? "" : `${f.variant}, `}${f.lineup}`;
    if (g !== group) lines.push(`  ${(group = g)}:`);
    lines.push(
      `    ${f.figure.padEnd(32)} A ${num(f.a).padStart(7)}  B ${num(f.b).padStart(7)}  ` +
        `B-A ${f.difference >= 0 ? "+" : ""}${num(f.difference)} [${num(f.ci95[0])}, ${num(f.ci95[1])}]  p ${pText(f.p)}`,
    );
  }
  process.stdout.write(lines.join("\n") + "\n");
}
