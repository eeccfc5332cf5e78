/**
 * The seats: people and bot accounts sitting down, taking their seat back
 * and leaving it, and whether each seat's person is here (presence.ts):
 * one gone past the grace period is played by the computer until back, and
 * when each went is stored for a restarted server.
 */
import type { Seat } from "../engine/game.js";
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { botRefusal } from "./bot-offers.js";
import { type Credential, type ServerError, fail, newSecret, now, sha256, viewerAt } from "./credentials.js";
import type { LiveTable } from "./live-table.js";
import type { Players } from "./players.js";
import { Presence } from "./presence.js";
import type { PlayerRow, Storage } from "./storage.js";
import type { Tables } from "./tables.js";

/** What the seats need of the authority. */
export interface SeatsHost {
  readonly storage: Storage;
  readonly tables: Tables;
  readonly players: Players;
  /** How long a person may be gone before the computer plays for their seat (ms); 0 for never. */
  readonly graceMs: number;
  /** The server is stopping. */
  isClosed(): boolean;
  /** The computers play if one is to act, and the turn timer runs. */
  playOn(t: LiveTable): Promise<void>;
  /** A seat at the table may have come free for a bot. */
  opened(tableId: string): void;
}

export class Seats {
  private readonly presence: Presence;
  /** The seats' gone times being stored, one after another (so the last word is the one kept). */
  private goneWrites: Promise<void> = Promise.resolve();

  constructor(private readonly host: SeatsHost) {
    this.presence = new Presence(host.graceMs, (id, seat) => this.turnedAway(id, seat));
  }

  /** Seats the guest whose token this is. */
  async sit(tableId: string, seat: number, token: string): Promise<Result<{ secret: string }, ServerError>> {
    const player = await this.host.players.identify(token);
    if (!player) return fail("forbidden", "unknown guest token: make a guest first (POST /api/guests)");
    return this.seat(tableId, seat, player);
  }

  /** Seats a signed-in bot account with its token's account (the same rules as `sit`). */
  takeSeat(tableId: string, seat: number, bot: PlayerRow): Promise<Result<{ secret: string }, ServerError>> {
    return this.seat(tableId, seat, bot);
  }

  /** Seats `player` (a person, or a bot account within what its owner and the table allow). */
  private async seat(
    tableId: string,
    seat: number,
    player: PlayerRow,
  ): Promise<Result<{ secret: string }, ServerError>> {
    const { storage, tables } = this.host;
    const r = await tables.withTable(tableId, async (t) => {
      if (t.table.over) return fail("match_over", "the match is over");
      const s = t.seats[seat];
      if (!s) return fail("bad_request", `seat must be a number from 0 to ${t.row.players - 1}`);
      if (s.kind !== "open") return fail("seat_taken", `seat ${seat} is a computer player's`);
      const secret = newSecret();
      if (player.bot) {
        if (s.player_id === player.id) {
          // The bot's own seat, taken back (a restarted bot): a new secret, the old one no longer opens it.
          if (!(await storage.renewSeat(tableId, seat, player.id, sha256(secret))))
            return fail("seat_taken", `seat ${seat} is taken`);
          t.seats[seat] = { ...s, secret_hash: sha256(secret) };
          return ok({ secret });
        }
        const refused = botRefusal(t, s, player);
        if (refused) return fail("forbidden", refused);
      } else if (s.invited !== null) {
        return fail("seat_taken", `seat ${seat} is kept for a bot account invited to it`);
      }
      const claimed = await storage.claimSeat(tableId, seat, player.id, sha256(secret));
      if (!claimed) return fail("seat_taken", `seat ${seat} is taken`);
      t.seats[seat] = { ...s, player_id: player.id, secret_hash: sha256(secret), gone_since: null };
      t.names.set(player.id, player.name);
      if (player.bot) t.bots.add(player.id);
      t.meta = true;
      if (t.stored === 0) t.lastMoveAt = Date.now(); // the turn timer counts from the last one sitting down
      tables.changed(tableId);
      // The last person to sit down starts the match: the computers play if they are to act.
      await this.host.playOn(t);
      return ok({ secret });
    });
    return r ?? fail("not_found", "no such table");
  }

  /** The player id holding a seat (null: nobody), or undefined when there is no such table or seat. */
  async holderOf(tableId: string, seat: number): Promise<string | null | undefined> {
    const t = await this.host.tables.get(tableId);
    const s = t?.seats[seat];
    return s ? s.player_id : undefined;
  }

  /** The seat's holder gives it up: it is open again (and offered to the bots). */
  async leave(tableId: string, cred: Credential): Promise<Result<null, ServerError>> {
    if (cred === SPECTATOR) return ok(null);
    const { storage, tables } = this.host;
    const r = await tables.withTable(tableId, async (t) => {
      const v = viewerAt(t, cred);
      if (!v.ok) return v;
      await storage.releaseSeat(tableId, cred.seat);
      t.seats[cred.seat] = {
        ...t.seats[cred.seat],
        player_id: null,
        secret_hash: null,
        again: 0,
        gone_since: null,
      };
      this.presence.markBack(tableId, cred.seat);
      t.meta = true;
      tables.changed(tableId);
      this.host.opened(tableId);
      return ok(null);
    });
    return r ?? fail("not_found", "no such table");
  }

  // ---- People coming and going ----

  /** A seat's person has no connection any more: after the grace period the computer plays for them. */
  gone(tableId: string, seat: Seat): void {
    const t = this.host.tables.held(tableId);
    if (!t || this.host.isClosed() || t.table.over) return;
    if (this.presence.markGone(tableId, seat)) this.storeGone(tableId, seat, now());
  }

  /** A seat's person is back: they play for themselves again. */
  back(tableId: string, seat: Seat): void {
    if (!this.present(tableId, seat)) return;
    this.host.tables.changed(tableId);
  }

  /** The seat's person acted, so is here; true when they were gone (their return is stored). */
  present(tableId: string, seat: Seat): boolean {
    if (!this.presence.markBack(tableId, seat)) return false;
    this.storeGone(tableId, seat, null);
    return true;
  }

  /** The seat's person counts as gone since `since` (ms since the epoch): a table taken up. */
  markGone(tableId: string, seat: Seat, since: number): void {
    this.presence.markGone(tableId, seat, since);
  }

  /** Whether the computer plays for the seat: its person gone for the grace period or longer. */
  isAway(tableId: string, seat: Seat): boolean {
    return this.presence.isAway(tableId, seat);
  }

  /** The table's match is over or it was let go: nobody's seat is waited for any more. */
  forgetTable(tableId: string): void {
    this.presence.forgetTable(tableId);
  }

  /** A seat's grace ran out: it shows as away, and the computer plays for it. */
  private turnedAway(tableId: string, seat: Seat): void {
    void this.host.tables
      .withTable(tableId, async (live) => {
        if (!this.presence.isAway(tableId, seat)) return;
        this.host.tables.changed(tableId);
        await this.host.playOn(live);
      })
      .catch(() => undefined);
  }

  /** Stores when a seat's person went (null: is back), for a restarted server; in order, not waited for. */
  private storeGone(tableId: string, seat: Seat, since: string | null): void {
    this.goneWrites = this.goneWrites
      .then(() => this.host.storage.setGone(tableId, seat, since))
      .catch(() => undefined);
  }

  /** Stops the grace timers. */
  close(): void {
    this.presence.close();
  }
}
