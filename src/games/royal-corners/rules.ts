import { type Card, KING, isRed, rankOf } from "../../engine/cards.js";

/** Cards in each hand at the deal (rule 2). */
export const HAND_SIZE = 7;
/** Corner piles around the centre stock (rule 2). */
export const CORNERS = 4;
/** A corner that no pile move has just freed. */
export const NONE = -1;

const RANK = new Int8Array(52);
const RED = new Int8Array(52);
for (let c = 0; c < 52; c++) {
  RANK[c] = rankOf(c);
  RED[c] = isRed(c) ? 1 : 0;
}

export const isKing = (c: Card): boolean => RANK[c] === KING;

/** Rules 4a and 4c: `c` is one rank lower than `top` and of the opposite colour. */
export const fitsOn = (c: Card, top: Card): boolean => RANK[c] + 1 === RANK[top] && RED[c] !== RED[top];

/** The (at most two) cards that fit on each top card, as a table: `FITTING[top * 2 + i]`, -1 for none. */
export const FITTING = new Int8Array(104).fill(-1);
for (let top = 0; top < 52; top++) {
  let i = 0;
  for (let c = 0; c < 52; c++) if (fitsOn(c, top)) FITTING[top * 2 + i++] = c;
}

/** A card index that is no card: lookup tables keep a slot for it. */
export const NO_CARD = 52;

/** The (at most two) cards each card fits on: `FITTED_BY[c * 2 + i]`, NO_CARD for none. */
export const FITTED_BY = new Int8Array(104).fill(NO_CARD);
for (let c = 0; c < 52; c++) {
  let i = 0;
  for (let top = 0; top < 52; top++) if (fitsOn(c, top)) FITTED_BY[c * 2 + i++] = top;
}

/** The four Kings. */
export const KINGS: readonly Card[] = [0, 1, 2, 3].map((suit) => suit * 13 + KING - 1);

/** Rule 8: King 10, every other card 1. */
export const cardPenalty = (c: Card): number => (RANK[c] === KING ? 10 : 1);

/** House rule `penalty: ranks`: each card its rank, Ace 1 to King 13 (the seed's order of seniority). */
export const rankPenalty = (c: Card): number => RANK[c];

/** The penalty of a hand: rule 8, or with `ranks` the house rule's. */
export function handPenalty(hand: readonly Card[], ranks = false): number {
  let sum = 0;
  for (let i = 0; i < hand.length; i++) sum += ranks ? rankPenalty(hand[i]) : cardPenalty(hand[i]);
  return sum;
}

/** Rule 7: the hand is over when at most one player still holds cards. */
export const tooFewLeft = (playersIn: number): boolean => playersIn <= 1;

/**
 * Rule 7: with the stock empty, the hand is blocked once every player still in
 * has ended a turn in a row without a move.
 */
export const isBlocked = (stockSize: number, idleEnds: number, playersIn: number): boolean =>
  stockSize === 0 && idleEnds >= playersIn;

/** Rule 8: the match ends once a player has reached the limit. */
export const matchIsOver = (scores: readonly number[], limit: number): boolean =>
  scores.some((x) => x >= limit);
