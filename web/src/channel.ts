/**
 * The table's WebSocket: watches as a seat or a spectator, keeps the last
 * event number, and after a dropped connection watches again from it, so
 * the server sends only what was missed. A table link opened cold opens its
 * channel as soon as the table is known (`openEarly`), while the page and
 * its game's chunks still load: the page takes it, and what it heard, when
 * it is ready (`channelFor`).
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

/** A channel opened early and not taken by its page within this long is closed. */
const UNCLAIMED_MS = 15_000;

export class TableChannel {
  private ws: WebSocket | null = null;
  /** What came before the page took the channel (opened early): handed over when it does. */
  private held: { messages: ServerMessage[]; up: boolean | null } | null = null;
  private seq = 0;
  private closed = false;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly keeper = new InfoKeeper();

  constructor(
    private readonly table: string,
    readonly as: Viewer,
    private on: ChannelHandlers,
  ) {
    channelOpened(table, this);
    this.open();
  }

  /** Handlers that hold what comes until `take` (a channel opened before its page). */
  static held(table: string, as: Viewer): TableChannel {
    const held = { messages: [] as ServerMessage[], up: null as boolean | null };
    const c = new TableChannel(table, as, {
      message: (m) => held.messages.push(m),
      connected: (up) => (held.up = up),
    });
    c.held = held;
    return c;
  }

  /** The page's handlers from now on, first given what came before. */
  take(on: ChannelHandlers): void {
    const held = this.held;
    this.held = null;
    this.on = on;
    if (!held) return;
    if (held.up !== null) on.connected(held.up);
    for (const m of held.messages) {
      on.message(m);
      heard(this.table, m);
    }
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
      if (!this.held) heard(this.table, m);
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

const early = new Map<string, { channel: TableChannel; timer: ReturnType<typeof setTimeout> }>();
const sameViewer = (a: Viewer, b: Viewer): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Opens the table's channel before its page is ready (a table link opened cold). */
export function openEarly(table: string, as: Viewer): void {
  if (early.has(table)) return;
  const timer = setTimeout(() => {
    early.delete(table);
    channel.close();
  }, UNCLAIMED_MS);
  const channel = TableChannel.held(table, as);
  early.set(table, { channel, timer });
}

/** The table's channel for this viewer: the one opened early, with what it heard meanwhile, else a new one. */
export function channelFor(table: string, as: Viewer, on: ChannelHandlers): TableChannel {
  const e = early.get(table);
  early.delete(table);
  if (e) clearTimeout(e.timer);
  if (e && sameViewer(e.channel.as, as)) {
    e.channel.take(on);
    return e.channel;
  }
  e?.channel.close();
  return new TableChannel(table, as, on);
}
