import type { Card } from "../../engine/cards.js";

/**
 * Melds and deadwood. The hot path works on four 13-bit suit masks (bit r-1
 * for rank r). Within one suit, every block of 3 or more consecutive ranks can
 * be melded whole, so the runs' deadwood of a suit is a table lookup; the only
 * choices left are which sets (3 or 4 of a rank) to make, and a hand holds at
 * most three ranks with 3 or more cards, so those choices are searched out.
 */

/** Deadwood value: Ace 1, 2-10 by rank, J Q K 10. */
export const cardValue = (c: Card): number => {
  const r = (c % 13) + 1;
  return r > 10 ? 10 : r;
};

const rankValue = (r: number): number => (r > 10 ? 10 : r);

/** Per suit mask: the value of the cards in no run of 3 or more. */
const RUN_DEADWOOD = new Uint8Array(8192);
/** Per suit mask: the cards that are in runs of 3 or more. */
const RUN_MELDED = new Uint16Array(8192);
for (let mask = 0; mask < 8192; mask++) {
  let melded = 0;
  let r = 0;
  while (r < 13) {
    if (!(mask & (1 << r))) {
      r++;
      continue;
    }
    let e = r;
    while (e < 13 && mask & (1 << e)) e++;
    if (e - r >= 3) for (let k = r; k < e; k++) melded |= 1 << k;
    r = e;
  }
  let dead = 0;
  for (let k = 0; k < 13; k++) if (mask & (1 << k) && !(melded & (1 << k))) dead += rankValue(k + 1);
  RUN_DEADWOOD[mask] = dead;
  RUN_MELDED[mask] = melded;
}

/** Per card: its suit (0 clubs .. 3 spades), and its bit in that suit's mask. */
export const SUIT_OF = new Uint8Array(52);
export const BIT_OF = new Uint16Array(52);
for (let c = 0; c < 52; c++) {
  SUIT_OF[c] = (c / 13) | 0;
  BIT_OF[c] = 1 << (c % 13);
}

/** Least deadwood given sets may still be made of the ranks in `rest` (a rank mask). */
function setSearch(c: number, d: number, h: number, s: number, rest: number): number {
  if (rest === 0) return RUN_DEADWOOD[c] + RUN_DEADWOOD[d] + RUN_DEADWOOD[h] + RUN_DEADWOOD[s];
  const bit = rest & -rest;
  const next = rest ^ bit;
  const nb = ~bit;
  let best = setSearch(c, d, h, s, next);
  let v = setSearch(c & nb, d & nb, h & nb, s & nb, next);
  if (v < best) best = v;
  if (c & d & h & s & bit) {
    // Four of the rank: a set of three may leave any one of them for a run.
    v = setSearch(c, d & nb, h & nb, s & nb, next);
    if (v < best) best = v;
    v = setSearch(c & nb, d, h & nb, s & nb, next);
    if (v < best) best = v;
    v = setSearch(c & nb, d & nb, h, s & nb, next);
    if (v < best) best = v;
    v = setSearch(c & nb, d & nb, h & nb, s, next);
    if (v < best) best = v;
  }
  return best;
}

/** Least deadwood of the cards given as suit masks (clubs, diamonds, hearts, spades). */
export function deadwoodOfMasks(c: number, d: number, h: number, s: number): number {
  const three = (c & d & (h | s)) | (h & s & (c | d));
  if (three === 0) return RUN_DEADWOOD[c] + RUN_DEADWOOD[d] + RUN_DEADWOOD[h] + RUN_DEADWOOD[s];
  return setSearch(c, d, h, s, three);
}

/**
 * Fills `out` with the four suit masks (clubs, diamonds, hearts, spades) of
 * the first `n` cards: read once, a hand's deadwood without each of its cards
 * is then one `deadwoodOfMasksWithout` each.
 */
export function suitMasks(cards: ArrayLike<Card>, out: Int32Array, n: number = cards.length): Int32Array {
  out[0] = out[1] = out[2] = out[3] = 0;
  for (let i = 0; i < n; i++) {
    const x = cards[i];
    out[SUIT_OF[x]] |= BIT_OF[x];
  }
  return out;
}

/** Least deadwood of the cards the suit masks `m` hold. */
export const maskedDeadwood = (m: Int32Array): number => deadwoodOfMasks(m[0], m[1], m[2], m[3]);

/** Least deadwood of the cards the suit masks `m` hold, less card `c` (which must be among them). */
export function deadwoodOfMasksWithout(m: Int32Array, c: Card): number {
  const su = SUIT_OF[c];
  const b = ~BIT_OF[c];
  return deadwoodOfMasks(
    su === 0 ? m[0] & b : m[0],
    su === 1 ? m[1] & b : m[1],
    su === 2 ? m[2] & b : m[2],
    su === 3 ? m[3] & b : m[3],
  );
}

const masks = new Int32Array(4);
const fillMasks = (cards: ArrayLike<Card>, n: number): Int32Array => suitMasks(cards, masks, n);

/** The least deadwood of a hand (any size), over every arrangement into melds. */
export function deadwood(cards: ArrayLike<Card>, n: number = cards.length): number {
  fillMasks(cards, n);
  return deadwoodOfMasks(masks[0], masks[1], masks[2], masks[3]);
}

/** The least deadwood of the hand without card `without` (which must be in it). */
export function deadwoodWithout(cards: ArrayLike<Card>, without: Card, n: number = cards.length): number {
  return deadwoodOfMasksWithout(fillMasks(cards, n), without);
}

/**
 * The least deadwood after the best discard from a hand (11 cards in play),
 * never discarding `keep` (-1 for none). A lower bound (deadwood of all the
 * cards less the card's value) skips discards that cannot beat the best found.
 */
export function bestDiscardDeadwood(
  cards: ArrayLike<Card>,
  keep: Card = -1,
  n: number = cards.length,
): number {
  fillMasks(cards, n);
  const m0 = masks[0],
    m1 = masks[1],
    m2 = masks[2],
    m3 = masks[3];
  return bestDropOfMasks(m0, m1, m2, m3, deadwoodOfMasks(m0, m1, m2, m3), 1000, keep);
}

/** One way of laying a hand out: its melds (cards in rank order) and the rest. */
export interface Arrangement {
  readonly melds: Card[][];
  readonly deadwoodCards: Card[];
  readonly deadwood: number;
}

const suitCards = (mask: number, suit: number): Card[] => {
  const out: Card[] = [];
  for (let r = 0; r < 13; r++) if (mask & (1 << r)) out.push(suit * 13 + r);
  return out;
};

function layout(m: readonly number[], sets: readonly Card[][]): Arrangement {
  const melds: Card[][] = sets.map((x) => x.slice());
  const dead: Card[] = [];
  for (let suit = 0; suit < 4; suit++) {
    const melded = RUN_MELDED[m[suit]];
    // Each block of consecutive melded ranks is one run.
    let run: Card[] = [];
    for (let r = 0; r <= 13; r++) {
      if (r < 13 && melded & (1 << r)) run.push(suit * 13 + r);
      else if (run.length) {
        melds.push(run);
        run = [];
      }
    }
    dead.push(...suitCards(m[suit] & ~melded, suit));
  }
  melds.sort((a, b) => (a[0] % 13) - (b[0] % 13) || a[0] - b[0]);
  dead.sort((a, b) => (a % 13) - (b % 13) || a - b);
  let points = 0;
  for (const x of dead) points += cardValue(x);
  return { melds, deadwoodCards: dead, deadwood: points };
}

/** The sets of a rank held in all four suits (a mask of suits): all four, or each three (one left for a run). */
const FOUR_OF_A_RANK = [15, 14, 13, 11, 7];

/** Every arrangement of the hand with the least deadwood (runs kept whole), in a fixed order. */
export function bestArrangements(cards: readonly Card[]): Arrangement[] {
  const m = Array.from(suitMasks(cards, masks));
  const three = (m[0] & m[1] & (m[2] | m[3])) | (m[2] & m[3] & (m[0] | m[1]));
  if (three === 0) return [layout(m, [])];
  const least = deadwoodOfMasks(m[0], m[1], m[2], m[3]);
  const leaves: Arrangement[] = [];
  // The sets chosen so far, a stack (a leaf's layout copies them).
  const sets: Card[][] = [];
  const walk = (rest: number): void => {
    if (rest === 0) {
      const dead = RUN_DEADWOOD[m[0]] + RUN_DEADWOOD[m[1]] + RUN_DEADWOOD[m[2]] + RUN_DEADWOOD[m[3]];
      if (dead === least) leaves.push(layout(m, sets));
      return;
    }
    const bit = rest & -rest;
    const rank = 31 - Math.clz32(bit);
    const next = rest ^ bit;
    walk(next);
    // The rank's cards as a set: all of them, or with four, each three of them (the fourth left for a run).
    let holders = 0;
    for (let su = 0; su < 4; su++) if (m[su] & bit) holders |= 1 << su;
    const choices = holders === 15 ? FOUR_OF_A_RANK : [holders];
    for (const chosen of choices) {
      const set: Card[] = [];
      for (let su = 0; su < 4; su++)
        if (chosen & (1 << su)) {
          set.push(su * 13 + rank);
          m[su] &= ~bit;
        }
      sets.push(set);
      walk(next);
      sets.pop();
      for (let su = 0; su < 4; su++) if (chosen & (1 << su)) m[su] |= bit;
    }
  };
  walk(three);
  return leaves;
}

/** One least-deadwood arrangement of the hand. */
export const bestArrangement = (cards: readonly Card[]): Arrangement => bestArrangements(cards)[0];

/**
 * How many cards outside the hand could be laid off directly on these melds:
 * the card below and above each run, the missing fourth of each set of three.
 */
export function layoffRoom(melds: readonly Card[][], hand: readonly Card[]): number {
  const own = new Set(hand);
  const room = new Set<Card>();
  for (const meld of melds) {
    if (isSetMeld(meld)) {
      if (meld.length === 3) {
        const rank = meld[0] % 13;
        for (let su = 0; su < 4; su++) if (!meld.includes(su * 13 + rank)) room.add(su * 13 + rank);
      }
    } else {
      const lo = meld[0] % 13;
      const hi = meld[meld.length - 1] % 13;
      const base = meld[0] - lo;
      if (lo > 0) room.add(base + lo - 1);
      if (hi < 12) room.add(base + hi + 1);
    }
  }
  let n = 0;
  for (const x of room) if (!own.has(x)) n++;
  return n;
}

/** A meld of one rank (a set) rather than a run. */
export const isSetMeld = (meld: readonly Card[]): boolean => meld.length > 1 && meld[0] % 13 === meld[1] % 13;

/**
 * The knocker's melds: a least-deadwood arrangement, and among those the one
 * that leaves the fewest outside cards that could be laid off on it (first in
 * order when still tied). Decided from the knocker's own cards only.
 */
export function knockArrangement(hand: readonly Card[]): Arrangement {
  const all = bestArrangements(hand);
  let best = all[0];
  let room = layoffRoom(best.melds, hand);
  for (let i = 1; i < all.length; i++) {
    const r = layoffRoom(all[i].melds, hand);
    if (r < room) {
      room = r;
      best = all[i];
    }
  }
  return best;
}

/** Would `c` meld with two cards of the hand `marks` marks: a set of three, or a run of three in its suit? */
export function meldsWith(marks: Uint8Array, c: Card): boolean {
  const rank = c % 13;
  const base = c - rank;
  let sameRank = 0;
  for (let r = rank; r < 52; r += 13) if (r !== c && marks[r]) sameRank++;
  if (sameRank >= 2) return true;
  const has = (r: number): boolean => r >= 0 && r < 13 && marks[base + r] !== 0;
  return (has(rank - 1) && (has(rank - 2) || has(rank + 1))) || (has(rank + 1) && has(rank + 2));
}

/** The ranks of a suit where a card would make a run of three with two of the suit mask's cards. */
const runRanks = (m: number): number => ((m << 1) & ((m << 2) | (m >> 1))) | ((m >> 1) & (m >> 2));

/**
 * The least deadwood of the cards given as suit masks (`all` with none
 * dropped) after the best single discard among them, never `keep` (-1 for
 * none), or `best` if no discard does better.
 */
function bestDropOfMasks(
  m0: number,
  m1: number,
  m2: number,
  m3: number,
  all: number,
  best = 1000,
  keep: Card = -1,
): number {
  for (let su = 0; su < 4; su++) {
    let bits = su === 0 ? m0 : su === 1 ? m1 : su === 2 ? m2 : m3;
    if (keep >= 0 && SUIT_OF[keep] === su) bits &= ~BIT_OF[keep];
    while (bits) {
      // High cards first: the best found early prunes the rest sooner.
      const r = 31 - Math.clz32(bits);
      const bit = 1 << r;
      bits ^= bit;
      // Dropping a card lowers the least deadwood by at most its value.
      if (all - rankValue(r + 1) >= best) continue;
      const b = ~bit;
      const v = deadwoodOfMasks(
        su === 0 ? m0 & b : m0,
        su === 1 ? m1 & b : m1,
        su === 2 ? m2 & b : m2,
        su === 3 ? m3 & b : m3,
      );
      if (v < best) best = v;
    }
  }
  return best;
}

/**
 * For a hand (less the card `without`, -1 for none), the sum over `draws` of
 * the least deadwood after drawing that card and making the best discard.
 * A drawn card that melds with no two cards of the hand is deadwood however
 * the hand is laid out, so it needs no search: the best is keeping the hand
 * as it is, or keeping the new card and throwing the hand's best card to
 * throw.
 */
export function sumAfterDraws(hand: ArrayLike<Card>, draws: ArrayLike<Card>, without: Card = -1): number {
  fillMasks(hand, hand.length);
  if (without >= 0) masks[SUIT_OF[without]] &= ~BIT_OF[without];
  const m0 = masks[0],
    m1 = masks[1],
    m2 = masks[2],
    m3 = masks[3];
  const now = deadwoodOfMasks(m0, m1, m2, m3);
  const dropped = bestDropOfMasks(m0, m1, m2, m3, now);
  // Ranks held in two suits or more: a drawn card of one makes a set.
  const sets = (m0 & (m1 | m2 | m3)) | (m1 & (m2 | m3)) | (m2 & m3);
  const r0 = runRanks(m0),
    r1 = runRanks(m1),
    r2 = runRanks(m2),
    r3 = runRanks(m3);
  let sum = 0;
  for (let i = 0; i < draws.length; i++) {
    const x = draws[i];
    const su = SUIT_OF[x];
    const bit = BIT_OF[x];
    const runs = su === 0 ? r0 : su === 1 ? r1 : su === 2 ? r2 : r3;
    if (!((sets | runs) & bit)) {
      const kept = rankValue((x % 13) + 1) + dropped;
      sum += kept < now ? kept : now;
      continue;
    }
    const a0 = su === 0 ? m0 | bit : m0,
      a1 = su === 1 ? m1 | bit : m1,
      a2 = su === 2 ? m2 | bit : m2,
      a3 = su === 3 ? m3 | bit : m3;
    // Throwing the drawn card back leaves the hand as it was: the bound to beat.
    sum += bestDropOfMasks(a0, a1, a2, a3, deadwoodOfMasks(a0, a1, a2, a3), now);
  }
  return sum;
}
