/**
 * Discards by exact expected value: each way of laying cards away is worth
 * the kept hand's show averaged over every starter the seat cannot see, plus
 * (the seat's own crib) or minus (another's) the crib's expected show for
 * that starter, the crib's other cards any the seat cannot see. Their sum
 * over every pair of the rest of the pack comes from a table made once by
 * enumeration (`scripts/crib-table.ts` writes `crib-table.ts`); the pairs
 * holding a kept card are taken off here.
 */
import { type Card, rankOf, suitOf } from "../../engine/cards.js";
import { CRIB_ONE, CRIB_TWO, decodeTable } from "./crib-table.js";
import { KEEP, showPoints } from "./rules.js";

/** Suit patterns of two crib cards a, b and the starter s: which share a suit. */
const ALL_SUITED = 0;
const AB_SUITED = 1;
const AS_SUITED = 2;
const BS_SUITED = 3;
const NONE_SUITED = 4;
export const PATTERNS = 5;

/** The table's place for crib cards a, b and starter s: ranks low first, suits as a pattern. */
export function pairIndex(a: Card, b: Card, s: Card): number {
  let ra = rankOf(a) - 1;
  let rb = rankOf(b) - 1;
  const ab = suitOf(a) === suitOf(b);
  let as = suitOf(a) === suitOf(s);
  let bs = suitOf(b) === suitOf(s);
  if (ra > rb || (ra === rb && bs && !as)) {
    [ra, rb] = [rb, ra];
    [as, bs] = [bs, as];
  }
  const pattern = ab ? (as ? ALL_SUITED : AB_SUITED) : as ? AS_SUITED : bs ? BS_SUITED : NONE_SUITED;
  return ((ra * 13 + rb) * 13 + rankOf(s) - 1) * PATTERNS + pattern;
}

/** The table's place for one crib card a and starter s (three or four players: one card each). */
export function oneIndex(a: Card, s: Card): number {
  return ((rankOf(a) - 1) * 13 + rankOf(s) - 1) * 2 + (suitOf(a) === suitOf(s) ? 1 : 0);
}

/** Representative cards for a table place: the script enumerates the crib's other cards around them. */
export function pairCards(index: number): [Card, Card, Card] | null {
  const pattern = index % PATTERNS;
  let rest = (index - pattern) / PATTERNS;
  const rs = rest % 13;
  rest = (rest - rs) / 13;
  const rb = rest % 13;
  const ra = (rest - rb) / 13;
  const suits = [
    [0, 0, 0],
    [0, 0, 1],
    [0, 1, 0],
    [0, 1, 1],
    [0, 1, 2],
  ][pattern];
  const cards: [Card, Card, Card] = [suits[0] * 13 + ra, suits[1] * 13 + rb, suits[2] * 13 + rs];
  if (new Set(cards).size < 3 || ra > rb || pairIndex(...cards) !== index) return null;
  return cards;
}

export function oneCards(index: number): [Card, Card] | null {
  const suited = index % 2;
  const rest = (index - suited) / 2;
  const rs = rest % 13;
  const ra = (rest - rs) / 13;
  const cards: [Card, Card] = [ra, (suited ? 0 : 1) * 13 + rs];
  return cards[0] === cards[1] ? null : cards;
}

let two: Uint32Array | null = null;
let one: Uint32Array | null = null;
const crib: Card[] = [0, 0, 0, 0];
/** Ways of filling a crib from the 49 or 50 cards that are neither laid away nor the starter. */
const TWO_WAYS = (49 * 48) / 2;
const ONE_WAYS = (50 * 49 * 48) / 6;

/**
 * The crib's expected show given the seat's crib cards (one or two), the
 * starter, and the cards the seat keeps (which cannot be in the crib; 4, or
 * five-card cribbage's 3: its crib is 4 cards too, two from each hand). With
 * two crib cards it is exact: the table's sum over every pair of other cards,
 * less the pairs holding a kept card. With one (three or four players) the
 * table's average, kept cards not excluded.
 */
export function cribExpectation(laid: readonly Card[], starter: Card, keep: readonly Card[] = []): number {
  if (laid.length !== 2) return (one ??= decodeTable(CRIB_ONE))[oneIndex(laid[0], starter)] / ONE_WAYS;
  let sum = (two ??= decodeTable(CRIB_TWO))[pairIndex(laid[0], laid[1], starter)];
  if (keep.length === 0) return sum / TWO_WAYS;
  crib[0] = laid[0];
  crib[1] = laid[1];
  // Pairs with a kept card: every kept card with every other card; pairs of two kept cards came twice.
  for (let i = 0; i < keep.length; i++) {
    crib[2] = keep[i];
    for (let x = 0; x < 52; x++) {
      if (x === keep[i] || x === starter || x === laid[0] || x === laid[1]) continue;
      crib[3] = x;
      sum -= showPoints(crib, starter, true);
    }
    for (let j = i + 1; j < keep.length; j++) {
      crib[3] = keep[j];
      sum += showPoints(crib, starter, true);
    }
  }
  const left = 52 - 3 - keep.length;
  return sum / ((left * (left - 1)) / 2);
}

export interface DiscardChoice {
  /** The cards to lay away (those already in the crib not included). */
  readonly out: readonly Card[];
  /** Expected hand show, and the crib's expected show (to the seat, or against it). */
  readonly hand: number;
  readonly crib: number;
  readonly value: number;
}

/**
 * The best way to lay `hand` down to `keep` cards (4; five-card cribbage 3),
 * the seat's crib cards `mine` already laid away, `ownCrib` when the crib is
 * the seat's, starters drawn from `unseen`. Every way is returned, best first.
 */
export function discardChoices(
  hand: readonly Card[],
  mine: readonly Card[],
  ownCrib: boolean,
  unseen: readonly Card[],
  keep = KEEP,
): DiscardChoice[] {
  const k = hand.length - keep;
  const ways: Card[][] = [];
  if (k <= 0) return [];
  for (let i = 0; i < hand.length; i++) {
    if (k === 1) ways.push([hand[i]]);
    else for (let j = i + 1; j < hand.length; j++) ways.push([hand[i], hand[j]]);
  }
  const sign = ownCrib ? 1 : -1;
  const out = ways.map((w) => {
    const kept = hand.filter((c) => !w.includes(c));
    const laid = [...mine, ...w];
    let h = 0;
    let c = 0;
    for (const s of unseen) {
      h += showPoints(kept, s, false, keep);
      c += cribExpectation(laid, s, kept);
    }
    h /= unseen.length;
    c /= unseen.length;
    return { out: w, hand: h, crib: c, value: h + sign * c };
  });
  return out.sort((a, b) => b.value - a.value);
}
