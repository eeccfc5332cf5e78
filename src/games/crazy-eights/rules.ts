import { type Card, JACK, KING, QUEEN, rankOf, suitOf } from "../../engine/cards.js";

/** Eights are wild. */
export const EIGHT = 8;
export const isEight = (c: Card): boolean => rankOf(c) === EIGHT;

/** May `c` be played on `top` when `suit` is the suit to follow? */
export function canFollow(top: Card, suit: number, c: Card): boolean {
  return isEight(c) || suitOf(c) === suit || rankOf(c) === rankOf(top);
}

/** What a card left in hand is worth to the player who went out. */
export function cardPoints(c: Card): number {
  const r = rankOf(c);
  if (r === EIGHT) return 50;
  if (r === JACK || r === QUEEN || r === KING) return 10;
  return r;
}

export const handPoints = (hand: readonly Card[]): number => {
  let sum = 0;
  for (const c of hand) sum += cardPoints(c);
  return sum;
};

/**
 * A blocked hand: the lowest hand total scores the difference to every other
 * total; equal lowest totals score nothing. Returns the points per seat.
 */
export function blockedScores(totals: readonly number[]): number[] {
  const low = Math.min(...totals);
  const points = totals.map(() => 0);
  const lowest = totals.flatMap((t, i) => (t === low ? [i] : []));
  if (lowest.length !== 1) return points;
  points[lowest[0]] = totals.reduce((sum, t) => sum + (t - low), 0);
  return points;
}
