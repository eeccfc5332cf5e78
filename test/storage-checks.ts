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
