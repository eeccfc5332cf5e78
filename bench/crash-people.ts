/**
 * People-like clients for the crash run: one WebSocket per seat, a move a
 * few tens of milliseconds after the seat may move (a random legal one),
 * the next hand dealt when one ends. When the connection drops they try
 * again every 50 ms (on every server given, in turn) and watch from the
 * last event number they saw. Every move the server acknowledged is noted
 * with the event number it followed, for the checker.
 */
import { Rng } from "../src/engine/rng.js";
import { Channel } from "../src/server/client.js";
import type { Update } from "../src/server/messages.js";

/** A move or deal the server answered "ok" to: the event number before it, and what it was. */
export interface Acked {
  readonly table: string;
  readonly seat: number;
  readonly since: number;
  readonly entry: { seat: number; move: unknown } | { next: true };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Person {
  /** Times from a server being up again (or the last one killed) to this person's first update, ms. */
  readonly reconnects: number[] = [];
  private seq: number | undefined;
  private latest: Update | undefined;
  private chan: Channel | null = null;
  private stopped = false;
  private pending: Acked["entry"] | null = null;
  private thinking = false;
  private watching = false;
  /** When the connection was lost, for the reconnect time (null while connected). */
  private lostAt: number | null = null;
  /** The last time an update came (performance.now()). */
  lastUpdate = 0;

  constructor(
    readonly table: string,
    readonly seat: number,
    private readonly secret: string,
    /** The servers to try, first the person's own. */
    private readonly urls: () => readonly string[],
    private readonly acked: Acked[],
    private readonly rng: Rng,
    /** When the servers were last up again: reconnect times count from it, when later than the loss. */
    private readonly upSince: () => number,
  ) {}

  /** Whether an update came on the current connection (it is watching its table). */
  get connected(): boolean {
    return this.watching && this.chan?.open === true;
  }

  get over(): boolean {
    return (this.latest?.status as { matchOver?: boolean } | undefined)?.matchOver === true;
  }

  get eventSeq(): number {
    return this.seq ?? 0;
  }

  /** Plays until `stop`, reconnecting whenever the connection drops. */
  async run(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      const urls = this.urls();
      let chan: Channel;
      try {
        chan = await Channel.open(urls[attempt % urls.length]);
      } catch {
        await sleep(50);
        continue;
      }
      this.chan = chan;
      chan.send({
        type: "watch",
        table: this.table,
        as: { seat: this.seat, secret: this.secret },
        ...(this.seq === undefined ? {} : { since: this.seq }),
      });
      await this.listen(chan);
      this.watching = false;
      this.pending = null; // answered or not, the next update says what stands
      if (this.lostAt === null) this.lostAt = performance.now();
      if (!this.stopped) await sleep(50);
    }
  }

  private async listen(chan: Channel): Promise<void> {
    for (;;) {
      let m;
      try {
        m = await chan.next(120_000);
      } catch {
        chan.terminate();
        return;
      }
      if (m === null || this.stopped) return;
      if (m.type === "update") {
        this.seq = m.seq;
        this.latest = m;
        this.lastUpdate = performance.now();
        this.watching = true;
        if (this.lostAt !== null) {
          this.reconnects.push(performance.now() - Math.max(this.lostAt, this.upSince()));
          this.lostAt = null;
        }
        this.decide(chan);
      } else if (m.type === "ok" && (m.for === "move" || m.for === "next") && this.pending) {
        this.acked.push({ table: this.table, seat: this.seat, since: m.seq, entry: this.pending });
        this.pending = null;
        this.decide(chan);
      } else if (m.type === "error") {
        this.pending = null;
        this.decide(chan);
      }
    }
  }

  /** After a short think, a random legal move (or the next deal) if the seat may act. */
  private decide(chan: Channel): void {
    if (this.pending || this.thinking || this.stopped) return;
    this.thinking = true;
    setTimeout(
      () => {
        this.thinking = false;
        const u = this.latest;
        if (!u || this.pending || !chan.open || this.stopped) return;
        const status = u.status as { handOver: boolean; matchOver: boolean; hand: number };
        if (status.matchOver) return;
        if (status.handOver) {
          if (this.seat !== 0) return;
          this.pending = { next: true };
          chan.send({ type: "next", hand: status.hand });
        } else if (u.legal.length > 0) {
          const move = u.legal[this.rng.int(u.legal.length)];
          this.pending = { seat: this.seat, move };
          chan.send({ type: "move", move });
        }
      },
      10 + this.rng.int(40),
    );
  }

  stop(): void {
    this.stopped = true;
    this.chan?.close();
  }
}
