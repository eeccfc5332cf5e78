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
  FITTING,
  NONE,
  canMovePile,
  canPlaceOn,
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
  const corners = s.corners;
  const hand = s.hands[seat];
  const holder = s.holder;
  const stockTop = s.stock.length > 0 ? s.stock[s.stock.length - 1] : -1;
  let n = 0;
  for (let k = 0; k < CORNERS; k++) {
    const pile = corners[k];
    if (pile.length > 0) {
      // Rule 4a: only two cards in the pack fit on a top card.
      const top = pile[pile.length - 1];
      for (let i = 0; i < 2; i++) {
        const c = FITTING[top * 2 + i];
        if (c < 0) continue;
        if (holder[c] === seat) out[n++] = playMove(c, FROM_HAND, k);
        else if (c === stockTop) out[n++] = playMove(c, FROM_STOCK, k);
      }
    } else {
      const justFreed = s.freed === k;
      for (let i = 0; i < hand.length; i++) {
        if (canPlaceOn(hand[i], pile, justFreed)) out[n++] = playMove(hand[i], FROM_HAND, k);
      }
      if (stockTop >= 0 && canPlaceOn(stockTop, pile, justFreed))
        out[n++] = playMove(stockTop, FROM_STOCK, k);
    }
  }
  for (let from = 0; from < CORNERS; from++) {
    if (corners[from].length === 0) continue;
    for (let to = 0; to < CORNERS; to++) {
      if (to !== from && canMovePile(corners[from], corners[to])) out[n++] = pileMove(from, to);
    }
  }
  out[n++] = END;
  return n;
}

export function apply(s: CornersState, seat: Seat, m: Move): void {
  if (m === END) {
    endTurn(s, seat);
    return;
  }
  s.moved = true;
  s.idleEnds = 0;
  if (isPileMove(m)) {
    const from = s.corners[pileFrom(m)];
    const to = s.corners[moveCorner(m)];
    for (let i = 0; i < from.length; i++) to.push(from[i]);
    from.length = 0;
    s.freed = pileFrom(m);
    return;
  }
  s.freed = NONE;
  const c = moveCard(m);
  s.corners[moveCorner(m)].push(c);
  if (moveSource(m) === FROM_STOCK) {
    s.stock.pop();
    return;
  }
  const hand = s.hands[seat];
  s.holder[c] = -1;
  const i = hand.indexOf(c);
  hand[i] = hand[hand.length - 1];
  hand.pop();
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
  const points = s.hands.map(handPenalty);
  const low = Math.min(...points);
  finish(
    s,
    points,
    points.flatMap((p, i) => (p === low ? [i] : [])),
    reason,
  );
}

function finish(s: CornersState, points: number[], winners: Seat[], reason: string): void {
  for (let p = 0; p < s.players; p++) s.scores[p] += points[p];
  s.handOver = true;
  s.freed = NONE;
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.hands.map((h) => formatCards(h.slice().sort((a, b) => a - b))), penalties: points },
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
