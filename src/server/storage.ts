/**
 * Storage: one interface, one schema and one query layer (kysely) over two
 * databases: a SQLite file under ./data/ by default, PostgreSQL when
 * `DATABASE_URL=postgres://...`. Migrations run at start.
 *
 * The move log is keyed by (table_id, seq): a second write of the same
 * entry number is refused, never applied twice (boardgame.io's state id).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import {
  Kysely,
  type Migration,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from "kysely";
import { type Checkpointer, startCheckpointer } from "./checkpointer.js";
import { DEFAULT_SQLITE_FILE } from "./defaults.js";

/** A seat's `again` when its person said no to playing again (went back to the lobby). */
export const NOT_AGAIN = -1;

export type SeatKind = "open" | "computer";

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly token_hash: string;
  readonly created_at: string;
  /** 1 for a bot account (a program playing through `cardroom bot`), 0 for a person. */
  readonly bot: number;
  /** The person who made the bot account; null for a person. */
  readonly owner_id: string | null;
  /** A bot's seats its owner allows, JSON `BotAllow`; null for a person. */
  readonly allow: string | null;
}

/** What a bot account's owner lets it take besides its invitations: open seats, at these games (null: any). */
export interface BotAllow {
  readonly openSeats: boolean;
  readonly games: readonly string[] | null;
}

export type TableStatus = "playing" | "finished";

export interface TableRow {
  readonly id: string;
  readonly code: string;
  readonly game: string;
  readonly players: number;
  /** JSON: the game's options. */
  readonly options: string;
  /** The match seed: secret while the match is played (hand seeds derive from it). */
  readonly seed: string;
  readonly status: TableStatus;
  /** Seconds a person has to move before the computer moves for the seat; 0 for none. */
  readonly turn_seconds: number;
  /** The table this one is a "play again" of, and the one that followed it. */
  readonly again_of: string | null;
  readonly again_id: string | null;
  readonly created_at: string;
  readonly finished_at: string | null;
  /** 1 once the finished match's ratings are stored (they are stored once: see `rate`). */
  readonly rated: number;
  /** 1 when bot accounts may take its open seats (the default), 0 when its creator refused them. */
  readonly bots: number;
  /**
   * JSON `MatchResult` (`{"scores": [...], "winners": [...]}`) once the match is over; null while it
   * is played, and for a match that ended before the column was added until a server loads it.
   */
  readonly result: string | null;
}

/** How a match ended: each seat's final score and the seats that won (more than one: shared). */
export interface MatchResult {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  /** The seat that gave the match up, and why, when one did (every other seat won). */
  readonly forfeit?: { readonly seat: number; readonly reason: string };
}

export interface SeatRow {
  readonly table_id: string;
  readonly seat: number;
  readonly kind: SeatKind;
  /** The computer's level for a computer seat. */
  readonly level: string | null;
  readonly player_id: string | null;
  /** SHA-256 of the seat's secret, while a person holds it. */
  readonly secret_hash: string | null;
  /** Whether the seat's person asked to play again: 1 yes, NOT_AGAIN no, 0 not yet. */
  readonly again: number;
  /** Since when the seat's person has had no connection (ISO time), or null; a restarted server reads it. */
  readonly gone_since: string | null;
  /** The bot account this open seat is kept for (its invitation), or null. */
  readonly invited: string | null;
}

export interface EntryRow {
  readonly table_id: string;
  readonly seq: number;
  /** JSON: the engine's log entry (`{seat, move}` or `{next: true}`). */
  readonly entry: string;
  readonly created_at: string;
}

export interface ChatRow {
  readonly id: string;
  readonly table_id: string;
  readonly at: string;
  readonly name: string;
  readonly text: string;
}

export interface RatingRow {
  readonly player_id: string;
  readonly game: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** A finished match's review of one seat's decisions (src/review/), made once and kept. */
export interface ReviewRow {
  readonly table_id: string;
  readonly seat: number;
  /** JSON: the `Review` of the seat's decisions (src/review/review.ts). */
  readonly review: string;
  /** Deals drawn a decision: the budget the review names. */
  readonly budget: number;
  /** How long the whole match's review took to make, ms (every reviewed seat together). */
  readonly ms: number;
  readonly made_at: string;
}

interface Schema {
  player: PlayerRow;
  match_table: TableRow;
  seat: SeatRow;
  log_entry: EntryRow;
  chat: ChatRow;
  rating: RatingRow;
  review: ReviewRow;
}

/** Everything the authority stores and reads; nothing else touches the database. */
export interface Storage {
  readonly kind: "sqlite" | "postgres";
  addPlayer(p: PlayerRow): Promise<void>;
  playerByToken(tokenHash: string): Promise<PlayerRow | undefined>;
  playersById(ids: readonly string[]): Promise<PlayerRow[]>;
  addTable(t: TableRow, seats: readonly SeatRow[]): Promise<void>;
  table(id: string): Promise<TableRow | undefined>;
  tableByCode(code: string): Promise<TableRow | undefined>;
  /** Tables being played, newest first. */
  playingTables(limit: number): Promise<TableRow[]>;
  seats(tableId: string): Promise<SeatRow[]>;
  /** Takes an open seat nobody holds (one kept for a bot: only that bot); false when it cannot. */
  claimSeat(tableId: string, seat: number, playerId: string, secretHash: string): Promise<boolean>;
  /** A new secret for a seat `playerId` holds (a bot taking its seat back); false when it holds it not. */
  renewSeat(tableId: string, seat: number, playerId: string, secretHash: string): Promise<boolean>;
  releaseSeat(tableId: string, seat: number): Promise<void>;
  /** The seat's answer to "play again?": 1 yes, NOT_AGAIN no (its person went back to the lobby). */
  setAgain(tableId: string, seat: number, answer?: 1 | typeof NOT_AGAIN): Promise<void>;
  /** Links a finished table to its "play again" table; false when another process linked one first. */
  linkAgain(tableId: string, againId: string): Promise<boolean>;
  /**
   * Stores log entry `seq`; false (and nothing written) when that number is already taken.
   * With `end`, the entry ends the match: it, the table's "finished" and its result are one
   * transaction, so a crash cannot keep the one without the other.
   */
  appendEntry(tableId: string, seq: number, entry: string, end?: MatchResult): Promise<boolean>;
  entries(tableId: string, afterSeq?: number): Promise<EntryRow[]>;
  /** Marks a match over in its log finished with its result (kept: the time it first finished). */
  finish(tableId: string, result: MatchResult): Promise<void>;
  /** Tables a restarted server takes up: being played, or finished and not yet rated. */
  unsettledTables(): Promise<string[]>;
  /** Stores a seat's `gone_since`. */
  setGone(tableId: string, seat: number, since: string | null): Promise<void>;
  /**
   * Stores a finished match's ratings and marks it rated, in one transaction;
   * false (and nothing written) when it was rated already.
   */
  rate(tableId: string, ratings: readonly RatingRow[]): Promise<boolean>;
  addChat(c: ChatRow): Promise<void>;
  chat(tableId: string, limit: number): Promise<ChatRow[]>;
  rating(playerId: string, game: string): Promise<RatingRow | undefined>;
  /** The best-rated people at a game, or with `bots` the best-rated bot accounts (never both in one). */
  leaderboard(game: string, limit: number, bots?: boolean): Promise<(RatingRow & { name: string })[]>;
  /** The bot accounts a person made, oldest first. */
  botsOf(ownerId: string): Promise<PlayerRow[]>;
  /** Bot accounts, newest first. */
  bots(limit: number): Promise<PlayerRow[]>;
  /** The seats of tables being played that a player holds or is invited to. */
  seatsFor(playerId: string): Promise<SeatRow[]>;
  /** A player's rating and record at every game they were rated at. */
  ratingsOf(playerId: string): Promise<RatingRow[]>;
  /** The finished tables a player held a seat at, the latest first, with that seat. */
  finishedTablesOf(playerId: string, limit: number): Promise<(TableRow & { seat: number })[]>;
  /** Every seat of these tables. */
  seatsOf(tableIds: readonly string[]): Promise<SeatRow[]>;
  /** Stores a seat's review; false (and nothing written) when that seat's review is stored already. */
  addReview(r: ReviewRow): Promise<boolean>;
  review(tableId: string, seat: number): Promise<ReviewRow | undefined>;
  close(): Promise<void>;
}

const MIGRATIONS: Record<string, Migration> = {
  "001_tables": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("player")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("match_table")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("code", "text", (c) => c.notNull().unique())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("players", "integer", (c) => c.notNull())
        .addColumn("options", "text", (c) => c.notNull())
        .addColumn("seed", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("turn_seconds", "integer", (c) => c.notNull())
        .addColumn("again_of", "text")
        .addColumn("again_id", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("finished_at", "text")
        .execute();
      await db.schema.createIndex("match_table_status").on("match_table").column("status").execute();
      await db.schema
        .createTable("seat")
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("level", "text")
        .addColumn("player_id", "text")
        .addColumn("secret_hash", "text")
        .addColumn("again", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("seat_pk", ["table_id", "seat"])
        .execute();
      await db.schema
        .createTable("log_entry")
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("entry", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("log_entry_pk", ["table_id", "seq"])
        .execute();
      await db.schema
        .createTable("chat")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("at", "text", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("chat_table").on("chat").columns(["table_id", "at"]).execute();
      await db.schema
        .createTable("rating")
        .addColumn("player_id", "text", (c) => c.notNull())
        .addColumn("game", "text", (c) => c.notNull())
        .addColumn("rating", "double precision", (c) => c.notNull())
        .addColumn("rd", "double precision", (c) => c.notNull())
        .addColumn("vol", "double precision", (c) => c.notNull())
        .addColumn("wins", "integer", (c) => c.notNull())
        .addColumn("losses", "integer", (c) => c.notNull())
        .addColumn("draws", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("rating_pk", ["player_id", "game"])
        .execute();
    },
  },
  // A player's finished matches, for their record.
  "002_seat_player": {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex("seat_player").on("seat").column("player_id").execute();
    },
  },
  // What a restarted server needs: whether a finished match was rated, since when a seat's person is gone.
  "003_restart": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("match_table")
        .addColumn("rated", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      // Matches finished before this column were rated when they finished.
      await sql`update match_table set rated = 1 where status = 'finished'`.execute(db);
      await db.schema.alterTable("seat").addColumn("gone_since", "text").execute();
    },
  },
  // A player's record shows each match's result; a match that ended before this gets it when next loaded.
  "004_results": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("match_table").addColumn("result", "text").execute();
    },
  },
  // Bot accounts: marked apart from people, with their owner and what the owner lets them take;
  // a table may refuse them, and an open seat may be kept for one (an invitation).
  "005_bots": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("player")
        .addColumn("bot", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable("player").addColumn("owner_id", "text").execute();
      await db.schema.alterTable("player").addColumn("allow", "text").execute();
      await db.schema
        .alterTable("match_table")
        .addColumn("bots", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("seat").addColumn("invited", "text").execute();
      await db.schema.createIndex("seat_invited").on("seat").column("invited").execute();
      await db.schema.createIndex("player_owner").on("player").column("owner_id").execute();
    },
  },
  // A finished match's review, one row a reviewed seat, made once in the background (reviews.ts).
  "006_reviews": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("review")
        .addColumn("table_id", "text", (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("review", "text", (c) => c.notNull())
        .addColumn("budget", "integer", (c) => c.notNull())
        .addColumn("ms", "integer", (c) => c.notNull())
        .addColumn("made_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("review_pk", ["table_id", "seat"])
        .execute();
    },
  },
};

/** A storage for `url`: `postgres://...` or `postgresql://...`, else a SQLite file path (`:memory:` for tests). */
export async function openStorage(url: string = DEFAULT_SQLITE_FILE): Promise<Storage> {
  const postgres = /^postgres(ql)?:\/\//.test(url);
  let db: Kysely<Schema>;
  let checkpointer: Checkpointer | undefined;
  // PostgreSQL: the schema the URL's search path puts first, named to the migrator, which otherwise
  // takes its tables in any schema of the database (another Cardroom's beside this one) for this
  // one's, makes none, and fails on a lock table that is not there.
  let schema: string | undefined;
  if (postgres) {
    const { default: pg } = await import("pg");
    db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
    });
    const found = await sql<{ schema: string | null }>`select current_schema() as schema`
      .execute(db)
      .then((r) => r.rows[0]?.schema ?? null)
      .catch((error: unknown) => error as Error);
    if (typeof found !== "string") {
      await db.destroy();
      const why = found instanceof Error ? found.message : "its search_path names no schema that exists";
      throw new Error(`the database could not be set up: ${why}`);
    }
    schema = found;
  } else {
    const { default: Database } = await import("better-sqlite3");
    const file = url.replace(/^sqlite:(\/\/)?/, "");
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const database = new Database(file);
    // WAL: readers never wait for the writer; synchronous=NORMAL keeps every commit across a
    // process kill (only a power loss can lose the last ones).
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma("busy_timeout = 5000");
    db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
    if (file !== ":memory:")
      checkpointer = startCheckpointer(file, (pages) => database.pragma(`wal_autocheckpoint = ${pages}`));
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: "cardroom_migration",
    migrationLockTableName: "cardroom_migration_lock",
    migrationTableSchema: schema,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await checkpointer?.stop();
    await db.destroy();
    throw new Error(`the database could not be set up: ${error instanceof Error ? error.message : error}`);
  }
  return new KyselyStorage(db, postgres ? "postgres" : "sqlite", checkpointer);
}

/**
 * Kysely's SQLite driver prepares every query afresh, and preparing costs
 * more than running the few statements a move makes; the same few SQL texts
 * recur, so their statements are kept (bounded: texts with a list of
 * varying length come and go).
 */
function withStatementCache(database: SqliteDatabase): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(text: string): SqliteStatement {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 256) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

const now = (): string => new Date().toISOString();

const entryKey = (tableId: string, seq: number | string): string => `${tableId}:${Number(seq)}`;

/**
 * PostgreSQL's log inserts begin at least this far apart in a process: each
 * is a round trip and a commit in another process, and under load (bench:server,
 * SCALING.md) fewer, larger ones leave the cores to the rest. A move waits
 * for it only when another insert began less than this long ago.
 */
const POSTGRES_INSERT_SPACING_MS = 5;

/**
 * Group commit for the one write every move makes. One insert is in flight
 * at a time; the rows asked for meanwhile go together in the next, one
 * statement and one commit for all of them, and each caller hears whether
 * its own row was kept (not when another with its key was there first).
 * Under light load a batch is one row and nothing waits; under heavy load
 * the batches grow with the commit's time, and the database's cost of a
 * move falls (PostgreSQL: one commit for ten rows costs what one row does).
 * With `spacingMs`, inserts start at least that far apart: a row asked for
 * soon after the last insert began waits for company (at most that long),
 * and a busy server wakes the database that many times fewer a second.
 * A batch that fails is tried again a row at a time, so a bad row fails
 * alone.
 */
export class GroupCommit<R extends { table_id: string; seq: number }> {
  private waiting: { row: R; done: (kept: boolean) => void; failed: (e: unknown) => void }[] = [];
  private busy = false;
  /** The insert loop, while rows wait or are in flight. */
  private draining: Promise<void> = Promise.resolve();
  /** When the last insert began (performance.now()). */
  private began = -Infinity;

  constructor(
    private readonly insert: (rows: R[]) => Promise<Set<string>>,
    private readonly keyOf: (tableId: string, seq: number) => string,
    private readonly spacingMs = 0,
    private readonly most = 500,
  ) {}

  add(row: R): Promise<boolean> {
    return new Promise((done, failed) => {
      this.waiting.push({ row, done, failed });
      if (!this.busy) this.draining = this.drain();
    });
  }

  /** Resolves once every row asked for so far has been tried (before the database is closed). */
  idle(): Promise<void> {
    return this.draining;
  }

  private async drain(): Promise<void> {
    this.busy = true;
    while (this.waiting.length) {
      const wait = this.began + this.spacingMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.began = performance.now();
      const batch = this.waiting.splice(0, this.most);
      try {
        const kept = await this.insert(batch.map((b) => b.row));
        // A key twice in one batch: the first of them was kept, if either was.
        for (const b of batch) b.done(kept.delete(this.keyOf(b.row.table_id, b.row.seq)));
      } catch (e) {
        if (batch.length === 1) batch[0].failed(e);
        else
          for (const b of batch)
            await this.insert([b.row]).then(
              (kept) => b.done(kept.has(this.keyOf(b.row.table_id, b.row.seq))),
              b.failed,
            );
      }
    }
    this.busy = false;
  }
}

class KyselyStorage implements Storage {
  private readonly entryBatches: GroupCommit<EntryRow>;

  constructor(
    private readonly db: Kysely<Schema>,
    readonly kind: "sqlite" | "postgres",
    private readonly checkpointer?: Checkpointer,
  ) {
    const insert = async (rows: EntryRow[]): Promise<Set<string>> => {
      const kept = await this.db
        .insertInto("log_entry")
        .values(rows)
        .onConflict((oc) => oc.columns(["table_id", "seq"]).doNothing())
        .returning(["table_id", "seq"])
        .execute();
      return new Set(kept.map((r) => entryKey(r.table_id, r.seq)));
    };
    this.entryBatches = new GroupCommit(
      insert,
      entryKey,
      kind === "postgres" ? POSTGRES_INSERT_SPACING_MS : 0,
    );
  }

  async addPlayer(p: PlayerRow): Promise<void> {
    await this.db.insertInto("player").values(p).execute();
  }

  playerByToken(tokenHash: string): Promise<PlayerRow | undefined> {
    return this.db.selectFrom("player").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
  }

  async playersById(ids: readonly string[]): Promise<PlayerRow[]> {
    if (!ids.length) return [];
    return this.db
      .selectFrom("player")
      .selectAll()
      .where("id", "in", [...ids])
      .execute();
  }

  async addTable(t: TableRow, seats: readonly SeatRow[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto("match_table").values(t).execute();
      await tx
        .insertInto("seat")
        .values([...seats])
        .execute();
    });
  }

  table(id: string): Promise<TableRow | undefined> {
    return this.db.selectFrom("match_table").selectAll().where("id", "=", id).executeTakeFirst();
  }

  tableByCode(code: string): Promise<TableRow | undefined> {
    return this.db.selectFrom("match_table").selectAll().where("code", "=", code).executeTakeFirst();
  }

  playingTables(limit: number): Promise<TableRow[]> {
    return this.db
      .selectFrom("match_table")
      .selectAll()
      .where("status", "=", "playing")
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }

  seats(tableId: string): Promise<SeatRow[]> {
    return this.db.selectFrom("seat").selectAll().where("table_id", "=", tableId).orderBy("seat").execute();
  }

  async claimSeat(tableId: string, seat: number, playerId: string, secretHash: string): Promise<boolean> {
    const r = await this.db
      .updateTable("seat")
      .set({ player_id: playerId, secret_hash: secretHash, gone_since: null })
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .where("kind", "=", "open")
      .where("player_id", "is", null)
      .where((w) => w.or([w("invited", "is", null), w("invited", "=", playerId)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async renewSeat(tableId: string, seat: number, playerId: string, secretHash: string): Promise<boolean> {
    const r = await this.db
      .updateTable("seat")
      .set({ secret_hash: secretHash })
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async releaseSeat(tableId: string, seat: number): Promise<void> {
    await this.db
      .updateTable("seat")
      .set({ player_id: null, secret_hash: null, again: 0, gone_since: null })
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .execute();
  }

  async setAgain(tableId: string, seat: number, answer: 1 | typeof NOT_AGAIN = 1): Promise<void> {
    await this.db
      .updateTable("seat")
      .set({ again: answer })
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .execute();
  }

  async linkAgain(tableId: string, againId: string): Promise<boolean> {
    const r = await this.db
      .updateTable("match_table")
      .set({ again_id: againId })
      .where("id", "=", tableId)
      .where("again_id", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  appendEntry(tableId: string, seq: number, entry: string, end?: MatchResult): Promise<boolean> {
    const row = { table_id: tableId, seq, entry, created_at: now() };
    if (!end) return this.entryBatches.add(row);
    // Once a match: apart from the batches, the entry and the table's end in one commit.
    return this.db.transaction().execute(async (tx) => {
      const kept = await tx
        .insertInto("log_entry")
        .values(row)
        .onConflict((oc) => oc.columns(["table_id", "seq"]).doNothing())
        .returning("seq")
        .execute();
      if (kept.length === 0) return false;
      await tx
        .updateTable("match_table")
        .set({ status: "finished", finished_at: row.created_at, result: JSON.stringify(end) })
        .where("id", "=", tableId)
        .execute();
      return true;
    });
  }

  entries(tableId: string, afterSeq = 0): Promise<EntryRow[]> {
    return this.db
      .selectFrom("log_entry")
      .selectAll()
      .where("table_id", "=", tableId)
      .where("seq", ">", afterSeq)
      .orderBy("seq")
      .execute();
  }

  async finish(tableId: string, result: MatchResult): Promise<void> {
    await this.db
      .updateTable("match_table")
      .set((eb) => ({
        status: "finished",
        finished_at: eb.fn.coalesce("finished_at", eb.val(now())),
        result: JSON.stringify(result),
      }))
      .where("id", "=", tableId)
      .execute();
  }

  async unsettledTables(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("match_table")
      .select("id")
      .where((w) => w.or([w("status", "=", "playing"), w("rated", "=", 0)]))
      .orderBy("created_at")
      .execute();
    return rows.map((r) => r.id);
  }

  async setGone(tableId: string, seat: number, since: string | null): Promise<void> {
    await this.db
      .updateTable("seat")
      .set({ gone_since: since })
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .execute();
  }

  rate(tableId: string, ratings: readonly RatingRow[]): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const r = await tx
        .updateTable("match_table")
        .set({ rated: 1 })
        .where("id", "=", tableId)
        .where("rated", "=", 0)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      for (const rating of ratings) {
        const { player_id: _p, game: _g, ...rest } = rating;
        await tx
          .insertInto("rating")
          .values(rating)
          .onConflict((oc) => oc.columns(["player_id", "game"]).doUpdateSet(rest))
          .execute();
      }
      return true;
    });
  }

  async addChat(c: ChatRow): Promise<void> {
    await this.db.insertInto("chat").values(c).execute();
  }

  async chat(tableId: string, limit: number): Promise<ChatRow[]> {
    const rows = await this.db
      .selectFrom("chat")
      .selectAll()
      .where("table_id", "=", tableId)
      .orderBy("at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  rating(playerId: string, game: string): Promise<RatingRow | undefined> {
    return this.db
      .selectFrom("rating")
      .selectAll()
      .where("player_id", "=", playerId)
      .where("game", "=", game)
      .executeTakeFirst();
  }

  leaderboard(game: string, limit: number, bots = false): Promise<(RatingRow & { name: string })[]> {
    return this.db
      .selectFrom("rating")
      .innerJoin("player", "player.id", "rating.player_id")
      .selectAll("rating")
      .select("player.name")
      .where("rating.game", "=", game)
      .where("player.bot", "=", bots ? 1 : 0)
      .orderBy("rating.rating", "desc")
      .limit(limit)
      .execute();
  }

  botsOf(ownerId: string): Promise<PlayerRow[]> {
    return this.db
      .selectFrom("player")
      .selectAll()
      .where("owner_id", "=", ownerId)
      .where("bot", "=", 1)
      .orderBy("created_at")
      .execute();
  }

  bots(limit: number): Promise<PlayerRow[]> {
    return this.db
      .selectFrom("player")
      .selectAll()
      .where("bot", "=", 1)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute();
  }

  seatsFor(playerId: string): Promise<SeatRow[]> {
    return this.db
      .selectFrom("seat")
      .innerJoin("match_table", "match_table.id", "seat.table_id")
      .selectAll("seat")
      .where((w) => w.or([w("seat.player_id", "=", playerId), w("seat.invited", "=", playerId)]))
      .where("match_table.status", "=", "playing")
      .orderBy("match_table.created_at")
      .execute();
  }

  ratingsOf(playerId: string): Promise<RatingRow[]> {
    return this.db
      .selectFrom("rating")
      .selectAll()
      .where("player_id", "=", playerId)
      .orderBy("game")
      .execute();
  }

  finishedTablesOf(playerId: string, limit: number): Promise<(TableRow & { seat: number })[]> {
    return this.db
      .selectFrom("seat")
      .innerJoin("match_table", "match_table.id", "seat.table_id")
      .selectAll("match_table")
      .select("seat.seat")
      .where("seat.player_id", "=", playerId)
      .where("match_table.status", "=", "finished")
      .orderBy("match_table.finished_at", "desc")
      .orderBy("match_table.id")
      .limit(limit)
      .execute();
  }

  async seatsOf(tableIds: readonly string[]): Promise<SeatRow[]> {
    const out: SeatRow[] = [];
    // In slices: a statement's parameters are bounded (SQLite 32,766; PostgreSQL 65,535).
    for (let i = 0; i < tableIds.length; i += 500) {
      const ids = tableIds.slice(i, i + 500);
      out.push(...(await this.db.selectFrom("seat").selectAll().where("table_id", "in", ids).execute()));
    }
    return out;
  }

  async addReview(r: ReviewRow): Promise<boolean> {
    const kept = await this.db
      .insertInto("review")
      .values(r)
      .onConflict((oc) => oc.columns(["table_id", "seat"]).doNothing())
      .returning("seat")
      .execute();
    return kept.length === 1;
  }

  review(tableId: string, seat: number): Promise<ReviewRow | undefined> {
    return this.db
      .selectFrom("review")
      .selectAll()
      .where("table_id", "=", tableId)
      .where("seat", "=", seat)
      .executeTakeFirst();
  }

  async close(): Promise<void> {
    await this.entryBatches.idle(); // a row waiting out the spacing is stored, not refused
    await this.checkpointer?.stop();
    await this.db.destroy();
  }
}

/** For tests: drops every table the schema made (PostgreSQL's shared `test` database). */
export async function dropSchema(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const db = new Kysely<Schema>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  for (const t of [
    "player",
    "match_table",
    "seat",
    "log_entry",
    "chat",
    "rating",
    "review",
    "cardroom_migration",
    "cardroom_migration_lock",
  ])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  await db.destroy();
}
