import type { Card } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import type { HandResult, JsonObject, Seat } from "../../engine/game.js";
import {
  COUNT_LIMIT,
  KEEP,
  countPoints,
  gamesForWin,
  heelsPoints,
  isCribStep,
  mugginsSplit,
  pairPoints,
  pegValue,
  runPoints,
  showOwner,
  showPoints,
} from "./rules.js";
import {
  CRIB,
  type CribbageState,
  FIFTEEN,
  GO_POINT,
  HAND,
  HEELS,
  LAST_CARD,
  MUGGINS,
  OVER,
  PAIRS,
  PEGGING,
  RUN,
  SHOWING,
  THIRTY_ONE,
  packEvent,
} from "./state.js";

/*
 * The flow of a hand once dealt: discards, the starter, the pegging, the
 * show, and the end of the hand or the game. Each step is a small function
 * over the mutable state; none allocates in the pegging.
 */

/** Every seat with cards still to put in the crib acts at once. */
export function startDiscards(s: CribbageState): void {
  let mask = 0;
  for (let p = 0; p < s.players; p++) if (s.hands[p].length > KEEP) mask |= 1 << p;
  s.toActSeats = SEAT_SETS[mask];
}

/**
 * Every set of seats as a shared array, indexed by its bits: `toAct` hands
 * them out without allocating. Never written to.
 */
const SEAT_SETS: readonly Seat[][] = Array.from({ length: 8 }, (_, mask) =>
  [0, 1, 2].filter((p) => mask & (1 << p)),
);

function setTurn(s: CribbageState, seat: Seat): void {
  s.turn = seat;
  s.toActSeats = SEAT_SETS[1 << seat];
}

/** Scores points for a seat; true when that ends the game (the target is reached). */
function award(s: CribbageState, seat: Seat, points: number, kind: number): boolean {
  if (points === 0) return false;
  s.scores[seat] += points;
  s.events.push(packEvent(kind, points, seat));
  if (s.scores[seat] >= s.options.target) {
    endGame(s, seat);
    return true;
  }
  return false;
}

/** The crib is complete: the non-dealer cuts the starter, and the pegging begins. */
export function finishDiscards(s: CribbageState): void {
  for (let p = 0; p < s.players; p++) s.kept[p] = s.hands[p].slice();
  s.starter = s.stock[s.stockTop++];
  s.phase = PEGGING;
  setTurn(s, (s.dealer + 1) % s.players);
  award(s, s.dealer, heelsPoints(s.starter), HEELS);
}

export function removeFromHand(hand: Card[], c: Card): void {
  const i = hand.indexOf(c);
  hand[i] = hand[hand.length - 1];
  hand.pop();
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
  if (award(s, seat, countPoints(s.count), s.count === COUNT_LIMIT ? THIRTY_ONE : FIFTEEN)) return;
  if (award(s, seat, pairPoints(s.played, start, end), PAIRS)) return;
  if (award(s, seat, runPoints(s.played, start, end), RUN)) return;
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

/** A new count from 0, led by the seat after the one who played the last card; or the show. */
function newCount(s: CribbageState): void {
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

/** The cards shown at a step of the show: a seat's kept hand, or the crib. */
export const showCards = (s: CribbageState, step: number): Card[] =>
  isCribStep(s.players, step) ? s.crib : s.kept[showOwner(s.dealer, s.players, step)];

/** The show: automatic unless muggins, in order non-dealer(s), dealer, crib. */
function startShow(s: CribbageState): void {
  s.showStep = 0;
  if (s.options.muggins) {
    s.phase = SHOWING;
    setTurn(s, showOwner(s.dealer, s.players, 0));
    return;
  }
  for (let step = 0; step <= s.players; step++) {
    const crib = isCribStep(s.players, step);
    const points = showPoints(showCards(s, step), s.starter, crib);
    s.showStep = step + 1;
    if (award(s, showOwner(s.dealer, s.players, step), points, crib ? CRIB : HAND)) return;
  }
  finishHand(s);
}

/** Muggins: the owner's claim for the hand or crib being shown. */
export function claim(s: CribbageState, seat: Seat, points: number): void {
  const step = s.showStep;
  const crib = isCribStep(s.players, step);
  const [mine, theirs] = mugginsSplit(points, showPoints(showCards(s, step), s.starter, crib));
  s.claims.push(points);
  s.showStep++;
  if (award(s, seat, mine, crib ? CRIB : HAND)) return;
  if (award(s, (seat + 1) % s.players, theirs, MUGGINS)) return;
  if (s.showStep > s.players) finishHand(s);
  else setTurn(s, showOwner(s.dealer, s.players, s.showStep));
}

/**
 * A hand's result. Its detail (the starter, hands and crib as text) is built
 * only when read, since playouts never read it; a hand's arrays are never
 * changed once it is over (the next hand gets new ones).
 */
class CribbageResult implements HandResult {
  readonly #starter: Card;
  readonly #hands: Card[][];
  readonly #crib: Card[];
  readonly #games: number[] | null;
  constructor(
    readonly points: number[],
    readonly winners: Seat[],
    readonly reason: string,
    s: CribbageState,
    games: number[] | null = null,
  ) {
    this.#starter = s.starter;
    // Every result is made after the discards (the earliest score is his heels), so the hands are the kept ones.
    this.#hands = s.kept.slice();
    this.#crib = s.crib;
    this.#games = games;
  }
  get detail(): JsonObject {
    return {
      starter: this.#starter >= 0 ? formatCard(this.#starter) : null,
      hands: this.#hands.map((h) => formatCards(h)),
      crib: formatCards(this.#crib),
      ...(this.#games ? { games: this.#games } : {}),
    };
  }
  toJSON(): JsonObject {
    return { points: this.points, winners: this.winners, reason: this.reason, detail: this.detail };
  }
}

function handPoints(s: CribbageState): number[] {
  const points = s.scores.slice();
  for (let p = 0; p < s.players; p++) points[p] -= s.handStart[p];
  return points;
}

function finishHand(s: CribbageState): void {
  s.phase = OVER;
  s.handOver = true;
  const points = handPoints(s);
  let best = 1;
  for (let p = 0; p < s.players; p++) if (points[p] > best) best = points[p];
  const winners: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (points[p] === best) winners.push(p);
  s.result = new CribbageResult(points, winners, "shown", s);
}

/** Someone reached the target: the game ends at once, even mid-pegging or mid-show. */
export function endGame(s: CribbageState, winner: Seat): void {
  s.phase = OVER;
  s.handOver = true;
  s.matchOver = true;
  let runnerUp = -Infinity;
  for (let p = 0; p < s.players; p++) if (p !== winner) runnerUp = Math.max(runnerUp, s.scores[p]);
  s.games.fill(0);
  s.games[winner] = gamesForWin(s.options.target, runnerUp, s.options.skunk);
  const reason =
    `seat ${winner} reached ${s.options.target}` + (s.games[winner] === 2 ? ": a skunk, two games" : "");
  s.result = new CribbageResult(handPoints(s), [winner], reason, s, s.games.slice());
}
