/**
 * The tables' life in memory and in the storage: a table is loaded (its
 * log replayed) when asked for, its operations run one after another, each
 * log entry is stored under its number before anyone hears of it, what
 * other processes stored is followed, and a finished table nobody watches
 * is let go.
 *
 * A move is acknowledged only once stored under its log number; a number
 * already taken (another process moved first) is refused and the table is
 * reloaded from the storage, so nothing is applied twice.
 *
 * A table is held in memory while it is played, watched (the transports say
 * who watches: `watch`, `unwatch`) or in use; a finished one nobody watches
 * is let go a moment after its last use, with everything kept for it, and
 * read from the storage again when asked for (a replay, a proof, play again).
 */
import type { JsonObject } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import { newMatchSeed } from "../engine/seeds.js";
import { type LogEntry, Table } from "../engine/table.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { type ServerError, fail } from "./credentials.js";
import { type LiveTable, matchResult } from "./live-table.js";
import type { SeatRow, Storage, TableRow } from "./storage.js";

/**
 * What one process tells the others of a table it changed (shared mode):
 * the log entries it stored since its last word, ending at number `stored`,
 * and whether its seats or row changed too.
 */
export interface TableNews {
  readonly stored: number;
  readonly entries: readonly string[];
  readonly meta: boolean;
}

/** What the tables need of the authority. */
export interface TablesHost {
  readonly storage: Storage;
  /**
   * Several processes share the storage: every change first reads what the
   * others stored (they announce changes; see `refresh`).
   */
  readonly shared: boolean;
  /** The server is stopping: no finished table is kept for later. */
  isClosed(): boolean;
  /** The table was just loaded from the storage: it is taken up (take-up.ts). */
  loaded(t: LiveTable): Promise<void>;
  /** The table is no longer held: its turn timer stops (`letGo`: its seats' presence too). */
  dropped(tableId: string, letGo: boolean): void;
  /** The entry that ends the match is stored (the row says so already): its people and its ratings. */
  ended(t: LiveTable): Promise<void>;
}

/** Entries carried in one announcement at most; a process further behind reads the storage. */
const MAX_NEWS_ENTRIES = 64;

/**
 * Moves and deals a live table keeps its states from (`Table.keepFrames`): a viewer told of several
 * at once is shown each (the computers answering a move, or both seats discarding at once).
 */
const FRAMES_KEPT = 8;

/**
 * A finished table nobody watches is let go once unused for this long: the
 * replay, proof or record asked for just after a match's end reads it from
 * memory, not the storage, and a burst of such asks replays its log once.
 */
const FINISHED_KEPT_MS = 2000;

export class Tables {
  private readonly live = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | undefined>>();
  /** Connections watching each table (told by the transports); a table nobody watches has no entry. */
  private readonly watchers = new Map<string, number>();
  /** Operations running or waiting on each table (`withTable`); an idle table has no entry. */
  private readonly busy = new Map<string, number>();
  /** Finished tables in memory and when each may be let go if nobody watches or uses it (`letGoIdle`). */
  private readonly finishedUntil = new Map<string, number>();
  private letGoTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(tableId: string, news: TableNews | null) => void>();

  constructor(private readonly host: TablesHost) {}

  /**
   * Called with a table's id whenever it changed (events, seats, chat): transports then read on.
   * In shared mode the news says what other processes need to follow without reading the storage.
   */
  onChange(listener: (tableId: string, news: TableNews | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners the table changed (with the news for other processes, in shared mode). */
  changed(tableId: string): void {
    const t = this.live.get(tableId);
    let news: TableNews | null = null;
    if (this.host.shared && t) {
      const from = Math.max(t.announced, t.stored - MAX_NEWS_ENTRIES);
      news = {
        stored: t.stored,
        entries: t.table.entriesBetween(from, t.stored).map((e) => JSON.stringify(e)),
        meta: t.meta || from > t.announced,
      };
      t.announced = t.stored;
      t.meta = false;
    }
    for (const l of this.listeners) l(tableId, news);
  }

  /** Holds a table just made or loaded. */
  remember(
    row: TableRow,
    seats: SeatRow[],
    entry: GameEntry,
    table: Table,
    stored: number,
    lastMoveAt: number,
  ): LiveTable {
    const live: LiveTable = {
      row,
      seats,
      entry,
      options: JSON.parse(row.options) as Record<string, unknown>,
      table,
      stored,
      storedSeq: table.seq,
      storing: null,
      rng: Rng.fromSeed(newMatchSeed()),
      chain: Promise.resolve(),
      lastMoveAt,
      names: new Map(),
      bots: new Set(),
      announced: stored,
      meta: false,
      stale: false,
    };
    table.keepFrames(FRAMES_KEPT);
    this.live.set(row.id, live);
    return live;
  }

  /** The table in memory, loaded from the storage (its log replayed) when it is not. */
  async get(id: string): Promise<LiveTable | undefined> {
    const cached = this.live.get(id);
    if (cached) {
      if (cached.table.over) this.keepFinished(id);
      return cached;
    }
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  /** The table if it is in memory now (never loaded for the asking). */
  held(id: string): LiveTable | undefined {
    return this.live.get(id);
  }

  /** The tables in memory. */
  all(): Iterable<LiveTable> {
    return this.live.values();
  }

  // ---- Letting finished tables go ----

  /** A connection watches the table (a transport tells): it is held in memory meanwhile. */
  watch(tableId: string): void {
    this.watchers.set(tableId, (this.watchers.get(tableId) ?? 0) + 1);
  }

  /** A connection stopped watching the table: a finished one nobody watches is let go soon. */
  unwatch(tableId: string): void {
    const n = (this.watchers.get(tableId) ?? 0) - 1;
    if (n > 0) {
      this.watchers.set(tableId, n);
      return;
    }
    this.watchers.delete(tableId);
    if (this.live.get(tableId)?.table.over) this.keepFinished(tableId);
  }

  /** The tables held in memory: being played (or waiting for people), and finished. */
  tablesHeld(): { playing: number; finished: number } {
    let finished = 0;
    for (const t of this.live.values()) if (t.table.over) finished++;
    return { playing: this.live.size - finished, finished };
  }

  /** The finished table was used: it is let go FINISHED_KEPT_MS from now, unless watched or used then. */
  private keepFinished(id: string): void {
    if (this.host.isClosed()) return;
    this.finishedUntil.set(id, Date.now() + FINISHED_KEPT_MS);
    if (!this.letGoTimer) {
      this.letGoTimer = setTimeout(() => this.letGoIdle(), FINISHED_KEPT_MS);
      this.letGoTimer.unref();
    }
  }

  /**
   * Lets go every finished table unused for FINISHED_KEPT_MS that nobody
   * watches and no operation waits on, and everything kept for it (its
   * turn timer, its seats' presence). A watched or busy one is looked at
   * again when its last watcher leaves or its last operation ends.
   */
  private letGoIdle(): void {
    this.letGoTimer = undefined;
    const time = Date.now();
    let next = Infinity;
    for (const [id, until] of this.finishedUntil) {
      const t = this.live.get(id);
      if (!t || !t.table.over || this.watchers.has(id) || this.busy.has(id)) {
        this.finishedUntil.delete(id);
      } else if (until <= time) {
        this.finishedUntil.delete(id);
        this.live.delete(id);
        this.host.dropped(id, true);
      } else next = Math.min(next, until);
    }
    if (next < Infinity && !this.host.isClosed()) {
      this.letGoTimer = setTimeout(() => this.letGoIdle(), Math.max(1, next - time));
      this.letGoTimer.unref();
    }
  }

  private async load(id: string): Promise<LiveTable | undefined> {
    const { storage } = this.host;
    const row = await storage.table(id);
    if (!row) return undefined;
    const entry = findEntry(row.game);
    if (!entry.ok) throw new Error(`table ${id}: ${entry.error}`);
    const [seats, rows] = await Promise.all([storage.seats(id), storage.entries(id)]);
    const entries = rows.map((r) => JSON.parse(r.entry) as LogEntry);
    const table = Table.replay(entry.value.game, {
      game: row.game,
      players: row.players,
      seed: row.seed,
      options: JSON.parse(row.options) as JsonObject,
      handSeeds: [],
      entries,
    });
    if (!table.ok) throw new Error(`table ${id} does not replay: ${table.error.message}`);
    const again = this.live.get(id);
    if (again) return again;
    const last = rows.at(-1);
    const t = this.remember(
      row,
      seats,
      entry.value,
      table.value,
      entries.length,
      last ? Date.parse(last.created_at) : Date.now(),
    );
    await this.host.loaded(t);
    if (t.table.over) this.keepFinished(id);
    return t;
  }

  // ---- Operations, one after another ----

  /**
   * Runs `op` on the table after every earlier operation on it has finished,
   * so the table's moves are stored in the order they were applied.
   */
  async withTable<T>(id: string, op: (t: LiveTable) => Promise<T>): Promise<T | undefined> {
    // Counted from before the table is read: a table is never let go while an operation waits on it.
    this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
    try {
      const t = await this.get(id);
      if (!t) return undefined;
      const run = t.chain.then(async () => {
        const current = this.live.get(id) ?? (await this.get(id));
        if (!current) return undefined;
        if (this.host.shared && current.stale) await this.refresh(current);
        return op(this.live.get(id) ?? current);
      });
      t.chain = run.catch(() => undefined);
      return await run;
    } finally {
      const n = this.busy.get(id)! - 1;
      if (n > 0) this.busy.set(id, n);
      else {
        this.busy.delete(id);
        if (this.live.get(id)?.table.over) this.keepFinished(id);
      }
    }
  }

  /**
   * The table once the moves applied to it are stored: a viewer never reads
   * a move that the storage may yet refuse (and the table then forget).
   */
  async settled(id: string): Promise<LiveTable | undefined> {
    for (let tries = 0; tries < 100; tries++) {
      const t = await this.get(id);
      if (!t || t.table.seq === t.storedSeq) return t;
      // The entry being stored, not the whole operation: a person's move is read while the computers
      // think their answers, and each answer as it is stored.
      await (t.storing ?? t.chain).catch(() => undefined);
    }
    return this.get(id);
  }

  // ---- The storage ----

  /**
   * Stores the log entry the table just made. When its number is taken
   * (another process stored one first) or the storage fails, the move is
   * not kept: the table is reloaded as stored, and this process's clients
   * are told it as stored (a process killed after storing a move and before
   * announcing it left them the table as it was, with nothing else to come).
   */
  async store(t: LiveTable): Promise<Result<null, ServerError>> {
    const [entry] = t.table.entriesBetween(t.stored);
    // The entry that ends the match is stored with the match's end, in one commit.
    const last = t.table.over && t.row.status !== "finished";
    let stored = false;
    try {
      const end = last ? matchResult(t.table) : undefined;
      const storing = this.host.storage.appendEntry(t.row.id, t.stored + 1, JSON.stringify(entry), end);
      t.storing = storing;
      stored = await storing;
    } catch {
      this.reread(t.row.id);
      return fail("unavailable", "the move could not be stored; try again");
    } finally {
      t.storing = null;
    }
    if (!stored) {
      this.reread(t.row.id);
      return fail("stale", "another move was stored first; the table is as stored now");
    }
    t.stored++;
    t.storedSeq = t.table.seq;
    t.lastMoveAt = Date.now();
    if (last) {
      t.row = {
        ...t.row,
        status: "finished",
        finished_at: new Date().toISOString(),
        result: JSON.stringify(matchResult(t.table)),
      };
      t.meta = true;
      await this.host.ended(t);
    }
    return ok(null);
  }

  /**
   * Drops the table from memory: the next read loads it from the storage.
   * For a table whose other processes' changes could not be followed
   * (`refreshFromPeer` failed), so that no viewer is left reading it as it was.
   */
  forget(id: string): void {
    this.host.dropped(id, false);
    this.live.delete(id);
  }

  /** What this process holds of the table is not what is stored: read afresh, its clients told. */
  private reread(id: string): void {
    this.forget(id);
    this.changed(id);
  }

  // ---- Other processes ----

  /** Reads what other processes stored since: their moves, seats and the table's status. */
  private async refresh(t: LiveTable): Promise<void> {
    const { storage } = this.host;
    // Still stale until read: a read that fails leaves it to the next action to read again.
    const [rows, seats, row] = await Promise.all([
      storage.entries(t.row.id, t.stored),
      storage.seats(t.row.id),
      storage.table(t.row.id),
    ]);
    t.stale = false;
    t.seats = seats;
    if (row) t.row = row;
    for (const r of rows) {
      if (r.seq !== t.stored + 1) break;
      const e = JSON.parse(r.entry) as LogEntry;
      const applied = t.table.apply(e);
      if (!applied.ok) throw new Error(`table ${t.row.id}: stored entry ${r.seq} does not apply`);
      t.stored++;
      t.storedSeq = t.table.seq;
      t.lastMoveAt = Date.parse(r.created_at);
    }
    t.announced = t.stored;
  }

  /**
   * Another process changed the table: apply the entries it announced when
   * they follow on from what this process holds, else read the storage
   * (its own clients are told by the hub afterwards).
   */
  async refreshFromPeer(id: string, news: TableNews | null): Promise<void> {
    const t = this.live.get(id);
    if (!t) return;
    if (!news || news.meta) t.stale = true;
    await this.withTable(id, async (live) => {
      if (!news || live.stored >= news.stored) return;
      const first = news.stored - news.entries.length;
      if (first > live.stored) return this.refresh(live);
      for (let k = live.stored - first; k < news.entries.length; k++) {
        const e = JSON.parse(news.entries[k]) as LogEntry;
        const applied = live.table.apply(e);
        if (!applied.ok) {
          // Not what this process holds leads to: read the table as stored.
          this.forget(id);
          return;
        }
        live.stored++;
        live.storedSeq = live.table.seq;
        live.announced = live.stored;
        live.lastMoveAt = Date.now();
      }
      if (live.table.over) live.stale = true; // the row's status: read it with the next action
    });
  }

  close(): void {
    clearTimeout(this.letGoTimer);
  }
}
