/**
 * A bot account's own connection to a server (`cardroom bot`): it signs in
 * with the bot's token and hears of the seats the bot may take (`offer`),
 * and takes them (`seated` answers with the seat's secret; each seat is then
 * played over a SeatLink of its own). Like SeatLink it is a
 * ReconnectingLink: a lost socket is opened again (backing off) and signed
 * in again, and the server offers everything afresh.
 */
import type { ClientMessage } from "./messages.js";
import { ReconnectingLink } from "./reconnecting-link.js";

export interface BotLinkOptions {
  readonly base: string;
  readonly token: string;
  /** How long to go on trying to reconnect before giving up. */
  readonly giveUpMs: number;
}

export class BotLink extends ReconnectingLink {
  private constructor(private readonly o: BotLinkOptions) {
    super(o.base, o.giveUpMs);
  }

  /** Connects and signs in; a first connection that fails is the caller's error. */
  static async open(o: BotLinkOptions): Promise<BotLink> {
    const link = new BotLink(o);
    await link.connect();
    return link;
  }

  protected greeting(): ClientMessage {
    return { type: "bot", token: this.o.token };
  }
}
