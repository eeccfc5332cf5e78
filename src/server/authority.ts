/**
 * The authority: the rules' gatekeeper between the players and the
 * storage. It makes tables, seats people, checks every move and deal
 * against the engine's Table and stores it before anyone hears of it, over
 * the computer players (computers.ts) and taking tables up after a restart
 * (take-up.ts). It knows nothing of sockets or HTTP
 * (boardgame.io's master.ts shape): transports call it and carry what it
 * builds for each viewer, and it tells them when a table changed.
 *
 * A move is acknowledged only once stored under its log number; a number
 * already taken (another process moved first) is refused and the table is
 * reloaded from the storage, so nothing is applied twice.
 *
 * A table is held in memory while it is played, watched (the transports say
 * who watches: `watch`, `unwatch`) or in use; a finished one nobody watches
 * is let go a moment after its last use, with everything kept for it, and
 * read from the storage again when asked for (a replay, a proof, play again).
 */
import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_LEVEL, findBot } from "../bots/index.js";
import { hint } from "../bots/hint.js";
import type { JsonObject, MoveJson, Seat, Viewer } from "../engine/game.js";
import { SPECTATOR } from "../engine/game.js";
import { parseOptions } from "../engine/options.js";
import { type Result, err, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import { newMatchSeed } from "../engine/seeds.js";
import { type LogEntry, Table } from "../engine/table.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { BotDeals, nobodyDeals } from "./bot-deals.js";
import { Computers } from "./computers.js";
import { type LiveTable, matchResult, waitingForPeople } from "./live-table.js";
import type { BotOffer, CreateTableRequest, HintReply, ReplaySteps, TableInfo, Update } from "./messages.js";
import { MatchSteps, STEPS_PAGE } from "./replay-steps.js";
import { Presence } from "./presence.js";
import type { BotAllow, MatchResult, PlayerRow, SeatRow, Storage, TableRow } from "./storage.js";
import { TakeUp } from "./take-up.js";
import { Deadlines } from "./timers.js";

export type ServerErrorCode =
  | "bad_request"
  | "unknown_game"
  | "bad_option"
  | "not_found"
  | "forbidden"
  | "seat_taken"
  | "stale"
  | "not_your_turn"
  | "illegal_move"
  | "hand_over"
  | "hand_not_over"
  | "match_over"
  | "not_over"
  | "rate_limited"
  | "unavailable";

export interface ServerError {
  readonly code: ServerErrorCode;
  readonly message: string;
}

const fail = (code: ServerErrorCode, message: string) => err<ServerError>({ code, message });

export type Credential = { readonly seat: Seat; readonly secret: string } | typeof SPECTATOR;

export interface AuthorityOptions {
  /** The address invite links start with, e.g. http://localhost:3000. */
  readonly publicUrl?: string;
  /**
   * Several processes share the storage: every change first reads what the
   * others stored (they announce changes; see `refresh`).
   */
  readonly shared?: boolean;
  /** How long a person may be gone before the computer plays for their seat (ms); 0 for never. */
  readonly graceMs?: number;
  /** The most a searching computer (`hard`) thinks per move, ms (default: the search's own, 1 s). */
  readonly computerMs?: number;
  /** How long after a hand ends at a table with no person the server deals if no bot did (ms). */
  readonly botDealMs?: number;
}

/**
 * What one process tells the others of a table it changed (shared mode):
 * the log entries it stored since its last word, ending at number `stored`,
 * and whether its seats or row changed too.
 */
export interface TableNews {
  readonly stored: number;
  readonly entries: readonly string[];
  readonly meta: boolean;
}

// One-shot: a `createHash` object per check would leave the collector a handle to sweep per message.
const sha256 = (text: string): string => hash("sha256", text, "hex");
const newSecret = (): string => randomBytes(32).toString("hex");
const now = (): string => new Date().toISOString();

/** Six letters and digits, none that read alike (0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function newCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Why a bot account may not take open seat `s` (null: it may): a table that refuses bots (unless
 * the seat is kept for this bot), a seat kept for another bot, a seat at a table where it sits
 * already, a game or open seats its owner did not allow.
 */
function botRefusal(t: LiveTable, s: SeatRow, bot: PlayerRow): string | null {
  if (s.invited === bot.id) return null;
  if (s.invited !== null) return `seat ${s.seat} is kept for another bot account`;
  if (t.row.bots === 0) return "this table's creator refused bots";
  if (t.seats.some((x) => x.player_id === bot.id)) return "a bot account holds one seat at a table";
  const allow = JSON.parse(bot.allow ?? "{}") as Partial<BotAllow>;
  if (!allow.openSeats) return "this bot's owner lets it take only seats it is invited to";
  if (allow.games && !allow.games.includes(t.row.game))
    return `this bot's owner lets it take open seats only at ${allow.games.join(", ")}`;
  return null;
}

/** Entries carried in one announcement at most; a process further behind reads the storage. */
const MAX_NEWS_ENTRIES = 64;

/**
 * Moves and deals a live table keeps its states from (`Table.keepFrames`): a viewer told of several
 * at once is shown each (the computers answering a move, or both seats discarding at once).
 */
const FRAMES_KEPT = 8;

/** Hints worked out at once, over every table: each takes a search worker for its budget. */
const MAX_HINTS = 8;
/** Finished matches whose replay steps are kept (they never change). */
const STEPS_KEPT = 16;
/**
 * A finished table nobody watches is let go once unused for this long: the
 * replay, proof or record asked for just after a match's end reads it from
 * memory, not the storage, and a burst of such asks replays its log once.
 */
const FINISHED_KEPT_MS = 2000;

export class Authority {
  private readonly live = new Map<string, LiveTable>();
  private readonly loading = new Map<string, Promise<LiveTable | undefined>>();
  /** Connections watching each table (told by the transports); a table nobody watches has no entry. */
  private readonly watchers = new Map<string, number>();
  /** Operations running or waiting on each table (`withTable`); an idle table has no entry. */
  private readonly busy = new Map<string, number>();
  /** Finished tables in memory and when each may be let go if nobody watches or uses it (`letGoIdle`). */
  private readonly finishedUntil = new Map<string, number>();
  private letGoTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(tableId: string, news: TableNews | null) => void>();
  /** Seats (table:seat) with a hint being worked out. */
  private readonly hinting = new Set<string>();
  private readonly stepsKept = new Map<string, MatchSteps>();
  /** The turn timers, by table. */
  private readonly turns = new Deadlines();
  private readonly presence: Presence;
  private readonly computers: Computers;
  private readonly botDeals: BotDeals;
  private readonly takeUp: TakeUp;
  /** The seats' gone times being stored, one after another (so the last word is the one kept). */
  private goneWrites: Promise<void> = Promise.resolve();
  private closed = false;
  private publicUrl: string;

  constructor(
    readonly storage: Storage,
    private readonly opts: AuthorityOptions = {},
  ) {
    this.publicUrl = opts.publicUrl ?? "";
    this.presence = new Presence(opts.graceMs ?? 0, (id, seat) => this.turnedAway(id, seat));
    this.computers = new Computers({
      isClosed: () => this.closed,
      isAway: (id, seat) => this.presence.isAway(id, seat),
      store: async (t) => (await this.store(t)).ok,
      changed: (id) => this.changed(id),
      wake: (id) => this.wake(id),
      ...(opts.computerMs !== undefined ? { budget: { ms: opts.computerMs } } : {}),
    });
    this.botDeals = new BotDeals((id, hand) => this.dealForBots(id, hand), opts.botDealMs);
    this.takeUp = new TakeUp({
      storage,
      shared: opts.shared ?? false,
      isClosed: () => this.closed,
      table: (id) => this.get(id),
      held: () => this.live.values(),
      playedByComputer: (t, seat) => this.computers.botFor(t, seat) !== null,
      markGone: (id, seat, since) => void this.presence.markGone(id, seat, since),
      finished: (t) => this.finished(t),
      wake: (id) => this.wake(id),
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

  /**
   * Called with a table's id whenever it changed (events, seats, chat): transports then read on.
   * In shared mode the news says what other processes need to follow without reading the storage.
   */
  onChange(listener: (tableId: string, news: TableNews | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(tableId: string): void {
    const t = this.live.get(tableId);
    let news: TableNews | null = null;
    if (this.opts.shared && t) {
      const from = Math.max(t.announced, t.stored - MAX_NEWS_ENTRIES);
      news = {
        stored: t.stored,
        entries: t.table.entriesBetween(from, t.stored).map((e) => JSON.stringify(e)),
        meta: t.meta || from > t.announced,
      };
      t.announced = t.stored;
      t.meta = false;
    }
    for (const l of this.listeners) l(tableId, news);
  }

  // ---- Identity ----

  async guest(name: string): Promise<{ id: string; name: string; token: string }> {
    const token = newSecret();
    const player: PlayerRow = {
      id: randomBytes(16).toString("hex"),
      name,
      token_hash: sha256(token),
      created_at: now(),
      bot: 0,
      owner_id: null,
      allow: null,
    };
    await this.storage.addPlayer(player);
    return { id: player.id, name, token };
  }

  identify(token: string): Promise<PlayerRow | undefined> {
    return this.storage.playerByToken(sha256(token));
  }

  /**
   * A bot account for the person whose guest token is `ownerToken`: its token is answered once
   * and only its hash is kept. A bot cannot make bots.
   */
  async createBot(
    ownerToken: string,
    name: string,
    allow: { openSeats?: boolean; games?: readonly string[] } = {},
  ): Promise<
    Result<{ id: string; name: string; owner: string; allow: BotAllow; token: string }, ServerError>
  > {
    const owner = await this.identify(ownerToken);
    if (!owner) return fail("forbidden", "unknown owner token: make a guest first (POST /api/guests)");
    if (owner.bot) return fail("forbidden", "a bot account cannot make bot accounts");
    for (const g of allow.games ?? []) {
      const e = findEntry(g);
      if (!e.ok) return fail("unknown_game", `allow.games: ${e.error}`);
    }
    const rule: BotAllow = {
      openSeats: allow.openSeats ?? true,
      games: allow.games ? [...new Set(allow.games)] : null,
    };
    const token = newSecret();
    const player: PlayerRow = {
      id: randomBytes(16).toString("hex"),
      name,
      token_hash: sha256(token),
      created_at: now(),
      bot: 1,
      owner_id: owner.id,
      allow: JSON.stringify(rule),
    };
    await this.storage.addPlayer(player);
    return ok({ id: player.id, name, owner: owner.id, allow: rule, token });
  }

  /** The bot account whose token this is; undefined for a person's token or none. */
  async identifyBot(token: string): Promise<PlayerRow | undefined> {
    const p = await this.identify(token);
    return p?.bot ? p : undefined;
  }

  // ---- Tables ----

  async createTable(req: CreateTableRequest, againOf?: string): Promise<Result<TableInfo, ServerError>> {
    const entry = findEntry(req.game);
    if (!entry.ok) return fail("unknown_game", entry.error);
    const { game } = entry.value;
    const players = req.seats.length;
    if (players < game.minPlayers || players > game.maxPlayers)
      return fail(
        "bad_option",
        `${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${players}`,
      );
    for (const s of req.seats) {
      if (s.kind === "computer") {
        const bot = findBot(entry.value, s.level ?? DEFAULT_LEVEL);
        if (!bot.ok) return fail("bad_option", bot.error);
      }
    }
    const invited = req.seats.flatMap((s) => (s.kind === "bot" ? [s.id] : []));
    if (new Set(invited).size < invited.length)
      return fail("bad_option", "a bot account is invited to one seat of a table, not several");
    if (invited.length) {
      const found = await this.storage.playersById(invited);
      const missing = invited.find((id) => !found.some((p) => p.id === id && p.bot === 1));
      if (missing) return fail("bad_option", `no bot account ${missing} (GET /api/bots lists them)`);
    }
    const options = parseOptions(game.options, req.options ?? {});
    if (!options.ok) return fail("bad_option", options.error);
    const seed = newMatchSeed();
    const started = Table.start(game, { players, seed, options: options.value });
    if (!started.ok) return fail("bad_option", started.error.message);
    const id = randomBytes(16).toString("hex");
    const row: TableRow = {
      id,
      code: newCode(),
      game: game.id,
      players,
      options: JSON.stringify(options.value),
      seed,
      status: "playing",
      turn_seconds: req.turnSeconds ?? 0,
      again_of: againOf ?? null,
      again_id: null,
      created_at: now(),
      finished_at: null,
      rated: 0,
      bots: req.bots === false ? 0 : 1,
      result: null,
    };
    const seats: SeatRow[] = req.seats.map((s, seat) => ({
      table_id: id,
      seat,
      kind: s.kind === "computer" ? "computer" : "open",
      level: s.kind === "computer" ? (s.level ?? DEFAULT_LEVEL) : null,
      player_id: null,
      secret_hash: null,
      again: 0,
      gone_since: null,
      invited: s.kind === "bot" ? s.id : null,
    }));
    for (let tries = 0; ; tries++) {
      try {
        await this.storage.addTable(row, seats);
        break;
      } catch (e) {
        // A code already taken: draw another (rare: 31^6 codes).
        if (tries >= 5) throw e;
        (row as { code: string }).code = newCode();
      }
    }
    const live = this.remember(row, seats, entry.value, started.value, 0, Date.now());
    this.takeUp.made(id);
    // A "play again" table is announced to the bots once its people are back in their seats.
    if (!againOf) this.seatsOpened(id);
    // A table of computers only plays on after the answer (the others wait for their people).
    this.wake(id);
    return ok(await this.infoOf(live));
  }

  private remember(
    row: TableRow,
    seats: SeatRow[],
    entry: GameEntry,
    table: Table,
    stored: number,
    lastMoveAt: number,
  ): LiveTable {
    const live: LiveTable = {
      row,
      seats,
      entry,
      options: JSON.parse(row.options) as Record<string, unknown>,
      table,
      stored,
      storedSeq: table.seq,
      storing: null,
      rng: Rng.fromSeed(newMatchSeed()),
      chain: Promise.resolve(),
      lastMoveAt,
      names: new Map(),
      bots: new Set(),
      announced: stored,
      meta: false,
      stale: false,
    };
    table.keepFrames(FRAMES_KEPT);
    this.live.set(row.id, live);
    return live;
  }

  /** The table in memory, loaded from the storage (its log replayed) when it is not. */
  private async get(id: string): Promise<LiveTable | undefined> {
    const cached = this.live.get(id);
    if (cached) {
      if (cached.table.over) this.keepFinished(id);
      return cached;
    }
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  // ---- Letting finished tables go ----

  /** A connection watches the table (a transport tells): it is held in memory meanwhile. */
  watch(tableId: string): void {
    this.watchers.set(tableId, (this.watchers.get(tableId) ?? 0) + 1);
  }

  /** A connection stopped watching the table: a finished one nobody watches is let go soon. */
  unwatch(tableId: string): void {
    const n = (this.watchers.get(tableId) ?? 0) - 1;
    if (n > 0) {
      this.watchers.set(tableId, n);
      return;
    }
    this.watchers.delete(tableId);
    if (this.live.get(tableId)?.table.over) this.keepFinished(tableId);
  }

  /** The tables held in memory: being played (or waiting for people), and finished. */
  tablesHeld(): { playing: number; finished: number } {
    let finished = 0;
    for (const t of this.live.values()) if (t.table.over) finished++;
    return { playing: this.live.size - finished, finished };
  }

  /** The finished table was used: it is let go FINISHED_KEPT_MS from now, unless watched or used then. */
  private keepFinished(id: string): void {
    if (this.closed) return;
    this.finishedUntil.set(id, Date.now() + FINISHED_KEPT_MS);
    if (!this.letGoTimer) {
      this.letGoTimer = setTimeout(() => this.letGoIdle(), FINISHED_KEPT_MS);
      this.letGoTimer.unref();
    }
  }

  /**
   * Lets go every finished table unused for FINISHED_KEPT_MS that nobody
   * watches and no operation waits on, and everything kept for it (its
   * turn timer, its seats' presence). A watched or busy one is looked at
   * again when its last watcher leaves or its last operation ends.
   */
  private letGoIdle(): void {
    this.letGoTimer = undefined;
    const time = Date.now();
    let next = Infinity;
    for (const [id, until] of this.finishedUntil) {
      const t = this.live.get(id);
      if (!t || !t.table.over || this.watchers.has(id) || this.busy.has(id)) {
        this.finishedUntil.delete(id);
      } else if (until <= time) {
        this.finishedUntil.delete(id);
        this.live.delete(id);
        this.takeUp.forget(id);
        this.turns.clear(id);
        this.botDeals.forget(id);
        this.presence.forgetTable(id);
      } else next = Math.min(next, until);
    }
    if (next < Infinity && !this.closed) {
      this.letGoTimer = setTimeout(() => this.letGoIdle(), Math.max(1, next - time));
      this.letGoTimer.unref();
    }
  }

  private async load(id: string): Promise<LiveTable | undefined> {
    const row = await this.storage.table(id);
    if (!row) return undefined;
    const entry = findEntry(row.game);
    if (!entry.ok) throw new Error(`table ${id}: ${entry.error}`);
    const [seats, rows] = await Promise.all([this.storage.seats(id), this.storage.entries(id)]);
    const entries = rows.map((r) => JSON.parse(r.entry) as LogEntry);
    const table = Table.replay(entry.value.game, {
      game: row.game,
      players: row.players,
      seed: row.seed,
      options: JSON.parse(row.options) as JsonObject,
      handSeeds: [],
      entries,
    });
    if (!table.ok) throw new Error(`table ${id} does not replay: ${table.error.message}`);
    const again = this.live.get(id);
    if (again) return again;
    const last = rows.at(-1);
    const t = this.remember(
      row,
      seats,
      entry.value,
      table.value,
      entries.length,
      last ? Date.parse(last.created_at) : Date.now(),
    );
    await this.takeUp.loaded(t);
    if (t.table.over) this.keepFinished(id);
    return t;
  }

  /**
   * Takes up every table a stopped server left (being played, or finished and
   * not rated): each is loaded and taken up (take-up.ts), one after another. Returns how
   * many were taken up.
   */
  takeUpTables(): Promise<number> {
    return this.takeUp.all();
  }

  /**
   * Runs `op` on the table after every earlier operation on it has finished,
   * so the table's moves are stored in the order they were applied.
   */
  private async withTable<T>(id: string, op: (t: LiveTable) => Promise<T>): Promise<T | undefined> {
    // Counted from before the table is read: a table is never let go while an operation waits on it.
    this.busy.set(id, (this.busy.get(id) ?? 0) + 1);
    try {
      const t = await this.get(id);
      if (!t) return undefined;
      const run = t.chain.then(async () => {
        const current = this.live.get(id) ?? (await this.get(id));
        if (!current) return undefined;
        if (this.opts.shared && current.stale) await this.refresh(current);
        return op(this.live.get(id) ?? current);
      });
      t.chain = run.catch(() => undefined);
      return await run;
    } finally {
      const n = this.busy.get(id)! - 1;
      if (n > 0) this.busy.set(id, n);
      else {
        this.busy.delete(id);
        if (this.live.get(id)?.table.over) this.keepFinished(id);
      }
    }
  }

  /** Reads what other processes stored since: their moves, seats and the table's status. */
  private async refresh(t: LiveTable): Promise<void> {
    // Still stale until read: a read that fails leaves it to the next action to read again.
    const [rows, seats, row] = await Promise.all([
      this.storage.entries(t.row.id, t.stored),
      this.storage.seats(t.row.id),
      this.storage.table(t.row.id),
    ]);
    t.stale = false;
    t.seats = seats;
    if (row) t.row = row;
    for (const r of rows) {
      if (r.seq !== t.stored + 1) break;
      const e = JSON.parse(r.entry) as LogEntry;
      const applied = t.table.apply(e);
      if (!applied.ok) throw new Error(`table ${t.row.id}: stored entry ${r.seq} does not apply`);
      t.stored++;
      t.storedSeq = t.table.seq;
      t.lastMoveAt = Date.parse(r.created_at);
    }
    t.announced = t.stored;
  }

  /**
   * Another process changed the table: apply the entries it announced when
   * they follow on from what this process holds, else read the storage
   * (its own clients are told by the hub afterwards).
   */
  async refreshFromPeer(id: string, news: TableNews | null): Promise<void> {
    const t = this.live.get(id);
    if (!t) return;
    if (!news || news.meta) t.stale = true;
    await this.withTable(id, async (live) => {
      if (!news || live.stored >= news.stored) return;
      const first = news.stored - news.entries.length;
      if (first > live.stored) return this.refresh(live);
      for (let k = live.stored - first; k < news.entries.length; k++) {
        const e = JSON.parse(news.entries[k]) as LogEntry;
        const applied = live.table.apply(e);
        if (!applied.ok) {
          // Not what this process holds leads to: read the table as stored.
          this.forget(id);
          return;
        }
        live.stored++;
        live.storedSeq = live.table.seq;
        live.announced = live.stored;
        live.lastMoveAt = Date.now();
      }
      if (live.table.over) live.stale = true; // the row's status: read it with the next action
    });
  }

  /**
   * Drops the table from memory: the next read loads it from the storage.
   * For a table whose other processes' changes could not be followed
   * (`refreshFromPeer` failed), so that no viewer is left reading it as it was.
   */
  reload(id: string): void {
    this.forget(id);
  }

  async info(idOrCode: string): Promise<TableInfo | undefined> {
    let id = idOrCode;
    if (/^[A-Za-z0-9]{6}$/.test(idOrCode)) {
      const row = await this.storage.tableByCode(idOrCode.toUpperCase());
      if (!row) return undefined;
      id = row.id;
    }
    const t = await this.get(id);
    return t ? this.infoOf(t) : undefined;
  }

  private async infoOf(t: LiveTable): Promise<TableInfo> {
    const missing = t.seats
      .flatMap((s) => [s.player_id, s.invited])
      .filter((x): x is string => x !== null && !t.names.has(x));
    if (missing.length)
      for (const p of await this.storage.playersById(missing)) {
        t.names.set(p.id, p.name);
        if (p.bot) t.bots.add(p.id);
      }
    const names = t.names;
    const base = this.publicUrl;
    return {
      id: t.row.id,
      code: t.row.code,
      game: t.row.game,
      gameName: t.entry.game.name,
      players: t.row.players,
      options: t.options,
      status: t.row.status,
      turnSeconds: t.row.turn_seconds,
      bots: t.row.bots !== 0,
      seats: t.seats.map((s) => ({
        seat: s.seat,
        kind: s.kind,
        level: s.level,
        name: s.player_id ? (names.get(s.player_id) ?? "?") : null,
        bot: s.player_id !== null && t.bots.has(s.player_id),
        invited: s.invited ? (names.get(s.invited) ?? "?") : null,
        away: s.kind === "open" && this.presence.isAway(t.row.id, s.seat),
        again: s.again === 1,
      })),
      seq: t.table.seq,
      againId: t.row.again_id,
      invite: `${base}/t/${t.row.code}`,
    };
  }

  /** Open tables with a seat nobody holds, newest first. */
  async lobby(limit = 50): Promise<TableInfo[]> {
    const out: TableInfo[] = [];
    for (const t of await this.lobbyTables(limit)) out.push(await this.infoOf(t));
    return out;
  }

  private async lobbyTables(limit: number): Promise<LiveTable[]> {
    const rows = await this.storage.playingTables(limit * 4);
    const out: LiveTable[] = [];
    for (const row of rows) {
      const t = await this.get(row.id);
      if (!t || t.table.over) continue;
      if (!t.seats.some((s) => s.kind === "open" && s.player_id === null && s.invited === null)) continue;
      out.push(t);
      if (out.length >= limit) break;
    }
    return out;
  }

  // ---- Seats ----

  async sit(tableId: string, seat: number, token: string): Promise<Result<{ secret: string }, ServerError>> {
    const player = await this.identify(token);
    if (!player) return fail("forbidden", "unknown guest token: make a guest first (POST /api/guests)");
    return this.seat(tableId, seat, player);
  }

  /** Seats `player` (a person, or a bot account within what its owner and the table allow). */
  private async seat(
    tableId: string,
    seat: number,
    player: PlayerRow,
  ): Promise<Result<{ secret: string }, ServerError>> {
    const r = await this.withTable(tableId, async (t) => {
      if (t.table.over) return fail("match_over", "the match is over");
      const s = t.seats[seat];
      if (!s) return fail("bad_request", `seat must be a number from 0 to ${t.row.players - 1}`);
      if (s.kind !== "open") return fail("seat_taken", `seat ${seat} is a computer player's`);
      const secret = newSecret();
      if (player.bot) {
        if (s.player_id === player.id) {
          // The bot's own seat, taken back (a restarted bot): a new secret, the old one no longer opens it.
          if (!(await this.storage.renewSeat(tableId, seat, player.id, sha256(secret))))
            return fail("seat_taken", `seat ${seat} is taken`);
          t.seats[seat] = { ...s, secret_hash: sha256(secret) };
          return ok({ secret });
        }
        const refused = botRefusal(t, s, player);
        if (refused) return fail("forbidden", refused);
      } else if (s.invited !== null) {
        return fail("seat_taken", `seat ${seat} is kept for a bot account invited to it`);
      }
      const claimed = await this.storage.claimSeat(tableId, seat, player.id, sha256(secret));
      if (!claimed) return fail("seat_taken", `seat ${seat} is taken`);
      t.seats[seat] = { ...s, player_id: player.id, secret_hash: sha256(secret), gone_since: null };
      t.names.set(player.id, player.name);
      if (player.bot) t.bots.add(player.id);
      t.meta = true;
      if (t.stored === 0) t.lastMoveAt = Date.now(); // the turn timer counts from the last one sitting down
      this.changed(tableId);
      // The last person to sit down starts the match: the computers play if they are to act.
      await this.computers.run(t);
      this.armTimer(t);
      return ok({ secret });
    });
    return r ?? fail("not_found", "no such table");
  }

  // ---- Bot accounts ----

  /** Seats a signed-in bot account with its token's account (the same rules as `sit`). */
  takeSeat(tableId: string, seat: number, bot: PlayerRow): Promise<Result<{ secret: string }, ServerError>> {
    return this.seat(tableId, seat, bot);
  }

  /** The player id holding a seat (null: nobody), or undefined when there is no such table or seat. */
  async holderOf(tableId: string, seat: number): Promise<string | null | undefined> {
    const t = await this.get(tableId);
    const s = t?.seats[seat];
    return s ? s.player_id : undefined;
  }

  /**
   * Every seat the bot may take now: its own at tables being played (`held`), those kept for it
   * (`invited`), and open seats its owner allows at tables that let bots in (`open`). With
   * `tableId`, only that table's.
   */
  async offersFor(bot: PlayerRow, tableId?: string): Promise<BotOffer[]> {
    const out: BotOffer[] = [];
    const seen = new Set<string>();
    const mine = tableId
      ? (await this.storage.seats(tableId)).filter((s) => s.player_id === bot.id || s.invited === bot.id)
      : await this.storage.seatsFor(bot.id);
    for (const s of mine) {
      const t = await this.get(s.table_id);
      if (!t || t.table.over) continue;
      const now = t.seats[s.seat];
      const why = now.player_id === bot.id ? "held" : now.player_id === null ? "invited" : null;
      if (!why) continue;
      seen.add(t.row.id);
      out.push({ type: "offer", table: await this.infoOf(t), seat: s.seat, why });
    }
    const candidates = tableId ? [await this.get(tableId)] : await this.lobbyTables(50);
    for (const t of candidates) {
      if (!t || seen.has(t.row.id) || t.table.over) continue;
      const s = t.seats.find((x) => x.kind === "open" && x.player_id === null && x.invited === null);
      if (!s || botRefusal(t, s, bot)) continue;
      out.push({ type: "offer", table: await this.infoOf(t), seat: s.seat, why: "open" });
    }
    return out;
  }

  private readonly openedListeners = new Set<(tableId: string) => void>();

  /** Called with a table's id when a seat there may have come free for a bot (a new table, a seat left). */
  onSeatsOpened(listener: (tableId: string) => void): () => void {
    this.openedListeners.add(listener);
    return () => this.openedListeners.delete(listener);
  }

  private seatsOpened(tableId: string): void {
    for (const l of this.openedListeners) l(tableId);
  }

  /** Which viewer a credential is: its seat when the secret is that seat's, or a spectator. */
  async viewerOf(tableId: string, cred: Credential): Promise<Result<Viewer, ServerError>> {
    const t = await this.get(tableId);
    if (!t) return fail("not_found", "no such table");
    return this.check(t, cred);
  }

  private check(t: LiveTable, cred: Credential): Result<Viewer, ServerError> {
    if (cred === SPECTATOR) return ok(SPECTATOR);
    const s = t.seats[cred.seat];
    if (!s || !s.secret_hash || !sameHash(s.secret_hash, sha256(cred.secret)))
      return fail("forbidden", `that is not seat ${cred.seat}'s secret`);
    return ok(cred.seat);
  }

  async leave(tableId: string, cred: Credential): Promise<Result<null, ServerError>> {
    if (cred === SPECTATOR) return ok(null);
    const r = await this.withTable(tableId, async (t) => {
      const v = this.check(t, cred);
      if (!v.ok) return v;
      await this.storage.releaseSeat(tableId, cred.seat);
      t.seats[cred.seat] = {
        ...t.seats[cred.seat],
        player_id: null,
        secret_hash: null,
        again: 0,
        gone_since: null,
      };
      this.presence.markBack(tableId, cred.seat);
      t.meta = true;
      this.changed(tableId);
      this.seatsOpened(tableId);
      return ok(null);
    });
    return r ?? fail("not_found", "no such table");
  }

  // ---- What a viewer reads ----

  /** The viewer's events after `since` (all of them when `since` is missing or not one it could have), view, legal moves. */
  async update(tableId: string, cred: Credential, since?: number): Promise<Result<Update, ServerError>> {
    const t = await this.settled(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = this.check(t, cred);
    if (!v.ok) return v;
    return ok(await this.updateFor(t, v.value, since));
  }

  /**
   * The table once the moves applied to it are stored: a viewer never reads
   * a move that the storage may yet refuse (and the table then forget).
   */
  private async settled(id: string): Promise<LiveTable | undefined> {
    for (let tries = 0; tries < 100; tries++) {
      const t = await this.get(id);
      if (!t || t.table.seq === t.storedSeq) return t;
      // The entry being stored, not the whole operation: a person's move is read while the computers
      // think their answers, and each answer as it is stored.
      await (t.storing ?? t.chain).catch(() => undefined);
    }
    return this.get(id);
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
      info: await this.infoOf(t),
    };
  }

  // ---- Changes ----

  /** A seat's move: applied, stored, then the computers answer; the event number before it on success. */
  async move(tableId: string, cred: Credential, move: MoveJson): Promise<Result<number, ServerError>> {
    const r = await this.withTable(tableId, async (t) => {
      const v = this.check(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator cannot move");
      if (waitingForPeople(t))
        return fail("not_your_turn", "the match begins when every seat is taken: nobody plays until then");
      const seat = v.value;
      const since = t.table.playJson(seat, move);
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.store(t);
      if (!stored.ok) return stored;
      if (this.presence.markBack(tableId, seat)) this.storeGone(tableId, seat, null);
      this.changed(tableId);
      await this.computers.run(t); // each computer move is announced as it is stored
      this.armTimer(t);
      return ok(since.value);
    });
    return r ?? fail("not_found", "no such table");
  }

  /** Deals hand `hand + 1` once hand `hand` is over (a second ask for the same hand changes nothing). */
  async next(tableId: string, cred: Credential, hand: number): Promise<Result<number, ServerError>> {
    const r = await this.withTable(tableId, async (t) => {
      const v = this.check(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator cannot deal");
      if (t.table.state.hand !== hand)
        return fail("stale", `hand ${hand} was already followed by hand ${t.table.state.hand}`);
      const since = t.table.next();
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.store(t);
      if (!stored.ok) return stored;
      this.changed(tableId);
      await this.computers.run(t); // each computer move is announced as it is stored
      this.armTimer(t);
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
    const r = await this.withTable(tableId, async (t) => {
      const v = this.check(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no match to give up");
      const since = t.table.forfeit(v.value, reason);
      if (!since.ok) return fail(since.error.code as ServerErrorCode, since.error.message);
      const stored = await this.store(t);
      if (!stored.ok) return stored;
      this.changed(tableId);
      return ok(since.value);
    });
    return r ?? fail("not_found", "no such table");
  }

  /**
   * Stores the log entry the table just made. When its number is taken
   * (another process stored one first) or the storage fails, the move is
   * not kept: the table is reloaded as stored, and this process's clients
   * are told it as stored (a process killed after storing a move and before
   * announcing it left them the table as it was, with nothing else to come).
   */
  private async store(t: LiveTable): Promise<Result<null, ServerError>> {
    const [entry] = t.table.entriesBetween(t.stored);
    // The entry that ends the match is stored with the match's end, in one commit.
    const last = t.table.over && t.row.status !== "finished";
    let stored = false;
    try {
      const end = last ? matchResult(t.table) : undefined;
      const storing = this.storage.appendEntry(t.row.id, t.stored + 1, JSON.stringify(entry), end);
      t.storing = storing;
      stored = await storing;
    } catch {
      this.reread(t.row.id);
      return fail("unavailable", "the move could not be stored; try again");
    } finally {
      t.storing = null;
    }
    if (!stored) {
      this.reread(t.row.id);
      return fail("stale", "another move was stored first; the table is as stored now");
    }
    t.stored++;
    t.storedSeq = t.table.seq;
    t.lastMoveAt = Date.now();
    if (last) {
      t.row = {
        ...t.row,
        status: "finished",
        finished_at: now(),
        result: JSON.stringify(matchResult(t.table)),
      };
      t.meta = true;
      this.presence.forgetTable(t.row.id);
      this.turns.clear(t.row.id);
      await this.finished(t);
    }
    return ok(null);
  }

  private forget(id: string): void {
    this.turns.clear(id);
    this.botDeals.forget(id);
    this.live.delete(id);
  }

  /** What this process holds of the table is not what is stored: read afresh, its clients told. */
  private reread(id: string): void {
    this.forget(id);
    this.changed(id);
  }

  /**
   * Hook for ratings once a match ends (see ratings.ts). The end is stored
   * already: a rating that fails leaves the match unrated, and the next
   * start of the server rates it (`takeUpTables`).
   */
  private async finished(t: LiveTable): Promise<void> {
    try {
      for (const l of this.finishListeners) await l(t.row, t.seats, t.table.status().winners ?? []);
    } catch {
      // Rated at the next start.
    }
  }

  private readonly finishListeners: ((
    row: TableRow,
    seats: readonly SeatRow[],
    winners: readonly Seat[],
  ) => Promise<void>)[] = [];

  onFinish(l: (row: TableRow, seats: readonly SeatRow[], winners: readonly Seat[]) => Promise<void>): void {
    this.finishListeners.push(l);
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
      void this.withTable(id, async (live) => {
        if (await this.computers.timeUp(live, seq)) this.armTimer(live);
      }).catch(() => undefined);
    });
  }

  /** No bot dealt the hand at a table with no person: the server does (bot-deals.ts). */
  private dealForBots(tableId: string, hand: number): void {
    void this.withTable(tableId, async (t) => {
      const s = t.table.state;
      if (this.closed || t.table.over || !s.handOver || s.hand !== hand) return;
      await this.infoOf(t); // which seats are bots'
      if (!nobodyDeals(t, (seat) => this.presence.isAway(tableId, seat))) return;
      t.table.next();
      if (!(await this.store(t)).ok) return;
      this.changed(tableId);
      await this.computers.run(t);
      this.armTimer(t);
    }).catch(() => undefined);
  }

  /**
   * The computers move if one is to act, and the turn timer runs: a process
   * that stopped between a person's move and the computers' answers (killed,
   * or another process of a cluster) left the table waiting on them.
   */
  async resume(tableId: string): Promise<void> {
    if (this.closed) return;
    await this.withTable(tableId, async (t) => {
      await this.computers.run(t);
      this.armTimer(t);
    });
  }

  /** `resume` in a later turn of the event loop, not waited for. */
  private wake(tableId: string): void {
    if (!this.closed) setImmediate(() => void this.resume(tableId).catch(() => undefined));
  }

  // ---- People coming and going ----

  /** A seat's person has no connection any more: after the grace period the computer plays for them. */
  gone(tableId: string, seat: Seat): void {
    const t = this.live.get(tableId);
    if (!t || this.closed || t.table.over) return;
    if (this.presence.markGone(tableId, seat)) this.storeGone(tableId, seat, now());
  }

  /** A seat's person is back: they play for themselves again. */
  back(tableId: string, seat: Seat): void {
    if (!this.presence.markBack(tableId, seat)) return;
    this.storeGone(tableId, seat, null);
    this.changed(tableId);
  }

  /** A seat's grace ran out: it shows as away, and the computer plays for it. */
  private turnedAway(tableId: string, seat: Seat): void {
    void this.withTable(tableId, async (live) => {
      if (!this.presence.isAway(tableId, seat)) return;
      this.changed(tableId);
      await this.computers.run(live);
      this.armTimer(live);
    }).catch(() => undefined);
  }

  /** Stores when a seat's person went (null: is back), for a restarted server; in order, not waited for. */
  private storeGone(tableId: string, seat: Seat, since: string | null): void {
    this.goneWrites = this.goneWrites
      .then(() => this.storage.setGone(tableId, seat, since))
      .catch(() => undefined);
  }

  // ---- Chat and play again ----

  async chat(
    tableId: string,
    cred: Credential,
    text: string,
  ): Promise<Result<{ name: string; at: string }, ServerError>> {
    const t = await this.get(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = this.check(t, cred);
    if (!v.ok) return v;
    let name = "spectator";
    if (v.value !== SPECTATOR) {
      const pid = t.seats[v.value].player_id;
      name = (pid && t.names.get(pid)) || `seat ${v.value}`;
    }
    const at = now();
    await this.storage.addChat({ id: randomBytes(8).toString("hex"), table_id: tableId, at, name, text });
    return ok({ name, at });
  }

  recentChat(tableId: string): Promise<{ name: string; text: string; at: string }[]> {
    return this.storage.chat(tableId, 50);
  }

  /**
   * "Play again?": once every person at a finished table asked, a new table
   * with the same game, options and seats; each person keeps their seat's secret.
   */
  async again(tableId: string, cred: Credential): Promise<Result<string | null, ServerError>> {
    const r = await this.withTable(tableId, async (t): Promise<Result<string | null, ServerError>> => {
      const v = this.check(t, cred);
      if (!v.ok) return v;
      if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no seat to play again");
      if (!t.table.over) return fail("bad_request", "the match is not over yet");
      if (t.row.again_id) return ok(t.row.again_id);
      await this.infoOf(t); // which seats are bots'
      const asker = t.seats[v.value].player_id;
      if (asker && t.bots.has(asker))
        return fail("forbidden", "play again is the people's to ask, not a bot's");
      await this.storage.setAgain(tableId, v.value);
      t.seats[v.value] = { ...t.seats[v.value], again: 1 };
      // The people decide; a bot's seat at the new table is kept for it (an invitation).
      const people = t.seats.filter((s) => s.player_id !== null && !t.bots.has(s.player_id));
      t.meta = true;
      if (!people.every((s) => s.again === 1)) {
        this.changed(tableId);
        return ok(null);
      }
      const made = await this.createTable(
        {
          game: t.row.game,
          seats: t.seats.map((s) =>
            s.kind === "computer"
              ? { kind: "computer", level: s.level ?? DEFAULT_LEVEL }
              : s.player_id && t.bots.has(s.player_id)
                ? { kind: "bot", id: s.player_id }
                : { kind: "open" },
          ),
          options: JSON.parse(t.row.options) as Record<string, number | boolean | string>,
          turnSeconds: t.row.turn_seconds,
          bots: t.row.bots !== 0,
        },
        tableId,
      );
      if (!made.ok) return made;
      for (const s of people)
        await this.storage.claimSeat(made.value.id, s.seat, s.player_id!, s.secret_hash!);
      this.forget(made.value.id); // read again with its seats
      this.seatsOpened(made.value.id);
      if (!(await this.storage.linkAgain(tableId, made.value.id))) {
        const row = await this.storage.table(tableId);
        return ok(row?.again_id ?? null);
      }
      t.row = { ...t.row, again_id: made.value.id };
      this.changed(tableId);
      return ok(made.value.id);
    });
    return r ?? fail("not_found", "no such table");
  }

  /**
   * A finished match's result: as stored, or, for a match that ended before results were stored,
   * from its log (loading the table stores it).
   */
  async resultOf(row: TableRow): Promise<MatchResult | null> {
    if (row.result !== null) return JSON.parse(row.result) as MatchResult;
    const t = await this.settled(row.id);
    return t?.row.result ? (JSON.parse(t.row.result) as MatchResult) : null;
  }

  // ---- Replays and proofs ----

  /** Whether the table's match is over (a finished match's log is kept for replays). */
  async isFinished(tableId: string): Promise<boolean | undefined> {
    const t = await this.get(tableId);
    return t ? t.table.over : undefined;
  }

  /**
   * A finished match step by step as the credential's viewer saw it (the replay viewer), by id or
   * code: a seat whose secret is presented gets its own hand in every step, anyone else a
   * spectator's view; a wrong secret is refused. A page of at most STEPS_PAGE steps from step `from`.
   */
  async replaySteps(
    idOrCode: string,
    from = 0,
    cred: Credential = SPECTATOR,
  ): Promise<Result<ReplaySteps, ServerError>> {
    const info = await this.info(idOrCode);
    const t = info && (await this.settled(info.id));
    if (!t) return fail("not_found", "no such table");
    const viewer = this.check(t, cred);
    if (!viewer.ok) return viewer;
    if (!t.table.over)
      return fail(
        "not_over",
        `the match is still being played: watch it at /t/${t.row.code}; its replay opens when it ends`,
      );
    let steps = this.stepsKept.get(t.row.id);
    if (!steps) {
      const made = MatchSteps.of(t.entry.game, t.table.log());
      if (!made.ok) throw new Error(`table ${t.row.id} does not replay: ${made.error}`);
      steps = made.value;
      if (this.stepsKept.size >= STEPS_KEPT) this.stepsKept.delete(this.stepsKept.keys().next().value!);
      this.stepsKept.set(t.row.id, steps);
    }
    if (from >= steps.total)
      return fail("bad_request", `from: the match's steps are 0 to ${steps.total - 1}, not ${from}`);
    const page = steps.page(from, STEPS_PAGE, viewer.value);
    if (!page.ok) throw new Error(`table ${t.row.id} does not replay: ${page.error}`);
    return ok({
      info: await this.infoOf(t),
      viewer: viewer.value,
      total: steps.total,
      from,
      steps: page.value,
    });
  }

  /**
   * The hard player's move for a seat to act, searched in a worker within
   * `ms` (the search reads the state only through `determinize`, so it
   * knows what the seat knows), with its reason. Nothing at the table changes.
   */
  async hint(tableId: string, cred: Credential, ms: number): Promise<Result<HintReply, ServerError>> {
    const t = await this.settled(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = this.check(t, cred);
    if (!v.ok) return v;
    if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no hand to hint at");
    const seat = v.value;
    const state = t.table.state;
    if (t.table.over) return fail("match_over", "the match is over");
    if (state.handOver) return fail("hand_over", "the hand is over: deal the next one first");
    if (!t.table.isToAct(seat))
      return fail("not_your_turn", "it is not your turn: a hint is for a move you can make now");
    const key = `${tableId}:${seat}`;
    if (this.hinting.has(key)) return fail("rate_limited", "a hint for this seat is already on its way");
    if (this.hinting.size >= MAX_HINTS)
      return fail("unavailable", "the server is busy with other hints: try again in a moment");
    this.hinting.add(key);
    try {
      const seq = t.table.seq;
      const h = await hint(t.entry, t.entry.game.clone(state), seat, Rng.fromSeed(newMatchSeed()), {
        ms,
      });
      if (this.live.get(tableId) !== t || t.table.seq !== seq)
        return fail("stale", "the table moved on while the hint was worked out: ask again");
      return ok({ seq, move: t.entry.game.moveToJson(h.move), text: h.line });
    } finally {
      this.hinting.delete(key);
    }
  }

  /** Stops the computers, turn timers and grace timers; the storage stays open (its owner closes it). */
  close(): void {
    this.closed = true;
    this.takeUp.close();
    clearTimeout(this.letGoTimer);
    this.turns.close();
    this.botDeals.close();
    this.presence.close();
  }
}
