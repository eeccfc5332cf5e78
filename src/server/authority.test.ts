import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { Authority } from "./authority.js";
import { type Storage, openStorage } from "./storage.js";

const dirs: string[] = [];
const stores: Storage[] = [];

async function fresh(file?: string): Promise<{ authority: Authority; storage: Storage; file: string }> {
  const f = file ?? join(mkdtempSync(join(tmpdir(), "cardroom-auth-")), "db.sqlite");
  if (!file) dirs.push(f);
  const storage = await openStorage(f);
  stores.push(storage);
  return { authority: new Authority(storage), storage, file: f };
}

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(join(d, ".."), { recursive: true, force: true });
});

describe("authority", () => {
  it("gives a match that ended before results were stored its result from the log, and stores it", async () => {
    const { authority, storage, file } = await fresh();
    const made = await authority.createTable({
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { target: 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    for (let i = 0; i < 3000 && (await storage.table(made.value.id))?.status !== "finished"; i++)
      await new Promise((r) => setTimeout(r, 10));
    const stored = (await storage.table(made.value.id))?.result ?? null;
    expect(JSON.parse(stored ?? "null")).toMatchObject({ scores: [expect.any(Number), expect.any(Number)] });
    authority.close();
    await storage.close();
    // As an older version left it: finished, no result.
    const db = new Database(file);
    db.prepare("update match_table set result = null where id = ?").run(made.value.id);
    db.close();
    const later = await fresh(file);
    const row = await later.storage.table(made.value.id);
    expect(row?.result).toBeNull();
    expect(await later.authority.finishing.resultOf(row!)).toEqual(JSON.parse(stored!));
    expect((await later.storage.table(made.value.id))?.result).toBe(stored);
    later.authority.close();
  }, 60_000);

  it("answers a table of computers at once and plays its match on to the end, however many moves", async () => {
    const { authority, storage } = await fresh();
    // Random play takes thousands of moves a Roller Coaster hand (some hands reach the game's limit
    // and are drawn): the computers play in batches, with no cap on a match's moves.
    const made = await authority.createTable({
      game: "roller-coaster",
      seats: [
        { kind: "computer", level: "random" },
        { kind: "computer", level: "random" },
      ],
      options: { handsToWin: 1 },
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.status).toBe("playing");
    expect((await storage.entries(made.value.id)).length).toBe(0);
    for (let i = 0; i < 12_000 && !(await authority.isFinished(made.value.id)); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await authority.isFinished(made.value.id)).toBe(true);
    expect((await storage.table(made.value.id))?.status).toBe("finished");
    authority.close();
  }, 180_000);

  it("creates a table, seats a guest, plays moves and the computer answers", async () => {
    const { authority } = await fresh();
    const made = await authority.createTable({
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "greedy" }],
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const guest = await authority.guest("Ada");
    const sat = await authority.sit(made.value.id, 0, guest.token);
    expect(sat.ok).toBe(true);
    if (!sat.ok) return;
    const again = await authority.sit(made.value.id, 0, guest.token);
    expect(again).toMatchObject({ ok: false, error: { code: "seat_taken" } });
    const cred = { seat: 0, secret: sat.value.secret };
    const wrong = await authority.update(made.value.id, { seat: 0, secret: "0".repeat(64) });
    expect(wrong).toMatchObject({ ok: false, error: { code: "forbidden" } });
    let moves = 0;
    for (;;) {
      const u = await authority.update(made.value.id, cred);
      if (!u.ok) throw new Error(u.error.message);
      const status = u.value.status as { matchOver: boolean; handOver: boolean; hand: number };
      if (status.matchOver || moves > 400) break;
      if (status.handOver) {
        expect((await authority.next(made.value.id, cred, status.hand)).ok).toBe(true);
        continue;
      }
      const legal = u.value.legal;
      expect(legal.length).toBeGreaterThan(0);
      const r = await authority.move(made.value.id, cred, legal[0] as { type: string });
      expect(r.ok).toBe(true);
      moves++;
    }
    expect(moves).toBeGreaterThan(0);
  });

  it("waits for every person to sit down before anyone plays, computers and turn timers included", async () => {
    // Roller Coaster: a computer to act while the others cannot follow plays on, and could finish a
    // one-hand match alone. Sixty tables make it all but certain that some computer is to act first.
    const { authority } = await fresh();
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const made = await authority.createTable({
        game: "roller-coaster",
        seats: [{ kind: "open" }, { kind: "computer" }, { kind: "open" }],
        options: { handsToWin: 1 },
        turnSeconds: 1,
      });
      if (!made.ok) throw new Error(made.error.message);
      ids.push(made.value.id);
    }
    await new Promise((r) => setTimeout(r, 1200)); // past the turn timer
    for (const id of ids) {
      const info = await authority.info(id);
      expect(info?.status).toBe("playing");
      expect(info?.seq).toBe(1); // the deal, and nothing after it
      const creds = [];
      for (const seat of [0, 2]) {
        const g = await authority.guest(`P${seat}`);
        const sat = await authority.sit(id, seat, g.token);
        if (!sat.ok) throw new Error(sat.error.message);
        creds.push({ seat, secret: sat.value.secret });
      }
      // Everyone is seated: a computer to act has played.
      const u = await authority.update(id, creds[0]);
      if (!u.ok) throw new Error(u.error.message);
      const status = u.value.status as { toAct: number[]; matchOver: boolean };
      expect(status.matchOver || !status.toAct.includes(1)).toBe(true);
    }
    authority.close();
  });

  it("refuses an illegal move and a spectator's move, and changes nothing", async () => {
    const { authority } = await fresh();
    const made = await authority.createTable({
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!made.ok) throw new Error(made.error.message);
    const g = await authority.guest("Bo");
    const sat = await authority.sit(made.value.id, 1, g.token);
    if (!sat.ok) throw new Error(sat.error.message);
    const before = await authority.update(made.value.id, "spectator");
    const bad = await authority.move(
      made.value.id,
      { seat: 1, secret: sat.value.secret },
      { type: "nonsense" },
    );
    expect(bad.ok).toBe(false);
    const spect = await authority.move(made.value.id, "spectator", { type: "pass" });
    expect(spect).toMatchObject({ ok: false, error: { code: "forbidden" } });
    const after = await authority.update(made.value.id, "spectator");
    expect(after).toEqual(before);
  });

  it("a table survives a restart and goes on exactly where it was", async () => {
    const first = await fresh();
    const made = await first.authority.createTable({
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    if (!made.ok) throw new Error(made.error.message);
    const g = await first.authority.guest("Cy");
    const sat = await first.authority.sit(made.value.id, 0, g.token);
    if (!sat.ok) throw new Error(sat.error.message);
    const cred = { seat: 0, secret: sat.value.secret };
    for (let i = 0; i < 5; i++) {
      const u = await first.authority.update(made.value.id, cred);
      if (!u.ok || !u.value.legal.length) break;
      await first.authority.move(made.value.id, cred, u.value.legal[0] as { type: string });
    }
    const before = await first.authority.update(made.value.id, cred);
    await first.storage.close();
    stores.splice(stores.indexOf(first.storage), 1);
    const second = await fresh(first.file);
    const after = await second.authority.update(made.value.id, cred);
    expect(after).toEqual(before);
  });

  it("a viewer never reads a move before it is stored, nor one the storage refused", async () => {
    const { authority, storage } = await fresh();
    const made = await authority.createTable({
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    if (!made.ok) throw new Error(made.error.message);
    const id = made.value.id;
    const creds = [];
    for (const seat of [0, 1]) {
      const g = await authority.guest(`P${seat}`);
      const sat = await authority.sit(id, seat, g.token);
      if (!sat.ok) throw new Error(sat.error.message);
      creds.push({ seat, secret: sat.value.secret });
    }
    const before = await authority.update(id, "spectator");
    if (!before.ok) throw new Error(before.error.message);
    const toAct = (before.value.status as { toAct: number[] }).toAct[0];
    const mine = await authority.update(id, creds[toAct]);
    if (!mine.ok) throw new Error(mine.error.message);
    // The storage takes its time, then fails: the move is applied in memory meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const append = storage.appendEntry.bind(storage);
    storage.appendEntry = async () => {
      await held;
      throw new Error("disk full");
    };
    const moving = authority.move(id, creds[toAct], mine.value.legal[0] as { type: string });
    await new Promise((r) => setTimeout(r, 20));
    const reading = authority.update(id, "spectator");
    release();
    expect(await moving).toMatchObject({ ok: false, error: { code: "unavailable" } });
    const read = await reading;
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.seq).toBe(before.value.seq);
    expect(read.value.view).toEqual(before.value.view);
    storage.appendEntry = append;
    expect((await authority.move(id, creds[toAct], mine.value.legal[0] as { type: string })).ok).toBe(true);
  });
});
