/**
 * `cmd:PROGRAM` wherever a level is chosen, as a user types it: `cardroom
 * play --vs`, the room, `cardroom sim --bots`; a program that fails forfeits
 * in words, and a `cmd:` without a program is a one-line usage error.
 */
import { spawnSync } from "node:child_process";
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

  it("plays in the arena against hard, on mirrored deals", () => {
    const r = cardroom([
      "sim",
      "--game",
      "gin-rummy",
      "--games",
      "2",
      "--bots",
      `hard,${PYTHON}`,
      "--iterations",
      "20",
      "--threads",
      "1",
      "--json",
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
