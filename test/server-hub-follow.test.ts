/**
 * Two processes' authorities on the real PostgreSQL and Redis (in one
 * process here): when one cannot read another's change (its storage fails
 * under load), it tries again, then reads the table afresh, and tells its
 * clients either way, with a line in its log: no table stalls without a word.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MoveJson } from "../src/engine/game.js";
import { Authority } from "../src/server/authority.js";
import { RedisHub } from "../src/server/hub.js";
import { type Storage, openStorage } from "../src/server/storage.js";
import { until } from "./guests.js";
import { reachable } from "./server-procs.js";
import { PG_BASE, REDIS_URL, schemaUrl } from "./pg-schema.js";

const RUN = `crf_${process.pid}_${randomBytes(4).toString("hex")}`;
const DATABASE_URL = schemaUrl(RUN);
const up = (await reachable(5432)) && (await reachable(6379));
if (!up) console.log("skipped: PostgreSQL (5432) or Redis (6379) not answering on this machine");

interface Process {
  readonly authority: Authority;
  readonly storage: Storage;
  readonly hub: RedisHub;
  /** The tables its clients were told changed. */
  readonly told: string[];
  readonly warnings: string[];
}

const processes: Process[] = [];
let admin: pg.Client | undefined;

async function start(name: string): Promise<Process> {
  const storage = await openStorage(DATABASE_URL);
  const authority = new Authority(storage, { shared: true });
  const warnings: string[] = [];
  const hub = await RedisHub.connect(REDIS_URL, authority, name, `cardroom-${RUN}`, (m) => warnings.push(m));
  authority.onChange((id, news) => hub.changed(id, news));
  const told: string[] = [];
  hub.onChanged((id) => told.push(id));
  const p = { authority, storage, hub, told, warnings };
  processes.push(p);
  return p;
}

/** The storage's next `n` reads of seats fail, as a lost connection would make them. */
function failSeats(storage: Storage, n: number): () => void {
  const seats = storage.seats.bind(storage);
  let left = n;
  storage.seats = async (id) => {
    if (left-- > 0) throw new Error("connection terminated unexpectedly");
    return seats(id);
  };
  return () => {
    storage.seats = seats;
  };
}

describe.skipIf(!up)("a process that cannot read another's change", () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create schema ${RUN}`);
  });

  afterAll(async () => {
    for (const p of processes.splice(0)) {
      p.authority.close();
      await p.hub.close();
      await p.storage.close();
    }
    await admin?.query(`drop schema if exists ${RUN} cascade`).catch(() => undefined);
    await admin?.end().catch(() => undefined);
  });

  it("tries again, reads the table as stored, tells its clients and says so", async () => {
    const a = await start("a");
    const b = await start("b");
    for (const [tries, said] of [
      [2, "trying again"],
      [10, "it is read from the storage at the next ask"],
    ] as const) {
      const made = await a.authority.createTable({
        game: "gin-rummy",
        seats: [{ kind: "open" }, { kind: "open" }],
      });
      if (!made.ok) throw new Error(made.error.message);
      const id = made.value.id;
      expect((await b.authority.info(id))?.seats[0].name).toBeNull(); // b holds the table
      const mend = failSeats(b.storage, tries);
      const ann = await a.authority.guest("Ann");
      expect((await a.authority.sit(id, 0, ann.token)).ok).toBe(true); // a seat: b must read the storage
      await until(async () => b.told.includes(id), "b's clients to be told of the change");
      mend();
      expect(b.warnings.some((w) => w.startsWith(`table ${id}: `) && w.endsWith(said))).toBe(true);
      expect(b.warnings.every((w) => w.includes("connection terminated unexpectedly"))).toBe(true);
      expect((await b.authority.info(id))?.seats[0].name).toBe("Ann");
      b.warnings.length = 0;
    }
  }, 60_000);

  it("a move another process stored and never announced (it was killed first): the process whose copy was behind refuses the move made on it and tells its clients the table as stored", async () => {
    const a = await start("a2");
    const b = await start("b2");
    const made = await a.authority.createTable({
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const creds = [];
    for (const seat of [0, 1]) {
      const g = await a.authority.guest(`P${seat}`);
      const sat = await a.authority.sit(id, seat, g.token);
      if (!sat.ok) throw new Error(sat.error.message);
      creds.push({ seat, secret: sat.value.secret });
    }
    await until(
      async () => (await b.authority.info(id))?.seats[1].name === "P1",
      "b to hold the seated table",
    );
    const seen = await b.authority.update(id, creds[0]);
    if (!seen.ok) throw new Error(seen.error.message);
    const toAct = (seen.value.status as { toAct: number[] }).toAct;
    const mover = creds.find((c) => toAct.includes(c.seat))!;
    const mine = await b.authority.update(id, mover);
    if (!mine.ok) throw new Error(mine.error.message);
    const legal = mine.value.legal as MoveJson[];
    // What a killed process leaves: its move stored, its announcement never sent.
    const stored = (await a.storage.entries(id, 0)).length;
    const entry = { seat: mover.seat, move: legal[0] };
    expect(await a.storage.appendEntry(id, stored + 1, JSON.stringify(entry))).toBe(true);
    b.told.length = 0;

    const refused = await b.authority.move(id, mover, legal[legal.length - 1]);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe("stale");
    // b's clients are told, and what they then read is the table as stored, the killed process's move in it.
    await until(async () => b.told.includes(id), "b's clients to be told the table as stored");
    const after = await b.authority.update(id, mover, seen.value.seq);
    expect(after.ok && after.value.seq).toBeGreaterThan(seen.value.seq);
    expect(after.ok && after.value.events.some((e) => e.type === "move" && e.seat === mover.seat)).toBe(true);
  }, 60_000);
});
