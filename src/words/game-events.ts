/**
 * The events beyond the common few (deal, move, score, hand and match
 * over): a game's own (a reshuffle, a trick, a knock shown), said in the
 * game's words when it has them, and otherwise still said, plainly, from
 * the event's fields: a game's event is never dropped for want of words.
 */
import type { Json, JsonObject } from "../engine/game.js";
import type { Reader } from "../engine/words.js";
import { flat, type Worded } from "./hand-result.js";
import { capital } from "./reader.js";

/** An event of the game's own as lines, without leading spaces. */
export function gameEventLines(e: JsonObject, game: Worded, r: Reader): string[] {
  const own = game.words?.event?.(e, r);
  if (own) return own;
  if (e.type === "reveal" && Array.isArray(e.hands)) return [handsShown(e.hands, r)];
  return [plainEventLine(e, r)];
}

/** Every hand turned up at a hand's end: "Cards left: Alice 5H QS; you none." */
export function handsShown(hands: readonly Json[], r: Reader): string {
  return `Cards left: ${hands.map((h, p) => `${r.name(p)} ${flat(h)}`).join("; ")}.`;
}

/**
 * An event no words were written for, from its fields: "Seat 1 pair: cards
 * QS QH", "Reshuffle: times 2". Seats by name; cards as text (each face
 * draws them as it draws every card).
 */
export function plainEventLine(e: JsonObject, r: Reader): string {
  const what = String(e.type)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  const fields = Object.entries(e)
    .filter(([k]) => k !== "type" && k !== "seat" && k !== "seq")
    .map(([k, v]) => `${k.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()} ${flat(v)}`);
  const head = typeof e.seat === "number" ? `${r.name(e.seat)} ${what}` : what;
  return capital(fields.length ? `${head}: ${fields.join(", ")}` : head);
}
