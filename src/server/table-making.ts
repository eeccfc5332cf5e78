/**
 * Making a table: the game, its seats (people's, computers' at a level,
 * kept for a bot account) and options checked, the match's seed drawn, the
 * table and its seats stored under a fresh invite code.
 */
import { randomBytes } from "node:crypto";
import { DEFAULT_LEVEL, findBot } from "../bots/index.js";
import { parseOptions } from "../engine/options.js";
import { type Result, ok } from "../engine/result.js";
import { newMatchSeed } from "../engine/seeds.js";
import { Table } from "../engine/table.js";
import { findEntry } from "../games/index.js";
import { type ServerError, fail, now } from "./credentials.js";
import type { Lobby } from "./lobby.js";
import type { CreateTableRequest, TableInfo } from "./messages.js";
import type { SeatRow, Storage, TableRow } from "./storage.js";
import type { Tables } from "./tables.js";

/** Six letters and digits, none that read alike (0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
function newCode(): string {
  const bytes = randomBytes(6);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** What making tables needs of the authority. */
export interface TableMakerHost {
  readonly storage: Storage;
  readonly tables: Tables;
  readonly lobby: Lobby;
  /** This process made the table: its people's presence is its own from the start (take-up.ts). */
  made(tableId: string): void;
  /** A seat at the table may have come free for a bot. */
  opened(tableId: string): void;
  /** The table's computers and turn timer go on, in a later turn of the event loop. */
  wake(tableId: string): void;
}

export class TableMaker {
  constructor(private readonly host: TableMakerHost) {}

  /** A new table (`againOf`: the finished table whose people play again at it). */
  async create(req: CreateTableRequest, againOf?: string): Promise<Result<TableInfo, ServerError>> {
    const { storage } = this.host;
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
      const found = await storage.playersById(invited);
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
        await storage.addTable(row, seats);
        break;
      } catch (e) {
        // A code already taken: draw another (rare: 31^6 codes).
        if (tries >= 5) throw e;
        (row as { code: string }).code = newCode();
      }
    }
    const live = this.host.tables.remember(row, seats, entry.value, started.value, 0, Date.now());
    this.host.made(id);
    // A "play again" table is announced to the bots once its people are back in their seats.
    if (!againOf) this.host.opened(id);
    // A table of computers only plays on after the answer (the others wait for their people).
    this.host.wake(id);
    return ok(await this.host.lobby.infoOf(live));
  }
}
