/**
 * A seat's connection to its table that outlives drops and server
 * restarts: when the socket closes it opens a new one (backing off), and
 * watches the table again from the last event number it was given, so the
 * seat misses nothing. Its messages, and what happens to the connection,
 * come out of one queue in order.
 */
import { Channel } from "./client.js";
import type { ClientMessage, ServerMessage } from "./messages.js";

/** What happens to the connection itself, among the server's messages. */
export type LinkNotice =
  | { readonly type: "lost" }
  | { readonly type: "back" }
  /** No server answered for the whole of `giveUpMs`: the link is closed. */
  | { readonly type: "gone"; readonly seconds: number };

export type LinkMessage = ServerMessage | LinkNotice;

export interface LinkOptions {
  readonly base: string;
  readonly table: string;
  readonly seat: number;
  readonly secret: string;
  /** How long to go on trying to reconnect before giving up. */
  readonly giveUpMs: number;
}

/** The first wait between tries and the longest: quick after a blip, never hammering a server that restarts. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 4000;
/** A server that accepts no socket in this long counts as not there this time. */
export const OPEN_TIMEOUT_MS = 5000;

export class SeatLink {
  private chan: Channel | null = null;
  private table: string;
  /** The last event number an update brought: where a new connection resumes. */
  private seen: number | undefined;
  private readonly queue: LinkMessage[] = [];
  private readonly waiting: ((m: LinkMessage) => void)[] = [];
  private closed = false;
  private wakeUp: (() => void) | null = null;

  private constructor(private readonly o: LinkOptions) {
    this.table = o.table;
  }

  /** Connects and watches the table; a first connection that fails is the caller's error. */
  static async open(o: LinkOptions): Promise<SeatLink> {
    const link = new SeatLink(o);
    const chan = await Channel.open(o.base, OPEN_TIMEOUT_MS);
    link.attach(chan);
    return link;
  }

  /** Whether a message sent now reaches the server's socket (else it is not sent: see `send`). */
  get online(): boolean {
    return this.chan?.open ?? false;
  }

  /**
   * Sends a message; false when there is no connection just now (nothing
   * is sent: the caller decides, once back, whether it still makes sense).
   */
  send(m: ClientMessage): boolean {
    if (!this.chan?.open) return false;
    this.chan.send(m);
    return true;
  }

  /** Watches another table (the next match's) from its beginning. */
  watchTable(table: string): void {
    this.table = table;
    this.seen = undefined;
    this.send(this.watchMessage());
  }

  /** The next message or notice, in order. */
  next(): Promise<LinkMessage> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.wakeUp?.();
    this.chan?.terminate();
  }

  private deliver(m: LinkMessage): void {
    const w = this.waiting.shift();
    if (w) w(m);
    else this.queue.push(m);
  }

  private watchMessage(): ClientMessage {
    const as = { seat: this.o.seat, secret: this.o.secret };
    return { type: "watch", table: this.table, as, ...(this.seen === undefined ? {} : { since: this.seen }) };
  }

  private attach(chan: Channel): void {
    this.chan = chan;
    chan.send(this.watchMessage());
    void this.pump(chan);
  }

  private async pump(chan: Channel): Promise<void> {
    for (;;) {
      const m = await chan.next(Infinity);
      if (m === null) break;
      if (m.type === "update" && m.table === this.table) this.seen = m.seq;
      this.deliver(m);
    }
    if (this.closed) return;
    this.chan = null;
    this.deliver({ type: "lost" });
    const chanBack = await this.reopen();
    if (chanBack === null) {
      if (!this.closed) this.deliver({ type: "gone", seconds: Math.round(this.o.giveUpMs / 1000) });
      return;
    }
    this.deliver({ type: "back" });
    this.attach(chanBack);
  }

  private reopen(): Promise<Channel | null> {
    return reopenChannel(
      this.o.base,
      this.o.giveUpMs,
      () => this.closed,
      (wake) => (this.wakeUp = wake),
    );
  }
}

/**
 * Tries again and again to open a channel to `base`, waiting longer each time, until a server answers,
 * `giveUpMs` is over (null) or `stopped` (null): a wait is cut short by the function given to `onWait`.
 */
export async function reopenChannel(
  base: string,
  giveUpMs: number,
  stopped: () => boolean,
  onWait: (wake: (() => void) | null) => void,
): Promise<Channel | null> {
  const end = Date.now() + giveUpMs;
  for (let wait = FIRST_WAIT_MS; !stopped() && Date.now() < end; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(wait, Math.max(0, end - Date.now())));
      onWait(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    onWait(null);
    if (stopped()) return null;
    try {
      return await Channel.open(base, OPEN_TIMEOUT_MS);
    } catch {
      // not back yet
    }
  }
  return null;
}
