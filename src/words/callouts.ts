/**
 * The words a seat says aloud as it plays ("Go", "15 for 2", "Knock!",
 * "Last card"), each game's own (`GameWords.callout`): the browser shows
 * them by the seat for a moment, and the log says the same in full.
 */
import type { JsonObject, Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import type { Worded } from "./hand-result.js";
import { SUITS } from "./card-words.js";

export interface Callout {
  readonly seat: Seat;
  /** What it says, its parts joined ("Go · 1 for the go"). */
  readonly text: string;
  /** Each thing said, in order: a narrow plate shows each on a line of its own. */
  readonly parts: readonly string[];
  /** The parts with a called suit as its symbol ("Eight: ♦"): a phone's narrow plate has room for these. */
  readonly brief: readonly string[];
}

/** How the things a seat says at once are joined, by a game's callout and here. */
const JOIN = " · ";

/** A call that a later one of its kind replaces ("Jack: spades"): its kind ("Jack"), else null. */
const callKind = (part: string): string | null => (part.includes(": ") ? part.split(": ")[0] : null);

/**
 * What each seat calls out over these events (one move and what followed it), in the order
 * first said; a seat saying two things says them as one ("Go · 1 for the go"), each once (ROY's
 * turn of several cards says "Last card" once), and of two suit calls the later, the one that
 * stands ("Jack: spades" then "Jack: hearts" says "Jack: hearts"). `handSizes`: the cards each
 * seat holds after them, when the view counts them.
 */
export function calloutsOf(
  events: readonly JsonObject[],
  game: Worded,
  r: Reader,
  handSizes?: readonly unknown[] | null,
): Callout[] {
  const said = new Map<Seat, string[]>();
  for (const e of events) {
    if (typeof e.seat !== "number") continue;
    const left = handSizes ? Number(handSizes[e.seat]) : NaN;
    const text = game.words?.callout?.(e, r, Number.isFinite(left) ? left : undefined);
    if (!text) continue;
    const parts = said.get(e.seat) ?? [];
    for (const part of text.split(JOIN)) {
      const kind = callKind(part);
      const earlier = kind === null ? -1 : parts.findIndex((p) => callKind(p) === kind);
      if (earlier >= 0) parts.splice(earlier, 1);
      if (!parts.includes(part)) parts.push(part);
    }
    said.set(e.seat, parts);
  }
  return [...said].map(([seat, parts]) => ({
    seat,
    text: parts.join(JOIN),
    parts,
    brief: parts.map(briefly),
  }));
}

/** A suit's symbol by its word ("hearts": "♥"). */
const SYMBOL_BY_WORD: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(SUITS).map((s) => [s.word, s.symbol]),
);

/** A part with its called suit as the suit's symbol ("Eight: hearts" is "Eight: ♥"). */
const briefly = (part: string): string => {
  const kind = callKind(part);
  const suit = kind === null ? undefined : SYMBOL_BY_WORD[part.slice(kind.length + 2)];
  return suit ? `${kind}: ${suit}` : part;
};

/**
 * The callout of the games played onto one pile (Crazy Eights, ROY): the suit a wild card
 * called ("Eight: hearts") and a seat down to its last card.
 */
export function pileCallout(e: JsonObject, wild: string, left: number | undefined): string | null {
  if (e.type !== "move") return null;
  const move = e.move as JsonObject | undefined;
  if (move?.type !== "play") return null;
  const said: string[] = [];
  if (typeof move.suit === "string") said.push(`${wild}: ${SUITS[move.suit]?.word ?? move.suit}`);
  if (left === 1) said.push("Last card");
  return said.length ? said.join(JOIN) : null;
}
