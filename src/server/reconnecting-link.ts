/**
 * A connection to a server that outlives drops and restarts: when its
 * socket closes it opens a new one (backing off) and greets the server
 * again (a seat watches its table from the last event it was given; a bot
 * signs in). Its messages, and what happens to the connection itself, come
 * out of one queue in order. SeatLink and BotLink say what the greeting is.
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

/** The first wait between tries and the longest: quick after a blip, never hammering a server that restarts. */
const FIRST_WAIT_MS = 250;
const LONGEST_WAIT_MS = 4000;
/** A server that accepts no socket in this long counts as not there this time. */
export const OPEN_TIMEOUT_MS = 5000;

export abstract class ReconnectingLink {
  private chan: Channel | null = null;
  private readonly queue: LinkMessage[] = [];
  private readonly waiting: ((m: LinkMessage) => void)[] = [];
  private closed = false;
  private wakeUp: (() => void) | null = null;

  protected constructor(
    private readonly base: string,
    /** How long to go on trying to reconnect before giving up. */
    private readonly giveUpMs: number,
  ) {}

  /** The first message on every new socket. */
  protected abstract greeting(): ClientMessage;

  /** A message from the server, before it is queued (a seat keeps its event number). */
  protected heard(_m: ServerMessage): void {}

  /** Opens the first socket; one that fails is the caller's error. */
  protected async connect(): Promise<void> {
    this.attach(await Channel.open(this.base, OPEN_TIMEOUT_MS));
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

  private attach(chan: Channel): void {
    this.chan = chan;
    chan.send(this.greeting());
    void this.pump(chan);
  }

  private async pump(chan: Channel): Promise<void> {
    for (;;) {
      const m = await chan.next(Infinity);
      if (m === null) break;
      this.heard(m);
      this.deliver(m);
    }
    if (this.closed) return;
    this.chan = null;
    this.deliver({ type: "lost" });
    const back = await reopenChannel(
      this.base,
      this.giveUpMs,
      () => this.closed,
      (wake) => (this.wakeUp = wake),
    );
    if (back === null) {
      if (!this.closed) this.deliver({ type: "gone", seconds: Math.round(this.giveUpMs / 1000) });
      return;
    }
    this.deliver({ type: "back" });
    this.attach(back);
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
