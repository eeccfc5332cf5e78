/**
 * The next hand at a table where no person sits (bots' seats and computers
 * only). A person deals for themselves, a computer table deals on by
 * itself (computers.ts); at a bot's table the first bot to say `next`
 * deals, and should none do (a program slow to answer, a deal refused as
 * too fast and never sent again, a bot gone) the server deals the hand
 * BOT_DEAL_MS after it ended, so such a table never stalls for good.
 */
import type { Seat } from "../engine/game.js";
import type { LiveTable } from "./live-table.js";
import { Deadlines } from "./timers.js";

/** How long after a hand ends at a table with no person the server deals the next itself. */
export const BOT_DEAL_MS = 2000;

/**
 * Whether no person sits at the table: every open seat is held by a bot account or by a person
 * away past their grace (whom the computer plays for). Needs the seats' names read (`bots`).
 */
export function nobodyDeals(t: LiveTable, isAway: (seat: Seat) => boolean): boolean {
  return t.seats.every(
    (s) => s.kind !== "open" || (s.player_id !== null && (t.bots.has(s.player_id) || isAway(s.seat))),
  );
}

/** Whether a person is known to sit at the table (a seat whose holder is read and is not a bot). */
function personKnown(t: LiveTable): boolean {
  return t.seats.some(
    (s) => s.kind === "open" && s.player_id !== null && t.names.has(s.player_id) && !t.bots.has(s.player_id),
  );
}

export class BotDeals {
  private readonly timers = new Deadlines();

  constructor(
    /** Deals hand `hand + 1` at the table if hand `hand` is still the last and over, and no person sits there. */
    private readonly deal: (tableId: string, hand: number) => void,
    readonly ms = BOT_DEAL_MS,
  ) {}

  /**
   * Told after every change at the table: a hand just over at a table with no person known
   * there is dealt `ms` from now unless someone deals it first; anything else clears the wait.
   */
  changed(t: LiveTable): void {
    const id = t.row.id;
    const s = t.table.state;
    if (t.table.over || !s.handOver || personKnown(t)) return this.forget(id);
    if (this.timers.has(id) && this.armedFor.get(id) === s.hand) return;
    const hand = s.hand;
    this.armedFor.set(id, hand);
    this.timers.set(id, Date.now() + this.ms, () => {
      this.armedFor.delete(id);
      this.deal(id, hand);
    });
  }

  /** The hand each table's wait is for. */
  private readonly armedFor = new Map<string, number>();

  /** The table is let go or its match is over: no deal waits for it. */
  forget(tableId: string): void {
    this.timers.clear(tableId);
    this.armedFor.delete(tableId);
  }

  close(): void {
    this.timers.close();
    this.armedFor.clear();
  }
}
