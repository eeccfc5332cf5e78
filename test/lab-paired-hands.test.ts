/**
 * The lab's paired comparison at the level of hands (issue 39): Royal Corners
 * with four players, the first turn passed to the dealer's left, moves the
 * dealer's share of hands by about 4 points, which match-level figures alone
 * could not tell from chance. The figure is said in the summary, and it
 * recomputes from the run's own CSV; so does its equivalence test (TOST,
 * `--margin 1%`), which must not call a 4-point change "less than 1 point".
 */
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorFunction } from "simple-statistics";
import { Z95 } from "../src/lab/stats.js";
import { BOUNDED_WORK } from "./game-properties.js";
import { type LabRun, runLab } from "./lab-files.js";

interface Difference {
  n: number;
  mean: number;
  sd: number;
  ci95: [number, number];
  p: number;
}

let run: LabRun;
beforeAll(() => {
  run = runLab([
    ...["--game", "royal-corners", "--players", "4", "--vary", "firstPlayer=dealer,left"],
    ...["--bots", "medium", "--games", "1000", "--seed", "paired-hands"],
    ...["--csv", "{dir}/run.csv", "--report", "{dir}/run.html", "--margin", "1%"],
  ]);
}, BOUNDED_WORK);
afterAll(() => run?.remove());

interface Equivalence {
  margin: number;
  p: number;
  ci90: [number, number];
  equivalent: boolean;
}

const equivalence = (): Record<string, Equivalence> =>
  (run.json.measures as { comparisons: { equivalence: Record<string, Equivalence> }[] }).comparisons[0]
    .equivalence;

/** P(Z >= z), from the error function alone (the lab's own tail is what is checked). */
const upper = (z: number): number => 0.5 * (1 - errorFunction(z / Math.SQRT2));

const differences = (): Record<string, Difference> =>
  (run.json.measures as { comparisons: { differences: Record<string, Difference> }[] }).comparisons[0]
    .differences;

describe("hand-level figures paired by deal", () => {
  it("find the dealer's smaller share of hands when the first turn passes left", () => {
    const d = differences().hand_dealer_share;
    expect(d.mean).toBeLessThan(0);
    expect(d.ci95[1]).toBeLessThan(0);
    expect(d.p).toBeLessThan(0.001);
    const html = readFileSync(run.file("run.html"), "utf8");
    expect(html).toMatch(
      /the dealer&#39;s share of hands −\d+\.\d points \(95% −\d+\.\d points to −\d+\.\d points, p &lt; 0\.001\)/,
    );
    expect(html).not.toMatch(/no difference this run can tell from chance/);
  });

  it("recompute from the CSV's hand rows: each deal's dealer share, variant against base", () => {
    const rows = parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    // Per variant and deal (one rotation: one level), hands and the shares their dealers won.
    const tally = new Map<string, { hands: number; won: number }>();
    for (const r of rows) {
      if (r.kind !== "hand" || r.lineup !== "0") continue;
      const key = `${r.variant}:${r.deal}`;
      const t = tally.get(key) ?? { hands: 0, won: 0 };
      const winners = r.winners === "" ? [] : r.winners.split(";");
      t.hands++;
      if (winners.includes(r.dealer)) t.won += 1 / winners.length;
      tally.set(key, t);
    }
    const deals = [...new Set(rows.filter((r) => r.kind === "hand").map((r) => r.deal))];
    const share = (v: number, deal: string) => {
      const t = tally.get(`${v}:${deal}`)!;
      return t.won / t.hands;
    };
    const diffs = deals.map((deal) => share(1, deal) - share(0, deal));
    const n = diffs.length;
    const mean = diffs.reduce((s, x) => s + x, 0) / n;
    const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
    const d = differences().hand_dealer_share;
    expect(d.n).toBe(n);
    expect(d.mean).toBeCloseTo(mean, 12);
    expect(d.sd).toBeCloseTo(sd, 9);
    expect(d.ci95[0]).toBeCloseTo(mean - (Z95 * sd) / Math.sqrt(n), 9);
    expect(d.ci95[1]).toBeCloseTo(mean + (Z95 * sd) / Math.sqrt(n), 9);
    // TOST against ±1 point: the larger of the one-sided p-values, and the 90% interval.
    const se = sd / Math.sqrt(n);
    const e = equivalence().hand_dealer_share;
    expect(e.margin).toBe(0.01);
    expect(e.p).toBeCloseTo(Math.max(upper((mean + 0.01) / se), upper((0.01 - mean) / se)), 9);
    expect(e.ci90[0]).toBeCloseTo(mean - 1.6448536269514722 * se, 9);
    expect(e.ci90[1]).toBeCloseTo(mean + 1.6448536269514722 * se, 9);
  });

  it("do not call a 4-point change less than 1 point, and say the margin and the test", () => {
    const e = equivalence().hand_dealer_share;
    expect(e.equivalent).toBe(false);
    expect(e.p).toBeGreaterThan(0.5);
    expect((run.json.plan as { margin: number }).margin).toBe(0.01);
    const html = readFileSync(run.file("run.html"), "utf8");
    expect(html).toMatch(
      /two one-sided tests \(TOST\) of each paired share against a margin of ±1\.0 points/,
    );
    expect(html).toMatch(
      /not shown to change by less than ±1\.0 points: .*the dealer&#39;s share of hands \(90% /,
    );
  });
});
