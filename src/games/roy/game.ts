import { JACK, makePack, suitOf } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  bestSeats,
  cloneMatchState,
  openMatch,
  beginHand,
  passDeal,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { DRAW, END, NO_CALL, describeMove, moveCall, moveCard, moveFromJson, moveToJson } from "./moves.js";
import {
  FACING_ACES,
  FACING_KING,
  FACING_NOTHING,
  KING_PENALTY,
  RANK,
  SUIT,
  acePenalty,
  facingAfterTurn,
  isAce,
  nextHigher,
  outPoints,
} from "./rules.js";
import { type RoyOptions, type RoyState, options, top } from "./state.js";
import { board, dump, view } from "./view.js";

const HAND_SIZE = 7;
/**
 * A hand reaching this many moves is drawn. Random play ends a hand in about
 * 70 moves (450 with `drawWhenAble`) and practically never passes 6,000 (see the rules page).
 */
export const MOVE_LIMIT = 20_000;

/**
 * Deals a hand from the whole pack, reusing the state's arrays: the same
 * cards in the same order as a `Shoe` with nothing named, without its
 * allocations (dealing is a fifth of a random playout otherwise).
 */
function dealFresh(s: RoyState): void {
  const pack = s.stock;
  pack.length = 0;
  for (let c = 0; c < 52; c++) pack.push(c);
  s.rng.shuffle(pack);
  for (let p = 0; p < s.players; p++) {
    const h = s.hands[p];
    h.length = 0;
    for (let k = 0; k < HAND_SIZE; k++) h.push(pack.pop()!);
  }
  s.discard.length = 0;
  s.discard.push(pack.pop()!);
  resetHand(s);
}

function resetHand(s: RoyState): void {
  s.upcard = top(s);
  s.suit = suitOf(s.upcard);
  s.turn = (s.dealer + 1) % s.players;
  s.toActSeats = [s.turn];
  s.played = 0;
  s.facing = FACING_NOTHING;
  s.liveAces = 0;
  s.reshuffles = 0;
  s.idle = 0;
  beginHand(s);
}

function deal(s: RoyState, setup?: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  const shoe = Shoe.fromPack(makePack(), namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  const needed = s.players * HAND_SIZE + (setup?.discard?.length ? 0 : 1);
  if (shoe.value.size < needed - countNamedHands(setup))
    return err("the set-up leaves too few cards to deal");
  s.hands = [];
  for (let i = 0; i < s.players; i++) s.hands.push(shoe.value.fill(setup?.hands?.[i], HAND_SIZE));
  s.discard = setup?.discard?.length ? setup.discard.slice() : [shoe.value.take()];
  s.stock = (setup?.stock ?? []).concat(shoe.value.rest()).reverse();
  resetHand(s);
  return ok(undefined);
}

const countNamedHands = (setup?: Setup): number =>
  (setup?.hands ?? []).reduce((n, h) => n + (h?.length ?? 0), 0);

function start(config: MatchConfig<RoyOptions>, setup?: Setup): Result<RoyState, string> {
  const base = openMatch(config, setup);
  const s = { ...base, options: config.options } as RoyState;
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: RoyState): void {
  passDeal(s);
  dealFresh(s);
}

function legalMoves(s: RoyState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const hand = s.hands[seat];
  const t = top(s);
  let n = 0;
  if (s.played > 0) {
    // Rule 3: the run goes on with the top's rank or the next higher card of its suit; or stop.
    const topRank = RANK[t];
    const above = nextHigher(t);
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i];
      // canContinue(t, c), unrolled for the hot path.
      if (RANK[c] === topRank || c === above) out[n++] = c * 8 + NO_CALL;
    }
    out[n++] = END;
    return n;
  }
  // Rule 6: the King of Spades' victim can only draw 7.
  if (s.facing === FACING_KING) {
    out[0] = DRAW;
    return 1;
  }
  if (s.facing === FACING_ACES) {
    // Rule 5: only an Ace answers an Ace (a wild Jack does not).
    for (let i = 0; i < hand.length; i++) if (isAce(hand[i])) out[n++] = hand[i] * 8 + NO_CALL;
  } else {
    const topRank = RANK[t];
    const suit = s.suit;
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i];
      const r = RANK[c];
      // canStart(t, suit, c), unrolled for the hot path.
      if (SUIT[c] === suit || r === topRank) out[n++] = c * 8 + NO_CALL;
      // Rule 4: any Jack may open a turn as a wild card.
      if (r === JACK) for (let call = 0; call < 4; call++) out[n++] = c * 8 + call;
    }
  }
  // Rule 2: draw only without a legal first card, unless `drawWhenAble`.
  if (n === 0 || s.options.drawWhenAble) out[n++] = DRAW;
  return n;
}

/** Rule 7: when the stock is empty, the discard pile but its top card becomes the new stock. */
function reshuffle(s: RoyState): boolean {
  const d = s.discard;
  if (d.length < 2) return false;
  const keep = d[d.length - 1];
  for (let i = 0; i < d.length - 1; i++) s.stock.push(d[i]);
  d.length = 1;
  d[0] = keep;
  s.rng.shuffle(s.stock);
  s.reshuffles++;
  return true;
}

/** Draws up to `count` cards, reshuffling as needed; returns how many were drawn. */
function drawCards(s: RoyState, seat: Seat, count: number): number {
  const hand = s.hands[seat];
  for (let i = 0; i < count; i++) {
    if (s.stock.length === 0 && !reshuffle(s)) return i;
    hand.push(s.stock.pop()!);
  }
  return count;
}

function endHand(s: RoyState, points: number[], winners: Seat[], reason: string): void {
  for (let i = 0; i < s.players; i++) s.scores[i] += points[i];
  s.handOver = true;
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.hands.map((h) => formatCards(h)) },
  };
  if (s.scores.some((x) => x >= s.options.target)) s.matchOver = true;
}

function passTurn(s: RoyState): void {
  s.played = 0;
  s.turn = (s.turn + 1) % s.players;
  s.toActSeats[0] = s.turn;
}

/** A turn of cards is over: only now does the card on top (an Ace, the King of Spades) act (rules 5, 6). */
function endTurn(s: RoyState): void {
  s.facing = facingAfterTurn(top(s), s.liveAces);
  s.idle = 0;
  passTurn(s);
}

function apply(s: RoyState, seat: Seat, m: Move): void {
  if (m === DRAW) {
    drawAndPass(s, seat);
    return;
  }
  if (m === END) {
    endTurn(s);
    return;
  }
  const c = moveCard(m);
  const hand = s.hands[seat];
  const i = hand.indexOf(c);
  hand[i] = hand[hand.length - 1];
  hand.pop();
  s.discard.push(c);
  s.liveAces = isAce(c) ? s.liveAces + 1 : 0;
  const call = moveCall(m);
  s.suit = call === NO_CALL ? suitOf(c) : call;
  s.played++;
  if (hand.length === 0) {
    endHand(s, outPoints(handSizes(s), seat), [seat], "went out");
    return;
  }
  // Rule 4: a wild Jack is the first and only card of its turn.
  if (call !== NO_CALL) endTurn(s);
}

function drawAndPass(s: RoyState, seat: Seat): void {
  const facing = s.facing;
  const wanted = facing === FACING_KING ? KING_PENALTY : facing === FACING_ACES ? acePenalty(s.liveAces) : 1;
  const drawn = drawCards(s, seat, wanted);
  // Rule 5: once the penalty is drawn, the Ace on top is ordinary.
  if (facing === FACING_ACES) s.liveAces = 0;
  s.facing = FACING_NOTHING;
  // A pass that drew nothing and cleared no penalty leaves the position as it was.
  s.idle = drawn === 0 && facing === FACING_NOTHING ? s.idle + 1 : 0;
  passTurn(s);
  if (s.idle >= s.players) drawHand(s, "draw: nobody could play or draw");
}

function handSizes(s: RoyState): number[] {
  const sizes: number[] = [];
  for (const h of s.hands) sizes.push(h.length);
  return sizes;
}

function drawHand(s: RoyState, reason: string): void {
  endHand(
    s,
    s.hands.map(() => 0),
    [],
    reason,
  );
}

function clone(s: RoyState): RoyState {
  return {
    ...cloneMatchState(s),
    options: s.options,
    hands: s.hands.map((h) => h.slice()),
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    suit: s.suit,
    turn: s.turn,
    played: s.played,
    facing: s.facing,
    liveAces: s.liveAces,
    upcard: s.upcard,
    reshuffles: s.reshuffles,
    idle: s.idle,
    toActSeats: [s.turn],
  };
}

export const roy: Game<RoyState, RoyOptions> = {
  id: "roy",
  name: "ROY",
  minPlayers: 2,
  maxPlayers: 4,
  options,
  moveLimit: MOVE_LIMIT,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => bestSeats(s.scores),
  clone,
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};

export type { RoyState, RoyOptions } from "./state.js";
