/**
 * `--vary players=2,3,4` (issue 39): each player count plays the same seeds as a run of that count
 * alone would, the counts are compared deal by deal with shares as their edge over 1/n, and the
 * figures recompute from the CSV's rows (a `players` column says each row's count). A count the
 * game does not allow is one line and exit 2.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Z95 } from "../src/lab/stats.js";
import { BOUNDED_WORK } from "./game-properties.js";
import { BIN, type LabRun, cardroom, runLab } from "./lab-files.js";

interface Difference {
  n: number;
  mean: number;
  sd: number;
  ci95: [number, number];
  p: number;
}
interface Comparison {
  label: string;
  base: string;
  variant: string;
  deals: number;
  differences: Record<string, Difference>;
}
interface CountJson {
  counts: number[];
  runs: { players: number; matches: number; measures: unknown }[];
  comparisons: Comparison[];
}

const FLAGS = ["--game", "royal-corners", "--bots", "medium", "--games", "150", "--seed", "vary-players"];
let run: LabRun;
beforeAll(() => {
  run = runLab([...FLAGS, "--vary", "players=2,3,4", "--csv", "{dir}/run.csv", "--report", "{dir}/run.html"]);
}, BOUNDED_WORK);
afterAll(() => run?.remove());

const json = () => run.json as unknown as CountJson;

describe("--vary players", () => {
  it(
    "plays each count on the seeds a run of that count alone plays",
    () => {
      expect(json().counts).toEqual([2, 3, 4]);
      expect(json().runs.map((r) => r.players)).toEqual([2, 3, 4]);
      const alone = runLab([...FLAGS, "--players", "3"]);
      try {
        expect(json().runs[1].measures).toEqual(alone.json.measures);
      } finally {
        alone.remove();
      }
    },
    BOUNDED_WORK,
  );

  it("recomputes each count's edge over 1/n, paired by deal, from the CSV", () => {
    const rows = parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    // Per count and deal (one line-up of equal levels: one rotation): the first dealer's share of the
    // match, and the share of hands their dealers won, each less 1/n.
    const firstDealer = new Map<string, number>();
    const hands = new Map<string, { hands: number; won: number }>();
    for (const r of rows) {
      const key = `${r.players}:${r.deal}`;
      const winners = r.winners === "" ? [] : r.winners.split(";");
      if (r.kind === "match") firstDealer.set(key, winners.includes(r.first_dealer) ? 1 / winners.length : 0);
      else {
        const t = hands.get(key) ?? { hands: 0, won: 0 };
        t.hands++;
        if (winners.includes(r.dealer)) t.won += 1 / winners.length;
        hands.set(key, t);
      }
    }
    const edge = {
      first_dealer_wins: (n: number, deal: string) => firstDealer.get(`${n}:${deal}`)! - 1 / n,
      hand_dealer_share: (n: number, deal: string) => {
        const t = hands.get(`${n}:${deal}`)!;
        return t.won / t.hands - 1 / n;
      },
    };
    const deals = [...new Set(rows.map((r) => r.deal))];
    expect(deals).toHaveLength(150);
    for (const c of json().comparisons) {
      expect(c.base).toBe("players=2");
      const n = Number(c.label.replace("players=", ""));
      for (const [k, of] of Object.entries(edge)) {
        const diffs = deals.map((deal) => of(n, deal) - of(2, deal));
        const mean = diffs.reduce((s, x) => s + x, 0) / diffs.length;
        const sd = Math.sqrt(diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (diffs.length - 1));
        const d = c.differences[k];
        expect(d.n).toBe(diffs.length);
        expect(d.mean).toBeCloseTo(mean, 12);
        expect(d.sd).toBeCloseTo(sd, 9);
        expect(d.ci95[0]).toBeCloseTo(mean - (Z95 * sd) / Math.sqrt(diffs.length), 9);
      }
    }
    expect(json().comparisons.map((c) => c.label)).toEqual(["players=3", "players=4"]);
  });

  it("leads the report with the counts compared, against a fair 1/n", () => {
    const html = readFileSync(run.file("run.html"), "utf8");
    expect(html).toMatch(
      /In short, by player count on the same seeds \(2, 3, 4 players; shares as their edge over a fair 1\/n\)/,
    );
    expect(html).toContain("Each player count&#39;s shares against its fair 1/n");
    expect(html).toContain("What each player count changes, paired by deal");
  });

  it(
    "runs the other --vary options' factorial inside each count",
    () => {
      const both = runLab([
        ...FLAGS,
        "--games",
        "20",
        "--vary",
        "players=2,4",
        "--vary",
        "firstPlayer=dealer,left",
      ]);
      try {
        const j = both.json as unknown as CountJson;
        expect(j.comparisons.map((c) => `${c.label} ${c.variant} ${c.deals}`)).toEqual([
          "players=4 firstPlayer=dealer 20",
          "players=4 firstPlayer=left 20",
        ]);
      } finally {
        both.remove();
      }
    },
    BOUNDED_WORK,
  );

  it("refuses a count the game does not allow in one line", () => {
    const r = cardroom(["lab", "--game", "royal-corners", "--vary", "players=2,5", "--games", "10"]);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe("cardroom: --vary players=2,5: Royal Corners is for 2 to 4 players, not 5");
    expect(r.out).toBe("");
  });

  it("stops at once on Ctrl-C between two counts and writes the counts that finished", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-lab-players-stop-"));
    try {
      const csv = join(dir, "stopped.csv");
      const args = ["lab", "--game", "royal-corners", "--bots", "random", "--games", "40", "--threads", "1"];
      const child = spawn(
        process.execPath,
        [BIN, ...args, "--vary", "players=2,3,4", "--csv", csv, "--json"],
        { stdio: ["ignore", "pipe", "pipe", "ipc"] },
      );
      let out = "";
      child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
      // Ctrl-C as the first count ends (it says so over the IPC channel): no further count is played.
      child.on("message", (m: { lab?: string }) => {
        if (m.lab === "count played") child.kill("SIGINT");
      });
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(130);
      const r = JSON.parse(out) as { ended: string; runs: { players: number; matches: number }[] };
      expect(r.ended).toBe("stopped");
      // The first count whole; a second at most as far as it got before the stop reached it, never the third.
      expect(r.runs[0]).toMatchObject({ players: 2, matches: 40 });
      expect(r.runs.length).toBeLessThan(3);
      expect(readdirSync(dir)).toEqual(["stopped.csv"]);
      const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Record<string, string>[];
      const matches = rows.filter((x) => x.kind === "match");
      expect(matches).toHaveLength(r.runs.reduce((s, x) => s + x.matches, 0));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
