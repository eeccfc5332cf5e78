/**
 * A match begins when every open seat has its person (docs/SERVER.md,
 * "Timers and absence"): a seated player is offered no move and may make
 * none while another open seat is empty; a table whose other seats are
 * computers begins as soon as its one person sits down.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MoveJson } from "../src/engine/game.js";
import { Channel, api } from "../src/server/client.js";
import type { ServerMessage, TableInfo, Update } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { guestSeat } from "./guests.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-seats-filled-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";
type Answer = Extract<ServerMessage, { type: "ok" | "error" }>;
const isAnswer = (m: ServerMessage): m is Answer => m.type === "ok" || m.type === "error";
const toAct = (u: Update): number[] => (u.status as { toAct: number[] }).toAct;

/** A Cribbage discard from the seat's view (both seats discard at once: always its turn). */
const discard = (u: Update): MoveJson => ({ type: "discard", card: (u.view.hand as string[])[0] });

describe("a table for people begins when its last person sits down", () => {
  it("offers the first person no move and refuses one until the other sits, then plays", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const ann = await guestSeat(server.url, info.id, 0, "Ann");
    const chan = await Channel.open(server.url);
    try {
      chan.send({ type: "watch", table: info.id, as: { seat: 0, secret: ann.secret } });
      const alone = await chan.until(isUpdate);
      // The deal is there to see, and the seat is among those the game waits on, but nothing is offered.
      expect(toAct(alone)).toContain(0);
      expect(alone.legal).toEqual([]);
      chan.send({ type: "move", move: discard(alone) });
      const refused = await chan.until(isAnswer);
      expect(refused).toMatchObject({ type: "error", code: "not_your_turn" });
      expect((refused as { message: string }).message).toMatch(/every seat is taken/);
      expect((await api<TableInfo>(server.url, `/api/tables/${info.id}`)).seq).toBe(alone.seq);

      await guestSeat(server.url, info.id, 1, "Bob");
      const full = await chan.until((m): m is Update => isUpdate(m) && m.legal.length > 0);
      expect(full.info?.seats[1].name ?? "Bob").toBe("Bob");
      chan.send({ type: "move", move: discard(full) });
      expect(await chan.until(isAnswer)).toMatchObject({ type: "ok" });
    } finally {
      chan.close();
    }
  });

  it("begins at once at a table whose other seats are computers", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
    });
    const ann = await guestSeat(server.url, info.id, 0, "Ann");
    const chan = await Channel.open(server.url);
    try {
      chan.send({ type: "watch", table: info.id, as: { seat: 0, secret: ann.secret } });
      const u = await chan.until(isUpdate);
      expect(u.legal.length).toBeGreaterThan(0);
      chan.send({ type: "move", move: discard(u) });
      expect(await chan.until(isAnswer)).toMatchObject({ type: "ok" });
    } finally {
      chan.close();
    }
  });
});
