/**
 * Whether each seat's person is here: a seat whose person has no
 * connection is gone from that moment, and once gone for the grace period
 * it is away, played by the computer until its person is back. The grace
 * timers live here; the authority is told when a seat turns away.
 */
import type { Seat } from "../engine/game.js";
import { Deadlines } from "./timers.js";

/** A grace timer fires this much after the grace ends, so that the seat is away by then. */
const SLACK_MS = 5;

export class Presence {
  /** Per table, the seats gone and since when (ms since the epoch). */
  private readonly gone = new Map<string, Map<Seat, number>>();
  private readonly graces = new Deadlines();

  constructor(
    /** How long a person may be gone before the computer plays for their seat (ms); 0 for never. */
    private readonly graceMs: number,
    private readonly turnedAway: (tableId: string, seat: Seat) => void,
  ) {}

  /** The seat's person is gone since `since`; false when they were known gone already (or there is no grace). */
  markGone(tableId: string, seat: Seat, since = Date.now()): boolean {
    if (this.graceMs <= 0) return false;
    let seats = this.gone.get(tableId);
    if (!seats) this.gone.set(tableId, (seats = new Map()));
    if (seats.has(seat)) return false;
    seats.set(seat, since);
    this.graces.set(`${tableId}:${seat}`, since + this.graceMs + SLACK_MS, () =>
      this.turnedAway(tableId, seat),
    );
    return true;
  }

  /** The seat's person is here (again); false when they were not gone. */
  markBack(tableId: string, seat: Seat): boolean {
    const seats = this.gone.get(tableId);
    if (!seats?.delete(seat)) return false;
    if (seats.size === 0) this.gone.delete(tableId);
    this.graces.clear(`${tableId}:${seat}`);
    return true;
  }

  /** Whether the computer plays for the seat: its person gone for the grace period or longer. */
  isAway(tableId: string, seat: Seat): boolean {
    const since = this.gone.get(tableId)?.get(seat);
    return since !== undefined && Date.now() - since >= this.graceMs;
  }

  /** The table's match is over: nobody's seat is waited for any more. */
  forgetTable(tableId: string): void {
    for (const seat of this.gone.get(tableId)?.keys() ?? []) this.graces.clear(`${tableId}:${seat}`);
    this.gone.delete(tableId);
  }

  close(): void {
    this.graces.close();
  }
}
