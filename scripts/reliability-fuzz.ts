/**
 * `npm run reliability:fuzz -- [--messages N] [--engine N] [--seed S] [--per-run K] [--minutes M]`: the long
 * fuzz run (docs/RELIABILITY.md, "Fuzzing"). The same code as the short seeded run in `npm test`
 * (test/fuzz.test.ts): N hostile HTTP requests and WebSocket messages at a real server (SQLite in
 * a temporary folder, port 0), and N hostile engine-protocol lines. It prints the counts as it
 * goes and at the end (messages, crashes, state changes, refusals by kind) and the seeds; a
 * failing run prints its seed and fast-check's path, so it can become a test. With --minutes, no
 * new chunk of runs starts after M minutes: the counts say how far it got.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../src/server/serve.js";
import { budget, wholeOptions } from "./run-options.js";
import { type FuzzCounts, addCounts, fuzzEngine, newCounts } from "../test/fuzz-engine.js";
import { FUZZ_LIMITS, fuzzServer } from "../test/fuzz-server.js";

const option = wholeOptions("reliability:fuzz");
const messages = option("--messages", 100_000);
const engineLines = option("--engine", messages);
const seed = option("--seed", Math.floor(Math.random() * 2 ** 31));
const perRun = Math.max(1, option("--per-run", 1000));
const minutes = option("--minutes", 0);
const late = budget(minutes);
/** Runs between two progress lines (each with its own seed: seed + chunk number). */
const CHUNK = 10;

const started = Date.now();
const line = (what: string, c: FuzzCounts): string =>
  `${what}: ${c.messages} messages, ${c.crashes} crashes, ${c.stateChanges} state changes, ${c.refused} refused, ${c.accepted} accepted, ${c.unchecked} unchecked, ${((Date.now() - started) / 1000).toFixed(0)} s`;
const kinds = (c: FuzzCounts): string =>
  Object.entries(c.errorKinds)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `  ${String(n).padStart(9)}  ${k}`)
    .join("\n");

function fail(what: string, chunkSeed: number, e: unknown): never {
  const text = e instanceof Error ? e.message : String(e);
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : "";
  // fast-check's message holds the whole counterexample: its seed, path and the cause are what matter.
  const head = text.split("\n").filter((l) => !l.startsWith("Counterexample"));
  console.error(`${what} FAILED at seed ${chunkSeed} (rerun: --seed ${chunkSeed}, one chunk):`);
  console.error(head.slice(0, 4).join("\n"));
  if (cause) console.error(`cause: ${cause}`);
  process.exit(1);
}

console.log(
  `reliability:fuzz · seed ${seed} · ${messages} server inputs, ${engineLines} engine lines, ${perRun} a run`,
);
const engine = newCounts();
for (let chunk = 0; engine.messages < engineLines && !late(); chunk++) {
  const s = seed + chunk;
  const runs = Math.min(CHUNK, Math.ceil((engineLines - engine.messages) / perRun));
  try {
    addCounts(engine, fuzzEngine(s, runs, perRun));
  } catch (e) {
    fail("engine", s, e);
  }
  console.log(line(`engine (seed ${s})`, engine));
}

const dir = mkdtempSync(join(tmpdir(), "cardroom-fuzz-"));
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  databaseUrl: join(dir, "fuzz.sqlite"),
  graceMs: 3_600_000,
  limits: FUZZ_LIMITS,
});
const crash = (e: unknown) => fail("server (the process)", seed, e);
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);
const served = newCounts();
try {
  for (let chunk = 0; served.messages < messages && !late(); chunk++) {
    const s = seed + chunk;
    const runs = Math.min(CHUNK, Math.ceil((messages - served.messages) / perRun));
    try {
      addCounts(served, await fuzzServer(server.url, s, runs, perRun));
    } catch (e) {
      fail("server", s, e);
    }
    console.log(line(`server (seed ${s})`, served));
  }
  const health = (await (await fetch(new URL("/healthz", server.url))).json()) as { ok?: boolean };
  if (health.ok !== true) fail("server", seed, new Error("/healthz did not answer ok after the run"));
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\n${line("engine", engine)}\n${kinds(engine)}`);
console.log(`${line("server", served)}\n${kinds(served)}`);
console.log(
  `seeds ${seed} to ${seed + Math.ceil(Math.max(engineLines, messages) / perRun / CHUNK)}: all held`,
);
