/**
 * Bad input: a fuzz of random and mutated messages over a real socket,
 * after which the table is as it was and the server still answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Channel, api } from "./client.js";
import type { TableInfo } from "./messages.js";
import { type RunningServer, startServer } from "./serve.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-leaks-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 0,
    // The fuzz sends far faster than a person: the limits are tested on their own below.
    limits: { messageBytes: 4096, messagesPerSecond: 1e9, requestsPerSecond: 1e9 },
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("bad input", () => {
  it("100,000 random and mutated messages get errors and change no table", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    const g = await api<{ token: string }>(server.url, "/api/guests", { name: "F" });
    const sat = await api<{ secret: string }>(server.url, `/api/tables/${info.id}/seats/0`, {
      token: g.token,
    });
    const before = await server.authority.update(info.id, { seat: 0, secret: sat.secret });
    const c = await Channel.open(server.url);
    const valid: Record<string, unknown>[] = [
      { type: "watch", table: info.id, as: "spectator" },
      { type: "move", move: { type: "discard", card: "AS" } },
      { type: "next", hand: 1 },
      { type: "again" },
      { type: "ping" },
    ];
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const junk = [
      '"',
      "{",
      "}",
      "[",
      "]",
      ":",
      ",",
      "null",
      "1e999",
      "-0",
      "\u0000",
      "\ud800",
      "type",
      "move",
      "watch",
    ];
    const mutate = (m: Record<string, unknown>): string => {
      let s = JSON.stringify(m);
      for (let k = rand(4); k >= 0; k--) {
        const at = rand(s.length + 1);
        s = rand(2)
          ? s.slice(0, at) + junk[rand(junk.length)] + s.slice(at + 1)
          : s.slice(0, at) + s.slice(at + 3);
      }
      return s;
    };
    const N = 100_000;
    let sent = 0;
    while (sent < N) {
      const batch = Math.min(2000, N - sent);
      for (let k = 0; k < batch; k++) {
        const r = rand(10);
        if (r < 3) c.sendRaw(Buffer.from(Array.from({ length: rand(64) }, () => rand(256))));
        else if (r < 9) c.sendRaw(mutate(valid[rand(valid.length)]));
        else
          c.sendRaw(JSON.stringify({ type: "move", move: { type: "x".repeat(rand(50)), card: rand(99) } }));
      }
      sent += batch;
      c.send({ type: "ping" });
      for (;;) {
        const m = await c.next(30_000);
        if (m === null) throw new Error("the server closed the connection");
        if (m.type === "pong") break;
      }
    }
    expect(c.open).toBe(true);
    c.close();
    const after = await server.authority.update(info.id, { seat: 0, secret: sat.secret });
    expect(after).toEqual(before);
    expect(await api(server.url, "/healthz")).toMatchObject({ ok: true });
  });
});
