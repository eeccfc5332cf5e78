/**
 * A seat's connection to its table that outlives drops and server
 * restarts (a ReconnectingLink): on every new socket it watches the table
 * again from the last event number it was given, so the seat misses
 * nothing.
 */
import type { ClientMessage, ServerMessage } from "./messages.js";
import { ReconnectingLink } from "./reconnecting-link.js";

export { type LinkMessage, type LinkNotice, OPEN_TIMEOUT_MS, reopenChannel } from "./reconnecting-link.js";

export interface LinkOptions {
  readonly base: string;
  readonly table: string;
  readonly seat: number;
  readonly secret: string;
  /** How long to go on trying to reconnect before giving up. */
  readonly giveUpMs: number;
}

export class SeatLink extends ReconnectingLink {
  private table: string;
  /** The last event number an update brought: where a new connection resumes. */
  private seen: number | undefined;

  private constructor(private readonly o: LinkOptions) {
    super(o.base, o.giveUpMs);
    this.table = o.table;
  }

  /** Connects and watches the table; a first connection that fails is the caller's error. */
  static async open(o: LinkOptions): Promise<SeatLink> {
    const link = new SeatLink(o);
    await link.connect();
    return link;
  }

  /** Watches another table (the next match's) from its beginning. */
  watchTable(table: string): void {
    this.table = table;
    this.seen = undefined;
    this.send(this.greeting());
  }

  protected greeting(): ClientMessage {
    const as = { seat: this.o.seat, secret: this.o.secret };
    return { type: "watch", table: this.table, as, ...(this.seen === undefined ? {} : { since: this.seen }) };
  }

  protected override heard(m: ServerMessage): void {
    if (m.type === "update" && m.table === this.table) this.seen = m.seq;
  }
}
