/**
 * The table's WebSocket: watches as a seat or a spectator, keeps the last
 * event number, and after a dropped connection watches again from it, so
 * the server sends only what was missed.
 */
import { InfoKeeper } from "../../src/server/info-keeper.js";
import type { ServerMessage, WireMessage } from "../../src/server/messages.js";
import type { SeatKey } from "./api.js";
import { channelClosed, channelOpened, heard } from "./table-bus.js";

export type Viewer = SeatKey | "spectator";

export interface ChannelHandlers {
  message(m: ServerMessage): void;
  connected(up: boolean): void;
}

export class TableChannel {
  private ws: WebSocket | null = null;
  private seq = 0;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly keeper = new InfoKeeper();

  constructor(
    private readonly table: string,
    private readonly as: Viewer,
    private readonly on: ChannelHandlers,
  ) {
    channelOpened(table, this);
    this.open();
  }

  private open(): void {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.on.connected(true);
      this.watch();
    };
    ws.onmessage = (ev: MessageEvent<string>) => {
      let m: ServerMessage | null;
      try {
        m = this.keeper.complete(JSON.parse(ev.data) as WireMessage);
      } catch {
        return;
      }
      if (!m) return;
      if (m.type === "update") this.seq = m.seq;
      this.on.message(m);
      heard(this.table, m);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.on.connected(false);
      this.timer = setTimeout(() => this.open(), Math.min(5000, 300 * 2 ** this.retries++));
    };
  }

  /** Asks for what this client has not seen (everything, the first time). */
  watch(): void {
    this.send({ type: "watch", table: this.table, as: this.as, ...(this.seq ? { since: this.seq } : {}) });
  }

  send(m: Record<string, unknown>): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  close(): void {
    this.closed = true;
    channelClosed(this.table, this);
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
