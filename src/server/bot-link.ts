/**
 * A bot account's own connection to a server (`cardroom bot`): it signs in
 * with the bot's token and hears of the seats the bot may take (`offer`),
 * and takes them (`seated` answers with the seat's secret; each seat is then
 * played over a SeatLink of its own). Like SeatLink it outlives drops and
 * restarts: a lost socket is opened again (backing off) and signed in again,
 * and the server offers everything afresh.
 */
import { Channel } from "./client.js";
import type { ClientMessage, ServerMessage } from "./messages.js";
import { type LinkMessage, OPEN_TIMEOUT_MS, reopenChannel } from "./seat-link.js";

export interface BotLinkOptions {
  readonly base: string;
  readonly token: string;
  /** How long to go on trying to reconnect before giving up. */
  readonly giveUpMs: number;
}

export class BotLink {
  private chan: Channel | null = null;
  private readonly queue: LinkMessage[] = [];
  private readonly waiting: ((m: LinkMessage) => void)[] = [];
  private closed = false;
  private wakeUp: (() => void) | null = null;

  private constructor(private readonly o: BotLinkOptions) {}

  /** Connects and signs in; a first connection that fails is the caller's error. */
  static async open(o: BotLinkOptions): Promise<BotLink> {
    const link = new BotLink(o);
    link.attach(await Channel.open(o.base, OPEN_TIMEOUT_MS));
    return link;
  }

  /** Sends a message; false when there is no connection just now (nothing is sent). */
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
    chan.send({ type: "bot", token: this.o.token });
    void this.pump(chan);
  }

  private async pump(chan: Channel): Promise<void> {
    for (;;) {
      const m: ServerMessage | null = await chan.next(Infinity);
      if (m === null) break;
      this.deliver(m);
    }
    if (this.closed) return;
    this.chan = null;
    this.deliver({ type: "lost" });
    const back = await this.reopen();
    if (back === null) {
      if (!this.closed) this.deliver({ type: "gone", seconds: Math.round(this.o.giveUpMs / 1000) });
      return;
    }
    this.deliver({ type: "back" });
    this.attach(back);
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
