import { type Card, JACK, rankOf, suitOf } from "../../engine/cards.js";
import type { Seat } from "../../engine/game.js";

/** Look-ups by card for the pegging and the show: its value in the count, its rank less one (0 to 12), its suit. */
const PEG_VALUES = Uint8Array.from({ length: 52 }, (_, c) => Math.min(rankOf(c), 10));
const RANK0 = Uint8Array.from({ length: 52 }, (_, c) => rankOf(c) - 1);
const SUIT = Uint8Array.from({ length: 52 }, (_, c) => suitOf(c));

/** A card's value in the count: Ace 1, 2-9 their rank, T J Q K 10. */
export const pegValue = (c: Card): number => PEG_VALUES[c];

/** The running count may not pass 31. */
export const COUNT_LIMIT = 31;
export const canPeg = (count: number, c: Card): boolean => count + pegValue(c) <= COUNT_LIMIT;

/** Count points for the card that made the count: 15 and 31 score 2. */
export const countPoints = (count: number): number => (count === 15 || count === COUNT_LIMIT ? 2 : 0);

const PAIR_POINTS = [0, 0, 2, 6, 12];

/** Pairs at the end of the count's cards `cards[start..end)`: pair 2, three of a kind ("pair royal") 6, four 12. */
export function pairPoints(cards: readonly Card[], start: number, end: number): number {
  if (end - start < 2) return 0;
  const r = RANK0[cards[end - 1]];
  let k = 1;
  while (end - 1 - k >= start && k < 4 && RANK0[cards[end - 1 - k]] === r) k++;
  return PAIR_POINTS[k];
}

/** The longest run (3 or more ranks in sequence, any order) among the latest cards of the count: 1 a card. */
export function runPoints(cards: readonly Card[], start: number, end: number): number {
  let best = 0;
  let seen = 0;
  let lo = 14;
  let hi = 0;
  for (let n = 1; n <= end - start; n++) {
    const r = RANK0[cards[end - n]];
    if (seen & (1 << r)) break; // a repeated rank breaks every longer run
    seen |= 1 << r;
    if (r < lo) lo = r;
    if (r > hi) hi = r;
    if (n >= 3 && hi - lo === n - 1) best = n;
  }
  return best;
}

/** Points for the last card of a count's cards (15, 31, pairs, runs; not "go" or last card). */
export function pegPoints(cards: readonly Card[], start = 0, end = cards.length): number {
  let count = 0;
  for (let i = start; i < end; i++) count += pegValue(cards[i]);
  return countPoints(count) + pairPoints(cards, start, end) + runPoints(cards, start, end);
}

// Scratch space for showPoints: the hot path allocates nothing.
const rankCount = new Int32Array(15);
const ways = new Int32Array(16);

function addWays(rank: number): void {
  const v = rank > 10 ? 10 : rank;
  for (let t = 15; t >= v; t--) ways[t] += ways[t - v];
}

/** Points from the five ranks alone: fifteens, pairs, runs. */
export function rankPoints(r0: number, r1: number, r2: number, r3: number, r4: number): number {
  rankCount.fill(0);
  rankCount[r0]++;
  rankCount[r1]++;
  rankCount[r2]++;
  rankCount[r3]++;
  rankCount[r4]++;
  // Fifteens: the number of subsets summing to 15, by counting ways over values.
  ways.fill(0);
  ways[0] = 1;
  addWays(r0);
  addWays(r1);
  addWays(r2);
  addWays(r3);
  addWays(r4);
  return ways[15] * 2 + pairsAndRuns();
}

/** Fifteens, pairs and runs of a short hand with the starter: a five-card game's 3 cards, or a set-up's few. */
function rankPointsOfCards(hand: readonly Card[], starter: Card): number {
  rankCount.fill(0);
  ways.fill(0);
  ways[0] = 1;
  for (let i = 0; i < hand.length; i++) {
    rankCount[rankOf(hand[i])]++;
    addWays(rankOf(hand[i]));
  }
  rankCount[rankOf(starter)]++;
  addWays(rankOf(starter));
  return ways[15] * 2 + pairsAndRuns();
}

/** Pairs and runs of the ranks in `rankCount`. */
function pairsAndRuns(): number {
  let points = 0;
  for (let r = 1; r <= 13; r++) points += PAIR_POINTS[rankCount[r]];
  // Runs: each maximal stretch of 3+ present ranks, once per choice of one card of each rank.
  let r = 1;
  while (r <= 13) {
    if (rankCount[r] === 0) {
      r++;
      continue;
    }
    let len = 0;
    let mult = 1;
    while (r <= 13 && rankCount[r] > 0) {
      len++;
      mult *= rankCount[r];
      r++;
    }
    if (len >= 3) points += len * mult;
  }
  return points;
}

/**
 * Flush points: a point a card when the `full` hand cards share a suit (4;
 * five-card cribbage's hand of 3: 3), one more with the starter; the crib
 * only with the starter. A hand short of `full` (a set-up's) has none.
 */
export function flushPoints(hand: readonly Card[], starter: Card, crib: boolean, full = KEEP): number {
  if (hand.length !== full || full < 3) return 0;
  const s = suitOf(hand[0]);
  for (let i = 1; i < full; i++) if (suitOf(hand[i]) !== s) return 0;
  if (suitOf(starter) === s) return full + 1;
  return crib ? 0 : full;
}

/** "Nobs": 1 for the Jack of the starter's suit in the hand. */
export function nobsPoints(hand: readonly Card[], starter: Card): number {
  const s = suitOf(starter);
  for (let i = 0; i < hand.length; i++) if (rankOf(hand[i]) === JACK && suitOf(hand[i]) === s) return 1;
  return 0;
}

/** C(n, k): the number of ways to choose k of n (0 when n < k). */
function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/**
 * A sorted 5-tuple of ranks a <= b <= c <= d <= e (0-based) has an index among all 6,188 of them:
 * C(a, 1) + C(b + 1, 2) + C(c + 2, 3) + C(d + 3, 4) + C(e + 4, 5) (the combinatorial number system,
 * the tuple made strictly increasing). `RANK_PLACES[k][r]` is place k's term for rank r, so an
 * index is five look-ups added, and a loop over sorted cards can add them one place at a time.
 */
export const RANK_PLACES: readonly Int32Array[] = [1, 2, 3, 4, 5].map((k) =>
  Int32Array.from({ length: 13 }, (_, r) => binomial(r + k - 1, k)),
);
const [PLACE_1, PLACE_2, PLACE_3, PLACE_4, PLACE_5] = RANK_PLACES;

let rankTable: Uint8Array | null = null;

/**
 * Rank points (fifteens, pairs, runs) of every sorted 5-tuple of ranks, by its index above: 6 KB,
 * built once, on first use (the show reads it in every hand).
 */
export function rankPointsTable(): Uint8Array {
  if (rankTable) return rankTable;
  const t = new Uint8Array(6188);
  for (let a = 0; a < 13; a++)
    for (let b = a; b < 13; b++)
      for (let c = b; c < 13; c++)
        for (let d = c; d < 13; d++)
          for (let e = d; e < 13; e++)
            t[PLACE_1[a] + PLACE_2[b] + PLACE_3[c] + PLACE_4[d] + PLACE_5[e]] = rankPoints(
              a + 1,
              b + 1,
              c + 1,
              d + 1,
              e + 1,
            );
  rankTable = t;
  return t;
}

/**
 * The index of five ranks, sorted by a sorting network of nine compare-exchanges (the places
 * 01 34 24 23 03 02 14 13 12).
 */
function sortedIndex(a: number, b: number, c: number, d: number, e: number): number {
  let t: number;
  if (a > b) {
    t = a;
    a = b;
    b = t;
  }
  if (d > e) {
    t = d;
    d = e;
    e = t;
  }
  if (c > e) {
    t = c;
    c = e;
    e = t;
  }
  if (c > d) {
    t = c;
    c = d;
    d = t;
  }
  if (a > d) {
    t = a;
    a = d;
    d = t;
  }
  if (a > c) {
    t = a;
    a = c;
    c = t;
  }
  if (b > e) {
    t = b;
    b = e;
    e = t;
  }
  if (b > d) {
    t = b;
    b = d;
    d = t;
  }
  if (b > c) {
    t = b;
    b = c;
    c = t;
  }
  return PLACE_1[a] + PLACE_2[b] + PLACE_3[c] + PLACE_4[d] + PLACE_5[e];
}

/**
 * The show: a 4-card hand (or crib) with the starter; a hand of `full`
 * cards (five-card cribbage's 3) counts its flush as such, a set-up's
 * shorter hand counts what it holds.
 */
export function showPoints(hand: readonly Card[], starter: Card, crib: boolean, full = KEEP): number {
  if (hand.length !== KEEP)
    return (
      rankPointsOfCards(hand, starter) + flushPoints(hand, starter, crib, full) + nobsPoints(hand, starter)
    );
  const table = rankTable ?? rankPointsTable();
  const h0 = hand[0],
    h1 = hand[1],
    h2 = hand[2],
    h3 = hand[3];
  let points = table[sortedIndex(RANK0[h0], RANK0[h1], RANK0[h2], RANK0[h3], RANK0[starter])];
  // The flush: all four of a suit, one more with the starter's (the crib only with it).
  const suit = SUIT[h0];
  if (SUIT[h1] === suit && SUIT[h2] === suit && SUIT[h3] === suit)
    points += SUIT[starter] === suit ? KEEP + 1 : crib ? 0 : KEEP;
  // Nobs: the Jack of the starter's suit.
  const nobs = SUIT[starter] * 13 + JACK - 1;
  if (h0 === nobs || h1 === nobs || h2 === nobs || h3 === nobs) points++;
  return points;
}

/** "His heels": a Jack turned as the starter gives the dealer 2. */
export const heelsPoints = (starter: Card): number => (rankOf(starter) === JACK ? 2 : 0);

/** The cut for the first deal: the seat with the lowest rank (Ace low) deals; -1 when the lowest ranks tie. */
export function cutDealer(cuts: readonly Card[]): Seat | -1 {
  let low = 14;
  let seat = -1;
  for (let p = 0; p < cuts.length; p++) {
    const rank = rankOf(cuts[p]);
    if (rank < low) {
      low = rank;
      seat = p;
    } else if (rank === low) seat = -1;
  }
  return seat;
}

/**
 * Cards dealt to each player: 6 for two, 5 for three (one more goes straight
 * to the crib); five-card cribbage (two players) 5.
 */
export const dealSize = (players: number, fiveCard = false): number => (players === 2 && !fiveCard ? 6 : 5);
/** Every hand is 4 cards after the discards, and so is the crib. */
export const KEEP = 4;
/** The crib's cards, in every form of the game. */
export const CRIB_SIZE = 4;
/** The cards a hand keeps after its discards: 4, in five-card cribbage 3. */
export const keptSize = (fiveCard: boolean): number => (fiveCard ? 3 : KEEP);
/** Five-card cribbage: the first hand's non-dealer pegs 3 at the start of the game ("three for last"). */
export const THREE_FOR_LAST_POINTS = 3;

/** Who shows at each step of the show: the non-dealers from the dealer's left, the dealer, then the crib. */
export const showOwner = (dealer: Seat, players: number, step: number): Seat =>
  step < players - 1 ? (dealer + 1 + step) % players : dealer;
/** The step of the show at which a seat shows its hand: `showOwner`'s inverse. */
export const showStepOf = (dealer: Seat, players: number, seat: Seat): number =>
  seat === dealer ? players - 1 : (seat - dealer - 1 + players) % players;
/** Is this show step the crib (the last one)? */
export const isCribStep = (players: number, step: number): boolean => step === players;

/**
 * Muggins: the player claims a count for the hand. Returns [points to the
 * player, points to the opponent]: a claim below the true count scores the
 * claim and gives the opponent what was missed; a claim above scores the
 * true count and gives the opponent the excess.
 */
export function mugginsSplit(claim: number, truth: number): readonly [number, number] {
  return claim <= truth ? [claim, truth - claim] : [truth, claim - truth];
}

/**
 * Option `skunk`: a win by 31 or more counts as two games. The margin is
 * taken from the target, as on a board the winner's peg stops at the game
 * hole: 121 against 90 or less, however far past 121 the last score went.
 */
export const SKUNK_MARGIN = 31;
export function gamesForWin(target: number, runnerUpScore: number, skunk: boolean): number {
  return skunk && target - runnerUpScore >= SKUNK_MARGIN ? 2 : 1;
}

/**
 * What players call a win by a wide margin, counted or not: a skunk (31 or more short of the
 * target), a double skunk (61 or more). Rule 8 counts either as two games with the option on; the
 * words say it either way.
 */
export const DOUBLE_SKUNK_MARGIN = 61;
export function skunkOf(target: number, runnerUpScore: number): "skunk" | "double skunk" | null {
  const margin = target - runnerUpScore;
  return margin >= DOUBLE_SKUNK_MARGIN ? "double skunk" : margin >= SKUNK_MARGIN ? "skunk" : null;
}
