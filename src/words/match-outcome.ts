/**
 * A finished match's result as its record lists it, from one seat's side: "Won 121 to 98",
 * "Lost 98 to 121", "Shared the win 61 to 61", and for a match someone gave up, "Won by forfeit"
 * or "Lost by forfeit": the scores of a forfeited match are where play stopped, never its result.
 * And a forfeit as the table says it when it happens: "Ann resigned: you won by forfeit."
 */
import type { Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import { capital, listed } from "./reader.js";

export type Outcome = "won" | "lost" | "drew";

const OUTCOME: Record<Outcome, string> = { won: "Won", lost: "Lost", drew: "Shared the win" };

export function matchOutcomeLine(
  outcome: Outcome | null,
  scores: readonly number[] | null,
  seat: number,
  forfeit: { readonly seat: number } | null = null,
): string {
  if (!outcome) return "Result not known";
  if (forfeit) return `${OUTCOME[outcome]} by forfeit`;
  if (!scores) return "Result not known";
  const others = scores.filter((_, s) => s !== seat);
  return `${OUTCOME[outcome]} ${scores[seat]} to ${others.join(" to ")}`;
}

/** The reason a person's own resignation carries (the browser's Resign, the terminal's). */
export const RESIGNED = "resigned";

/** What a resigning player is asked before the match is given up, and its two answers. */
export const RESIGN_QUESTION = "Resign this match?";
export const RESIGN_YES = "Resign";
export const RESIGN_NO = "Keep playing";

/** What resigning does: "The other side wins it." (two players), "Every other player wins it." */
export const resignConsequence = (players: number): string =>
  players === 2 ? "The other side wins it." : "Every other player wins it.";

/**
 * How a forfeited match ended, from the reader's side: "You resigned: Milo won by forfeit.",
 * "Ann resigned: you won by forfeit.", and for a program that failed, "Robo gave the match up (its
 * program went silent): you won by forfeit."
 */
export function forfeitEndLine(
  forfeit: { readonly seat: Seat; readonly reason: string },
  winners: readonly Seat[],
  r: Reader,
): string {
  const who = capital(r.name(forfeit.seat));
  const how =
    forfeit.reason === RESIGNED
      ? `${who} resigned`
      : `${who} gave the match up${forfeit.reason ? ` (${forfeit.reason})` : ""}`;
  return winners.length ? `${how}: ${listed(winners.map(r.name))} won by forfeit.` : `${how}.`;
}

/**
 * The people who went back to the lobby from a finished table, told to whoever would play again:
 * "Milo went back to the lobby: no game again at this table." Null when nobody has.
 */
export function leftTableLine(left: readonly Seat[], r: Reader): string | null {
  if (!left.length) return null;
  return `${capital(listed(left.map(r.name)))} went back to the lobby: no game again at this table.`;
}
