/**
 * What the table's events say, one or a few lines per event, as the reader
 * (a seat, or a spectator) may read them: the browser's log and `join`.
 */
import type { AnyGame, HandResult, JsonObject, MoveJson, Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import { gameEventLines } from "./game-events.js";
import { handResultLines } from "./hand-result.js";
import { RESIGNED } from "./match-outcome.js";
import { capital, listed, seatsByName } from "./reader.js";
import { scoreEventLine } from "./score-lines.js";

/**
 * What a move says: who made it (the seat's player, or the computer for them when the event says so),
 * its words, or a secret choice kept secret.
 */
export function moveLine(e: JsonObject, game: AnyGame, r: Reader): string {
  const parsed = game.moveFromJson(e.move as MoveJson);
  // A move may name a seat ("draw from seat 2"): said as the reader says it.
  const what = parsed.ok ? seatsByName(game.describeMove(parsed.value), r) : "makes a secret choice";
  const got = typeof e.card === "string" && !("card" in (e.move as MoveJson)) ? `: ${e.card}` : "";
  const seat = r.name(e.seat as Seat);
  return `${capital(e.by === "computer" ? `the computer for ${seat}` : seat)}: ${what}${got}`;
}

/** "Match over: you win!", "Match over: Alice wins." */
export function matchOverLine(winners: readonly Seat[], r: Reader): string {
  if (!winners.includes(r.you)) {
    if (!winners.length) return "Match over: nobody won.";
    return `Match over: ${listed(winners.map(r.name))} ${winners.length === 1 ? "wins" : "win"}.`;
  }
  const others = winners.filter((w) => w !== r.you);
  return others.length
    ? `Match over: you share the win with ${listed(others.map(r.name))}.`
    : "Match over: you win!";
}

/** "Ann resigns the match.", "Robo forfeits the match (its program played 9C, not a legal move of turn 3)." */
export function forfeitLine(seat: Seat, reason: string, r: Reader): string {
  if (reason === RESIGNED) return `${capital(r.does(seat, "resign"))} the match.`;
  return `${capital(r.does(seat, "forfeit"))} the match${reason ? ` (${reason})` : ""}.`;
}

export function eventLines(e: JsonObject, game: AnyGame, r: Reader, scores: readonly number[]): string[] {
  switch (e.type) {
    case "deal":
      return [`Hand ${String(e.hand)} dealt by ${r.name(e.dealer as Seat)}.`];
    case "move":
      return [moveLine(e, game, r)];
    case "score":
      return [capital(scoreEventLine(e, game, r).trim())];
    case "handOver":
      return handResultLines(e.hand as number, e.result as unknown as HandResult, scores, game, r)
        .filter((l) => l !== "")
        .map((l) => capital(l.trim()));
    case "forfeit":
      return [forfeitLine(e.seat as Seat, typeof e.reason === "string" ? e.reason : "", r)];
    case "matchOver":
      return [matchOverLine((e.winners as Seat[]) ?? [], r)];
    default:
      return gameEventLines(e, game, r).map(capital);
  }
}
