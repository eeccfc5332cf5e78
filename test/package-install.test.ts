/**
 * The package as a user installs it: `npm pack` of this repository, installed
 * globally into an empty folder (`npm install --global --prefix DIR`), then
 * run from another empty folder with nothing of this checkout: a terminal
 * match, a simulation, the lab and its report, the engine, and the server
 * with its web client, playing a match that the installed `verify` checks.
 *
 * One install per run. Its install scripts are skipped, and better-sqlite3's
 * native part is the one this checkout built when its version is the one the
 * install resolved (compiling it again from its sources took 3 to 7 minutes of
 * the suite's 2 cores and tests better-sqlite3, not this package); another
 * version is compiled (`npm rebuild`), as a user's install does. It packs the
 * build the suite made (`npm test` builds first) with `--ignore-scripts`:
 * packing runs `prepare`, a rebuild that would empty web/dist under the other
 * tests' servers.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { until } from "./guests.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let dir: string;
/** The global prefix the package is installed into, and an empty folder to run it from. */
let prefix: string;
let work: string;
let packed: string[] = [];
/** What npm said on stderr as it installed the tarball. */
let installWarnings = "";
let server: ChildProcess | undefined;

/** The installed command, run from the empty folder, with `input` on stdin. */
function cardroom(args: string[], input = "", env: Record<string, string> = {}) {
  const r = spawnSync(join(prefix, "bin", "cardroom"), args, {
    cwd: work,
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeout: 240_000,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  for (const built of ["dist/src/cli/main.js", "web/dist/index.html"])
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  dir = mkdtempSync(join(tmpdir(), "cardroom-package-"));
  prefix = join(dir, "global");
  work = join(dir, "work");
  mkdirSync(work);
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
  const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
  packed = info.files.map((f) => f.path);
  const install = spawnSync(
    "npm",
    [
      "install",
      "--global",
      "--prefix",
      prefix,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      join(dir, info.filename),
    ],
    { cwd: dir, encoding: "utf8", timeout: 900_000 },
  );
  if (install.status !== 0) throw new Error(`npm install of the tarball failed: ${install.stderr}`);
  installWarnings = install.stderr;
  placeSqlite(join(prefix, "lib", "node_modules", "cardroom"));
}, 960_000);

/**
 * better-sqlite3's native part in the installed package: this checkout's own build when the install
 * resolved the same version, else compiled from its sources (nothing downloads a binary).
 */
function placeSqlite(installed: string): void {
  const version = (where: string) =>
    (
      JSON.parse(readFileSync(join(where, "node_modules", "better-sqlite3", "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  const release = join("node_modules", "better-sqlite3", "build", "Release");
  if (version(installed) === version(ROOT)) {
    mkdirSync(join(installed, release), { recursive: true });
    copyFileSync(join(ROOT, release, "better_sqlite3.node"), join(installed, release, "better_sqlite3.node"));
    return;
  }
  const rebuild = spawnSync("npm", ["rebuild", "better-sqlite3", "--build-from-source"], {
    cwd: installed,
    encoding: "utf8",
    timeout: 900_000,
  });
  if (rebuild.status !== 0) throw new Error(`building better-sqlite3 failed: ${rebuild.stderr}`);
}

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const gone = new Promise((r) => server!.once("exit", r));
    server.kill("SIGKILL");
    await gone;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the package a user installs", () => {
  it("ships the program, its built web client and rules pages, and no tests, sources or benchmarks", () => {
    const shipped = (p: string) =>
      ["bin/", "dist/src/", "web/dist/", "docs/rules/"].some((d) => p.startsWith(d)) ||
      ["package.json", "README.md", "LICENSE"].includes(p);
    expect(packed.filter((p) => !shipped(p))).toEqual([]);
    expect(packed.filter((p) => /\.test\.|\.ts$|\.tsx$|^dist\/bench|^web\/dist\/\.vite/.test(p))).toEqual([]);
    for (const needed of [
      "bin/cardroom.js",
      "dist/src/cli/main.js",
      "web/dist/index.html",
      "docs/rules/cribbage.md",
      "LICENSE", // package.json says MIT: the text goes with it
    ])
      expect(packed).toContain(needed);
  });

  it("installs on this Node.js without an engine warning (no dependency that needs a later Node)", () => {
    // The install resolves the dependencies afresh (the lock file stays here): a range that admits a
    // release needing Node 22 would reach a user on Node 20 (light-my-request 6.8 brings cookie 2).
    expect(installWarnings).not.toMatch(/EBADENGINE/);
  });

  it("runs from another folder: a terminal match, a simulation, the engine and the lab with its report", () => {
    expect(cardroom(["--version"]).out.trim()).toBe(VERSION);

    // A whole match typed in, the rules asked for on the way.
    const play = cardroom(["play", "crazy-eights", "--seed", "8"], "rules\n" + "1\n".repeat(20_000));
    expect([play.code, play.err]).toEqual([0, ""]);
    expect(play.out).toMatch(/How to play Crazy Eights/);
    expect(play.out).toMatch(/Match over: /);

    const sim = cardroom(["sim", "--game", "roy", "--games", "3", "--json"]);
    expect(sim.code).toBe(0);
    expect(JSON.parse(sim.out)).toMatchObject({ games: 3 });

    const engine = cardroom(
      ["engine"],
      [
        { id: 1, cmd: "new", game: "gin-rummy", players: 2, seed: 3 },
        { id: 2, cmd: "status" },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    const answers = engine.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: number; ok: boolean });
    expect(answers.map((a) => [a.id, a.ok])).toEqual([
      [1, true],
      [2, true],
    ]);

    const lab = cardroom(["lab", "--game", "crazy-eights", "--games", "4", "--json", "--report", "lab.html"]);
    expect([lab.code, lab.err]).toEqual([0, ""]);
    expect(JSON.parse(lab.out)).toMatchObject({ game: "crazy-eights", matches: 4 });
    // The report carries the chart libraries, read from the installed dependencies.
    expect(readFileSync(join(work, "lab.html"), "utf8")).toMatch(/vega-lite/);
  }, 600_000);

  it("serves the web client and the API, plays a match its verify checks, and stops on SIGTERM", async () => {
    const child = spawn(join(prefix, "bin", "cardroom"), ["serve"], {
      cwd: work,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null }>((r) =>
      child.once("exit", (code, signal) => r({ code, signal })),
    );
    await until(
      async () => /Cardroom server at http:\/\/\S+ /.test(out) || child.exitCode !== null,
      "the server to listen",
    );
    const url = /Cardroom server at (http:\/\/\S+) /.exec(out)?.[1];
    expect(url, `the server did not start: ${err}`).toBeDefined();

    const page = await fetch(`${url!}/`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(await fetch(new URL(script!, url)).then((r) => r.status)).toBe(200);
    const games = await api<{ id: string }[] | { games: { id: string }[] }>(url!, "/api/games");
    expect(JSON.stringify(games)).toContain("hyrule");

    // A table of two computers plays its match at once; its proof holds under the installed verify.
    const table = await api<TableInfo>(url!, "/api/tables", {
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { target: 1 },
    });
    await until(
      async () => (await api<TableInfo>(url!, `/api/tables/${table.id}`)).status === "finished",
      "the computers' match to end",
    );
    const verified = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const v = spawn(join(prefix, "bin", "cardroom"), ["verify", `${url!}/replay/${table.id}`], {
        cwd: work,
      });
      let text = "";
      v.stdout.on("data", (d: Buffer) => (text += d.toString()));
      v.once("close", (code) => resolve({ code, out: text }));
    });
    // Usually one hand; a blocked hand whose lowest totals tie scores nothing, and the match deals on.
    expect(verified.out).toMatch(/^OK: (the 1 hand|all \d+ hands) of Crazy Eights/);
    expect(verified.code).toBe(0);

    child.kill("SIGTERM");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(err).toBe("");
    // Its data in the folder it ran from (./data/), none in the installed package.
    expect(existsSync(join(work, "data", "cardroom.sqlite"))).toBe(true);
    const installed = join(prefix, "lib", "node_modules", "cardroom");
    expect(readdirSync(installed).sort()).toEqual([
      "LICENSE",
      "README.md",
      "bin",
      "dist",
      "docs",
      "node_modules",
      "package.json",
      "web",
    ]);
  }, 300_000);
});
