import { type Card, byRankThenSuit, rankOf, suitOf } from "../../engine/cards.js";
import { formatCard } from "../../engine/card-text.js";
import type { Json, Seat } from "../../engine/game.js";
import {
  COUNT_LIMIT,
  CRIB_SIZE,
  THREE_FOR_LAST_POINTS,
  countPoints,
  gamesForWin,
  skunkOf,
  heelsPoints,
  isCribStep,
  keptSize,
  mugginsSplit,
  pairPoints,
  pegValue,
  runPoints,
  showOwner,
  showPoints,
} from "./rules.js";
import {
  cribFlushRule,
  CRIB,
  type CribbageResult,
  type CribbageState,
  FIFTEEN,
  GO_POINT,
  HAND,
  HEELS,
  isFiveCard,
  LAST_CARD,
  MUGGINS,
  OVER,
  PAIRS,
  PEGGING,
  RUN,
  SHOWING,
  THIRTY_ONE,
  THREE_FOR_LAST,
  packScore,
} from "./state.js";

/*
 * The flow of a hand once dealt: discards, the starter, the pegging, the
 * show, and the end of the hand or the game. Each step is a small function
 * over the mutable state; none allocates in the pegging.
 */

/** The cards each hand keeps after its discards: 4, in five-card cribbage 3. */
export const handKeeps = (s: CribbageState): number => keptSize(isFiveCard(s.options));

/** The seats with cards still to put in the crib, as bits: they all act at once. */
export function discardingSeats(s: CribbageState): number {
  const keep = handKeeps(s);
  let bits = 0;
  for (let p = 0; p < s.players; p++) if (s.hands[p].length > keep) bits |= 1 << p;
  return bits;
}

/**
 * Every set of seats as a shared array, indexed by its bits: `toAct` hands
 * them out without allocating. Never written to.
 */
export const SEAT_SETS: readonly (readonly Seat[])[] = Array.from({ length: 8 }, (_, bits) =>
  [0, 1, 2].filter((p) => bits & (1 << p)),
);

function setTurn(s: CribbageState, seat: Seat): void {
  s.turn = seat;
  s.toActBits = 1 << seat;
}

/** Scores points for a seat; true when that ends the game (the target is reached). */
function award(s: CribbageState, seat: Seat, points: number, kind: number): boolean {
  if (points === 0) return false;
  s.scores[seat] += points;
  s.scoring.push(packScore(kind, points, seat));
  if (s.scores[seat] >= s.options.target) {
    endGame(s, seat);
    return true;
  }
  return false;
}

/**
 * The discards are done: the non-dealer cuts the starter (the stock's top
 * card, fixed at the deal), and the pegging begins from the dealer's left.
 * In five-card cribbage the first hand's non-dealer pegs its three for last
 * first: it is owed from the start of the game, so it is scored before his
 * heels (recorded here, with the first hand's first scores, so that a move
 * shows it; a game to 3 or less could otherwise end before a card moved).
 */
export function finishDiscards(s: CribbageState): void {
  s.starter = s.stock.shift()!;
  s.phase = PEGGING;
  s.toActBits = 0;
  if (s.hand === 1 && isFiveCard(s.options)) {
    const pone = (s.dealer + 1) % s.players;
    if (award(s, pone, THREE_FOR_LAST_POINTS, THREE_FOR_LAST)) return;
  }
  if (award(s, s.dealer, heelsPoints(s.starter), HEELS)) return;
  s.lastPlayer = s.dealer;
  newCount(s);
}

/** Takes a card out of a hand (if there), the last card moving into its place. */
export function removeFromHand(hand: Card[], c: Card): void {
  const last = hand.length - 1;
  for (let i = 0; i <= last; i++)
    if (hand[i] === c) {
      hand[i] = hand[last];
      hand.pop();
      return;
    }
}

/** A card played in the pegging: score what it makes, then pass the turn or start a new count. */
export function peg(s: CribbageState, seat: Seat, c: Card): void {
  removeFromHand(s.hands[seat], c);
  s.count += pegValue(c);
  s.played.push(c);
  s.playedBy.push(seat);
  s.lastPlayer = seat;
  const start = s.pileStart;
  const end = s.played.length;
  const count = countPoints(s.count);
  const pairs = pairPoints(s.played, start, end);
  const run = runPoints(s.played, start, end);
  // Most cards score nothing; those that do score each part in turn, and the game may end at any.
  if (count + pairs + run > 0) {
    if (award(s, seat, count, s.count === COUNT_LIMIT ? THIRTY_ONE : FIFTEEN)) return;
    if (award(s, seat, pairs, PAIRS)) return;
    if (award(s, seat, run, RUN)) return;
  }
  if (s.count === COUNT_LIMIT) newCount(s);
  else passTurn(s, seat);
}

/** The next seat after `from` that holds cards and has not said go; when none, the count ends. */
export function passTurn(s: CribbageState, from: Seat): void {
  const n = s.players;
  for (let k = 1; k <= n; k++) {
    const q = (from + k) % n;
    if (s.hands[q].length > 0 && (s.goMask & (1 << q)) === 0) {
      setTurn(s, q);
      return;
    }
  }
  // Nobody can go on: one for the go, or for the last card of the hand.
  let cardsLeft = false;
  for (let p = 0; p < n; p++) if (s.hands[p].length > 0) cardsLeft = true;
  if (award(s, s.lastPlayer, 1, cardsLeft ? GO_POINT : LAST_CARD)) return;
  newCount(s);
}

/**
 * A new count from 0, led by the seat after the one who played the last
 * card; or the show. Five-card cribbage has one count: once it ends (a go or
 * 31), the cards still held are not played and the show begins.
 */
function newCount(s: CribbageState): void {
  if (s.played.length > 0 && isFiveCard(s.options)) {
    startShow(s);
    return;
  }
  s.count = 0;
  s.pileStart = s.played.length;
  s.goMask = 0;
  const n = s.players;
  for (let k = 1; k <= n; k++) {
    const q = (s.lastPlayer + k) % n;
    if (s.hands[q].length > 0) {
      setTurn(s, q);
      return;
    }
  }
  startShow(s);
}

/**
 * The cards a seat kept after its discards (4, or 3 in five-card cribbage):
 * those it pegged and those it still holds, written into `out`.
 */
function keptHand(s: CribbageState, seat: Seat, out: Card[]): Card[] {
  out.length = 0;
  for (let i = 0; i < s.played.length; i++) if (s.playedBy[i] === seat) out.push(s.played[i]);
  for (const c of s.hands[seat]) out.push(c);
  return out;
}

/**
 * The cards shown at a step of the show, as a new array sorted by rank: a
 * seat's kept hand, or the crib (sorted, since the crib shows its cards,
 * never who put which one there).
 */
export const showCards = (s: CribbageState, step: number): Card[] =>
  (isCribStep(s.players, step) ? s.crib.slice() : keptHand(s, showOwner(s.dealer, s.players, step), [])).sort(
    byRankThenSuit,
  );

/**
 * Every seat's kept hand, gathered in one pass for the show and the result,
 * into arrays reused from hand to hand (a hand of 4 keeps its length, so
 * nothing is allocated or resized in a playout).
 */
const KEPT: Card[][] = [[], [], []];
function gatherKept(s: CribbageState): void {
  const n = s.players;
  const size = [0, 0, 0];
  for (let i = 0; i < s.played.length; i++) {
    const p = s.playedBy[i];
    KEPT[p][size[p]++] = s.played[i];
  }
  for (let p = 0; p < n; p++) {
    const h = s.hands[p];
    const k = KEPT[p];
    for (let i = 0; i < h.length; i++) k[size[p]++] = h[i];
    if (k.length !== size[p]) k.length = size[p];
  }
}

/** How many cards a full hand (or the crib) holds at a step of the show: what its flush needs. */
export const showFull = (s: CribbageState, step: number): number =>
  isCribStep(s.players, step) ? CRIB_SIZE : handKeeps(s);

/** The points of a step of the show, once `gatherKept` has run. */
function stepPoints(s: CribbageState, step: number): number {
  const crib = isCribStep(s.players, step);
  const cards = crib ? s.crib : KEPT[showOwner(s.dealer, s.players, step)];
  return showPoints(cards, s.starter, cribFlushRule(s.options, crib), showFull(s, step));
}

/** The show: automatic unless muggins, in order non-dealer(s), dealer, crib. */
function startShow(s: CribbageState): void {
  s.showStep = 0;
  if (s.options.muggins) {
    s.phase = SHOWING;
    setTurn(s, showOwner(s.dealer, s.players, 0));
    return;
  }
  gatherKept(s);
  for (let step = 0; step <= s.players; step++) {
    const points = stepPoints(s, step);
    s.showStep = step + 1;
    if (award(s, showOwner(s.dealer, s.players, step), points, isCribStep(s.players, step) ? CRIB : HAND))
      return;
  }
  finishHand(s);
}

/** Muggins: the owner's claim for the hand or crib being shown. */
export function claim(s: CribbageState, seat: Seat, points: number): void {
  const step = s.showStep;
  const crib = isCribStep(s.players, step);
  gatherKept(s);
  const [mine, theirs] = mugginsSplit(points, stepPoints(s, step));
  s.claims.push(points);
  s.showStep++;
  if (award(s, seat, mine, crib ? CRIB : HAND)) return;
  if (award(s, (seat + 1) % s.players, theirs, MUGGINS)) return;
  if (s.showStep > s.players) finishHand(s);
  else setTurn(s, showOwner(s.dealer, s.players, s.showStep));
}

/**
 * A hand's result, as plain data: the points, the winners, why, and what
 * the table sees at the end: the starter, every kept hand (the cards as
 * pegged, then any still held) and the crib (sorted: it shows its cards,
 * never who put which). Call once `gatherKept` has run.
 */
function handResult(
  s: CribbageState,
  points: number[],
  winners: Seat[],
  reason: string,
  games: number[] | null = null,
): CribbageResult {
  const hands = s.players === 2 ? [textOf(KEPT[0]), textOf(KEPT[1])] : KEPT.slice(0, s.players).map(textOf);
  const starter = s.starter >= 0 ? formatCard(s.starter) : null;
  const crib = textOf(byRankAndSuit(s.crib.slice()));
  const detail: Record<string, Json> = games ? { starter, hands, crib, games } : { starter, hands, crib };
  return { points, winners, reason, detail };
}

/** Cards as text, in a new array made at its size (a hand of four or three in one literal: every hand ends so). */
function textOf(cards: readonly Card[]): string[] {
  if (cards.length === 4)
    return [formatCard(cards[0]), formatCard(cards[1]), formatCard(cards[2]), formatCard(cards[3])];
  if (cards.length === 3) return [formatCard(cards[0]), formatCard(cards[1]), formatCard(cards[2])];
  return cards.map(formatCard);
}

/** Sorts a few cards in place by rank, then suit (an insertion sort: a hand ends in every playout). */
function byRankAndSuit(cards: Card[]): Card[] {
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    const key = RANK_SUIT_ORDER[c];
    let j = i - 1;
    while (j >= 0 && RANK_SUIT_ORDER[cards[j]] > key) {
      cards[j + 1] = cards[j];
      j--;
    }
    cards[j + 1] = c;
  }
  return cards;
}

/** Each card's place in rank-then-suit order (what `byRankThenSuit` sorts by). */
const RANK_SUIT_ORDER: readonly number[] = Array.from(
  { length: 52 },
  (_, c) => (rankOf(c) - 1) * 4 + suitOf(c),
);

export function handPoints(s: CribbageState): number[] {
  const points = s.scores.slice();
  for (let p = 0; p < s.players; p++) points[p] -= s.handStart[p];
  return points;
}

/** The hand is shown (so `gatherKept` has run): its result. */
function finishHand(s: CribbageState): void {
  s.phase = OVER;
  s.toActBits = 0;
  s.handOver = true;
  const points = handPoints(s);
  let best = 1;
  for (let p = 0; p < s.players; p++) if (points[p] > best) best = points[p];
  const winners: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (points[p] === best) winners.push(p);
  s.result = handResult(s, points, winners, "shown");
}

/** Someone reached the target: the game ends at once, even mid-pegging or mid-show. */
export function endGame(s: CribbageState, winner: Seat): void {
  s.phase = OVER;
  s.toActBits = 0;
  s.handOver = true;
  s.matchOver = true;
  let runnerUp = -Infinity;
  for (let p = 0; p < s.players; p++) if (p !== winner) runnerUp = Math.max(runnerUp, s.scores[p]);
  s.games.fill(0);
  s.games[winner] = gamesForWin(s.options.target, runnerUp, s.options.skunk);
  const skunk = skunkOf(s.options.target, runnerUp);
  const reason =
    `seat ${winner} reached ${s.options.target}` +
    (skunk === null
      ? ""
      : `: a ${skunk}, ${s.games[winner] === 2 ? "two games" : "not counted at this table"}`);
  gatherKept(s);
  s.result = handResult(s, handPoints(s), [winner], reason, s.games.slice());
}

/** The hand cut short as a draw (the move limit): the scores return to where they stood at the deal. */
export function drawnHand(s: CribbageState, reason: string): void {
  for (let p = 0; p < s.players; p++) s.scores[p] = s.handStart[p];
  s.phase = OVER;
  s.toActBits = 0;
  s.handOver = true;
  gatherKept(s);
  s.result = handResult(
    s,
    s.scores.map(() => 0),
    [],
    reason,
  );
}
