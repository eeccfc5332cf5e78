/**
 * A table rebuilt from the storage apart from the server, entry by entry:
 * the tests' oracles (the leak hunt, the browser tests) look at every
 * position the stored log went through and compare what was sent with it.
 */
import { type JsonObject } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import type { Storage, TableRow } from "../src/server/storage.js";

export interface StoredReplayWatcher {
  /** Each position: the first deal, then after each stored entry (`row`: the table as stored). */
  position(t: Table, row: TableRow): void;
  /** A stored "next" dealt a new hand (called before that position). */
  dealt?(t: Table): void;
}

/** Replays the table's stored log from its match seed, showing `watch` every position; a log that does not replay throws. */
export async function replayStored(
  storage: Storage,
  tableId: string,
  watch: StoredReplayWatcher,
): Promise<{ row: TableRow; table: Table }> {
  const row = await storage.table(tableId);
  if (!row) throw new Error(`table ${tableId} is not stored`);
  const entries = await storage.entries(tableId);
  const entry = ENTRIES.find((e) => e.game.id === row.game);
  if (!entry) throw new Error(`table ${tableId}: no game ${row.game}`);
  const started = Table.start(entry.game, {
    players: row.players,
    seed: row.seed,
    options: JSON.parse(row.options) as JsonObject,
  });
  if (!started.ok) throw new Error(started.error.message);
  const t = started.value;
  watch.position(t, row);
  for (const r of entries) {
    const e = JSON.parse(r.entry) as { seat: number; move: JsonObject } | { next: true };
    if ("next" in e) {
      if (!t.next().ok) throw new Error(`table ${tableId}: stored entry ${r.seq}, a deal, does not replay`);
      watch.dealt?.(t);
    } else if (!t.playJson(e.seat, e.move).ok)
      throw new Error(`table ${tableId}: stored entry ${r.seq}, a move, does not replay`);
    watch.position(t, row);
  }
  return { row, table: t };
}
