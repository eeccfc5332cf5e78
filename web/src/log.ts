/**
 * What the table's events say, in the terminal's words (src/cli/score-lines
 * and hand-result are plain text from events): one or a few lines per event,
 * as the reader (a seat, or a spectator) may read it.
 */
import type { AnyGame, HandResult, JsonObject, MoveJson, Seat } from "../../src/engine/game.js";
import { handResultLines, seatName } from "../../src/cli/hand-result.js";
import { revealLine, scoreEventLine } from "../../src/cli/score-lines.js";

/** A spectator is nobody's "you". */
export const NOBODY: Seat = -1;

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function eventLines(e: JsonObject, game: AnyGame, you: Seat, scores: readonly number[]): string[] {
  switch (e.type) {
    case "deal":
      return [`Hand ${String(e.hand)} dealt by ${seatName(e.dealer as Seat, you)}.`];
    case "move": {
      const parsed = game.moveFromJson(e.move as MoveJson);
      const what = parsed.ok ? game.describeMove(parsed.value) : "makes a secret choice";
      return [`${capital(seatName(e.seat as Seat, you))}: ${what}`];
    }
    case "score":
      return [capital(scoreEventLine(e, game.id, you).trim())];
    case "reveal":
      return typeof e.what === "string" ? [capital(revealLine(e, you).trim())] : [];
    case "handOver":
      return handResultLines(e.hand as number, e.result as unknown as HandResult, scores, you)
        .filter((l) => l !== "")
        .map((l) => l.trim());
    case "matchOver": {
      const winners = (e.winners as Seat[]) ?? [];
      if (winners.includes(you)) return ["Match over: you win!"];
      return [`Match over: ${winners.map((w) => seatName(w, you)).join(" and ")} won.`];
    }
    default:
      return [];
  }
}
