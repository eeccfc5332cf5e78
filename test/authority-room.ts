/**
 * A real authority over a temporary SQLite file, as the authority's parts'
 * tests use it: `room()` opens one (a second on the same file is another
 * process of a cluster), `seated` makes a guest and sits them, and
 * everything opened is closed after each test. `pgDatabase()` gives a
 * PostgreSQL schema of its own instead, dropped after the test.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach } from "vitest";
import { Authority, type AuthorityOptions, type Credential } from "../src/server/authority.js";
import type { CreateTableRequest } from "../src/server/messages.js";
import { type Storage, openStorage } from "../src/server/storage.js";
import { PG_BASE, schemaUrl } from "./pg-schema.js";

export interface Room {
  readonly authority: Authority;
  readonly storage: Storage;
  readonly file: string;
}

const opened: Room[] = [];
const dirs: string[] = [];
const schemas: string[] = [];

async function pgAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

afterEach(async () => {
  for (const r of opened.splice(0).reverse()) {
    r.authority.close();
    await r.storage.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const s of schemas.splice(0))
    await pgAdmin((c) => c.query(`drop schema if exists ${s} cascade`)).catch(() => undefined);
});

/**
 * A `DATABASE_URL` of a PostgreSQL schema of its own (dropped after the test), for `room(opts, url)`;
 * null when PostgreSQL does not answer on 127.0.0.1:5432.
 */
export async function pgDatabase(): Promise<string | null> {
  const schema = `crroom_${process.pid}_${randomBytes(4).toString("hex")}`;
  try {
    await pgAdmin((c) => c.query(`create schema ${schema}`));
  } catch {
    return null;
  }
  schemas.push(schema);
  return schemaUrl(schema);
}

/** An authority over a fresh SQLite file (or over `file`, beside another authority). */
export async function room(opts: AuthorityOptions = {}, file?: string): Promise<Room> {
  let f = file;
  if (!f) {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-room-"));
    dirs.push(dir);
    f = join(dir, "db.sqlite");
  }
  const storage = await openStorage(f);
  const r = { authority: new Authority(storage, opts), storage, file: f };
  opened.push(r);
  return r;
}

/** A table made as asked, its id (a refusal throws). */
export async function table(authority: Authority, req: CreateTableRequest): Promise<string> {
  const made = await authority.createTable(req);
  if (!made.ok) throw new Error(made.error.message);
  return made.value.id;
}

/** A new guest called `name`, sat at `seat`: their id and the seat's credential. */
export async function seated(
  authority: Authority,
  tableId: string,
  seat: number,
  name: string,
): Promise<{ id: string; token: string; cred: Exclude<Credential, "spectator"> }> {
  const g = await authority.guest(name);
  const sat = await authority.sit(tableId, seat, g.token);
  if (!sat.ok) throw new Error(sat.error.message);
  return { id: g.id, token: g.token, cred: { seat, secret: sat.value.secret } };
}

/** Plays the seats' first legal moves (and deals) until the match is over. */
export async function playOut(
  authority: Authority,
  id: string,
  creds: { seat: number; secret: string }[],
): Promise<void> {
  for (let i = 0; i < 5000; i++) {
    const u = await authority.update(id, "spectator");
    if (!u.ok) throw new Error(u.error.message);
    const status = u.value.status as { matchOver: boolean; handOver: boolean; hand: number; toAct: number[] };
    if (status.matchOver) return;
    if (status.handOver) {
      await authority.next(id, creds[0], status.hand);
      continue;
    }
    const cred = creds[status.toAct[0]];
    const mine = await authority.update(id, cred);
    if (!mine.ok) throw new Error(mine.error.message);
    await authority.move(id, cred, mine.value.legal[0] as { type: string });
  }
  throw new Error("the match did not end");
}

/** Resolves once `test` holds (asked every 10 ms, for at most `ms`); else fails naming `what`. */
export async function until(
  test: () => Promise<boolean> | boolean,
  what: string,
  ms = 60_000,
): Promise<void> {
  for (let i = 0; i < ms / 10; i++) {
    if (await test()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}
