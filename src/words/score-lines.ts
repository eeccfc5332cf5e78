/**
 * Why points were scored, in words, from a move's `score` events: "Alice
 * pegs 2 for fifteen (now 14)", in the game's own words where it has them
 * (the Cribbage show counted aloud, Gin's knock, a Hyrule trick). Pure text
 * from events, for `play`, `join` and the browser alike.
 */
import type { JsonObject, Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import { gameEventLines } from "./game-events.js";
import type { Worded } from "./hand-result.js";
import { readerFor, seatsByName } from "./reader.js";

/** Events said elsewhere by the faces (the move line, the deal, the hand's and match's end). */
const SAID_ELSEWHERE: ReadonlySet<string> = new Set(["move", "deal", "handOver", "matchOver"]);

/**
 * One score event as a line. `now` is the seat's score after it, when known.
 * `trick` is the number of the trick the move finished, if any.
 */
export function scoreEventLine(
  e: JsonObject,
  game: Worded,
  r: Reader = readerFor(),
  now?: number,
  trick?: number,
): string {
  const tail = now === undefined ? "" : ` (now ${now})`;
  const own = game.words?.score?.(e, r, trick);
  if (own) return `  ${own}${tail}`;
  const said = `${r.does(e.seat as Seat, "score")} ${String(e.points)}`;
  const why = typeof e.why === "string" ? seatsByName(e.why, r) : "";
  return why ? `  ${said}: ${why}${tail}` : `  ${said}${tail}`;
}

/**
 * The lines for everything a move showed but the move itself, from its
 * events as the reader sees them: every score with the seat's running total,
 * cards turned up, a game's own events. A seat whose change the events do
 * not account for in full gets the plain line "seat 1: +2 (now 14)".
 */
export function moveScoreLines(
  events: readonly JsonObject[],
  game: Worded,
  before: readonly number[],
  after: readonly number[],
  r: Reader = readerFor(),
): string[] {
  const scored = events.filter((e) => e.type === "score" && typeof e.points === "number");
  const explained = before.map((_, p) =>
    scored.filter((e) => e.seat === p).reduce((sum, e) => sum + (e.points as number), 0),
  );
  const lines: string[] = [];
  const running = [...before];
  let trick: number | undefined;
  for (const e of events) {
    if (typeof e.trick === "number") trick = e.trick;
    if (SAID_ELSEWHERE.has(String(e.type))) continue;
    if (e.type !== "score" || typeof e.points !== "number") {
      for (const line of gameEventLines(e, game, r)) lines.push(`  ${line}`);
      continue;
    }
    const p = e.seat as Seat;
    const exact = explained[p] === after[p] - before[p];
    running[p] += e.points;
    lines.push(scoreEventLine(e, game, r, exact ? running[p] : undefined, trick));
  }
  after.forEach((score, p) => {
    const gain = score - before[p];
    const rest = gain - explained[p];
    if (gain !== 0 && rest !== 0) {
      const more = explained[p] !== 0 ? " more" : "";
      lines.push(`  ${r.name(p)}: ${rest > 0 ? "+" : ""}${rest}${more} (now ${score})`);
    }
  });
  return lines;
}
