/**
 * Tension by evaluation (docs/LAB.md): a tiny run with `hard` seats, each
 * per-variant figure of its JSON and its report recomputed from the match
 * rows of its CSV; and with no searching seat, no figure at all.
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amountPlusMinus } from "../src/lab/report-words.js";
import { Z95 } from "../src/lab/stats.js";
import { type LabRun, runLab } from "./lab-files.js";

/** The match-row column of each figure, and its key in the JSON. */
const FIGURES = [
  ["clarity", "clarity"],
  ["narrowness", "narrowness"],
  ["uncertainty", "uncertainty"],
  ["stability", "stability"],
  ["eval_drama", "drama"],
] as const;

type Est = { n: number; mean: number; sd: number; ci95: [number, number] };
type Tension = { decisions: number } & Record<(typeof FIGURES)[number][1], Est | null>;
const tensionOf = (run: LabRun): Tension | null =>
  (run.json.measures as { variants: { lineups: { tension: Tension | null }[] }[] }).variants[0].lineups[0]
    .tension;

const matchRows = (run: LabRun): Record<string, string>[] =>
  (parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<string, string>[]).filter(
    (r) => r.kind === "match",
  );

let hard: LabRun;
let medium: LabRun;
beforeAll(() => {
  const tiny = ["--game", "crazy-eights", "--games", "4", "--threads", "1", "--csv", "{dir}/run.csv"];
  hard = runLab([
    ...tiny,
    "--bots",
    "hard,medium",
    "--iterations",
    "100",
    "--seed",
    "tension",
    "--report",
    "{dir}/run.html",
  ]);
  medium = runLab([...tiny, "--bots", "medium", "--seed", "tension"]);
}, 300_000);
afterAll(() => {
  hard?.remove();
  medium?.remove();
});

describe("tension by evaluation", () => {
  it("recomputes every figure of the JSON and the report from the CSV's match rows", () => {
    const rows = matchRows(hard);
    const t = tensionOf(hard)!;
    expect(rows).toHaveLength(4);
    expect(t.decisions).toBe(rows.reduce((s, r) => s + Number(r.searched), 0));
    expect(t.decisions).toBeGreaterThan(0);
    const html = readFileSync(hard.file("run.html"), "utf8");
    for (const [column, key] of FIGURES) {
      const xs = rows.filter((r) => r[column] !== "").map((r) => Number(r[column]));
      const e = t[key]!;
      expect(e.n, key).toBe(xs.length);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
      const half = (Z95 * sd) / Math.sqrt(xs.length);
      expect(e.mean, key).toBeCloseTo(mean, 12);
      expect(e.sd, key).toBeCloseTo(sd, 9);
      expect(e.ci95[0], key).toBeCloseTo(mean - half, 9);
      // The report's table shows the same figure with its interval.
      expect(html, key).toContain(amountPlusMinus({ value: mean, lo: mean - half, hi: mean + half }));
    }
    // Shares and closeness lie in [0, 1]; a variance of values in [0, 1] at most 1/4.
    for (const r of rows) {
      for (const c of ["narrowness", "uncertainty", "eval_drama"])
        if (r[c] !== "") expect(Math.abs(Number(r[c]) - 0.5), c).toBeLessThanOrEqual(0.5);
      expect(Number(r.clarity)).toBeLessThanOrEqual(0.25);
    }
    // Drama by evaluation is the match winner's own: a match medium won has none (hard sat in the other seat).
    for (const r of rows) {
      const winner = Number(r.winners);
      const level = r.levels.split(",")[winner];
      if (level === "medium") expect(r.eval_drama).toBe("");
    }
  });

  it("is null in the JSON and absent from the rows when no seat searches", () => {
    expect(tensionOf(medium)).toBeNull();
    const rows = matchRows(medium);
    expect(rows.length).toBeGreaterThan(0);
    for (const [column] of [...FIGURES, ["searched"]]) expect(Object.keys(rows[0])).not.toContain(column);
  });

  it("documents each of its columns in docs/LAB.md's tables", () => {
    const doc = readFileSync(new URL("../docs/LAB.md", import.meta.url), "utf8");
    const firstCells = [...doc.matchAll(/^\|([^|]*)\|/gm)].map((m) => m[1]).join(" ");
    for (const [column] of [...FIGURES, ["searched"]]) expect(firstCells).toContain(`\`${column}\``);
  });
});
