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

/** What one process publishes for one table: a change (with the entries it stored) or a chat line. */
interface Announcement {
  t: string;
  news?: TableNews | null;
  chat?: ChatLine;
}

/**
 * A process's messages on the Redis channel begin at least this far apart:
 * what it announces meanwhile goes in the next one. An announcement waits
 * only when the last message left less than this long ago.
 */
const PUBLISH_SPACING_MS = 5;

/**
 * A peer's change that could not be followed (the storage failed under load)
 * is tried again this many times, waiting 100 ms, 200 ms, 400 ms...; then the
 * table is dropped from memory and read from the storage at the next ask.
 */
const FOLLOW_TRIES = 4;

/**
 * Processes joined by Redis pub/sub: what one stores, the others apply (or
 * read from the storage). What a process announces in a turn of its event
 * loop, or within a few milliseconds of its last message under load, goes
 * out as one message: one write, one message for every other process to
 * read, however many tables changed.
 */
export class RedisHub extends LocalHub {
  private queue: Announcement[] = [];
  /** When the last message was published (performance.now()). */
  private published = -Infinity;

  private constructor(
    private readonly pub: import("ioredis").Redis,
    private readonly sub: import("ioredis").Redis,
    private readonly origin: string,
    private readonly channel: string,
    private readonly warn: (message: string) => void,
  ) {
    super();
  }

  /**
   * `prefix` keeps apart the processes of different rooms (or test runs) on one Redis; `warn` is
   * told, in one line naming the table, when another process's change could not be followed.
   */
  static async connect(
    url: string,
    authority: Authority,
    origin: string,
    prefix = DEFAULT_REDIS_PREFIX,
    warn: (message: string) => void = () => undefined,
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
    const hub = new RedisHub(pub, sub, origin, channel, warn);
    await sub.subscribe(channel);
    sub.on("message", (_channel: string, raw: string) => {
      let m: { o: string; a: Announcement[] };
      try {
        m = JSON.parse(raw) as typeof m;
      } catch {
        return;
      }
      if (m.o === origin || !Array.isArray(m.a)) return;
      for (const a of m.a) hub.heard(authority, a);
    });
    return hub;
  }

  private heard(authority: Authority, a: Announcement): void {
    if (typeof a?.t !== "string") return;
    const { t, chat } = a;
    if (chat) {
      for (const l of this.chatListeners) l(t, chat);
      return;
    }
    void this.follow(authority, t, a.news ?? null);
  }

  /**
   * Applies a peer's change, then tells this process's clients. When it
   * cannot (the storage failed), it tries again, reading the table from the
   * storage; after FOLLOW_TRIES the table is dropped from memory, to be read
   * afresh at the next ask. Either way the clients are told, so none of
   * them stays on the table as it was without a word (a stall).
   */
  private async follow(authority: Authority, t: string, news: TableNews | null): Promise<void> {
    for (let tries = 0; ; tries++) {
      try {
        await authority.tables.refreshFromPeer(t, tries === 0 ? news : null);
        break;
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        if (tries + 1 >= FOLLOW_TRIES) {
          this.warn(
            `table ${t}: another process's change could not be read (${reason}); it is read from the storage at the next ask`,
          );
          authority.tables.forget(t);
          break;
        }
        this.warn(`table ${t}: another process's change could not be read (${reason}); trying again`);
        await new Promise((r) => setTimeout(r, 100 * 2 ** tries));
      }
    }
    for (const l of this.changeListeners) l(t);
  }

  private announce(a: Announcement): void {
    if (this.queue.length === 0) {
      const wait = this.published + PUBLISH_SPACING_MS - performance.now();
      if (wait > 0) setTimeout(() => void this.flush(), wait);
      else setImmediate(() => void this.flush());
    }
    this.queue.push(a);
  }

  private flush(): Promise<unknown> {
    const a = this.queue;
    if (a.length === 0) return Promise.resolve(); // close() sent them already
    this.queue = [];
    this.published = performance.now();
    return this.pub.publish(this.channel, JSON.stringify({ o: this.origin, a })).catch(() => undefined);
  }

  override changed(tableId: string, news?: TableNews | null): void {
    super.changed(tableId);
    this.announce({ t: tableId, news: news ?? null });
  }

  override chat(tableId: string, line: ChatLine): void {
    super.chat(tableId, line);
    this.announce({ t: tableId, chat: line });
  }

  override async close(): Promise<void> {
    if (this.queue.length) await this.flush(); // what was stored is announced before the end
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
