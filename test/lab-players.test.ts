/**
 * `cmd:PROGRAM` in the lab, as a user types it: the Python example plays
 * whole matches of every game against `hard` on mirrored deals, a faulty
 * program forfeits in the result and the text, no program outlives its run,
 * and a `--queue` run with a `cmd:` level is refused in one line.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cardroom as run } from "./lab-files.js";
import { GAMES } from "../src/games/index.js";

/** The examples read no arguments: this one marks this run's processes, to look for any left behind. */
const MARK = `lab-players-${process.pid}`;
const PYTHON = `cmd:python3 docs/examples/player.py ${MARK}`;

const cardroom = (args: string[]) => run(args, 300_000);

/** Processes whose command line carries this run's mark. */
function leftBehind(): string {
  const r = spawnSync("pgrep", ["-af", MARK], { encoding: "utf8" });
  return (r.stdout ?? "")
    .split("\n")
    .filter((l) => l.includes(MARK) && !l.includes("pgrep"))
    .join("\n");
}

interface LevelRate {
  readonly level: string;
  readonly matches: { won: number; played: number };
}
interface LabJson {
  games: number;
  matches: number;
  deals: number;
  forfeits: { level: string; seat: number; reason: string; log: string }[];
  measures: {
    variants: {
      lineups: { lineup: string; matches: number; finished: number; levels: LevelRate[] }[];
    }[];
  };
}

describe("cmd:PROGRAM in the lab", () => {
  it("plays whole matches of every game against hard, leaving no process behind", () => {
    for (const game of GAMES) {
      const r = cardroom([
        "lab",
        "--game",
        game.id,
        "--bots",
        `hard,${PYTHON}`,
        "--games",
        "2",
        "--iterations",
        "20",
        "--threads",
        "1",
        "--seed",
        "3",
        "--json",
      ]);
      expect(r.err, game.id).toBe("");
      expect(r.code, game.id).toBe(0);
      const j = JSON.parse(r.out) as LabJson;
      // One deal, played from both seats (mirrored).
      expect(j.deals, game.id).toBe(1);
      expect(j.matches, game.id).toBe(2);
      expect(j.forfeits, game.id).toEqual([]);
      const cell = j.measures.variants[0].lineups[0];
      expect(cell.matches).toBe(2);
      expect(cell.finished, game.id).toBe(2);
      const won = cell.levels.reduce((s, l) => s + l.matches.won, 0);
      expect(won, game.id).toBeCloseTo(2, 9);
      expect(cell.levels.map((l) => l.level).sort()).toEqual([PYTHON, "hard"].sort());
      for (const l of cell.levels) expect(l.matches.played, game.id).toBe(2);
    }
    expect(leftBehind()).toBe("");
  }, 600_000);

  it("reports a faulty program's forfeits in the result and the text", () => {
    const bots = `random,cmd:"${process.execPath}" test/fixtures/faulty-player.mjs illegal ${MARK}`;
    const args = ["lab", "--game", "crazy-eights", "--bots", bots, "--games", "2", "--threads", "1"];
    const text = cardroom(args);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/forfeits: 2/);
    expect(text.out).toMatch(/at seat [01]: .*not a legal move of turn 3 \(its stderr: .*\.log\)/);
    const j = JSON.parse(cardroom([...args, "--json"]).out) as LabJson;
    expect(j.forfeits).toHaveLength(2);
    expect(new Set(j.forfeits.map((f) => f.seat))).toEqual(new Set([0, 1]));
    // A forfeit is a lost match: random wins both.
    const cell = j.measures.variants[0].lineups[0];
    expect(cell.levels.find((l) => l.level === "random")?.matches.won).toBe(2);
    expect(leftBehind()).toBe("");
  }, 120_000);

  it("refuses a --queue run with a cmd: level, and cmd: without a program, in one line", () => {
    const queued = cardroom([
      "lab",
      "--game",
      "roy",
      "--bots",
      `hard,${PYTHON}`,
      "--queue",
      "redis://127.0.0.1:6379",
    ]);
    expect(queued.code).toBe(2);
    expect(queued.err.trim().split("\n")).toHaveLength(1);
    expect(queued.err).toMatch(/--queue: a cmd: level's program runs on this machine/);
    const empty = cardroom(["lab", "--game", "roy", "--bots", "hard,cmd:"]);
    expect(empty.code).toBe(2);
    expect(empty.err.trim().split("\n")).toHaveLength(1);
    expect(empty.err).toMatch(/--bots: .*cmd: needs a program/);
  });
});
