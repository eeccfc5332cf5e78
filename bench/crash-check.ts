/**
 * The crash run's checker: every table's stored log replayed through the
 * engine, the event number before each entry noted, and every acknowledged
 * move or deal looked up there: found at its number with the same seat and
 * move, or lost. Two acknowledgements that come to one entry are doubled
 * (one move answered twice); an entry stored twice cannot be, the log being
 * keyed by (table, number), and the replay would refuse what it led to.
 */
import type { JsonObject } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import { findEntry } from "../src/games/index.js";
import type { Storage } from "../src/server/storage.js";
import type { Acked } from "./crash-people.js";

export interface CheckResult {
  readonly acked: number;
  readonly lost: number;
  readonly doubled: number;
  readonly entries: number;
  readonly finished: number;
  /** Tables whose log does not replay (none expected). */
  readonly broken: number;
  /** The first few problems in words. */
  readonly problems: string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export async function checkLogs(storage: Storage, tables: readonly string[], acked: readonly Acked[]) {
  const byTable = new Map<string, Acked[]>();
  for (const a of acked) byTable.set(a.table, [...(byTable.get(a.table) ?? []), a]);
  let lost = 0;
  let doubled = 0;
  let entries = 0;
  let finished = 0;
  let broken = 0;
  const problems: string[] = [];
  const note = (line: string) => problems.length < 10 && problems.push(line);
  for (const id of tables) {
    const row = await storage.table(id);
    if (!row) throw new Error(`table ${id} is not stored`);
    if (row.status === "finished") finished++;
    const entry = findEntry(row.game);
    if (!entry.ok) throw new Error(entry.error);
    const started = Table.start(entry.value.game, {
      players: row.players,
      seed: row.seed,
      options: JSON.parse(row.options) as JsonObject,
    });
    if (!started.ok) throw new Error(started.error.message);
    const table = started.value;
    const log = (await storage.entries(id)).map((r) => JSON.parse(r.entry) as Acked["entry"]);
    entries += log.length;
    /** The log's index of the entry applied after each event number. */
    const at = new Map<number, number>();
    for (const [i, e] of log.entries()) {
      const r = "next" in e ? table.next() : table.playJson(e.seat, e.move);
      if (!r.ok) {
        broken++;
        note(`table ${id}: entry ${i + 1} does not apply (${r.error.message})`);
        break;
      }
      at.set(r.value, i);
    }
    const answered = new Set<number>();
    for (const a of byTable.get(id) ?? []) {
      const i = at.get(a.since);
      if (i === undefined || !same(log[i], a.entry)) {
        lost++;
        note(`table ${id}: the entry acknowledged after event ${a.since} is not in the log`);
      } else if (answered.has(i)) {
        doubled++;
        note(`table ${id}: entry ${i + 1} was acknowledged twice`);
      }
      answered.add(i ?? -1);
    }
  }
  return { acked: acked.length, lost, doubled, entries, finished, broken, problems } satisfies CheckResult;
}
