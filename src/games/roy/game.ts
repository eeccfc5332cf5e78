import { type Card, JACK, makePack, removeCard, suitOf } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  bestSeats,
  beginHand,
  openMatch,
  passDeal,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { shuffleWith } from "../../engine/rng.js";
import {
  DRAW,
  END,
  NO_CALL,
  describeMove,
  moveCall,
  moveCard,
  moveFromJson,
  moveSchema,
  moveToJson,
} from "./moves.js";
import {
  FACING_ACES,
  FACING_KING,
  FACING_NOTHING,
  KING_OF_SPADES,
  KING_PENALTY,
  RANK,
  SUIT,
  acePenalty,
  facingAfterTurn,
  isAce,
  nextHigher,
  outPoints,
  outValues,
} from "./rules.js";
import { determinize, events } from "./search.js";
import { type RoyOptions, type RoyState, clone, newState, options, stateSchema, top } from "./state.js";
import { type RoyView, board, dump, view, viewSchema } from "./view.js";
import { royWords } from "./words.js";

const HAND_SIZE = 7;
/**
 * A hand reaching this many moves is drawn. Random play ends a hand in about
 * 70 moves (450 with `drawWhenAble`) and practically never passes 6,000 (see the rules page).
 */
export const MOVE_LIMIT = 20_000;

/** One 52-card pack, no jokers, whatever the players and options. */
const pack = (): Card[] => makePack();

/**
 * Deals a hand (docs/rules/roy.md, "Dealing"): the shuffled pack from the
 * front, 7 cards each in blocks starting left of the dealer, then the
 * up-card, then the stock, its first card on top. A set-up's named parts stay
 * as named; the rest is dealt the same way.
 */
function deal(s: RoyState, setup?: Setup): Result<void, string> {
  if (!setup) {
    dealWhole(s);
  } else {
    const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
    if (shape) return err(shape);
    const empty = (setup.hands ?? []).findIndex((h) => h && h.length === 0);
    if (empty >= 0) return err(`seat ${empty}'s hand is empty: name its cards, or null to deal it`);
    const named = Shoe.fromPack(pack(), namedCards(setup), s.rng);
    if (!named.ok) return named;
    const shoe = named.value;
    s.hands = shoe.dealHands(s.players, s.dealer, HAND_SIZE, setup.hands);
    s.discard = setup.discard?.length ? setup.discard.slice() : [shoe.take()];
    // The stock array keeps its top card last (drawing pops it).
    s.stock = (setup.stock ?? []).concat(shoe.rest()).reverse();
  }
  // The card turned up at the deal lies at the bottom of the pile.
  s.upcard = s.discard[0];
  s.suit = suitOf(top(s));
  s.turn = (s.dealer + 1) % s.players;
  s.toActSeats[0] = s.turn;
  s.played = 0;
  s.facing = FACING_NOTHING;
  s.liveAces = 0;
  // House rule `upcardActs`: a turned-up Ace or King of Spades acts as if the dealer had just played it
  // (not under a set-up's longer pile: its top card was no turned-up card).
  if (s.options.upcardActs === true && s.discard.length === 1) {
    s.liveAces = isAce(s.upcard) ? 1 : 0;
    s.facing = facingAfterTurn(s.upcard, s.liveAces);
  }
  if (s.reshuffles > 0) s.shuffledIn.fill(0);
  s.reshuffles = 0;
  s.idle = 0;
  beginHand(s);
  return ok(undefined);
}

/**
 * The deal with nothing named, in the state's own arrays: card for card what
 * `Shoe.shuffled(pack, rng)` then `dealHands`, `take` and `rest` give (the
 * pack in ascending codes, the same Fisher-Yates, dealt from the front; the
 * tests compare the two), without their allocations: random playouts deal
 * every 70 moves or so, and the copies cost them 5%.
 */
function dealWhole(s: RoyState): void {
  const shuffled = s.stock;
  shuffled.length = 0;
  for (let c = 0; c < 52; c++) shuffled.push(c);
  shuffleWith(s.rng, shuffled);
  if (s.hands.length !== s.players) s.hands = Array.from({ length: s.players }, () => []);
  let next = 0;
  for (let k = 1; k <= s.players; k++) {
    const h = s.hands[(s.dealer + k) % s.players];
    h.length = 0;
    for (let i = 0; i < HAND_SIZE; i++) h.push(shuffled[next++]);
  }
  s.discard.length = 0;
  s.discard.push(shuffled[next++]);
  // The rest is the stock, its first card on top: the top is the array's last element.
  for (let i = next, j = 51; i < j; i++, j--) {
    const t = shuffled[i];
    shuffled[i] = shuffled[j];
    shuffled[j] = t;
  }
  shuffled.copyWithin(0, next);
  shuffled.length = 52 - next;
}

function start(config: MatchConfig<RoyOptions>, setup?: Setup): Result<RoyState, string> {
  const s = newState(openMatch(config, setup), config.options);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: RoyState): void {
  passDeal(s);
  deal(s);
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
  const round = ++s.reshuffles;
  for (let i = 0; i < d.length - 1; i++) {
    s.stock.push(d[i]);
    s.shuffledIn[d[i]] = round;
  }
  d.length = 1;
  d[0] = keep;
  shuffleWith(s.rng, s.stock);
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
  removeCard(hand, c);
  s.discard.push(c);
  s.liveAces = isAce(c) ? s.liveAces + 1 : 0;
  const call = moveCall(m);
  s.suit = call === NO_CALL ? suitOf(c) : call;
  s.played++;
  if (hand.length === 0) {
    const points = s.options.scoring === "values" ? outValues(s.hands, seat) : outPoints(handSizes(s), seat);
    endHand(s, points, [seat], "went out");
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

/** Every card of the position: the hands, the stock and the discard pile. */
function cards(s: RoyState): Card[] {
  return [...s.hands.flat(), ...s.stock, ...s.discard];
}

/** A restored position's invariants beyond its shape and its cards. */
function checkPosition(s: RoyState): string | null {
  if (s.hands.length !== s.players) return `there are ${s.hands.length} hands for ${s.players} players`;
  if (s.turn >= s.players) return `turn ${s.turn} is not a seat`;
  if (s.toActSeats[0] !== s.turn) return "toActSeats must be [turn]";
  if (s.handOver !== (s.result !== null)) return "a hand has a result exactly when it is over";
  if (s.matchOver && !s.handOver) return "the match cannot be over in the middle of a hand";
  if (!s.handOver && s.hands.some((h) => h.length === 0))
    return "a seat with no cards has gone out: the hand is over";
  const t = top(s);
  if (s.facing === FACING_ACES && !(isAce(t) && s.liveAces > 0))
    return "a seat faces Aces only with a live Ace on top";
  if (s.facing === FACING_KING && (t !== KING_OF_SPADES || s.played > 0))
    return "a seat faces the King of Spades only with it on top, before playing";
  if (!s.handOver && s.idle >= s.players)
    return "every seat has passed idle: the hand is drawn, so it is over";
  if (s.shuffledIn.some((k) => k > s.reshuffles)) return "shuffledIn names a reshuffle that has not happened";
  if (s.stock.some((c) => s.shuffledIn[c] !== s.reshuffles))
    return "the stock holds a card that was not shuffled into it at the latest reshuffle";
  return null;
}

export const roy: Game<RoyState, RoyOptions, RoyView> = {
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
  pack,
  cards,
  determinize,
  events,
  checkPosition,
  stateSchema,
  viewSchema,
  moveSchema,
  view,
  dump,
  moveToJson,
  moveFromJson,
  words: royWords,
  describeMove,
  board,
};

export type { RoyState, RoyOptions } from "./state.js";
export type { RoyView } from "./view.js";
