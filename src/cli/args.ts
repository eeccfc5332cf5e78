import { type GameEntry, findEntry } from "../games/index.js";

/** A bad command line: one line for the user, then a non-zero exit. */
export class UsageError extends Error {}

/** `k=v` pairs from `--option`, as raw option values for the game's parser. */
export function optionPairs(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new UsageError(`--option takes name=value, got "${pair}"`);
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

export function entryOrFail(id: string): GameEntry {
  const e = findEntry(id);
  if (!e.ok) throw new UsageError(e.error);
  return e.value;
}

/** Digits only: `Number()` would also take "", "0x10", "1e3" and " ", which nobody means as a count. */
export function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`${name} must be a whole number, got "${text}"`);
  return n;
}

/**
 * A seed as typed: digits that fit a number exactly are that number, anything
 * else is text, so the seed printed at the table replays the same shuffles.
 */
export function seedOf(text: string | undefined): number | string {
  if (text === undefined) return Date.now() % 1_000_000;
  if (text.trim() === "") throw new UsageError("--seed must not be empty");
  const n = /^-?\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(n) ? n : text;
}

export interface SimFlags {
  game: string;
  games: string;
  players?: string;
  seed?: string;
  bots?: string;
  option: string[];
  json?: boolean;
}
