/**
 * Cards are small integers: suit * 13 + (rank - 1) for the 52 suited cards
 * (ranks Ace = 1 .. King = 13; suits clubs, diamonds, hearts, spades), then
 * 52 for the red joker and 53 for the black joker. Several packs simply hold
 * the same integers more than once: identical cards are interchangeable.
 */
export type Card = number;
export type Suit = 0 | 1 | 2 | 3;

export const CLUBS = 0;
export const DIAMONDS = 1;
export const HEARTS = 2;
export const SPADES = 3;

export const ACE = 1;
export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;

export const RED_JOKER: Card = 52;
export const BLACK_JOKER: Card = 53;
/** One past the highest card value: the size of per-card lookup tables. */
export const CARD_SPACE = 54;

export const card = (rank: number, suit: number): Card => suit * 13 + rank - 1;
/** Rank 1 (Ace) to 13 (King). Not meaningful for jokers. */
export const rankOf = (c: Card): number => (c % 13) + 1;
/** Suit 0..3. Not meaningful for jokers. */
export const suitOf = (c: Card): Suit => ((c / 13) | 0) as Suit;
export const isJoker = (c: Card): boolean => c >= RED_JOKER;
export const isRed = (c: Card): boolean => {
  const s = suitOf(c);
  return s === DIAMONDS || s === HEARTS;
};

export interface PackSpec {
  /** How many 52-card packs (default 1). */
  readonly packs?: number;
  /** Jokers per pack (0 or 2; default 0). */
  readonly jokers?: 0 | 2;
}

/** The cards of the packs, in a fixed order (suit by suit, jokers last). */
export function makePack({ packs = 1, jokers = 0 }: PackSpec = {}): Card[] {
  const cards: Card[] = [];
  for (let p = 0; p < packs; p++) {
    for (let c = 0; c < 52; c++) cards.push(c);
    if (jokers === 2) cards.push(RED_JOKER, BLACK_JOKER);
  }
  return cards;
}

/** Removes one copy of `c` from `cards` (order not kept). Returns false when absent. */
export function removeCard(cards: Card[], c: Card): boolean {
  const i = cards.indexOf(c);
  if (i < 0) return false;
  cards[i] = cards[cards.length - 1];
  cards.pop();
  return true;
}

/** Sort order for display: by rank, then suit; jokers last. */
export const byRankThenSuit = (a: Card, b: Card): number => {
  if (isJoker(a) || isJoker(b)) return a - b;
  return rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b);
};

/**
 * Ascending card order, for `sort`: a sampler shuffles the unseen cards from
 * this order, so that the world it draws depends on what a seat knows and the
 * generator alone, never on where the hidden cards really lie.
 */
export const ascending = (a: Card, b: Card): number => a - b;
