/**
 * What a table shows to anyone (its game, options, seats and who holds
 * them, its invite link) and the lobby: the tables being played with a
 * seat nobody holds.
 */
import type { Seat } from "../engine/game.js";
import type { LiveTable } from "./live-table.js";
import type { TableInfo } from "./messages.js";
import { NOT_AGAIN, type Storage } from "./storage.js";
import type { Tables } from "./tables.js";

/** What the lobby needs of the authority. */
export interface LobbyHost {
  readonly storage: Storage;
  readonly tables: Tables;
  /** Whether the seat's person is gone past their grace. */
  isAway(tableId: string, seat: Seat): boolean;
  /** The address invite links start with. */
  publicUrl(): string;
}

export class Lobby {
  constructor(private readonly host: LobbyHost) {}

  /** The table's info by id or code (six letters and digits, any case). */
  async info(idOrCode: string): Promise<TableInfo | undefined> {
    let id = idOrCode;
    if (/^[A-Za-z0-9]{6}$/.test(idOrCode)) {
      const row = await this.host.storage.tableByCode(idOrCode.toUpperCase());
      if (!row) return undefined;
      id = row.id;
    }
    const t = await this.host.tables.get(id);
    return t ? this.infoOf(t) : undefined;
  }

  /** The table's info, the names of the people and bots at it read once. */
  async infoOf(t: LiveTable): Promise<TableInfo> {
    const missing = t.seats
      .flatMap((s) => [s.player_id, s.invited])
      .filter((x): x is string => x !== null && !t.names.has(x));
    if (missing.length)
      for (const p of await this.host.storage.playersById(missing)) {
        t.names.set(p.id, p.name);
        if (p.bot) t.bots.add(p.id);
      }
    const names = t.names;
    const base = this.host.publicUrl();
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
        away: s.kind === "open" && this.host.isAway(t.row.id, s.seat),
        again: s.again === 1,
        left: s.again === NOT_AGAIN,
      })),
      seq: t.table.seq,
      againId: t.row.again_id,
      invite: `${base}/t/${t.row.code}`,
    };
  }

  /** Open tables with a seat nobody holds, newest first. */
  async list(limit = 50): Promise<TableInfo[]> {
    const out: TableInfo[] = [];
    for (const t of await this.open(limit)) out.push(await this.infoOf(t));
    return out;
  }

  /** The tables being played with a seat nobody holds or is kept for, newest first. */
  async open(limit: number): Promise<LiveTable[]> {
    const rows = await this.host.storage.playingTables(limit * 4);
    const out: LiveTable[] = [];
    for (const row of rows) {
      const t = await this.host.tables.get(row.id);
      if (!t || t.table.over) continue;
      if (!t.seats.some((s) => s.kind === "open" && s.player_id === null && s.invited === null)) continue;
      out.push(t);
      if (out.length >= limit) break;
    }
    return out;
  }
}
