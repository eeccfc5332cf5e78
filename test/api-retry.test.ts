/**
 * The HTTP client every command uses (`api`, src/server/client.ts) against
 * a real server that allows an address one request a second: a request
 * refused as too many (HTTP 429, which changes nothing) is sent again after
 * the wait the server states, and goes through; a server that refuses for
 * good is given up on after a bounded number of tries, in one line; a
 * refusal that states no wait is not sent again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_RETRIES, HttpError, api } from "../src/server/client.js";
import { DEFAULT_LIMITS } from "../src/server/defaults.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";

let dir: string;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-api-retry-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 0,
    limits: { ...DEFAULT_LIMITS, requestsPerSecond: 1 },
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Requests sent at once until the server refuses one as too many: that refusal. */
async function refusedOne(path: string): Promise<Response> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(new URL(path, server.url));
    if (res.status === 429) return res;
    await res.arrayBuffer();
  }
  throw new Error("the server never refused a request as too many");
}

describe("api() at a server that allows one request a second", () => {
  it("states its wait on a 429, in Retry-After and to the millisecond in the error", async () => {
    const res = await refusedOne("/api/games");
    const body = (await res.json()) as { error: { code: string; message: string; retryMs: number } };
    expect(body.error).toMatchObject({ code: "rate_limited", retryMs: expect.any(Number) });
    expect(body.error.retryMs).toBeGreaterThan(0);
    expect(Number(res.headers.get("retry-after"))).toBe(Math.ceil(body.error.retryMs / 1000));
  });

  it("sends a refused request again after the stated wait, and it goes through", async () => {
    // The address has used up its requests: the next ones are refused, then sent again.
    await (await refusedOne("/api/games")).arrayBuffer();
    const made = await Promise.all(
      [1, 2, 3].map(() =>
        api<TableInfo>(server.url, "/api/tables", {
          game: "cribbage",
          seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
        }),
      ),
    );
    // Each made once: a refused request changed nothing, and its second sending made the table.
    expect(new Set(made.map((t) => t.id)).size).toBe(3);
    for (const t of made) expect((await api<TableInfo>(server.url, `/api/tables/${t.id}`)).id).toBe(t.id);
  });
});

describe("api() at a server that never stops refusing", () => {
  let stubborn: Server;
  let url: string;
  let asked = 0;

  beforeAll(async () => {
    stubborn = createServer((req, res) => {
      asked++;
      // "/hint": a refusal that states no wait (a hint asked again within its second).
      const stated = req.url !== "/hint";
      res.writeHead(429, { "content-type": "application/json", ...(stated ? { "retry-after": "1" } : {}) });
      const error = { code: "rate_limited", message: "too many requests", ...(stated ? { retryMs: 5 } : {}) };
      res.end(JSON.stringify({ error }));
    });
    await new Promise<void>((r) => stubborn.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(stubborn.address() as { port: number }).port}`;
  });

  afterAll(() => new Promise<void>((r) => stubborn.close(() => r())));

  it("does not send again a request refused with no wait stated: the server's line", async () => {
    asked = 0;
    await expect(api(url, "/hint")).rejects.toMatchObject({
      status: 429,
      code: "rate_limited",
      message: "too many requests",
    });
    expect(asked).toBe(1);
  });

  it("gives up after a bounded number of tries, in one line", async () => {
    asked = 0;
    const e = await api(url, "/api/games").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 429, code: "rate_limited" });
    expect(asked).toBe(API_RETRIES + 1);
    expect((e as Error).message).toBe(
      `${url} refused the request as too many, ${API_RETRIES + 1} times over (too many requests): try again later`,
    );
  });
});
