/**
 * Finished tables are let go: a server holds in memory the tables being
 * played and the finished ones somebody watches, and no other. A table let
 * go is read from the storage again when asked for: its replay, its proof,
 * a spectator, its players' records, "play again".
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Channel, api } from "../src/server/client.js";
import type { MoveJson } from "../src/engine/game.js";
import type { ClientMessage, ServerMessage, TableInfo, Update } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { guestSeat, until } from "./guests.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cardroom-release-"));
  server = await startServer({ port: 0, host: "127.0.0.1", databaseUrl: join(dir, "db.sqlite"), graceMs: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const isUpdate = (m: ServerMessage): m is Update => m.type === "update";
const held = () => server.authority.tables.tablesHeld();
type Status = { matchOver: boolean; handOver: boolean; hand: number };

/** Plays the person's seat through the channel (the first legal move each time) until the match is over. */
async function playToEnd(chan: Channel, first: Update): Promise<Update> {
  let u = first;
  for (let moves = 0; moves < 5000; moves++) {
    const s = u.status as Status;
    if (s.matchOver) return u;
    const sent: ClientMessage | null = s.handOver
      ? { type: "next", hand: s.hand }
      : u.legal.length
        ? { type: "move", move: u.legal[0] as MoveJson & Record<string, never> }
        : null;
    if (sent) chan.send(sent);
    // The next update after our own (the computer's answers come as updates too).
    const seq = u.seq;
    const waited = `an update after event ${seq} (${JSON.stringify({ status: u.status, sent })})`;
    do {
      const m = await chan.until(
        (x): x is Update | Extract<ServerMessage, { type: "error" }> => isUpdate(x) || x.type === "error",
      );
      if (m.type === "error" && m.code === "rate_limited" && sent) {
        // Faster than a person plays: sent again a moment later, as `cardroom join` does.
        await new Promise((r) => setTimeout(r, 1000));
        chan.send(sent);
        continue;
      }
      if (m.type === "error") throw new Error(`${m.code}: ${m.message}, waiting for ${waited}`);
      u = m;
    } while (u.seq === seq && !(u.status as Status).matchOver);
  }
  throw new Error("the match did not end in 5,000 moves");
}

describe("finished tables are let go", () => {
  it("tables of computers only, once finished, are held by nobody", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const info = await api<TableInfo>(server.url, "/api/tables", {
        game: "crazy-eights",
        seats: [
          { kind: "computer", level: "random" },
          { kind: "computer", level: "random" },
        ],
        options: { target: 1 },
      });
      ids.push(info.id);
    }
    await until(
      async () =>
        (await Promise.all(ids.map((id) => api<TableInfo>(server.url, `/api/tables/${id}`)))).every(
          (t) => t.status === "finished",
        ),
      "the computers' matches to end",
    );
    // Asked for just now, they are kept a moment (a replay after the end reads memory), then let go.
    await until(async () => held().finished === 0, "the finished tables to be let go");
    expect(held()).toEqual({ playing: 0, finished: 0 });
    // Read again from the storage when asked for.
    const steps = await api<{ total: number }>(server.url, `/api/tables/${ids[0]}/steps`);
    expect(steps.total).toBeGreaterThan(1);
    await until(async () => held().finished === 0, "the table read for its steps to be let go again");
  }, 120_000);

  it("a finished table is held while watched and let go after; its replay, proof, spectators, record and play again still work", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
      options: { target: 1 },
    });
    const me = await guestSeat(server.url, info.id, 0, "Ada");
    const chan = await Channel.open(server.url);
    chan.send({ type: "watch", table: info.id, as: { seat: 0, secret: me.secret } });
    const last = await playToEnd(chan, await chan.until(isUpdate));
    expect(last.info.status).toBe("finished");

    // Watched: held, however long.
    await new Promise((r) => setTimeout(r, 2500));
    expect(held()).toEqual({ playing: 0, finished: 1 });
    chan.close();
    await until(async () => held().finished === 0, "the finished table to be let go once nobody watches");

    // The proof (the seat's replay, the input of `cardroom verify`) is the whole match as the seat saw it.
    const proof = await api<{ seq: number; events: unknown[] }>(
      server.url,
      `/api/tables/${info.id}/replay`,
      undefined,
      { "x-cardroom-seat": "0", "x-cardroom-secret": me.secret },
    );
    expect(proof.seq).toBe(last.seq);
    expect(proof.events.length).toBe(last.seq);
    const steps = await api<{ total: number; info: TableInfo }>(server.url, `/api/tables/${info.code}/steps`);
    expect(steps.info.status).toBe("finished");
    const record = await api<{ matches: { id: string }[] }>(server.url, `/api/players/${me.guest.id}`);
    expect(JSON.stringify(record)).toContain(info.id);
    await until(async () => held().finished === 0, "the table read for its replay to be let go again");

    // A spectator and the seat come back to the finished table; the seat plays again.
    const spectator = await Channel.open(server.url);
    spectator.send({ type: "watch", table: info.id, as: "spectator" });
    const seen = await spectator.until(isUpdate);
    expect(seen.seq).toBe(last.seq);
    expect((seen.status as Status).matchOver).toBe(true);
    const back = await Channel.open(server.url);
    back.send({ type: "watch", table: info.id, as: { seat: 0, secret: me.secret } });
    expect((await back.until(isUpdate)).seq).toBe(last.seq);
    back.send({ type: "again" });
    let againId: string | null = null;
    while (!againId) againId = (await back.until(isUpdate)).info.againId;
    back.send({ type: "watch", table: againId, as: { seat: 0, secret: me.secret } });
    const fresh = await back.until((m): m is Update => isUpdate(m) && m.table === againId);
    expect(fresh.info.status).toBe("playing");
    expect(held()).toEqual({ playing: 1, finished: 1 }); // the new table, and the old one the spectator watches
    spectator.close();
    await until(async () => held().finished === 0, "the old table to be let go once its spectator left");
    expect(held()).toEqual({ playing: 1, finished: 0 });
    back.close();
  }, 120_000);
});
