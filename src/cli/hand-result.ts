/**
 * What the terminal says about points: the scores a move changed, a claim's
 * verdict, and the summary at the end of a hand. Pure text from results and
 * scores, so each line can be tested without playing.
 */
import type { HandResult, Json, JsonObject, MoveJson, Seat } from "../engine/game.js";

/** The human sits at seat 0; the computer plays the others. */
export const YOU: Seat = 0;

/** A seat as the player reads it. */
export const seatName = (p: Seat, you: Seat = YOU): string => (p === you ? "you" : `seat ${p}`);

/** "1 card", "2 cards". */
export const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * Result details that hold one entry per seat. Known by name, never guessed
 * from a list's length: Gin's two lay-offs in a two-player hand are not one
 * per seat.
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

/** Each seat whose score a move changed: "  seat 1: +2 (now 14)". Scoring at a hand's end included. */
export function scoreLines(before: readonly number[], after: readonly number[]): string[] {
  const lines: string[] = [];
  after.forEach((score, p) => {
    const gain = score - before[p];
    if (gain !== 0) lines.push(`  ${seatName(p)}: ${gain > 0 ? "+" : ""}${gain} (now ${score})`);
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
): string | null {
  if (move.type !== "claim" || typeof move.points !== "number") return null;
  const claimed = move.points;
  const got = after[seat] - before[seat];
  const taken = after.reduce((sum, score, p) => (p === seat ? sum : sum + score - before[p]), 0);
  const who = seat === YOU ? "your" : `${seatName(seat)}'s`;
  if (got < claimed) return `  ${who} claim of ${claimed} was too high: the hand holds ${got}.`;
  if (taken > 0) return `  ${who} claim of ${claimed} was too low: the hand holds ${claimed + taken}.`;
  return null;
}

/** The end of a hand: how it ended, who won, the points, the details, the match score. */
export function handResultLines(
  hand: number,
  r: HandResult,
  scores: readonly number[],
  you: Seat = YOU,
): string[] {
  const name = (p: Seat): string => seatName(p, you);
  const lines = ["", `Hand ${hand} over (${r.reason}).`];
  if (r.winners.length) lines.push(`Won by ${r.winners.map(name).join(" and ")}.`);
  lines.push(`This hand: ${r.points.map((x, p) => `${name(p)} ${x}`).join(", ")}`);
  for (const [key, value] of Object.entries(r.detail ?? {})) lines.push(detailLine(key, value, you));
  lines.push(`Match: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`);
  return lines;
}

/** A line of the hand's details, in words; per-seat details seat by seat, seats by name. */
export function detailLine(key: string, value: Json, you: Seat = YOU): string {
  const label = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  if (PER_SEAT_DETAILS.has(key) && Array.isArray(value)) {
    return `${label}: ${value.map((v, p) => `${seatName(p, you)} ${flat(v)}`).join(" | ")}`;
  }
  if (SEAT_DETAILS.has(key) && typeof value === "number") return `${label}: ${seatName(value, you)}`;
  return `${label}: ${flat(value)}`;
}

/** A detail value as a player reads it: cards and numbers as they are, yes/no, "none" for nothing. */
function flat(v: Json): string {
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
