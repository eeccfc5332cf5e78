/**
 * Taking tables up: what a table needs when this process loads it (a match
 * over in its log finished and rated, its people's presence, its computers
 * and turn timer going on), every table a stopped server left at start,
 * and, with several processes, the tables a stopped peer was playing.
 */
import type { Seat } from "../engine/game.js";
import { type LiveTable, matchResult, waitingForPeople } from "./live-table.js";
import type { Storage } from "./storage.js";

/**
 * Shared mode: a table loaded with nothing stored for this long is driven by no
 * other process (it stopped), and this one takes up its computers.
 */
const PEER_IDLE_MS = 2000;

/** What taking tables up needs of the authority. */
export interface TakeUpHost {
  readonly storage: Storage;
  /** Several processes share the storage (and the tables). */
  readonly shared: boolean;
  /** The server is stopping: nothing more is taken up. */
  isClosed(): boolean;
  /** The table in memory, loaded from the storage (and taken up) when it is not. */
  table(id: string): Promise<LiveTable | undefined>;
  /** The tables in memory. */
  held(): Iterable<LiveTable>;
  /** Whether a computer plays the seat now (its own, or the default one for a person away). */
  playedByComputer(t: LiveTable, seat: Seat): boolean;
  /** The seat's person counts as gone since `since` (ms since the epoch). */
  markGone(tableId: string, seat: Seat, since: number): void;
  /** The match is over: its end is stored; its ratings hook runs. */
  finished(t: LiveTable): Promise<void>;
  /** The table's computers and turn timer go on, in a later turn of the event loop. */
  wake(tableId: string): void;
}

export class TakeUp {
  /** Tables this process has held: their seats' presence is its own from then on. */
  private readonly known = new Set<string>();
  private readonly sweep: NodeJS.Timeout | undefined;

  constructor(private readonly host: TakeUpHost) {
    if (host.shared) {
      // A process of the cluster may die mid-match: its tables' computers are taken up here once idle.
      this.sweep = setInterval(() => this.idle(), PEER_IDLE_MS);
      this.sweep.unref();
    }
  }

  /** This process made the table: its people's presence is its own from the start. */
  made(tableId: string): void {
    this.known.add(tableId);
  }

  /** The table was let go (its match over): nothing is kept for it. */
  forget(tableId: string): void {
    this.known.delete(tableId);
  }

  /**
   * What a table needs when this process loads it: a match over in its log is
   * finished (stored by a version that wrote the end apart from the last
   * entry) and rated once; the first time this process holds it, its people
   * count as gone from when they were stored gone, or (one process) from now:
   * after a restart nobody is connected yet. Then the computers and the
   * turn timer go on.
   */
  async loaded(t: LiveTable): Promise<void> {
    const id = t.row.id;
    if (t.table.over) {
      // Its result too, for a match that ended before results were stored.
      if (t.row.status !== "finished" || t.row.result === null) {
        const result = matchResult(t.table);
        await this.host.storage.finish(id, result);
        t.row = {
          ...t.row,
          status: "finished",
          finished_at: t.row.finished_at ?? new Date().toISOString(),
          result: JSON.stringify(result),
        };
      }
      if (!t.row.rated) await this.host.finished(t);
      return;
    }
    if (!this.known.has(id)) {
      this.known.add(id);
      for (const s of t.seats) {
        if (s.player_id === null) continue;
        const since = s.gone_since ? Date.parse(s.gone_since) : this.host.shared ? undefined : Date.now();
        if (since !== undefined) this.host.markGone(id, s.seat, since);
      }
    }
    // Shared: another process may be playing this table's computers; take them up only when it stopped.
    if (!this.host.shared || Date.now() - t.lastMoveAt >= PEER_IDLE_MS) this.host.wake(id);
  }

  /**
   * Takes up every table a stopped server left (being played, or finished and
   * not rated): each is loaded (see `loaded`), one after another. Returns how
   * many were taken up.
   */
  async all(): Promise<number> {
    let n = 0;
    for (const id of await this.host.storage.unsettledTables()) {
      if (this.host.isClosed()) break;
      if (await this.host.table(id).catch(() => undefined)) n++;
    }
    return n;
  }

  /** Shared mode: the tables held here with a computer to act and nothing stored for PEER_IDLE_MS move on. */
  private idle(): void {
    const idle = Date.now() - PEER_IDLE_MS;
    for (const t of this.host.held()) {
      const s = t.table.state;
      if (t.table.over || t.lastMoveAt > idle || waitingForPeople(t)) continue;
      const computers = t.seats.every((x) => x.kind === "computer");
      if (s.handOver ? computers : t.table.status().toAct.some((seat) => this.host.playedByComputer(t, seat)))
        this.host.wake(t.row.id);
    }
  }

  close(): void {
    clearInterval(this.sweep);
  }
}
