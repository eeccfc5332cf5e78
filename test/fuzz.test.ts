/**
 * The short seeded fuzz runs (docs/RELIABILITY.md, "Fuzzing"): the engine
 * protocol and a real server (SQLite in a temporary folder, port 0, talked
 * to only through HTTP and WebSocket) under random, malformed, oversized and
 * hostile input. The long runs are `npm run reliability:fuzz` (the same code).
 * A seed that once failed goes in FOUND with what it found, forever.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { fuzzEngine } from "./fuzz-engine.js";
import { FUZZ_LIMITS, fuzzServer } from "./fuzz-server.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-fuzz-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 3_600_000,
    limits: FUZZ_LIMITS,
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Seeds that found something once: [seed, runs, inputs a run, what it found]. */
const FOUND: [number, number, number, string][] = [
  [
    1,
    1,
    200,
    "a path that is not valid percent-encoded UTF-8 got fastify's own error body, not the one line",
  ],
  [1, 5, 200, "GET /ws without an upgrade got an empty 404"],
];

describe("hostile input", () => {
  it("the engine protocol: 5,000 lines over every game, each answered by one line, refusals change nothing", () => {
    const c = fuzzEngine(2026_11_26, 20, 250);
    expect(c.messages).toBe(5000);
    expect(c.refused).toBeGreaterThan(2500);
    expect(c.crashes + c.stateChanges).toBe(0);
    // Moves from a finished hand and other seats' moves reached the rules, not only the parser.
    expect(c.errorKinds["engine illegal_move"]).toBeGreaterThan(0);
    expect(c.errorKinds["engine not_your_turn"]).toBeGreaterThan(0);
  });

  it("the server: 1,000 HTTP requests and WebSocket messages, each refused in one clear line or accepted, refusals change no table", async () => {
    const c = await fuzzServer(server.url, 2026_11_26, 5, 200);
    expect(c.messages).toBe(1000);
    expect(c.crashes + c.stateChanges + c.unchecked).toBe(0);
    for (const kind of [
      "ws bad_request",
      "ws forbidden",
      "ws too_large",
      "http 404 not_found",
      "http 400 bad_request",
    ])
      expect(c.errorKinds[kind], kind).toBeGreaterThan(0);
    expect((await (await fetch(new URL("/healthz", server.url))).json()) as unknown).toMatchObject({
      ok: true,
    });
  });

  for (const [seed, runs, perRun, what] of FOUND)
    it(`seed ${seed} (once: ${what})`, async () => {
      const c = await fuzzServer(server.url, seed, runs, perRun);
      expect(c.crashes + c.stateChanges).toBe(0);
    });
});
