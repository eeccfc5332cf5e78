/**
 * The lobby's words: who plays ("you against 1 computer opponent (medium)"),
 * the computers' levels, an option's value, and who is waiting at an open
 * table. Never a seat number or an option's identifier.
 */
import type { OptionSpec, OptionValue } from "../../../src/engine/options.js";
import { markedName } from "../../../src/words/reader.js";
import type { GameSettings } from "./remembered.js";

/** What each level of computer player is like, in a few words. */
export const LEVEL_NOTES: Readonly<Record<string, string>> = {
  random: "plays any legal move",
  easy: "sensible, with a slip now and then",
  medium: "takes the move that looks best now",
  hard: "thinks ahead over the cards it cannot see",
  expert: "thinks as long as a person would, and plays to the score",
};

export const levelName = (level: string): string => level.charAt(0).toUpperCase() + level.slice(1);

/** "a", "a and b", "a, b and c". */
export function listWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "1 computer opponent (medium)", "3 computer opponents (hard)". */
export const computersWords = (n: number, level: string): string =>
  `${count(n, "computer opponent", "computer opponents")} (${level})`;

/** Who sits at the table a button makes: "You against 1 computer opponent (medium)". */
export function whoPlays(s: GameSettings, mode: "computer" | "friend"): string {
  if (mode === "computer") return `You against ${computersWords(s.players - 1, s.level)}`;
  const friends = Math.max(1, Math.min(s.friends, s.players - 1));
  const computers = s.players - 1 - friends;
  return `You and ${listWords([
    count(friends, "friend", "friends"),
    ...(computers ? [computersWords(computers, s.level)] : []),
  ])}`;
}

/** A seat option's value: "You", "Player 2". */
export const seatWords = (seat: number): string => (seat === 0 ? "You" : `Player ${seat + 1}`);

/** An option's value in words: "on", "off", an enum value's label, a seat, a number. */
export function valueWords(spec: OptionSpec, value: OptionValue): string {
  if (spec.kind === "bool") return value ? "on" : "off";
  if (spec.kind === "enum") return spec.labels[String(value)] ?? String(value);
  if (spec.seat) return seatWords(Number(value));
  return String(value);
}

/** The options changed from their defaults, in words: "Points to win: 61, Muggins: on". */
export const optionsWords = (changed: readonly (readonly [string, OptionSpec, OptionValue])[]): string =>
  changed.map(([, spec, v]) => `${spec.label}: ${valueWords(spec, v)}`).join(", ");

export interface SeatLike {
  readonly kind: "open" | "computer";
  readonly level: string | null;
  readonly name: string | null;
  /** Held by a bot account: its name is marked. */
  readonly bot?: boolean;
}

/** Who is at an open table: "Ada is waiting · 1 seat free · 1 computer opponent (easy)". */
export function waitingWords(seats: readonly SeatLike[]): string {
  const people = seats.filter((s) => s.kind === "open" && s.name !== null).map((s) => markedName(s.name!, s));
  const free = seats.filter((s) => s.kind === "open" && s.name === null).length;
  const computers = seats.filter((s) => s.kind === "computer");
  const levels = [...new Set(computers.map((s) => s.level ?? "medium"))];
  return [
    people.length
      ? `${listWords(people)} ${people.length === 1 ? "is" : "are"} waiting`
      : "Nobody seated yet",
    count(free, "seat free", "seats free"),
    ...(computers.length
      ? [`${count(computers.length, "computer", "computers")} (${levels.join(", ")})`]
      : []),
  ].join(" · ");
}
