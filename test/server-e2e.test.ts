/**
 * Two terminals play a match through `cardroom serve` on SQLite with nothing
 * else installed: real processes, real sockets. Then the one's replay is
 * verified, and the server and a client stop cleanly on SIGTERM/SIGINT.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
let dir: string;
let server: ChildProcess;
let url: string;

function run(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: dir,
    env: { ...process.env, XDG_CONFIG_HOME: join(dir, "config"), ...env, NO_COLOR: "1" },
    stdio: ["pipe", "pipe", "pipe"],
  });
}

/** Resolves with the output once `pattern` shows in it. */
function waitFor(p: ChildProcess, pattern: RegExp, ms = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in time; got: ${out.slice(-500)}`)), ms);
    const on = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        p.stdout!.off("data", on);
        resolve(out);
      }
    };
    p.stdout!.on("data", on);
  });
}

function exited(p: ChildProcess, ms = 10_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (p.exitCode !== null) return resolve(p.exitCode);
    const timer = setTimeout(() => reject(new Error("the process did not exit in time")), ms);
    p.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 128 : null));
    });
  });
}

/** Answers a join's prompts as a player would: the first move, Enter, no more matches. */
function autoplay(p: ChildProcess): { output: () => string } {
  let out = "";
  let pending = "";
  p.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    pending += d.toString();
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (/^Your move \(1-\d+/.test(line) || /^Which suit\?/.test(line)) p.stdin!.write("1\n");
      else if (/^Press Enter/.test(line)) p.stdin!.write("\n");
      else if (/^Play again\? \(Y\/N\)/.test(line)) p.stdin!.write("n\n");
    }
  });
  return { output: () => out };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-e2e-"));
  // A low message rate, so that the players' forced moves (played as fast as the server answers)
  // are told to slow down, and must be asked again rather than lost.
  server = run(["serve"], { PORT: "0", HOST: "127.0.0.1", MESSAGES_PER_SECOND: "8" });
  const out = await waitFor(server, /Cardroom server at (http:\/\/\S+) /);
  url = /Cardroom server at (http:\/\/\S+) /.exec(out)![1];
});

afterAll(async () => {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function newTable(): Promise<{ id: string; code: string; invite: string }> {
  const res = await fetch(`${url}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
      options: { target: 1 },
    }),
  });
  return (await res.json()) as { id: string; code: string; invite: string };
}

describe("cardroom serve and join", () => {
  it("two terminals play a match through the server; the replay verifies", async () => {
    const table = await newTable();
    const a = run(["join", table.invite, "--name", "Ann", "--proof", "ann.json"]);
    const ann = autoplay(a);
    await waitFor(a, /you are seat 0/);
    const b = run(["join", table.code, "--server", url, "--name", "Ben"]);
    const ben = autoplay(b);
    const [ca, cb] = await Promise.all([exited(a, 45_000), exited(b, 45_000)]).catch((e: Error) => {
      a.kill("SIGKILL");
      b.kill("SIGKILL");
      throw new Error(
        `${e.message}\n--- Ann:\n${ann.output().slice(-2000)}\n--- Ben:\n${ben.output().slice(-2000)}`,
      );
    });
    expect(ann.output()).toMatch(/Match over/);
    expect(ben.output()).toMatch(/Match over/);
    expect([ca, cb]).toEqual([0, 0]);
    expect(ben.output()).toMatch(/you are seat 1/);
    const v = spawnSync(process.execPath, [BIN, "verify", join(dir, "ann.json")], { encoding: "utf8" });
    expect(v.stdout).toMatch(/^OK: /);
    expect(v.status).toBe(0);
  });

  it("a join stops on SIGINT, and says one line for a table that does not exist", async () => {
    const table = await newTable();
    const a = run(["join", table.invite, "--name", "Cy"]);
    await waitFor(a, /you are seat 0/);
    a.kill("SIGINT");
    expect(await exited(a)).toBe(130);
    const r = spawnSync(process.execPath, [BIN, "join", "ZZZZZZ", "--server", url], {
      encoding: "utf8",
      cwd: dir,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/no such table/);
  });

  it("the server stops on SIGTERM", async () => {
    server.kill("SIGTERM");
    expect(await exited(server)).toBe(0);
  });
});
