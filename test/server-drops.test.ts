/**
 * A client whose update cannot be made or written is not left behind its
 * table without a word: its connection is closed, the server's log says so
 * (no secret in it), and the client, reconnecting with its last event
 * number, gets everything it missed.
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
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-drops-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
    logger: { level: "warn", stream: { write: (line: string) => void logged.push(line) } },
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";

describe("a client the server cannot update", () => {
  it("is disconnected, logged without secrets, and gets what it missed when it comes back", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
    });
    const me = await guestSeat(server.url, info.id, 0, "Ada");
    const chan = await Channel.open(server.url);
    chan.send({ type: "watch", table: info.id, as: { seat: 0, secret: me.secret } });
    let u = await chan.until(isUpdate);
    while (!u.legal.length) u = await chan.until(isUpdate);
    // The table read afresh, and the storage failing the names its next update needs.
    server.authority.tables.forget(info.id);
    const storage = server.authority.storage;
    const playersById = storage.playersById.bind(storage);
    storage.playersById = async () => {
      storage.playersById = playersById;
      throw new Error("database is locked");
    };
    chan.send({ type: "move", move: u.legal[0] });
    expect(await chan.until((m): m is ServerMessage => m.type === "ok" || m.type === "error")).toMatchObject({
      type: "ok",
    });
    for (let m = await chan.next(); m !== null; m = await chan.next())
      expect(m.type === "update" && m.seq > u.seq).toBe(false); // nothing of the move reached it
    expect(chan.open).toBe(false);
    const warning = logged.find((l) => l.includes("an update failed"));
    expect(warning).toBeDefined();
    expect(warning).toContain("database is locked");
    expect(warning).toContain(info.id);
    expect(warning).not.toContain(me.secret);
    expect(warning).not.toContain(me.guest.token);

    const back = await Channel.open(server.url);
    back.send({ type: "watch", table: info.id, as: { seat: 0, secret: me.secret }, since: u.seq });
    const missed = await back.until(isUpdate);
    expect(missed.full).toBe(false);
    expect(missed.seq).toBeGreaterThan(u.seq);
    expect(missed.events[0]).toMatchObject({ type: "move", seat: 0 });
    back.close();
  }, 60_000);

  it("a move made while its watch is being answered still reaches the watcher", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const seats = [
      await guestSeat(server.url, info.id, 0, "Ann"),
      await guestSeat(server.url, info.id, 1, "Bob"),
    ];
    // The move lands between the server reading the watcher's first update and its joining the
    // table's watchers: as when a computer moves just as a person opens the table.
    const authority = server.authority;
    const update = authority.update.bind(authority);
    let moved = false;
    authority.update = async (id, cred, since) => {
      const u = await update(id, cred, since);
      if (!moved && id === info.id && u.ok) {
        moved = true;
        const toAct = (u.value.status as { toAct: number[] }).toAct[0];
        const mover = { seat: toAct, secret: seats[toAct].secret };
        const mine = await update(id, mover);
        if (!mine.ok) throw new Error(mine.error.message);
        const made = await authority.move(id, mover, mine.value.legal[0] as MoveJson);
        if (!made.ok) throw new Error(made.error.message);
      }
      return u;
    };
    try {
      const chan = await Channel.open(server.url);
      chan.send({ type: "watch", table: info.id, as: { seat: 0, secret: seats[0].secret } });
      const first = await chan.until(isUpdate);
      expect(moved).toBe(true);
      const stored = (await api<TableInfo>(server.url, `/api/tables/${info.id}`)).seq;
      expect(first.seq).toBeLessThan(stored);
      // Told of the move without anything else happening at the table.
      let u = first;
      while (u.seq < stored) u = await chan.until(isUpdate, 5000);
      expect(u.seq).toBe(stored);
      chan.close();
    } finally {
      authority.update = update;
    }
  });
});
