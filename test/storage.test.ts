/**
 * The embedded storage (SQLite) keeps what it acknowledges, entry by entry,
 * when many are written at once, and copies its write-ahead log into the
 * database file on a thread of its own. The group commit behind both
 * databases spaces its inserts when asked to (PostgreSQL's are). Two servers share one PostgreSQL
 * database, each in a schema of its own.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { GroupCommit, openStorage } from "../src/server/storage.js";
import { pgDatabase } from "./authority-room.js";
import { checkEndsAndRatings, checkEntriesWrittenAtOnce } from "./storage-checks.js";

it("stores log entries written at once each as asked, and refuses a taken number (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-storage-"));
  try {
    const storage = await openStorage(join(dir, "db.sqlite"));
    await checkEntriesWrittenAtOnce(storage, "t-at-once");
    await storage.close();
    // And after closing: all of it there.
    const again = await openStorage(join(dir, "db.sqlite"));
    expect((await again.entries("t-at-once")).length).toBe(301);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("stores a match's last entry with its end, and its ratings once (SQLite)", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-storage-"));
  try {
    const storage = await openStorage(join(dir, "db.sqlite"));
    await checkEndsAndRatings(storage, "t-ends");
    await storage.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("checkpoints the write-ahead log into the database file from its own thread, not in a commit", async () => {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-storage-"));
  const file = join(dir, "db.sqlite");
  try {
    const storage = await openStorage(file);
    // Far fewer pages than SQLite's own checkpoint mark (1,000): a commit would not have copied them.
    const before = statSync(file).size;
    const big = "x".repeat(2000);
    for (let i = 1; i <= 100; i++) expect(await storage.appendEntry("t-log", i, big)).toBe(true);
    await expect.poll(() => statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 100 * 2000);
    await storage.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("spaces its inserts: a row asked for soon after the last insert began waits for company", async () => {
  const key = (t: string, seq: number): string => `${t}:${seq}`;
  const batches: number[][] = [];
  const commits = (spacingMs: number) =>
    new GroupCommit<{ table_id: string; seq: number }>(
      async (rows) => {
        batches.push(rows.map((r) => r.seq));
        return new Set(rows.map((r) => key(r.table_id, r.seq)));
      },
      key,
      spacingMs,
    );
  const ask = (c: ReturnType<typeof commits>, seqs: number[]): Promise<boolean[]> =>
    Promise.all(seqs.map((seq) => c.add({ table_id: "t", seq })));

  // Unspaced: a row goes the moment nothing is in flight.
  const at = commits(0);
  await ask(at, [1]);
  expect(await ask(at, [2, 3])).toEqual([true, true]);
  expect(batches.splice(0)).toEqual([[1], [2], [3]]);

  // Spaced: the first row goes at once; the next two, asked for within the spacing, go together.
  const spaced = commits(200);
  const start = performance.now();
  await ask(spaced, [1]);
  expect(await ask(spaced, [2, 3])).toEqual([true, true]);
  expect(batches.splice(0)).toEqual([[1], [2, 3]]);
  expect(performance.now() - start).toBeGreaterThanOrEqual(190);

  // A row waiting out the spacing is stored before the storage says it is idle (and closes).
  const waiting = spaced.add({ table_id: "t", seq: 4 });
  await spaced.idle();
  expect(batches.splice(0)).toEqual([[4]]);
  expect(await waiting).toBe(true);
});

it("sets up a PostgreSQL schema of its own beside another Cardroom's in the same database", async () => {
  // The migrator once took the first schema's tables for the second's and failed on a missing lock.
  const urls = [await pgDatabase(), await pgDatabase()];
  if (urls.includes(null)) return console.log("skipped: PostgreSQL (5432) not answering on this machine");
  // One after the other: the second set up once the first's tables stand.
  const a = await openStorage(urls[0]!);
  const b = await openStorage(urls[1]!);
  try {
    expect(await a.appendEntry("t-beside", 1, "{}")).toBe(true);
    expect((await a.entries("t-beside")).length).toBe(1);
    expect((await b.entries("t-beside")).length).toBe(0);
  } finally {
    await a.close();
    await b.close();
  }
});
