/**
 * The words a seat says aloud as it plays ("Go", "15 for 2", "Knock!",
 * "Last card"), each game's own (`GameWords.callout`): the browser shows
 * them by the seat for a moment, and the log says the same in full.
 */
import type { JsonObject, Seat } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import type { Worded } from "./hand-result.js";

export interface Callout {
  readonly seat: Seat;
  readonly text: string;
}

/**
 * What each seat calls out over these events (one move and what followed it), in the order
 * first said; a seat saying two things says them as one ("Go · 1 for the go"). `handSizes`: the
 * cards each seat holds after them, when the view counts them.
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
    const texts = said.get(e.seat) ?? [];
    if (!texts.includes(text)) texts.push(text);
    said.set(e.seat, texts);
  }
  return [...said].map(([seat, texts]) => ({ seat, text: texts.join(" · ") }));
}

const SUIT_WORDS: Readonly<Record<string, string>> = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/**
 * The callout of the games played onto one pile (Crazy Eights, ROY): the suit a wild card
 * called ("Eight: hearts") and a seat down to its last card.
 */
export function pileCallout(e: JsonObject, wild: string, left: number | undefined): string | null {
  if (e.type !== "move") return null;
  const move = e.move as JsonObject | undefined;
  if (move?.type !== "play") return null;
  const said: string[] = [];
  if (typeof move.suit === "string") said.push(`${wild}: ${SUIT_WORDS[move.suit] ?? move.suit}`);
  if (left === 1) said.push("Last card");
  return said.length ? said.join(" · ") : null;
}
