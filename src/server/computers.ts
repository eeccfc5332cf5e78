/**
 * The computer players at the server's tables: computer seats, the seats
 * of people away past their grace (the default level plays for them), and
 * the moves a turn timer makes for whoever let it run out. They move in
 * batches, so that a match between computers never holds its table (or the
 * server) for long; each move is stored and announced through the
 * authority as a person's would be.
 */
import { DEFAULT_LEVEL, findBot } from "../bots/index.js";
import type { Player } from "../bots/bot.js";
import { chooseAsync } from "../bots/pool.js";
import type { SearchBudget } from "../bots/ismcts.js";
import type { Seat } from "../engine/game.js";
import { type LiveTable, waitingForPeople } from "./live-table.js";

/**
 * Computer moves made in one turn at a table; the rest follow in a later turn,
 * so that a match between computers never holds its table (or the server) for long.
 */
const COMPUTER_BATCH = 64;

/** What the computers need of the authority. */
export interface ComputersHost {
  /** The server is stopping: nothing more is played. */
  isClosed(): boolean;
  /** Whether the seat's person is gone past their grace. */
  isAway(tableId: string, seat: Seat): boolean;
  /** Stores the entry the table just made; false when it was not kept (the table is read again). */
  store(t: LiveTable): Promise<boolean>;
  /** Tells the table's viewers it changed. */
  changed(tableId: string): void;
  /** Runs the table's computers again in a later turn of the event loop. */
  wake(tableId: string): void;
  /** What a searching computer may spend on a move (the search's default when absent). */
  readonly budget?: Partial<SearchBudget>;
}

/** A move the computer makes at a person's seat (not a computer seat's own) is said to be the computer's. */
const forPerson = (t: LiveTable, seat: Seat): "computer" | undefined =>
  t.seats[seat].kind === "open" ? "computer" : undefined;

export class Computers {
  constructor(private readonly host: ComputersHost) {}

  /** Who plays the seat for the server: its computer, the default one while its person is away, or nobody. */
  botFor(t: LiveTable, seat: Seat): Player | null {
    const s = t.seats[seat];
    if (s.kind === "computer") {
      const bot = findBot(t.entry, s.level ?? DEFAULT_LEVEL);
      return bot.ok ? bot.value : null;
    }
    if (this.host.isAway(t.row.id, seat)) {
      const bot = findBot(t.entry, DEFAULT_LEVEL);
      return bot.ok ? bot.value : null;
    }
    return null;
  }

  /**
   * The computers move while one is to act; a table with nobody but computers
   * (or whose people are all away) deals on by itself. A batch of moves at a time, the rest in a later turn
   * (no limit on a match's moves: each hand ends by the game's move limit).
   */
  async run(t: LiveTable): Promise<void> {
    if (waitingForPeople(t)) return;
    for (let made = 0; !this.host.isClosed(); made++) {
      if (made === COMPUTER_BATCH) return this.host.wake(t.row.id);
      const s = t.table.state;
      if (t.table.over) return;
      if (s.handOver) {
        // The next hand is dealt by a person, unless every person at the table is away.
        if (t.seats.some((x) => x.kind === "open" && !this.host.isAway(t.row.id, x.seat))) return;
        t.table.next();
      } else {
        const seat = t.table.status().toAct.find((p) => this.botFor(t, p) !== null);
        if (seat === undefined) return;
        // A search runs in a worker thread: the server answers everyone else meanwhile.
        const move = await chooseAsync(t.entry, this.botFor(t, seat)!, s, seat, t.rng, this.host.budget);
        if (this.host.isClosed()) return;
        const played = t.table.play(seat, move, forPerson(t, seat));
        if (!played.ok) throw new Error(`computer move refused: ${played.error.message}`);
      }
      const stored = await this.host.store(t);
      // Each computer move reaches the table as it is made, not all at once after the last
      // (and when it could not be stored, everyone reads the table as stored).
      this.host.changed(t.row.id);
      if (!stored) return;
    }
  }

  /**
   * The turn ran out at event number `seq`: the default computer moves for
   * every seat to act (or deals the next hand), each move stored; then the
   * table's computers answer. False when nothing was played to the end (the
   * table moved on meanwhile, a move was not stored, the server stops): the
   * turn timer is then not armed again here.
   */
  async timeUp(t: LiveTable, seq: number): Promise<boolean> {
    if (t.table.seq !== seq || t.table.over) return false;
    if (t.table.state.handOver) {
      t.table.next();
      if (!(await this.host.store(t))) return false;
    } else {
      const bot = findBot(t.entry, DEFAULT_LEVEL);
      if (!bot.ok) return false;
      for (const seat of [...t.table.status().toAct]) {
        if (!t.table.isToAct(seat)) continue;
        const move = await chooseAsync(t.entry, bot.value, t.table.state, seat, t.rng);
        if (this.host.isClosed() || !t.table.isToAct(seat)) return false;
        t.table.play(seat, move, forPerson(t, seat));
        if (!(await this.host.store(t))) return false;
      }
    }
    this.host.changed(t.row.id);
    await this.run(t);
    return true;
  }
}
