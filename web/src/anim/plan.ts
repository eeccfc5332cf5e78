/**
 * What moves on the table for a step's events, as plain data, before any
 * element is measured: chessground's plan (src/anim.ts) for cards. A move
 * that names cards carries them from its seat to where they land, or, for
 * a move the table marks as taking from a place (a draw from the stock),
 * from that place to the seat; a move that names none (a card drawn by
 * another seat, a face-down discard) still moves one card, face down. Cards
 * a `reveal` names are turned over where they lie. Nothing here knows a
 * game: only the fields every event has (`type`, `seat`, `move`, `card`,
 * `cards`); the table says where things go by marking its elements
 * (web/src/anim/motion.ts).
 */
import type { Json, JsonObject } from "../../../src/engine/game.js";

export interface MoveMotion {
  readonly seat: number;
  /** The move's type: what the table's marks are named by ("play", "draw", "discard"). */
  readonly type: string;
  /** The cards it moves that this viewer may see (none for a card it may not). */
  readonly cards: readonly string[];
  /** How many cards it moves face down when it names none (a draw of several: up to a few). */
  readonly backs: number;
}

export interface StepMotion {
  readonly moves: readonly MoveMotion[];
  /** Cards turned face up by this step (a starter cut, hands shown, a trick turned). */
  readonly reveals: readonly string[];
}

/** A card's text: "8H", "TS", a joker. */
const isCard = (x: Json | undefined): x is string =>
  typeof x === "string" && /^([A2-9TJQK][CDHS]|[RB]J)$/.test(x);

/** Every card named anywhere in a value (a reveal's `card`, `cards`, `melds`, `hands`). */
function cardsIn(x: Json | undefined, out: string[] = []): string[] {
  if (isCard(x)) out.push(x);
  else if (Array.isArray(x)) for (const y of x) cardsIn(y, out);
  else if (x && typeof x === "object") for (const y of Object.values(x)) cardsIn(y, out);
  return out;
}

/** The most face-down cards flown for one move: a draw of seven is seen as a few. */
const MOST_BACKS = 3;

export function stepMotion(events: readonly JsonObject[]): StepMotion {
  const moves: MoveMotion[] = [];
  const reveals: string[] = [];
  for (const e of events) {
    if (e.type === "move" && typeof e.seat === "number" && e.move && typeof e.move === "object") {
      const move = e.move as JsonObject;
      const type = String(move.type);
      const cards = [move.card, e.card, ...(Array.isArray(e.cards) ? e.cards : [])].filter(isCard);
      const drawn = typeof e.drawn === "number" ? e.drawn : 1;
      moves.push({
        seat: e.seat,
        type,
        cards: [...new Set(cards)],
        backs: Math.min(MOST_BACKS, Math.max(1, drawn)),
      });
    } else if (e.type === "reveal") {
      const { type: _t, seq: _s, seat: _p, why: _w, ...rest } = e;
      reveals.push(...cardsIn(rest));
    }
  }
  return { moves, reveals: [...new Set(reveals)] };
}
