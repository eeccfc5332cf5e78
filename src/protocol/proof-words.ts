/**
 * How a proof's check says what it found: where two events differ, a value
 * in a few characters (a card as a player reads it, "Q♥", is `cardSymbol`'s).
 * Pure and browser-safe, knowing no game: only the events' plain JSON.
 */
import type { Json } from "../engine/game.js";

/** A value in at most about 60 characters, for a line that says what differs. */
export function shortJson(v: Json | undefined): string {
  if (v === undefined) return "nothing";
  const text = JSON.stringify(v);
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
}

export interface Difference {
  /** Where, as `result.points[1]`; empty for the whole value. */
  readonly path: string;
  readonly want: Json | undefined;
  readonly got: Json | undefined;
}

const isObject = (v: Json | undefined): v is { readonly [key: string]: Json } =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/**
 * The first place where `got` differs from `want` (objects compared key by
 * key in any order, arrays item by item), or null when they are the same.
 */
export function firstDifference(want: Json | undefined, got: Json | undefined, path = ""): Difference | null {
  if (want === got) return null;
  if (Array.isArray(want) && Array.isArray(got)) {
    for (let i = 0; i < Math.max(want.length, got.length); i++) {
      const d = firstDifference(want[i] as Json | undefined, got[i] as Json | undefined, `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (isObject(want) && isObject(got)) {
    for (const key of Object.keys(want)) {
      const d = firstDifference(want[key], got[key], join(path, key));
      if (d) return d;
    }
    for (const key of Object.keys(got))
      if (!(key in want)) return { path: join(path, key), want: undefined, got: got[key] };
    return null;
  }
  return { path, want, got };
}

/** A difference in words: `its result.points[1] is 12 where the rules give 10`. */
export function differenceWords(type: string, d: Difference): string {
  const what = d.path ? `the ${type} event's ${d.path}` : `the ${type} event`;
  if (d.want === undefined) return `${what} is ${shortJson(d.got)}, which the rules do not give at all`;
  if (d.got === undefined) return `${what} is missing; the rules give ${shortJson(d.want)}`;
  return `${what} is ${shortJson(d.got)} where the rules give ${shortJson(d.want)}`;
}

/** "seat 1", "seats 0 and 2". */
export function seatsWords(seats: readonly number[]): string {
  if (seats.length === 1) return `seat ${seats[0]}`;
  return `seats ${seats.slice(0, -1).join(", ")} and ${seats[seats.length - 1]}`;
}
