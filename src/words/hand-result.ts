/**
 * What a player reads about points: the scores a move changed, a claim's
 * verdict, and the end of a hand. Pure text from results and scores, in the
 * game's own words where it has them (`GameWords`), so that the terminal
 * and the browser say the same and each line is tested without playing.
 */
import type { HandResult, Json, JsonObject, MoveJson, Seat } from "../engine/game.js";
import type { GameWords, Reader } from "../engine/words.js";
import { listed, readerFor, seatsByName } from "./reader.js";

/** What the shared words need of a game: its own words, if it has any. */
export interface Worded {
  readonly words?: GameWords;
}

/**
 * Result details that hold one entry per seat, for a game without words of
 * its own. Known by name, never guessed from a list's length: Gin's two
 * lay-offs in a two-player hand are not one per seat.
 */
const PER_SEAT_DETAILS: ReadonlySet<string> = new Set([
  "hands",
  "handPoints",
  "handSizes",
  "melds",
  "deadwood",
  "deadwoodCards",
  "inHand",
  "penalties",
  "games",
]);

/** Result details whose value is a seat, shown as a name ("knocker: you"). */
const SEAT_DETAILS: ReadonlySet<string> = new Set(["knocker"]);

/** "you 40, Alice 12": a number per seat, by name. */
export const perSeat = (values: readonly number[], r: Reader): string =>
  values.map((x, p) => `${r.name(p)} ${x}`).join(", ");

/** Each seat whose score a move changed: "  seat 1: +2 (now 14)". Scoring at a hand's end included. */
export function scoreLines(
  before: readonly number[],
  after: readonly number[],
  r: Reader = readerFor(),
): string[] {
  const lines: string[] = [];
  after.forEach((score, p) => {
    const gain = score - before[p];
    if (gain !== 0) lines.push(`  ${r.name(p)}: ${gain > 0 ? "+" : ""}${gain} (now ${score})`);
  });
  return lines;
}

/**
 * Whether a claim of points was right, from what it scored: a claim too high
 * scores only what the hand holds, a claim too low scores what was claimed
 * and the others take what was missed. Null for a move that claims nothing.
 */
export function claimVerdict(
  move: MoveJson,
  seat: Seat,
  before: readonly number[],
  after: readonly number[],
  r: Reader = readerFor(),
): string | null {
  if (move.type !== "claim" || typeof move.points !== "number") return null;
  const claimed = move.points;
  const got = after[seat] - before[seat];
  const taken = after.reduce((sum, score, p) => (p === seat ? sum : sum + score - before[p]), 0);
  const who = r.whose(seat);
  if (got < claimed) return `  ${who} claim of ${claimed} was too high: the hand holds ${got}.`;
  if (taken > 0) return `  ${who} claim of ${claimed} was too low: the hand holds ${claimed + taken}.`;
  return null;
}

/**
 * The end of a hand: how it ended, who won, the hand's points, its details
 * and the match score, each in the game's words where it has them.
 */
export function handResultLines(
  hand: number,
  result: HandResult,
  scores: readonly number[],
  game: Worded,
  r: Reader = readerFor(),
): string[] {
  const words = game.words;
  const lines = ["", `Hand ${hand} over (${seatsByName(result.reason, r)}).`];
  if (result.winners.length) lines.push(`Won by ${listed(result.winners.map(r.name))}.`);
  else lines.push("Nobody won it.");
  lines.push(...(words?.handPoints ? words.handPoints(result, r) : [handPointsLine(result.points, r)]));
  if (words?.handDetail) lines.push(...words.handDetail(result, r));
  else for (const [key, value] of Object.entries(result.detail ?? {})) lines.push(detailLine(key, value, r));
  lines.push(words?.matchScore ? words.matchScore(scores, r) : `Match score: ${perSeat(scores, r)}`);
  return lines;
}

/** "Points this hand: Alice 12 (you 0)": who scored first, then who did not. */
export function handPointsLine(points: readonly number[], r: Reader, unit = "Points this hand"): string {
  const scored = points.flatMap((x, p) => (x !== 0 ? [`${r.name(p)} ${x}`] : []));
  const none = points.flatMap((x, p) => (x === 0 ? [r.name(p)] : []));
  if (!scored.length) return `${unit}: none.`;
  return `${unit}: ${scored.join(", ")}${none.length ? ` (${listed(none)} 0)` : ""}.`;
}

/**
 * A line of a hand's details for a game without words of its own: the
 * detail's name in words, per-seat details seat by seat, seats by name.
 */
export function detailLine(key: string, value: Json, r: Reader = readerFor()): string {
  const label = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  if (PER_SEAT_DETAILS.has(key) && Array.isArray(value)) {
    return `${label}: ${value.map((v, p) => `${r.name(p)} ${flat(v)}`).join(" | ")}`;
  }
  if (SEAT_DETAILS.has(key) && typeof value === "number") return `${label}: ${r.name(value)}`;
  return `${label}: ${flat(value)}`;
}

/** A detail value as a player reads it: cards and numbers as they are, yes/no, "none" for nothing. */
export function flat(v: Json): string {
  // Groups (melds, lay-offs) stay apart: "AS 2S 3S · 7C 7D 7H".
  if (Array.isArray(v)) {
    if (!v.length) return "none";
    return v.map(flat).join(v.some((x) => x !== null && typeof x === "object") ? " · " : " ");
  }
  if (v && typeof v === "object") {
    return Object.entries(v as JsonObject)
      .map(([k, x]) => `${k} ${flat(x)}`)
      .join(" ");
  }
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (v === null) return "none";
  return String(v);
}
