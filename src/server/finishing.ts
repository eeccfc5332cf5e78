/**
 * A match's end: the hooks that run once it is stored (ratings, see
 * ratings.ts), its result as a record, and "play again": once every person
 * at a finished table asked, a new table with the same game, options and
 * seats, each person keeping their seat's secret.
 */
import { DEFAULT_LEVEL } from "../bots/index.js";
import type { Seat } from "../engine/game.js";
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { type Credential, type ServerError, fail, viewerAt } from "./credentials.js";
import type { LiveTable } from "./live-table.js";
import type { Lobby } from "./lobby.js";
import { type MatchResult, NOT_AGAIN, type SeatRow, type Storage, type TableRow } from "./storage.js";
import type { TableMaker } from "./table-making.js";
import type { Tables } from "./tables.js";

type FinishListener = (row: TableRow, seats: readonly SeatRow[], winners: readonly Seat[]) => Promise<void>;

/** What finishing needs of the authority. */
export interface FinishingHost {
  readonly storage: Storage;
  readonly tables: Tables;
  readonly lobby: Lobby;
  readonly maker: TableMaker;
  /** A seat at the table may have come free for a bot. */
  opened(tableId: string): void;
}

export class Finishing {
  private readonly finishListeners: FinishListener[] = [];

  constructor(private readonly host: FinishingHost) {}

  /** Called with every match whose end is stored, with its winners (the ratings). */
  onFinish(l: FinishListener): void {
    this.finishListeners.push(l);
  }

  /**
   * Hook for ratings once a match ends (see ratings.ts). The end is stored
   * already: a rating that fails leaves the match unrated, and the next
   * start of the server rates it (`takeUpTables`).
   */
  async finished(t: LiveTable): Promise<void> {
    try {
      for (const l of this.finishListeners) await l(t.row, t.seats, t.table.status().winners ?? []);
    } catch {
      // Rated at the next start.
    }
  }

  /**
   * A finished match's result: as stored, or, for a match that ended before results were stored,
   * from its log (loading the table stores it).
   */
  async resultOf(row: TableRow): Promise<MatchResult | null> {
    if (row.result !== null) return JSON.parse(row.result) as MatchResult;
    const t = await this.host.tables.settled(row.id);
    return t?.row.result ? (JSON.parse(t.row.result) as MatchResult) : null;
  }

  /**
   * "Play again?": once every person at a finished table asked, a new table
   * with the same game, options and seats; each person keeps their seat's secret.
   */
  async again(tableId: string, cred: Credential, yes = true): Promise<Result<string | null, ServerError>> {
    const { storage, tables } = this.host;
    const r = await tables.withTable(tableId, async (t): Promise<Result<string | null, ServerError>> => {
      const v = viewerAt(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no seat to play again");
      if (!t.table.over) return fail("bad_request", "the match is not over yet");
      if (t.row.again_id) return ok(t.row.again_id);
      await this.host.lobby.infoOf(t); // which seats are bots'
      const asker = t.seats[v.value].player_id;
      if (asker && t.bots.has(asker))
        return fail("forbidden", "play again is the people's to ask, not a bot's");
      // No: the seat's person went back to the lobby, and the others waiting to play again are told.
      if (!yes) {
        if (t.seats[v.value].again === NOT_AGAIN) return ok(null);
        await storage.setAgain(tableId, v.value, NOT_AGAIN);
        t.seats[v.value] = { ...t.seats[v.value], again: NOT_AGAIN };
        t.meta = true;
        tables.changed(tableId);
        return ok(null);
      }
      await storage.setAgain(tableId, v.value);
      t.seats[v.value] = { ...t.seats[v.value], again: 1 };
      // The people decide; a bot's seat at the new table is kept for it (an invitation).
      const people = t.seats.filter((s) => s.player_id !== null && !t.bots.has(s.player_id));
      t.meta = true;
      if (!people.every((s) => s.again === 1)) {
        tables.changed(tableId);
        return ok(null);
      }
      const made = await this.host.maker.create(
        {
          game: t.row.game,
          seats: t.seats.map((s) =>
            s.kind === "computer"
              ? { kind: "computer", level: s.level ?? DEFAULT_LEVEL }
              : s.player_id && t.bots.has(s.player_id)
                ? { kind: "bot", id: s.player_id }
                : { kind: "open" },
          ),
          options: JSON.parse(t.row.options) as Record<string, number | boolean | string>,
          turnSeconds: t.row.turn_seconds,
          bots: t.row.bots !== 0,
        },
        tableId,
      );
      if (!made.ok) return made;
      for (const s of people) await storage.claimSeat(made.value.id, s.seat, s.player_id!, s.secret_hash!);
      tables.forget(made.value.id); // read again with its seats
      this.host.opened(made.value.id);
      if (!(await storage.linkAgain(tableId, made.value.id))) {
        const row = await storage.table(tableId);
        return ok(row?.again_id ?? null);
      }
      t.row = { ...t.row, again_id: made.value.id };
      tables.changed(tableId);
      return ok(made.value.id);
    });
    return r ?? fail("not_found", "no such table");
  }
}
