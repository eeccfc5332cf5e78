/**
 * The seats `cardroom join` holds, kept on disk so that a later `join` of
 * the same table takes the seat back (after a quit, a crash, a restart of
 * the server or of the terminal). One small file per server, table and
 * player name, readable by its owner only: a seat's secret is its key.
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

/** Where the seat of `name` at `table` on the server at `base` is kept. */
export function seatFile(base: string, table: string, name: string, dir = seatsDir()): string {
  return join(dir, safe(new URL(base).host), `${safe(table)}-${safe(name)}.json`);
}

/** The seat kept for this server, table and name, or null (none, or unreadable). */
export function loadSeat(base: string, table: string, name: string): StoredSeat | null {
  try {
    const s = JSON.parse(readFileSync(seatFile(base, table, name), "utf8")) as Partial<StoredSeat>;
    if (typeof s.seat === "number" && typeof s.secret === "string" && /^[0-9a-f]{64}$/.test(s.secret))
      return { seat: s.seat, secret: s.secret };
  } catch {
    // no seat kept
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
export function forgetSeat(base: string, table: string, name: string): void {
  rmSync(seatFile(base, table, name), { force: true });
}
