import type { HandResult, JsonObject, Seat } from "./game.js";

/**
 * Who reads a sentence, so that seats are said as that reader says them:
 * "you", a name ("Alice"), or "seat 2" when no name is known.
 */
export interface Reader {
  /** The reader's seat; a spectator's is no seat at all (-1). */
  readonly you: Seat;
  /** "you", "Alice", "seat 2". */
  name(seat: Seat): string;
  /** "your", "Alice's", "seat 2's". */
  whose(seat: Seat): string;
  /** The seat and a verb agreeing with it: "you peg", "Alice pegs". */
  does(seat: Seat, verb: string): string;
}

/**
 * A game's own words for the shared sentences (src/words): the events it
 * alone has (or says its own way), its scores, the end of its hands. Each
 * returns null (or is absent) to leave the sentence to the shared words,
 * which still say something of an event type they do not know.
 */
export interface GameWords {
  /** An event as lines (no leading spaces, first letter as it falls), or null. */
  event?(e: JsonObject, r: Reader): string[] | null;
  /**
   * A `score` event's sentence without its running total, or null:
   * "you peg 2 for fifteen". `trick` is the trick the move finished, if any.
   */
  score?(e: JsonObject, r: Reader, trick?: number): string | null;
  /** What a hand's details say, one line each ("Alice's cards left: 5♣ 7♥ (12)"). */
  handDetail?(result: HandResult, r: Reader): string[];
  /** The hand's points in the game's words; the shared line ("Points this hand: ...") when absent. */
  handPoints?(result: HandResult, r: Reader): string[];
  /** The match score's line, when the game keeps something other than points ("Hands won: ..."). */
  matchScore?(scores: readonly number[], r: Reader): string;
  /** What the match score counts, where it is not a score to reach ("penalty points"). */
  readonly scoreName?: string;
  /**
   * What the seat of an event says aloud at the table, in a few words ("Go", "15 for 2", "Knock!",
   * "Last card"), or null for nothing. `left`: the cards that seat holds after the event, when the
   * game's view counts them.
   */
  callout?(e: JsonObject, r: Reader, left?: number): string | null;
  /**
   * Why a card of the reader's hand cannot be played now, from the seat's
   * view alone ("Play an 8 or match 7C"), or null to leave it to the
   * shared sentence (src/words/why-not.ts). Asked only on the seat's turn.
   */
  whyNot?(view: JsonObject, card: string, r: Reader): string | null;
}
