/**
 * `cardroom lab --csv FILE --parquet FILE`: one row per match and per hand,
 * the columns docs/LAB.md lists, read back with a CSV parser and a Parquet
 * reader, agreeing with each other and with the run's own counts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { parquetMetadata, parquetReadObjects, parquetSchema } from "hyparquet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, type LabRun, cardroom, runLab } from "./lab-files.js";

/** The column names docs/LAB.md's tables document: every name in backquotes in a row's first cell. */
function documentedColumns(): Set<string> {
  const doc = readFileSync(new URL("../docs/LAB.md", import.meta.url), "utf8");
  const names = new Set<string>();
  for (const row of doc.matchAll(/^\|([^|]*)\|/gm))
    for (const name of row[1].matchAll(/`([^`]+)`/g)) names.add(name[1]);
  return names;
}

/** A column as the docs may write it: `score_2` under `score_0` ... `score_{n-1}`, `rule_blocked` under `rule_<counter>`. */
const documentedAs = (name: string): string[] => [
  name,
  name.replace(/_\d+$/, "_0"),
  name.replace(/^rule_.*$/, "rule_<counter>"),
];

const readParquet = async (file: string) => {
  const b = readFileSync(file);
  const buffer = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  return { rows: await parquetReadObjects({ file: buffer }), metadata: parquetMetadata(buffer) };
};

let run: LabRun;
beforeAll(() => {
  run = runLab([
    "--game",
    "crazy-eights",
    "--players",
    "3",
    "--games",
    "40",
    "--seed",
    "files-test",
    "--csv",
    "{dir}/run.csv",
    "--parquet",
    "{dir}/run.parquet",
  ]);
}, 180_000);
afterAll(() => run?.remove());

describe("the lab's files", () => {
  it("holds one row per match and per hand of the run, and nothing half-written beside them", () => {
    expect(readdirSync(run.dir).sort()).toEqual(["run.csv", "run.parquet"]);
    const csv = parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(csv.filter((r) => r.kind === "match")).toHaveLength(run.json.matches);
    expect(csv.filter((r) => r.kind === "hand")).toHaveLength(run.json.hands);
    expect(csv).toHaveLength(run.json.matches + run.json.hands);
  });

  it("counts each decision's choice, and the run's choice figures add up from the hand rows", () => {
    const csv = parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    const hands = csv.filter((r) => r.kind === "hand");
    const sum = (k: string) => hands.reduce((s, r) => s + Number(r[k]), 0);
    type Choice = {
      decisions: number;
      options: { mean: number };
      forced: { won: number };
      branching: number;
    };
    const cell = (run.json.measures as { variants: { lineups: { choice: Choice | null }[] }[] }).variants[0]
      .lineups[0];
    const choice = cell.choice!;
    // A 40-match run counts every deal: every hand row has the figures, and they add up to the run's.
    expect(choice.decisions).toBe(sum("decisions"));
    expect(choice.forced.won).toBe(sum("forced_decisions"));
    expect(choice.options.mean).toBeCloseTo(sum("options") / sum("decisions"), 9);
    // Every move of the run was a decision with at least one legal move.
    expect(choice.decisions).toBe(run.json.moves);
    expect(choice.branching).toBeGreaterThan(1);
    expect(choice.branching).toBeLessThanOrEqual(choice.options.mean);
  });

  it("names only columns docs/LAB.md documents", () => {
    const header = readFileSync(run.file("run.csv"), "utf8").split("\n")[0].split(",");
    const documented = documentedColumns();
    expect(header[0]).toBe("kind");
    for (const name of header)
      expect(
        documentedAs(name).some((d) => documented.has(d)),
        name,
      ).toBe(true);
    for (const seat of [0, 1, 2]) expect(header).toContain(`score_${seat}`);
  });

  it("reads the same from Parquet as from CSV, typed", async () => {
    const csv = parse(readFileSync(run.file("run.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    const { rows, metadata } = await readParquet(run.file("run.parquet"));
    expect(rows).toHaveLength(csv.length);
    expect(parquetSchema(metadata).children.map((c) => c.element.name)).toEqual(Object.keys(csv[0]));
    rows.forEach((row, i) => {
      for (const [k, v] of Object.entries(row))
        expect(v === null ? "" : String(v), `${k} of row ${i}`).toBe(csv[i][k]);
    });
    // Numbers are numbers: the match rows' moves add up to the run's.
    const moves = rows.filter((r) => r.kind === "match").reduce((s, r) => s + (r.moves as number), 0);
    expect(moves).toBe(run.json.moves);
  });

  it("refuses a file it cannot write before it plays: one line, exit 2, nothing left behind", () => {
    const r = cardroom([
      "lab",
      "--game",
      "crazy-eights",
      "--games",
      "4",
      "--csv",
      `${run.dir}/run.csv/inside.csv`,
    ]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/--csv: .*run\.csv is not a folder/);
    expect(r.err).not.toMatch(/\bat .*:\d+:\d+/);
    expect(readdirSync(run.dir).sort()).toEqual(["run.csv", "run.parquet"]);
  });

  it("hold the matches an interrupted run finished (Ctrl-C)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-lab-stop-"));
    try {
      const csv = join(dir, "stopped.csv");
      const child = spawn(
        process.execPath,
        [
          BIN,
          ...["lab", "--game", "crazy-eights", "--bots", "random", "--games", "10000000"],
          ...["--csv", csv, "--json"],
        ],
        { stdio: ["ignore", "pipe", "pipe", "ipc"] },
      );
      let out = "";
      child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
      // Stopped once it plays (it says so over the IPC channel); the run reports the batches it finished.
      await new Promise((resolve) => child.once("message", resolve));
      child.kill("SIGINT");
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(130);
      const r = JSON.parse(out) as { ended: string; matches: number; hands: number };
      expect(r.ended).toBe("stopped");
      expect(readdirSync(dir)).toEqual(["stopped.csv"]);
      const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Record<string, string>[];
      expect(rows.filter((x) => x.kind === "match")).toHaveLength(r.matches);
      expect(rows.filter((x) => x.kind === "hand")).toHaveLength(r.hands);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
