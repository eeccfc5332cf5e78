/**
 * `cardroom join URL|CODE`: plays a server table from the terminal, with
 * the same board and prompts as `cardroom play`. The terminal only shows
 * what the server sends its seat: its view, its legal moves, its events.
 * The seat's secret is kept on disk (seat-store.ts), so a later join of
 * the same table takes the seat back.
 */
import { findEntry } from "../../games/index.js";
import { HttpError, api, getTable } from "../../server/client.js";
import type { TableInfo } from "../../server/messages.js";
import { SeatLink } from "../../server/seat-link.js";
import { UsageError } from "../args.js";
import { JoinTable, type Seating } from "./join-table.js";
import type { Terminal } from "../play/play.js";
import {
  type StoredSeat,
  forgetSeat,
  loadSeat,
  saveSeat,
  seatsDir,
  tableServer,
  takeBackCommand,
} from "./seat-store.js";

export interface JoinConfig {
  /** A table's invite link, its page on the server, or its short code. */
  readonly target: string;
  /** The server for a bare code (`CARDROOM_SERVER`, else http://localhost:3000). */
  readonly server: string;
  readonly name: string;
  readonly seat?: number;
  /** Where to write the seat's replay at the end (for `cardroom verify`). */
  readonly proof?: string;
  /** How long to try reconnecting after the connection is lost. */
  readonly giveUpSeconds: number;
}

/** How long `join` tries to reconnect by default before giving up. */
export const GIVE_UP_SECONDS = 120;

/** The server and the table's id or code from what the player typed. */
export function parseTarget(target: string, server: string): { base: string; table: string } {
  const t = target.trim();
  if (/^https?:\/\//i.test(t)) {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      throw new UsageError(`"${t}" is not a URL`);
    }
    const last = url.pathname.split("/").filter(Boolean).pop() ?? "";
    if (!/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/.test(last))
      throw new UsageError(`"${t}" does not name a table (an invite link ends in /t/CODE)`);
    return { base: url.origin, table: last };
  }
  if (/^[A-Za-z0-9]{6}$/.test(t) || /^[0-9a-f]{32}$/.test(t)) {
    let base: string;
    try {
      base = new URL(server).origin;
    } catch {
      throw new UsageError(`--server: "${server}" is not a URL`);
    }
    if (base === "null") throw new UsageError(`--server: "${server}" is not an http:// or https:// URL`);
    return { base, table: t };
  }
  throw new UsageError(`"${t}" is neither an invite link nor a 6-letter table code`);
}

/** Plays until the match ends, the player leaves, or `stop` resolves (a signal: the connection is closed). */
export async function runJoin(cfg: JoinConfig, term: Terminal, stop?: Promise<unknown>): Promise<number> {
  const { base, table } = parseTarget(cfg.target, cfg.server);
  const info = await tableOrFail(base, table);
  const entry = findEntry(info.game);
  if (!entry.ok) throw new UsageError(`the server plays ${info.game}, a game this cardroom does not know`);
  // The seat is kept under the server's own address, however it was spelled here.
  const server = tableServer(info.invite, base);
  if (info.status === "finished") {
    forgetSeat(server, info.id, cfg.name);
    throw new UsageError(`table ${info.code}: the match is over`);
  }
  const kept = loadSeat(server, info.id, cfg.name, base);
  let held: StoredSeat & { back: boolean };
  let link: SeatLink;
  if (kept && (cfg.seat === undefined || cfg.seat === kept.seat)) {
    held = { ...kept, back: true };
    link = await linkOrFail(base, info.id, held, cfg.giveUpSeconds);
    // The server no longer knows the kept secret (the seat was given up): sit down afresh.
    const first = await link.next();
    if (first.type === "error") {
      link.close();
      if (first.code !== "forbidden") throw new UsageError(`table ${info.code}: ${first.message}`);
      forgetSeat(server, info.id, cfg.name);
      held = { ...(await sit(base, server, info, cfg)), back: false };
      link = await linkOrFail(base, info.id, held, cfg.giveUpSeconds);
    }
  } else {
    held = { ...(await sit(base, server, info, cfg)), back: false };
    link = await linkOrFail(base, info.id, held, cfg.giveUpSeconds);
  }
  const seating: Seating = {
    base,
    server,
    tableId: info.id,
    code: info.code,
    seat: held.seat,
    secret: held.secret,
    name: cfg.name,
    back: held.back,
    proof: cfg.proof,
    giveUpSeconds: cfg.giveUpSeconds,
  };
  const joined = new JoinTable(seating, entry.value.game, link, term);
  void stop?.then(() => {
    joined.stop();
    link.close();
  });
  try {
    return await joined.play();
  } finally {
    link.close();
  }
}

async function tableOrFail(base: string, table: string): Promise<TableInfo> {
  try {
    return await getTable(base, table);
  } catch (e) {
    throw new UsageError(e instanceof HttpError ? e.message : String(e));
  }
}

async function linkOrFail(
  base: string,
  table: string,
  seat: StoredSeat,
  giveUpSeconds: number,
): Promise<SeatLink> {
  try {
    return await SeatLink.open({ base, table, ...seat, giveUpMs: giveUpSeconds * 1000 });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * Why a table has no seat for this player: who holds each seat, and how a
 * player who holds one takes it back (the same --name, from where the seat
 * was taken, where its secret is kept).
 */
export function noFreeSeat(info: TableInfo, base: string, name: string): string {
  const held = info.seats
    .map((s) => {
      const who =
        s.kind === "computer"
          ? `the computer (${s.level ?? "default"})`
          : s.name === null
            ? `kept for the bot ${s.invited ?? "invited"}`
            : `${s.name}${s.bot ? " (a bot)" : ""}${s.away ? " (away)" : ""}`;
      return `seat ${s.seat} ${who}`;
    })
    .join(", ");
  const mine = info.seats.find((s) => s.kind === "open" && s.name === name && !s.bot);
  const back = mine
    ? `seat ${mine.seat} is held under your name ${name}, but its secret is not kept here (${seatsDir()}): ` +
      `take it back where you sat down, with ${takeBackCommand(base, info.code, name)}`
    : `a seat of yours is taken back with the --name you sat down with: ${takeBackCommand(base, info.code, "NAME")}`;
  return `table ${info.code} has no free seat (${held}); ${back}`;
}

/** Takes a free seat (or the one asked for) as a new guest, and keeps its secret on disk at once. */
async function sit(base: string, server: string, info: TableInfo, cfg: JoinConfig): Promise<StoredSeat> {
  let seat = cfg.seat;
  if (seat === undefined)
    seat = info.seats.find((s) => s.kind === "open" && s.name === null && s.invited === null)?.seat;
  if (seat === undefined) throw new UsageError(noFreeSeat(info, base, cfg.name));
  let secret: string;
  try {
    const guest = await api<{ token: string }>(base, "/api/guests", { name: cfg.name });
    secret = (
      await api<{ secret: string }>(base, `/api/tables/${info.id}/seats/${seat}`, { token: guest.token })
    ).secret;
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const hint =
      e.code === "seat_taken"
        ? ` (your own seat is taken back with the --name you sat down with: ${takeBackCommand(base, info.code, "NAME")})`
        : "";
    throw new UsageError(`seat ${seat}: ${e.message}${hint}`);
  }
  const saved = saveSeat(server, info.id, cfg.name, { seat, secret });
  if (!saved.ok) process.stderr.write(`cardroom: ${saved.error}\n`);
  return { seat, secret };
}
