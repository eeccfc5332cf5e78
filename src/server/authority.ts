/**
 * The authority: the rules' gatekeeper between the players and the
 * storage. Every move and deal is checked against the engine's Table and
 * stored before anyone hears of it; the computers answer (computers.ts) and
 * the turn timers run. It knows nothing of sockets or HTTP (boardgame.io's
 * master.ts shape): transports call it and carry what it builds for each
 * viewer, and it tells them when a table changed.
 *
 * What it stands on, each owning its part: the tables in memory and in the
 * storage (tables.ts), making them (table-making.ts) and showing them
 * (lobby.ts), who plays (players.ts), the seats and their people's presence
 * (seats.ts), the bots' offers (bot-offers.ts), chat (chat.ts), a match's
 * end, record and ratings' hook (finishing.ts), replays (replays.ts), reviews (reviews.ts) and
 * hints (hints.ts), and taking tables up after a restart (take-up.ts).
 */
import type { MoveJson, Seat, Viewer } from "../engine/game.js";
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { BotDeals, nobodyDeals } from "./bot-deals.js";
import { BotOffers } from "./bot-offers.js";
import { Chat } from "./chat.js";
import { Computers } from "./computers.js";
import { type Credential, type ServerError, type ServerErrorCode, fail, viewerAt } from "./credentials.js";
import { Finishing } from "./finishing.js";
import { Hints } from "./hints.js";
import { type LiveTable, waitingForPeople } from "./live-table.js";
import { Lobby } from "./lobby.js";
import type { CreateTableRequest, TableInfo, Update } from "./messages.js";
import { Players } from "./players.js";
import { Replays } from "./replays.js";
import { Reviews } from "./reviews.js";
import { Seats } from "./seats.js";
import type { Storage } from "./storage.js";
import { TableMaker } from "./table-making.js";
import { type TableNews, Tables } from "./tables.js";
import { TakeUp } from "./take-up.js";
import { Deadlines } from "./timers.js";

export type { Credential, ServerError, ServerErrorCode } from "./credentials.js";
export type { TableNews } from "./tables.js";

export interface AuthorityOptions {
  /** The address invite links start with, e.g. http://localhost:3000. */
  readonly publicUrl?: string;
  /**
   * Several processes share the storage: every change first reads what the
   * others stored (they announce changes; see tables.ts).
   */
  readonly shared?: boolean;
  /** How long a person may be gone before the computer plays for their seat (ms); 0 for never. */
  readonly graceMs?: number;
  /** The most a searching computer (`hard`) thinks per move, ms (default: the search's own, 1 s). */
  readonly computerMs?: number;
  /** How long after a hand ends at a table with no person the server deals if no bot did (ms). */
  readonly botDealMs?: number;
}

export class Authority {
  /** The tables in memory and in the storage: watched, followed across processes, let go. */
  readonly tables: Tables;
  /** What a table shows, and the tables with a free seat. */
  readonly lobby: Lobby;
  /** Guests and bot accounts. */
  readonly players: Players;
  /** Sitting down, leaving, and whether each seat's person is here. */
  readonly seats: Seats;
  /** The seats offered to bot accounts. */
  readonly offers: BotOffers;
  readonly chat: Chat;
  /** The ratings' hook, matches' results, and play again. */
  readonly finishing: Finishing;
  readonly replays: Replays;
  /** Finished matches' reviews, made once in the background as each ends. */
  readonly reviews: Reviews;
  readonly hints: Hints;
  private readonly maker: TableMaker;
  /** The turn timers, by table. */
  private readonly turns = new Deadlines();
  private readonly computers: Computers;
  private readonly botDeals: BotDeals;
  private readonly takeUp: TakeUp;
  private closed = false;
  private publicUrl: string;

  constructor(
    readonly storage: Storage,
    opts: AuthorityOptions = {},
  ) {
    this.publicUrl = opts.publicUrl ?? "";
    const shared = opts.shared ?? false;
    const isClosed = () => this.closed;
    const wake = (id: string) => this.wake(id);
    const opened = (id: string) => this.offers.opened(id);
    const tables = (this.tables = new Tables({
      storage,
      shared,
      isClosed,
      loaded: (t) => this.takeUp.loaded(t),
      dropped: (id, letGo) => {
        this.turns.clear(id);
        this.botDeals.forget(id);
        if (!letGo) return;
        this.takeUp.forget(id);
        this.seats.forgetTable(id);
      },
      ended: (t) => {
        this.seats.forgetTable(t.row.id);
        this.turns.clear(t.row.id);
        this.reviews.begin(t.row.id);
        return this.finishing.finished(t);
      },
    }));
    this.players = new Players(storage);
    const lobby = (this.lobby = new Lobby({
      storage,
      tables,
      isAway: (id, seat) => this.seats.isAway(id, seat),
      publicUrl: () => this.publicUrl,
    }));
    this.offers = new BotOffers(storage, tables, lobby);
    this.seats = new Seats({
      storage,
      tables,
      players: this.players,
      graceMs: opts.graceMs ?? 0,
      isClosed,
      playOn: (t) => this.playOn(t),
      opened,
    });
    const maker = (this.maker = new TableMaker({
      storage,
      tables,
      lobby,
      made: (id) => this.takeUp.made(id),
      opened,
      wake,
    }));
    this.chat = new Chat(storage, tables);
    this.finishing = new Finishing({ storage, tables, lobby, maker, opened });
    this.replays = new Replays(tables, lobby);
    this.reviews = new Reviews(storage, tables, lobby);
    this.hints = new Hints(tables);
    this.computers = new Computers({
      isClosed,
      isAway: (id, seat) => this.seats.isAway(id, seat),
      store: async (t) => (await tables.store(t)).ok,
      changed: (id) => tables.changed(id),
      wake,
      ...(opts.computerMs !== undefined ? { budget: { ms: opts.computerMs } } : {}),
    });
    this.botDeals = new BotDeals((id, hand) => this.dealForBots(id, hand), opts.botDealMs);
    this.takeUp = new TakeUp({
      storage,
      shared,
      isClosed,
      table: (id) => tables.get(id),
      held: () => tables.all(),
      playedByComputer: (t, seat) => this.computers.botFor(t, seat) !== null,
      markGone: (id, seat, since) => this.seats.markGone(id, seat, since),
      finished: (t) => this.finishing.finished(t),
      wake,
    });
  }

  /** How long after a hand's end at a table with no person the server deals if no bot did (ms). */
  get botDealMs(): number {
    return this.botDeals.ms;
  }

  /** The address invite links start with (known once the server listens). */
  setPublicUrl(url: string): void {
    this.publicUrl = url;
  }

  /** Called with a table's id whenever it changed (see `Tables.onChange`). */
  onChange(listener: (tableId: string, news: TableNews | null) => void): () => void {
    return this.tables.onChange(listener);
  }

  guest(name: string): Promise<{ id: string; name: string; token: string }> {
    return this.players.guest(name);
  }

  createTable(req: CreateTableRequest): Promise<Result<TableInfo, ServerError>> {
    return this.maker.create(req);
  }

  info(idOrCode: string): Promise<TableInfo | undefined> {
    return this.lobby.info(idOrCode);
  }

  sit(tableId: string, seat: number, token: string): Promise<Result<{ secret: string }, ServerError>> {
    return this.seats.sit(tableId, seat, token);
  }

  /** A seat's person has no connection any more: after the grace period the computer plays for them. */
  gone(tableId: string, seat: Seat): void {
    this.seats.gone(tableId, seat);
  }

  /** Whether the table's match is over (a finished match's log is kept for replays). */
  isFinished(tableId: string): Promise<boolean | undefined> {
    return this.replays.isFinished(tableId);
  }

  /**
   * Takes up every table a stopped server left (being played, or finished and
   * not rated): each is loaded and taken up (take-up.ts), one after another. Returns how
   * many were taken up.
   */
  takeUpTables(): Promise<number> {
    return this.takeUp.all();
  }

  // ---- What a viewer reads ----

  /** The viewer's events after `since` (all of them when `since` is missing or not one it could have), view, legal moves. */
  async update(tableId: string, cred: Credential, since?: number): Promise<Result<Update, ServerError>> {
    const t = await this.tables.settled(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = viewerAt(t, cred);
    if (!v.ok) return v;
    return ok(await this.updateFor(t, v.value, since));
  }

  private async updateFor(t: LiveTable, viewer: Viewer, since?: number): Promise<Update> {
    const seq = t.table.seq;
    const full = since === undefined || since > seq;
    const events = t.table.eventsFor(viewer, full ? 0 : since);
    const frames = full ? [] : t.table.framesFor(viewer, since);
    return {
      type: "update",
      table: t.row.id,
      seq,
      events,
      full,
      ...(frames.length ? { frames: frames.map((f) => ({ ...f, status: { ...f.status } })) } : {}),
      view: t.table.view(viewer),
      // Nobody plays before every open seat has its person (docs/SERVER.md, "Timers and absence").
      legal: viewer === SPECTATOR || waitingForPeople(t) ? [] : t.table.legalJson(viewer),
      status: { ...t.table.status() },
      info: await this.lobby.infoOf(t),
    };
  }

  // ---- Changes ----

  /** A seat's move: applied, stored, then the computers answer; the event number before it on success. */
  async move(tableId: string, cred: Credential, move: MoveJson): Promise<Result<number, ServerError>> {
    const r = await this.tables.withTable(tableId, async (t) => {
      const v = viewerAt(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator cannot move");
      if (waitingForPeople(t))
        return fail("not_your_turn", "the match begins when every seat is taken: nobody plays until then");
      const seat = v.value;
      const since = t.table.playJson(seat, move);
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.tables.store(t);
      if (!stored.ok) return stored;
      this.seats.present(tableId, seat);
      this.tables.changed(tableId);
      await this.playOn(t); // each computer move is announced as it is stored
      return ok(since.value);
    });
    return r ?? fail("not_found", "no such table");
  }

  /** Deals hand `hand + 1` once hand `hand` is over (a second ask for the same hand changes nothing). */
  async next(tableId: string, cred: Credential, hand: number): Promise<Result<number, ServerError>> {
    const r = await this.tables.withTable(tableId, async (t) => {
      const v = viewerAt(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator cannot deal");
      if (t.table.state.hand !== hand)
        return fail("stale", `hand ${hand} was already followed by hand ${t.table.state.hand}`);
      const since = t.table.next();
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.tables.store(t);
      if (!stored.ok) return stored;
      this.tables.changed(tableId);
      await this.playOn(t); // each computer move is announced as it is stored
      return ok(since.value);
    });
    return r ?? fail("not_found", "no such table");
  }

  /**
   * The seat gives the match up (`cardroom bot` when its program fails, or a player who resigns):
   * stored as the log's last entry with the match's end, every other seat winning; the event number
   * before it on success.
   */
  async forfeit(tableId: string, cred: Credential, reason: string): Promise<Result<number, ServerError>> {
    const r = await this.tables.withTable(tableId, async (t) => {
      const v = viewerAt(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no match to give up");
      const since = t.table.forfeit(v.value, reason);
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.tables.store(t);
      if (!stored.ok) return stored;
      this.tables.changed(tableId);
      return ok(since.value);
    });
    return r ?? fail("not_found", "no such table");
  }

  // ---- The computers and the turn timers ----

  /** The computers move if one is to act, then the turn timer runs. */
  private async playOn(t: LiveTable): Promise<void> {
    await this.computers.run(t);
    this.armTimer(t);
  }

  /**
   * The table's turn timer: when nobody moved within the table's seconds of
   * the last stored entry (a restarted server counts from the stored one's
   * time), the default computer moves for every seat to act (or deals the
   * next hand).
   */
  private armTimer(t: LiveTable): void {
    this.botDeals.changed(t);
    const id = t.row.id;
    this.turns.clear(id);
    const seconds = t.row.turn_seconds;
    if (!seconds || this.closed || t.table.over || waitingForPeople(t)) return;
    const seq = t.table.seq;
    this.turns.set(id, t.lastMoveAt + seconds * 1000, () => {
      void this.tables
        .withTable(id, async (live) => {
          if (await this.computers.timeUp(live, seq)) this.armTimer(live);
        })
        .catch(() => undefined);
    });
  }

  /** No bot dealt the hand at a table with no person: the server does (bot-deals.ts). */
  private dealForBots(tableId: string, hand: number): void {
    void this.tables
      .withTable(tableId, async (t) => {
        const s = t.table.state;
        if (this.closed || t.table.over || !s.handOver || s.hand !== hand) return;
        await this.lobby.infoOf(t); // which seats are bots'
        if (!nobodyDeals(t, (seat) => this.seats.isAway(tableId, seat))) return;
        t.table.next();
        if (!(await this.tables.store(t)).ok) return;
        this.tables.changed(tableId);
        await this.playOn(t);
      })
      .catch(() => undefined);
  }

  /**
   * The computers move if one is to act, and the turn timer runs: a process
   * that stopped between a person's move and the computers' answers (killed,
   * or another process of a cluster) left the table waiting on them.
   */
  async resume(tableId: string): Promise<void> {
    if (this.closed) return;
    await this.tables.withTable(tableId, (t) => this.playOn(t));
  }

  /** `resume` in a later turn of the event loop, not waited for. */
  private wake(tableId: string): void {
    if (!this.closed) setImmediate(() => void this.resume(tableId).catch(() => undefined));
  }

  /** Stops the computers, turn timers and grace timers; the storage stays open (its owner closes it). */
  close(): void {
    this.closed = true;
    this.reviews.close().catch(() => undefined); // reviews under way are dropped, begun again when asked
    this.takeUp.close();
    this.tables.close();
    this.turns.close();
    this.botDeals.close();
    this.seats.close();
  }
}
