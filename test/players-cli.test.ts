/**
 * `cmd:PROGRAM` wherever a level is chosen, as a user types it: `cardroom
 * play --vs`, the room, `cardroom sim --bots`; a program that fails forfeits
 * in words, and a `cmd:` without a program is a one-line usage error.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const PYTHON = "cmd:python3 docs/examples/player.py";

function cardroom(args: string[], input = "") {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("cmd:PROGRAM as a level", () => {
  it("plays a whole match at the terminal against the Python example", () => {
    const r = cardroom(
      ["play", "crazy-eights", "--vs", PYTHON, "--seed", "5", "--option", "target=1"],
      "1\n".repeat(300) + "n\n",
    );
    expect(r.err).toBe("");
    expect(r.out).toMatch(/seat 1: (play|draw)/);
    expect(r.out).toMatch(/Match over: (you win!|seat 1 wins\.)/);
    expect(r.out).not.toMatch(/forfeit/);
    expect(r.code).toBe(0);
  });

  it("is offered in the room", () => {
    const r = cardroom(["room"], `4\n2\n${PYTHON}\n1\n1\n\n` + "1\n".repeat(300) + "n\nq\n");
    expect(r.out).toContain("or cmd:PROGRAM: a program of your own plays them");
    expect(r.out).toMatch(/Match over: (you win!|seat 1 wins\.)/);
    expect(r.out.trim().endsWith("Goodbye.")).toBe(true);
  });

  // One short match a game (the first to a point, or a hand), both seats in turn: `cardroom sim`.
  const SHORT: Record<string, string[]> = {
    roy: ["target=1"],
    "royal-corners": ["limit=1"],
    "roller-coaster": ["handsToWin=1"],
    "crazy-eights": ["target=1"],
    "gin-rummy": ["target=1"],
    cribbage: ["target=1"],
    hyrule: [],
  };
  it.each(Object.entries(SHORT))("plays %s in the arena against hard, on mirrored deals", (game, options) => {
    const r = cardroom([
      "sim",
      "--game",
      game,
      "--games",
      "2",
      "--bots",
      `hard,${PYTHON}`,
      "--iterations",
      "20",
      "--threads",
      "1",
      "--json",
      ...options.flatMap((o) => ["--option", o]),
    ]);
    expect(r.err).toBe("");
    const s = JSON.parse(r.out) as { games: number; forfeits: unknown[]; levels: { level: string }[] };
    expect(s.games).toBe(2);
    expect(s.forfeits).toEqual([]);
    expect(s.levels.map((l) => l.level)).toEqual(["hard", PYTHON]);
  });

  it("says why a program forfeits, at the table and in the arena", () => {
    const play = cardroom(["play", "gin-rummy", "--vs", "cmd:./no-such-player"], "1\n".repeat(5) + "n\n");
    expect(play.out).toMatch(
      /seat 1's program \(\.\/no-such-player\) forfeits the match: it exited with code 127/,
    );
    expect(play.out).toMatch(/Its stderr is in .*\.log/);
    const sim = cardroom([
      "sim",
      "--game",
      "crazy-eights",
      "--games",
      "2",
      "--bots",
      `random,cmd:"${process.execPath}" test/fixtures/faulty-player.mjs illegal`,
      "--threads",
      "1",
    ]);
    expect(sim.code).toBe(0);
    expect(sim.out).toMatch(/forfeits: 2/);
    expect(sim.out).toMatch(/not a legal move of turn 3 \(its stderr: .*\.log\)/);
  });

  it("refuses cmd: without a program in one line", () => {
    const r = cardroom(["sim", "--game", "roy", "--bots", "hard,cmd:"]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/--bots: .*cmd: needs a program/);
  });
});

/** Pids of the faulty player started with `marker` (its own command line, not Cardroom's naming it). */
function playersMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${d}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // gone meanwhile
    }
    if (argv[1]?.endsWith("faulty-player.mjs") && argv.includes(marker)) pids.push(Number(d));
  }
  return pids;
}

describe("a Ctrl-C or a kill", () => {
  // A program that never answers and outlives its input: only its group's kill stops it.
  const stuck = (marker: string) =>
    `cmd:"${process.execPath}" test/fixtures/faulty-player.mjs late ${marker}`;
  const cases: [string, string[], NodeJS.Signals][] = [
    [
      "sim (its matches on a worker thread)",
      ["sim", "--game", "crazy-eights", "--games", "2", "--threads", "1"],
      "SIGINT",
    ],
    [
      "the lab (which reports what it played)",
      ["lab", "--game", "crazy-eights", "--games", "2", "--threads", "1"],
      "SIGINT",
    ],
    ["play, at the table", ["play", "crazy-eights"], "SIGINT"],
    ["sim, ended by SIGTERM", ["sim", "--game", "crazy-eights", "--games", "2", "--threads", "1"], "SIGTERM"],
  ];
  it.each(cases)(
    "leaves no program behind: %s",
    async (_, args, signal) => {
      const marker = `stuck-${process.pid}-${args[0]}-${signal}`;
      const levels = args[0] === "play" ? ["--vs", stuck(marker)] : ["--bots", `random,${stuck(marker)}`];
      const child = spawn(process.execPath, [BIN, ...args, ...levels], {
        stdio: ["pipe", "ignore", "ignore"],
      });
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      try {
        // The program is asked for its third move and never answers (10 s before it would forfeit).
        for (let i = 0; i < 100 && playersMarked(marker).length === 0; i++) await sleep(100);
        expect(playersMarked(marker)).toHaveLength(1);
        await sleep(1000);
        child.kill(signal);
        await exited;
        for (let i = 0; i < 20 && playersMarked(marker).length > 0; i++) await sleep(100);
        expect(playersMarked(marker)).toEqual([]);
      } finally {
        child.kill("SIGKILL");
        for (const pid of playersMarked(marker)) process.kill(pid, "SIGKILL");
      }
    },
    30_000,
  );
});
