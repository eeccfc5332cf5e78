import { ACE, type Card, JACK, KING, SPADES, card, rankOf, suitOf } from "../../engine/cards.js";

/** The King of Spades: a turn ending with it on top makes the next player draw 7. */
export const KING_OF_SPADES: Card = card(KING, SPADES);
export const KING_PENALTY = 7;
/** Cards drawn per Ace in the unbroken run of Aces facing a player. */
export const ACE_PENALTY_EACH = 2;

/** Rank and suit per card, for the hot paths (no division there). */
export const RANK = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c));
export const SUIT = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

export const isAce = (c: Card): boolean => RANK[c] === ACE;
export const isJack = (c: Card): boolean => RANK[c] === JACK;

/** What the player to act faces at the start of a turn. */
export const FACING_NOTHING = 0;
export const FACING_ACES = 1;
export const FACING_KING = 2;
export type Facing = typeof FACING_NOTHING | typeof FACING_ACES | typeof FACING_KING;

/** Rule 3: a first card follows the suit to follow (the top's, or a wild Jack's call) or the top's rank. */
export function canStart(top: Card, suit: number, c: Card): boolean {
  return SUIT[c] === suit || RANK[c] === RANK[top];
}

/**
 * Rule 3: the card above `c` in its suit, Aces high only (K -> A, and nothing
 * above an Ace); -1 for an Ace.
 */
export function nextHigher(c: Card): Card {
  const r = rankOf(c);
  if (r === ACE) return -1;
  return r === KING ? c - 12 : c + 1;
}

/** Rule 3: a further card in the same turn has the top's rank, or is the next higher card of its suit. */
export function canContinue(top: Card, c: Card): boolean {
  return RANK[c] === RANK[top] || c === nextHigher(top);
}

/** Rules 5 and 6: what a turn ending with `top` on the pile makes the next player face. */
export function facingAfterTurn(top: Card, liveAces: number): Facing {
  if (top === KING_OF_SPADES) return FACING_KING;
  if (isAce(top) && liveAces > 0) return FACING_ACES;
  return FACING_NOTHING;
}

/** Rule 5: 2 cards per Ace in the run (four Aces: 8). */
export const acePenalty = (liveAces: number): number => ACE_PENALTY_EACH * liveAces;

/** Rule 8: the player who went out scores 1 per card the opponents hold. */
export function outPoints(handSizes: readonly number[], winner: number): number[] {
  const points = handSizes.map(() => 0);
  for (let p = 0; p < handSizes.length; p++) if (p !== winner) points[winner] += handSizes[p];
  return points;
}

/** House rule `scoring: values`: a card left in hand counts 2 to 10 as numbered, J Q K 10, an Ace (high in ROY) 11. */
export function cardValue(c: Card): number {
  const r = c % 13;
  return r === 0 ? 11 : Math.min(r + 1, 10);
}

/** House rule `scoring: values`: the player who went out scores the values of the cards the opponents hold. */
export function outValues(hands: readonly (readonly Card[])[], winner: number): number[] {
  const points = hands.map(() => 0);
  for (let p = 0; p < hands.length; p++)
    if (p !== winner) for (const c of hands[p]) points[winner] += cardValue(c);
  return points;
}
