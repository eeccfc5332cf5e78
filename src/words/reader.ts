/**
 * Seats as a reader says them. The shared sentences (this folder) and each
 * game's own words (src/games/<id>/words.ts) name seats only through a
 * `Reader`, so the terminal's "you" and "seat 1" and the browser's names
 * ("Alice") come from the same sentences.
 */
import type { Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";

export type { Reader } from "../engine/words.js";

/** The human at `cardroom play` sits at seat 0; the computer plays the others. */
export const YOU: Seat = 0;

/** A spectator is nobody's "you". */
export const NOBODY: Seat = -1;

/**
 * The reader at seat `you` (NOBODY for a spectator), with the seats' names
 * where they are known; a seat without one is "seat N".
 */
export function readerFor(you: Seat = YOU, names: readonly (string | null | undefined)[] = []): Reader {
  const name = (p: Seat): string => (p === you ? "you" : names[p] || `seat ${p}`);
  return {
    you,
    name,
    whose: (p) => (p === you ? "your" : `${name(p)}'s`),
    does: (p, verb) => `${name(p)} ${p === you ? verb : thirdPerson(verb)}`,
  };
}

/** "peg" -> "pegs", "take" -> "takes", "pass" -> "passes", "have" -> "has". */
function thirdPerson(verb: string): string {
  if (verb === "have") return "has";
  return /(s|sh|ch|x)$/.test(verb) ? `${verb}es` : `${verb}s`;
}

/** "1 card", "2 cards". */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The sentence with a capital first letter: "you take" -> "You take". */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** "a", "a and b", "a, b and c". */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "seat 1" and "seat 1's" inside a game's own text, as this reader says them. */
export const seatsByName = (text: string, r: Reader): string =>
  text
    .replace(/\bseat (\d+)'s\b/g, (_, k: string) => r.whose(Number(k)))
    .replace(/\bseat (\d+)\b/g, (_, k: string) => r.name(Number(k)));

/** A table's seats as the server describes them (src/server/messages.ts `seatInfo`). */
interface SeatNamed {
  readonly seat: Seat;
  readonly kind: "open" | "computer";
  readonly name: string | null;
  readonly level?: string | null;
  /** Held by a bot account (a program), not a person. */
  readonly bot?: boolean;
}

/** The mark by a bot account's name wherever seats are shown ("Robo bot"): a program plays it. */
export const BOT_MARK = "bot";

/** A seat's name with its bot mark when a bot account holds it: "Robo (bot)", else the name. */
export const markedName = (name: string, s: { readonly bot?: boolean }): string =>
  s.bot ? `${name} (${BOT_MARK})` : name;

/**
 * The computers' names, by seat: a computer is called the same at every table and in every face, and
 * two computers at one table are never called alike. Its level is said beside it where seats are shown.
 */
export const COMPUTER_NAMES: readonly string[] = [
  "Dot",
  "Milo",
  "Wren",
  "Otis",
  "Nell",
  "Ivy",
  "Hugo",
  "Tess",
];

/**
 * The names the seats go by, for `readerFor`: a person's own (with the seat's number when two share
 * it: "Bob (2)"), a computer's from `COMPUTER_NAMES`; an open seat nobody holds has none (null).
 */
export const namesOf = (seats: readonly SeatNamed[] | undefined): (string | null)[] =>
  (seats ?? []).map((s, _, all) => {
    if (s.kind === "computer") return COMPUTER_NAMES[s.seat % COMPUTER_NAMES.length];
    if (s.name === null) return null;
    const twice = all.filter((o) => o.name === s.name).length > 1;
    return twice ? `${s.name} (${s.seat})` : s.name;
  });

/**
 * A seat as its plate at the table says it, by the reader's names (`namesOf`): "You (Ada)", "Bob",
 * "Milo, computer (hard)", "Open seat".
 */
export function seatLabel(s: SeatNamed, r: Reader): string {
  const name = r.name(s.seat);
  if (s.seat === r.you) return s.name ? `You (${s.name})` : "You";
  if (s.kind === "computer") return `${capital(name)}, computer (${s.level ?? "medium"})`;
  return s.name === null ? "Open seat" : capital(name);
}
