/**
 * A table as the authority holds it in memory: its row and seats as
 * stored, the engine's table with its log, and what the authority keeps
 * beside them (how much is stored, the operations' chain, the names).
 * The authority, the computers (computers.ts) and taking tables up
 * (take-up.ts) share it.
 */
import type { Rng } from "../engine/rng.js";
import type { Table } from "../engine/table.js";
import type { GameEntry } from "../games/index.js";
import type { MatchResult, SeatRow, TableRow } from "./storage.js";

export interface LiveTable {
  row: TableRow;
  seats: SeatRow[];
  readonly entry: GameEntry;
  /** The table's options, read once from its row (they never change). */
  readonly options: Record<string, unknown>;
  table: Table;
  /** Log entries stored so far: the next one is stored under `stored + 1`. */
  stored: number;
  /** The table's event number when its last stored entry was applied: viewers read no further. */
  storedSeq: number;
  /** The entry being stored, if one is: what a viewer waits for before reading (`settled`). */
  storing: Promise<unknown> | null;
  readonly rng: Rng;
  /** Operations on the table, one after another. */
  chain: Promise<unknown>;
  /** When its last entry was stored (or its match began), ms: the turn timer counts from here. */
  lastMoveAt: number;
  /** Display names of the people seated, by player id (read with the seats). */
  readonly names: Map<string, string>;
  /** Which of them are bot accounts (read with the names). */
  readonly bots: Set<string>;
  /** Log entries already announced to the other processes (shared mode). */
  announced: number;
  /** Seats or the table's row changed here since the last announcement: the others must read them. */
  meta: boolean;
  /** Another process stored what this one could not apply from its announcement: read before acting. */
  stale: boolean;
}

/**
 * The match begins once every open seat has its person: until then nobody plays, computers and
 * turn timers included (a computer that may play on while the others cannot follow could finish a
 * hand alone before anyone sat down).
 */
export function waitingForPeople(t: LiveTable): boolean {
  return t.stored === 0 && t.seats.some((x) => x.kind === "open" && x.player_id === null);
}

/** How a table's match ended (the match is over). */
export const matchResult = (table: Table): MatchResult => {
  const status = table.status();
  return {
    scores: [...table.state.scores],
    winners: [...(status.winners ?? [])],
    ...(status.forfeit ? { forfeit: { ...status.forfeit } } : {}),
  };
};
