import { removeCard } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import type { Move, Seat } from "../../engine/game.js";
import {
  END,
  FROM_HAND,
  FROM_STOCK,
  isPileMove,
  moveCard,
  moveCorner,
  moveSource,
  pileFrom,
  pileMove,
  playMove,
} from "./moves.js";
import {
  CORNERS,
  FITTED_BY,
  FITTING,
  KINGS,
  NONE,
  handPenalty,
  isBlocked,
  matchIsOver,
  tooFewLeft,
} from "./rules.js";
import type { CornersState } from "./state.js";

/**
 * Rule 4: every card of the hand and the stock's top card onto every corner
 * that takes it, every pile move, and ending the turn (always allowed, rule 6).
 * Writes into `out`; allocates nothing.
 */
export function legalMoves(s: CornersState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const holder = s.holder;
  const tops = s.tops;
  const bottoms = s.bottoms;
  const stockTop = s.stock.length > 0 ? s.stock[s.stock.length - 1] : -1;
  let n = 0;
  let kings = -1;
  for (let k = 0; k < CORNERS; k++) {
    const top = tops[k];
    if (top >= 0) {
      // Rule 4a: only two cards of the pack fit on a top card.
      for (let i = top * 2; i < top * 2 + 2; i++) {
        const c = FITTING[i];
        if (c < 0) continue;
        if (holder[c] === seat) out[n++] = playMove(c, FROM_HAND, k);
        else if (c === stockTop) out[n++] = playMove(c, FROM_STOCK, k);
      }
    } else if (s.freed === k) {
      // Rule 4d: any card.
      const hand = s.hands[seat];
      for (let i = 0; i < hand.length; i++) out[n++] = playMove(hand[i], FROM_HAND, k);
      if (stockTop >= 0) out[n++] = playMove(stockTop, FROM_STOCK, k);
    } else {
      // Rule 4b: a King.
      if (kings < 0) kings = kingsAvailable(holder, seat, stockTop);
      for (let i = 0; i < 4; i++) {
        if ((kings & (1 << i)) === 0) continue;
        const c = KINGS[i];
        out[n++] = playMove(c, c === stockTop ? FROM_STOCK : FROM_HAND, k);
      }
    }
  }
  // Rule 4c: a pile whose bottom card fits on another pile's top card.
  const topCorner = s.topCorner;
  for (let from = 0; from < CORNERS; from++) {
    const b = bottoms[from];
    if (b < 0) continue;
    let to = topCorner[FITTED_BY[b * 2]];
    if (to >= 0 && to !== from) out[n++] = pileMove(from, to);
    to = topCorner[FITTED_BY[b * 2 + 1]];
    if (to >= 0 && to !== from) out[n++] = pileMove(from, to);
  }
  out[n++] = END;
  return n;
}

/** The Kings the seat may play (held, or the stock's top card), as a bit per suit. */
function kingsAvailable(holder: readonly number[], seat: Seat, stockTop: number): number {
  let mask = 0;
  for (let i = 0; i < 4; i++) if (holder[KINGS[i]] === seat || KINGS[i] === stockTop) mask |= 1 << i;
  return mask;
}

export function apply(s: CornersState, seat: Seat, m: Move): void {
  if (m === END) {
    endTurn(s, seat);
    return;
  }
  s.moved = true;
  s.idleEnds = 0;
  if (isPileMove(m)) {
    const f = pileFrom(m);
    const t = moveCorner(m);
    const from = s.corners[f];
    const to = s.corners[t];
    for (let i = 0; i < from.length; i++) to.push(from[i]);
    from.length = 0;
    s.topCorner[s.tops[t]] = -1;
    s.topCorner[s.tops[f]] = t;
    s.tops[t] = s.tops[f];
    s.tops[f] = -1;
    s.bottoms[f] = -1;
    s.freed = f;
    return;
  }
  s.freed = NONE;
  const c = moveCard(m);
  const k = moveCorner(m);
  s.corners[k].push(c);
  if (s.tops[k] >= 0) s.topCorner[s.tops[k]] = -1;
  s.topCorner[c] = k;
  s.tops[k] = c;
  if (s.bottoms[k] < 0) s.bottoms[k] = c;
  if (moveSource(m) === FROM_STOCK) {
    s.stock.pop();
    return;
  }
  const hand = s.hands[seat];
  s.holder[c] = -1;
  removeCard(hand, c);
  if (hand.length === 0) goOut(s, seat);
}

/** Rule 5: an empty hand leaves at once, with no card taken from the stock. */
function goOut(s: CornersState, seat: Seat): void {
  s.out[seat] = true;
  s.playersIn--;
  if (tooFewLeft(s.playersIn)) {
    endHand(s, "all but one went out");
    return;
  }
  passTurn(s);
}

/** Rule 6: the player takes the stock's top card; rule 7: count turns ended idle on an empty stock. */
function endTurn(s: CornersState, seat: Seat): void {
  if (s.stock.length > 0) {
    const c = s.stock.pop()!;
    s.hands[seat].push(c);
    s.holder[c] = seat;
    s.seen[c] = 1;
    s.idleEnds = 0;
  } else if (s.moved) {
    s.idleEnds = 0;
  } else {
    s.idleEnds++;
    if (isBlocked(s.stock.length, s.idleEnds, s.playersIn)) {
      endHand(s, "blocked");
      return;
    }
  }
  passTurn(s);
}

/** Clockwise to the next seat still holding cards. */
function passTurn(s: CornersState): void {
  let t = s.turn;
  do t = (t + 1) % s.players;
  while (s.out[t]);
  s.turn = t;
  s.toActSeats[0] = t;
  s.freed = NONE;
  s.moved = false;
}

/** Rule 8: the cards left in hand are penalty points; the fewest wins the hand. */
function endHand(s: CornersState, reason: string): void {
  const points: number[] = [];
  let low = Infinity;
  for (let p = 0; p < s.players; p++) {
    points.push(handPenalty(s.hands[p], s.options.penalty === "ranks"));
    if (points[p] < low) low = points[p];
  }
  const winners: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (points[p] === low) winners.push(p);
  finish(s, points, winners, reason);
}

function finish(s: CornersState, points: number[], winners: Seat[], reason: string): void {
  for (let p = 0; p < s.players; p++) s.scores[p] += points[p];
  s.handOver = true;
  s.freed = NONE;
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.hands.map((h) => formatCards(h)), penalties: points },
  };
  if (matchIsOver(s.scores, s.options.limit)) s.matchOver = true;
}

/** The move limit or a repeat: the hand ends with no points. */
export function drawHand(s: CornersState, reason: string): void {
  finish(
    s,
    s.hands.map(() => 0),
    [],
    reason,
  );
}
