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

export function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new UsageError(`${name} must be a whole number, got "${text}"`);
  return n;
}

export const seedOf = (text: string | undefined): number | string =>
  text === undefined ? Date.now() % 1_000_000 : /^-?\d+$/.test(text) ? Number(text) : text;

export interface SimFlags {
  game: string;
  games: string;
  players?: string;
  seed?: string;
  bots?: string;
  option: string[];
  json?: boolean;
}
