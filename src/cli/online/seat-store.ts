/**
 * The seats `cardroom join` holds, kept on disk so that a later `join` of
 * the same table takes the seat back (after a quit, a crash, a restart of
 * the server or of the terminal). One small file per server, table and
 * player name, readable by its owner only: a seat's secret is its key.
 * The server is named by the address it announces (its invite links), not
 * by how the player spelled it: `localhost`, `127.0.0.1` and a trailing
 * slash reach the same server and keep the same seat.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export interface StoredSeat {
  readonly seat: number;
  readonly secret: string;
}

/** `$XDG_CONFIG_HOME/cardroom/seats`, else `~/.config/cardroom/seats`. */
export function seatsDir(env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME || join(homedir(), ".config");
  return join(config, "cardroom", "seats");
}

/** A file name part that is the same text for the same input and safe on every file system. */
const safe = (text: string): string =>
  text.replace(/[^A-Za-z0-9.-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`);

/** The names of this machine a server announced as local may be reached by: one server. */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A server's address as one text, whatever the spelling: scheme and host in
 * lower case, the default port dropped, no path or trailing slash, and the
 * loopback names as `localhost`.
 */
export function serverKey(address: string): string {
  const url = new URL(address);
  const host = LOOPBACK.has(url.hostname) ? "localhost" : url.hostname;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`;
}

/**
 * The server a table is kept under: the address its invite link starts with
 * (the one the server announces), else the one the player typed.
 */
export function tableServer(invite: string, typed: string): string {
  try {
    return serverKey(invite);
  } catch {
    return serverKey(typed);
  }
}

/** Where the seat of `name` at `table` on the server `server` (any spelling of it) is kept. */
export function seatFile(server: string, table: string, name: string, dir = seatsDir()): string {
  return join(dir, safe(new URL(serverKey(server)).host), `${safe(table)}-${safe(name)}.json`);
}

/**
 * The seat kept for this server, table and name, or null (none, or
 * unreadable). `typed`: the server as the player typed it, where a cardroom
 * before the announced address was the key kept the seat.
 */
export function loadSeat(server: string, table: string, name: string, typed?: string): StoredSeat | null {
  const files = [seatFile(server, table, name)];
  if (typed !== undefined)
    files.push(join(seatsDir(), safe(new URL(typed).host), `${safe(table)}-${safe(name)}.json`));
  for (const file of files) {
    try {
      const s = JSON.parse(readFileSync(file, "utf8")) as Partial<StoredSeat>;
      if (typeof s.seat === "number" && typeof s.secret === "string" && /^[0-9a-f]{64}$/.test(s.secret))
        return { seat: s.seat, secret: s.secret };
    } catch {
      // no seat kept here
    }
  }
  return null;
}

/** Keeps a seat; returns the file, or an error line when it cannot be written (play goes on without it). */
export function saveSeat(
  base: string,
  table: string,
  name: string,
  seat: StoredSeat,
): { ok: true; file: string } | { ok: false; error: string } {
  const file = seatFile(base, table, name);
  try {
    mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ server: base, table, name, ...seat }) + "\n", { mode: 0o600 });
    chmodSync(file, 0o600); // a file that was there keeps its old mode through writeFileSync
    return { ok: true, file };
  } catch (e) {
    return { ok: false, error: `your seat could not be kept in ${file}: ${(e as Error).message}` };
  }
}

/** Forgets a seat (the match is over, or the server no longer knows it). */
export function forgetSeat(server: string, table: string, name: string): void {
  rmSync(seatFile(server, table, name), { force: true });
}

/** A word as the shell reads it back unchanged: bare when it can be, else in single quotes. */
const shellWord = (word: string): string =>
  /^[A-Za-z0-9._@%+=:,/-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** The exact command that takes the seat of `name` at table `code` back, with the server that reached it. */
export function takeBackCommand(base: string, code: string, name: string): string {
  return `npx cardroom join ${code} --server ${shellWord(base)} --name ${shellWord(name)}`;
}
