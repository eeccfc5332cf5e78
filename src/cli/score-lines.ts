/**
 * Why points were scored, in words, from a move's `score` events: "seat 1
 * pegs 2 for fifteen (now 14)", the Cribbage show counted aloud, Gin's
 * deadwood and lay-offs, the cards counted in Crazy Eights, who took a
 * Hyrule trick and why. Pure text from events, for `play` and `join` alike.
 */
import type { JsonObject, Seat } from "../engine/game.js";
import { YOU, seatName } from "./hand-result.js";

/** Cribbage's pegging scores as a player calls them after "pegs 2 for ...". */
const PEGGING_WORDS: Readonly<Record<string, string>> = {
  "fifteen two": "fifteen",
  "31 for 2": "thirty-one",
  "a pair for 2": "a pair",
  "a pair royal for 6": "a pair royal",
  "a double pair royal for 12": "a double pair royal",
};

/** "seat 0" in an event's words, as the reader is called. */
const seatsByName = (why: string, you: Seat): string =>
  why
    .replace(/\bseat (\d+)'s\b/g, (_, k: string) => (Number(k) === you ? "your" : `seat ${k}'s`))
    .replace(/\bseat (\d+)\b/g, (_, k: string) => seatName(Number(k), you));

/**
 * One score event as a line. `now` is the seat's score after it, when known.
 * `trick` is the number of the trick the move finished (Hyrule), if any.
 */
export function scoreEventLine(
  e: JsonObject,
  gameId: string,
  you: Seat = YOU,
  now?: number,
  trick?: number,
): string {
  const seat = e.seat as Seat;
  const points = e.points as number;
  const who = seatName(seat, you);
  const s = seat === you ? "" : "s";
  const verb = gameId === "cribbage" ? `peg${s}` : `score${s}`;
  const tail = now === undefined ? "" : ` (now ${now})`;
  const why = seatsByName(typeof e.why === "string" ? e.why : "", you);
  if (gameId === "cribbage") {
    const claimed = /^claims (\d+)/.exec(why);
    if (claimed) return `  ${who} ${verb} ${points} for the ${String(e.for)} (claimed ${claimed[1]})${tail}`;
    if (typeof e.for === "string") return `  ${who} ${verb} ${points} for the ${e.for}: ${why}${tail}`;
    if (why.startsWith("muggins: ")) return `  ${who} ${verb} ${points} for muggins (${why.slice(9)})${tail}`;
    return `  ${who} ${verb} ${points} for ${PEGGING_WORDS[why] ?? why}${tail}`;
  }
  const trickWon = /^won the trick: (.*)$/.exec(why);
  if (trickWon) {
    const which = trick === undefined ? "the trick" : `trick ${trick}`;
    return `  ${who} take${s} ${which} and ${verb} ${points}: ${trickWon[1]}${tail}`;
  }
  const head = /^(knock|gin|undercut): (.*)$/.exec(why);
  if (head)
    return `  ${who} ${verb} ${points} for ${head[1] === "gin" ? "gin" : `the ${head[1]}`}: ${head[2]}${tail}`;
  return why ? `  ${who} ${verb} ${points}: ${why}${tail}` : `  ${who} ${verb} ${points}${tail}`;
}

/**
 * The lines for every score a move made, from its events as the reader sees
 * them, each with the seat's running total. A seat whose change the events
 * do not account for in full gets the plain line "seat 1: +2 (now 14)".
 */
export function moveScoreLines(
  events: readonly JsonObject[],
  gameId: string,
  before: readonly number[],
  after: readonly number[],
  you: Seat = YOU,
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
    if (e.type === "trick" || (e.type === "reveal" && typeof e.trick === "number")) {
      if (e.winner === null) lines.push(`  Trick ${String(e.trick)}: ${seatsByName(String(e.why), you)}.`);
      continue;
    }
    if (e.type === "reveal" && typeof e.what === "string") {
      lines.push(revealLine(e, you));
      continue;
    }
    if (e.type !== "score" || typeof e.points !== "number") continue;
    const p = e.seat as Seat;
    const exact = explained[p] === after[p] - before[p];
    running[p] += e.points;
    lines.push(scoreEventLine(e, gameId, you, exact ? running[p] : undefined, trick));
  }
  after.forEach((score, p) => {
    const gain = score - before[p];
    const rest = gain - explained[p];
    if (gain !== 0 && rest !== 0) {
      const more = explained[p] !== 0 ? " more" : "";
      lines.push(`  ${seatName(p, you)}: ${rest > 0 ? "+" : ""}${rest}${more} (now ${score})`);
    }
  });
  return lines;
}

/** Cribbage's cards turned up: "  The cut: 8S", "  seat 1's crib: 5H 5C JD 4S". */
export function revealLine(e: JsonObject, you: Seat = YOU): string {
  if (e.what === "starter") return `  The cut: ${String(e.card)}`;
  const owner = e.seat === you ? "your" : `${seatName(e.seat as Seat, you)}'s`;
  const cards = Array.isArray(e.cards) ? e.cards.join(" ") : "";
  return `  ${owner} ${String(e.what)}: ${cards}`;
}
