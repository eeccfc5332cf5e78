/**
 * The server on the real PostgreSQL and Redis: storage (migrations at
 * start, a match played, a restart reloads it), then two `cardroom serve`
 * processes on one PostgreSQL and one Redis serving one table: people on
 * different processes play it, a move sent to both at the same moment is
 * applied once, and kill -9 of one loses nothing acknowledged while its
 * clients go on through the other.
 *
 * Each run has its own PostgreSQL schema and Redis channel prefix, dropped
 * at the end. Where PostgreSQL or Redis is not installed the tests skip
 * with one line; installed but not running is a failure (.ci/run starts them).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";
import { until } from "./guests.js";
import { checkEndsAndRatings, checkEntriesWrittenAtOnce } from "./storage-checks.js";
import { Player, type ServerProcess, kill, playOn, reachable, seatedTable, serve } from "./server-procs.js";
import { PG_BASE, REDIS_URL, schemaUrl } from "./pg-schema.js";

const installed = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const HAVE = {
  postgres: installed("pg_ctlcluster") || installed("postgres") || (await reachable(5432)),
  redis: installed("redis-server") || (await reachable(6379)),
};
const missing = [!HAVE.postgres && "PostgreSQL", !HAVE.redis && "Redis"].filter(Boolean);
if (missing.length) console.log(`skipped: ${missing.join(" and ")} not installed on this machine`);

const RUN = `cr_${process.pid}_${randomBytes(4).toString("hex")}`;
const DATABASE_URL = schemaUrl(RUN);

let dir: string;
let admin: pg.Client | undefined;

async function entriesOf(table: string): Promise<number[]> {
  const r = await admin!.query<{ seq: number }>(
    `select seq from ${RUN}.log_entry where table_id = $1 order by seq`,
    [table],
  );
  return r.rows.map((x) => Number(x.seq));
}

describe.skipIf(missing.length > 0)("the server on PostgreSQL and Redis", () => {
  beforeAll(async () => {
    if (!(await reachable(5432)))
      throw new Error("PostgreSQL is installed but not answering on 127.0.0.1:5432: start it (.ci/run does)");
    if (!(await reachable(6379)))
      throw new Error("Redis is installed but not answering on 127.0.0.1:6379: start it (.ci/run does)");
    dir = mkdtempSync(join(tmpdir(), "cardroom-cluster-"));
    admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create schema ${RUN}`);
  });

  afterAll(async () => {
    await admin?.query(`drop schema if exists ${RUN} cascade`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("stores in PostgreSQL: migrations at start, a match played to its end, a restart reloads every table", async () => {
    let server: RunningServer | undefined = await startServer({
      port: 0,
      host: "127.0.0.1",
      databaseUrl: DATABASE_URL,
      graceMs: 0,
    });
    const players: Player[] = [];
    try {
      expect(await api(server.url, "/healthz")).toEqual({ ok: true, database: "postgres" });
      const migrations = await admin!.query(`select name from ${RUN}.cardroom_migration`);
      expect(migrations.rows.map((r: { name: string }) => r.name)).toEqual([
        "001_tables",
        "002_seat_player",
        "003_restart",
        "004_results",
        "005_bots",
        "006_reviews",
      ]);
      // A match between computers plays on to its end after the table is made; a people's table partly.
      const done = await api<TableInfo>(server.url, "/api/tables", {
        game: "crazy-eights",
        seats: [{ kind: "computer" }, { kind: "computer" }],
        options: { target: 50 },
      });
      const url = server.url;
      await until(
        async () => (await api<TableInfo>(url, `/api/tables/${done.id}`)).status === "finished",
        "the computers' match to end",
      );
      const replay = await api<{ seq: number; events: unknown[] }>(
        server.url,
        `/api/tables/${done.id}/replay`,
      );
      expect((await entriesOf(done.id)).length).toBeGreaterThan(10);
      const { info, secrets } = await seatedTable([server.url], "gin-rummy", 2);
      for (const [seat, secret] of secrets.entries())
        players.push(await Player.watch(server.url, info.id, seat, secret));
      const acked = await playOn(players, 12);
      expect(await entriesOf(info.id)).toHaveLength(acked);
      const before = players.map((p) => p.latest!);
      players.forEach((p) => p.close());
      await server.close();

      // Another server on the same database: migrations again (nothing to do), every table as it was.
      server = await startServer({ port: 0, host: "127.0.0.1", databaseUrl: DATABASE_URL, graceMs: 0 });
      expect(await api(server.url, `/api/tables/${done.id}/replay`)).toEqual(replay);
      for (const [seat, secret] of secrets.entries()) {
        const p = await Player.watch(server.url, info.id, seat, secret, before[seat].seq);
        players.push(p);
        const u = p.latest!;
        expect([u.seq, u.full, u.events]).toEqual([before[seat].seq, false, []]);
        expect(u.view).toEqual(before[seat].view);
        expect(u.legal).toEqual(before[seat].legal);
      }
      const more = await playOn(players.slice(2), 6);
      expect(await entriesOf(info.id)).toHaveLength(acked + more);
      // The (table, seq) key: a second entry under a taken number is refused, not stored.
      expect(await server.authority.storage.appendEntry(info.id, 1, '{"next":true}')).toBe(false);
      await checkEntriesWrittenAtOnce(server.authority.storage, "t-at-once");
      await checkEndsAndRatings(server.authority.storage, "t-ends");
    } finally {
      players.forEach((p) => p.close());
      await server?.close();
    }
  });

  describe("two processes, one PostgreSQL, one Redis", () => {
    const env = { DATABASE_URL, REDIS_URL, REDIS_PREFIX: `cardroom-test-${RUN}` };
    let a: ServerProcess | undefined;
    let b: ServerProcess | undefined;
    let table: TableInfo;
    let secrets: string[];
    const players: Player[] = [];

    beforeAll(async () => {
      [a, b] = await Promise.all([serve(env, dir), serve(env, dir)]);
      ({ info: table, secrets } = await seatedTable([a.url, b.url], "gin-rummy", 2));
    });

    afterAll(async () => {
      players.forEach((p) => p.close());
      await Promise.all([kill(a), kill(b)]);
    });

    it("people connected to different processes play one table", async () => {
      players.push(await Player.watch(a!.url, table.id, 0, secrets[0]));
      players.push(await Player.watch(b!.url, table.id, 1, secrets[1]));
      const acked = await playOn(players, 20);
      expect(acked).toBe(20);
      const [p0, p1] = players;
      expect(p0.latest!.seq).toBe(p1.latest!.seq);
      expect(p0.latest!.status).toEqual(p1.latest!.status);
      expect(await entriesOf(table.id)).toEqual(Array.from({ length: acked }, (_, i) => i + 1));
    });

    it("a move sent to both processes at the same moment is applied exactly once", async () => {
      const twins: Player[] = [];
      try {
        let oks = 0;
        const refusals = new Map<string, number>();
        for (let round = 0; round < 12; round++) {
          const u = players[0].latest!;
          const status = u.status as { toAct: number[]; handOver: boolean; matchOver: boolean };
          if (status.matchOver || status.handOver) break;
          const seat = status.toAct[0];
          const here = players[seat];
          const there = await Player.watch(seat === 0 ? b!.url : a!.url, table.id, seat, secrets[seat]);
          twins.push(there);
          const before = (await entriesOf(table.id)).length;
          const legal = here.latest!.legal;
          // The same move, then (every other round) two different ones.
          const moves = round % 2 === 0 || legal.length < 2 ? [legal[0], legal[0]] : [legal[0], legal[1]];
          const answers = await Promise.all([
            here.ask({ type: "move", move: moves[0] }),
            there.ask({ type: "move", move: moves[1] }),
          ]);
          const ok = answers.filter((x) => x.type === "ok").length;
          expect(ok, JSON.stringify(answers)).toBe(1);
          oks += ok;
          for (const x of answers)
            if (x.type === "error") refusals.set(x.code, (refusals.get(x.code) ?? 0) + 1);
          expect(await entriesOf(table.id)).toHaveLength(before + 1);
          const seq = (await api<TableInfo>(a!.url, `/api/tables/${table.id}`)).seq;
          await Promise.all(players.map((p) => p.until(seq)));
          there.close();
        }
        expect(oks).toBeGreaterThan(5);
        // How the second was refused: "stale" when both applied it and the (table, seq) key kept one.
        console.log(`the second of each pair: ${[...refusals].map(([k, n]) => `${n} ${k}`).join(", ")}`);
        const stored = await entriesOf(table.id);
        expect(stored).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
      } finally {
        twins.forEach((t) => t.close());
      }
    });

    it("kill -9 of one process mid-game loses nothing acknowledged; its clients go on through the other", async () => {
      const [p0, p1] = players;
      // Seat 0 (on process a) moves and is answered; then a dies at once.
      await playOn(players, 3);
      let u = p0.latest!;
      let status = u.status as { toAct: number[]; handOver: boolean; hand: number };
      const mover = status.handOver ? p0 : players.find((p) => p.latest!.legal.length > 0)!;
      const answer = status.handOver
        ? await mover.ask({ type: "next", hand: status.hand })
        : await mover.ask({ type: "move", move: mover.latest!.legal[0] });
      expect(answer.type).toBe("ok");
      const acknowledged = (await entriesOf(table.id)).length;
      const seenBy0 = p0.latest!.seq;
      await kill(a);
      expect(a!.child.signalCode).toBe("SIGKILL");
      await p0.waitFor(() => !p0.chan.open);
      // Seat 0 comes back through process b with its last number and gets what it missed.
      const back = await Player.watch(b!.url, table.id, 0, secrets[0], seenBy0);
      players[0] = back;
      const seq = (await api<TableInfo>(b!.url, `/api/tables/${table.id}`)).seq;
      await Promise.all([back.until(seq), p1.until(seq)]);
      u = back.latest!;
      expect(u.seq).toBe(seq);
      expect(u.full).toBe(false);
      expect((await entriesOf(table.id)).length).toBeGreaterThanOrEqual(acknowledged);
      const more = await playOn([back, p1], 10);
      expect(more).toBeGreaterThan(0);
      status = back.latest!.status as typeof status;
      const stored = await entriesOf(table.id);
      expect(stored).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged + more);
      expect(b!.stderr()).toBe("");
    });
  });
});
