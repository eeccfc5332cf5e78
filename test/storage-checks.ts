/**
 * What every storage must do, checked alike on SQLite (test/storage.test.ts)
 * and on PostgreSQL (test/server-cluster.test.ts).
 */
import { expect } from "vitest";
import type { Storage } from "../src/server/storage.js";

/**
 * Log entries asked for at the same moment are stored together (one insert
 * for many), and each caller hears of its own: kept, or refused because its
 * (table, number) was taken, before or in the same batch.
 */
export async function checkEntriesWrittenAtOnce(storage: Storage, table: string): Promise<void> {
  expect(await storage.appendEntry(table, 1, '{"first":true}')).toBe(true);
  const fresh = Array.from({ length: 300 }, (_, i) => i + 2);
  const answers = await Promise.all([
    ...fresh.map((seq) => storage.appendEntry(table, seq, JSON.stringify({ seq }))),
    storage.appendEntry(table, 1, '{"again":true}'),
    storage.appendEntry(table, 301, '{"again":true}'),
  ]);
  expect(answers).toEqual([...fresh.map(() => true), false, false]);
  const stored = await storage.entries(table);
  expect(stored.map((e) => e.seq)).toEqual([1, ...fresh]);
  expect(stored[0].entry).toBe('{"first":true}');
  expect(stored.at(-1)!.entry).toBe('{"seq":301}');
}

/**
 * A match's last entry and its end are one write (a kill cannot keep one
 * without the other), and its ratings are stored once with its "rated" mark.
 */
export async function checkEndsAndRatings(storage: Storage, table: string): Promise<void> {
  const row = {
    id: table,
    code: table.slice(-6).toUpperCase(),
    game: "crazy-eights",
    players: 2,
    options: "{}",
    seed: "1",
    status: "playing" as const,
    turn_seconds: 0,
    again_of: null,
    again_id: null,
    created_at: new Date().toISOString(),
    finished_at: null,
    rated: 0,
    bots: 1,
    result: null,
  };
  const seat = (n: number) => ({
    table_id: table,
    seat: n,
    kind: "open" as const,
    level: null,
    player_id: null,
    secret_hash: null,
    again: 0,
    gone_since: null,
    invited: null,
  });
  await storage.addTable(row, [seat(0), seat(1)]);
  expect(await storage.unsettledTables()).toContain(table);
  const end = { scores: [61, 40], winners: [0] };
  expect(await storage.appendEntry(table, 1, '{"next":true}', end)).toBe(true);
  const finished = await storage.table(table);
  expect(finished?.status).toBe("finished");
  expect(JSON.parse(finished?.result ?? "null")).toEqual(end);
  // A last entry whose number is taken ends nothing twice and changes nothing.
  expect(await storage.appendEntry(table, 1, '{"again":true}', { scores: [0, 0], winners: [1] })).toBe(false);
  expect((await storage.table(table))?.result).toBe(finished?.result);
  // Finishing again (a result found from the log) keeps the time the match first ended.
  await storage.finish(table, end);
  expect((await storage.table(table))?.finished_at).toBe(finished?.finished_at);
  expect((await storage.seatsOf([table, "no-such-table"])).map((s) => s.seat).sort()).toEqual([0, 1]);
  const rating = { player_id: `${table}-p`, game: "crazy-eights", rating: 1600, rd: 200, vol: 0.06 };
  const r = { ...rating, wins: 1, losses: 0, draws: 0 };
  expect(await storage.rate(table, [r])).toBe(true);
  expect(await storage.rate(table, [{ ...r, wins: 2 }])).toBe(false);
  expect((await storage.rating(r.player_id, "crazy-eights"))?.wins).toBe(1);
  expect(await storage.unsettledTables()).not.toContain(table);
  await storage.setGone(table, 0, "2026-01-01T00:00:00.000Z");
  expect((await storage.seats(table))[0].gone_since).toBe("2026-01-01T00:00:00.000Z");
}
