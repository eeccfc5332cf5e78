/**
 * How a change reaches every client: the processes serving a table's
 * clients. In one process the hub calls its listeners; with Redis
 * (`REDIS_URL`) it also publishes the log entries stored, and the other
 * processes apply them (reading the storage only when they cannot) before
 * telling their own clients (lila-ws style).
 */
import type { Authority, TableNews } from "./authority.js";

export interface ChatLine {
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

export interface Hub {
  /** The table changed (a move, a seat, a deal): every process's clients read on. */
  changed(tableId: string, news?: TableNews | null): void;
  chat(tableId: string, line: ChatLine): void;
  onChanged(listener: (tableId: string) => void): void;
  onChat(listener: (tableId: string, line: ChatLine) => void): void;
  close(): Promise<void>;
}

export class LocalHub implements Hub {
  protected readonly changeListeners: ((tableId: string) => void)[] = [];
  protected readonly chatListeners: ((tableId: string, line: ChatLine) => void)[] = [];

  changed(tableId: string, _news?: TableNews | null): void {
    for (const l of this.changeListeners) l(tableId);
  }

  chat(tableId: string, line: ChatLine): void {
    for (const l of this.chatListeners) l(tableId, line);
  }

  onChanged(listener: (tableId: string) => void): void {
    this.changeListeners.push(listener);
  }

  onChat(listener: (tableId: string, line: ChatLine) => void): void {
    this.chatListeners.push(listener);
  }

  async close(): Promise<void> {}
}

/** The Redis channel's name starts with this unless `REDIS_PREFIX` says otherwise. */
export const DEFAULT_REDIS_PREFIX = "cardroom";

/** Processes joined by Redis pub/sub: what one stores, the others apply (or read from the storage). */
export class RedisHub extends LocalHub {
  private constructor(
    private readonly pub: import("ioredis").Redis,
    private readonly sub: import("ioredis").Redis,
    private readonly origin: string,
    private readonly channel: string,
  ) {
    super();
  }

  /** `prefix` keeps apart the processes of different rooms (or test runs) on one Redis. */
  static async connect(
    url: string,
    authority: Authority,
    origin: string,
    prefix = DEFAULT_REDIS_PREFIX,
  ): Promise<RedisHub> {
    const channel = `${prefix}:tables`;
    const { Redis } = await import("ioredis");
    const options = { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true };
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    // A dropped connection is retried by ioredis; its errors are not the server's end.
    pub.on("error", () => undefined);
    sub.on("error", () => undefined);
    await pub.connect();
    await sub.connect();
    const hub = new RedisHub(pub, sub, origin, channel);
    await sub.subscribe(channel);
    sub.on("message", (_channel: string, raw: string) => {
      let m: { o: string; t: string; chat?: ChatLine; news?: TableNews | null };
      try {
        m = JSON.parse(raw) as typeof m;
      } catch {
        return;
      }
      if (m.o === origin || typeof m.t !== "string") return;
      if (m.chat) {
        for (const l of hub.chatListeners) l(m.t, m.chat);
        return;
      }
      void authority
        .refreshFromPeer(m.t, m.news ?? null)
        .then(() => {
          for (const l of hub.changeListeners) l(m.t);
        })
        .catch(() => undefined);
    });
    return hub;
  }

  override changed(tableId: string, news?: TableNews | null): void {
    super.changed(tableId);
    void this.pub
      .publish(this.channel, JSON.stringify({ o: this.origin, t: tableId, news: news ?? null }))
      .catch(() => undefined);
  }

  override chat(tableId: string, line: ChatLine): void {
    super.chat(tableId, line);
    void this.pub
      .publish(this.channel, JSON.stringify({ o: this.origin, t: tableId, chat: line }))
      .catch(() => undefined);
  }

  override async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
