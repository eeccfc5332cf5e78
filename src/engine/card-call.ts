/**
 * The "card, optionally calling a suit" move encoding, shared by the games
 * where a wild card announces the suit to follow (Crazy Eights' Eights, ROY's
 * wild Jacks): `card * 8 + call`, `call` a suit (0..3) or `NO_CALL`. Every
 * such move is below `CARD_CALL_END`; a game numbers its other moves (draw,
 * pass, end) from there.
 */
import type { Card } from "./cards.js";
import { formatCard } from "./card-text.js";
import type { Move } from "./game.js";

export const NO_CALL = 4;
/** One past the highest card-call move (jokers included): the first free move number. */
export const CARD_CALL_END: Move = 54 * 8;

export const cardCall = (c: Card, call: number = NO_CALL): Move => c * 8 + call;
export const isCardCall = (m: Move): boolean => m >= 0 && m < CARD_CALL_END;
export const calledCard = (m: Move): Card => m >> 3;
/** The suit called (0..3), or `NO_CALL`. */
export const calledSuit = (m: Move): number => m & 7;
export const callsSuit = (m: Move): boolean => m < CARD_CALL_END && (m & 7) !== NO_CALL;

export const SUIT_LETTERS = ["C", "D", "H", "S"] as const;
export type SuitLetter = (typeof SUIT_LETTERS)[number];
export interface CardCallJson {
  readonly type: "play";
  readonly card: string;
  readonly suit?: SuitLetter;
}

/** The wire form: `{"type":"play","card":"8S"}`, with `"suit":"H"` when a suit is called. */
export function cardCallJson(m: Move): CardCallJson {
  const call = calledSuit(m);
  const card = formatCard(calledCard(m));
  return call === NO_CALL ? { type: "play", card } : { type: "play", card, suit: SUIT_LETTERS[call] };
}
