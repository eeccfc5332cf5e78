import { type Card, makePack, removeCard, suitOf } from "../../engine/cards.js";
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
import { determinize, events } from "./search.js";
import {
  DRAW,
  NO_CALL,
  PASS,
  describeMove,
  moveCall,
  moveCard,
  moveFromJson,
  moveSchema,
  moveToJson,
  playMove,
} from "./moves.js";
import { blockedScores, canFollow, handPoints, isEight } from "./rules.js";
import { type EightsOptions, type EightsState, clone, newState, options, stateSchema, top } from "./state.js";
import { type EightsView, board, dump, view, viewSchema } from "./view.js";
import { crazyEightsWords } from "./words.js";

const HAND_SIZE = 7;
export const MOVE_LIMIT = 2000;

/** One 52-card pack, no jokers, whatever the players and options. */
const pack = (): Card[] => makePack();

/**
 * Deals a hand (docs/rules/crazy-eights.md, "Dealing"): the shuffled pack
 * from the front, 7 cards each in blocks starting left of the dealer, then
 * the up-card, then the stock, its first card on top. A set-up's named parts
 * stay as named; the rest is dealt the same way.
 */
function deal(s: EightsState, setup?: Setup): Result<void, string> {
  let shoe: Shoe;
  if (setup) {
    const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
    if (shape) return err(shape);
    if (setup.discard && setup.discard.length > 1) return err("the discard pile starts with one card");
    const empty = (setup.hands ?? []).findIndex((h) => h && h.length === 0);
    if (empty >= 0) return err(`seat ${empty}'s hand is empty: name its cards, or null to deal it`);
    const named = Shoe.fromPack(pack(), namedCards(setup), s.rng);
    if (!named.ok) return named;
    shoe = named.value;
  } else {
    shoe = Shoe.shuffled(pack(), s.rng);
  }
  s.hands = shoe.dealHands(s.players, s.dealer, HAND_SIZE, setup?.hands);
  const upcard = setup?.discard?.[0] ?? shoe.take();
  // The stock array keeps its top card last (drawing pops it).
  s.stock = setup?.stock ? setup.stock.concat(shoe.rest()).reverse() : shoe.rest().reverse();
  s.discard = [upcard];
  s.suit = suitOf(upcard);
  s.turn = (s.dealer + 1) % s.players;
  s.toActSeats[0] = s.turn;
  s.passes = 0;
  s.drawn = 0;
  beginHand(s);
  return ok(undefined);
}

function start(config: MatchConfig<EightsOptions>, setup?: Setup): Result<EightsState, string> {
  const s = newState(openMatch(config, setup), config.options);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: EightsState): void {
  passDeal(s);
  deal(s);
}

function legalMoves(s: EightsState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const hand = s.hands[seat];
  const t = top(s);
  let n = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (!canFollow(t, s.suit, c)) continue;
    if (isEight(c)) {
      for (let call = 0; call < 4; call++) out[n++] = playMove(c, call);
    } else {
      out[n++] = playMove(c);
    }
  }
  const rule = s.options.draw;
  if (rule === "one" && s.drawn > 0) {
    // House rule "one": after the card drawn, play or pass; with the stock empty a card that plays must be played.
    if (n === 0 || s.stock.length > 0) out[n++] = PASS;
    return n;
  }
  // The seed lets a player draw at any time; the house rules only with no card to play.
  const mayDraw = n === 0 || (rule !== "unable" && rule !== "one");
  if (s.stock.length > 0) {
    if (mayDraw) out[n++] = DRAW;
  } else if (n === 0) out[n++] = PASS;
  return n;
}

function endHand(s: EightsState, points: number[], winners: Seat[], reason: string): void {
  for (let i = 0; i < s.players; i++) s.scores[i] += points[i];
  s.handOver = true;
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.hands.map((h) => formatCards(h)), handPoints: s.hands.map(handPoints) },
  };
  if (s.scores.some((x) => x >= s.options.target)) s.matchOver = true;
}

function apply(s: EightsState, seat: Seat, m: Move): void {
  const hand = s.hands[seat];
  if (m === DRAW) {
    hand.push(s.stock.pop()!);
    s.drawn++;
    return;
  }
  if (m === PASS) {
    // A pass after drawing one card (house rule "one") with cards left to draw says nothing of a block.
    if (s.stock.length > 0) {
      s.passes = 0;
      advance(s);
      return;
    }
    s.passes++;
    if (s.passes >= s.players) {
      const totals = s.hands.map(handPoints);
      const points = blockedScores(totals);
      endHand(s, points, points.some((p) => p > 0) ? [points.findIndex((p) => p > 0)] : [], "blocked");
      return;
    }
    advance(s);
    return;
  }
  const c = moveCard(m);
  removeCard(hand, c);
  s.discard.push(c);
  const call = moveCall(m);
  s.suit = call === NO_CALL ? suitOf(c) : call;
  s.passes = 0;
  if (hand.length === 0) {
    const points = s.hands.map(() => 0);
    for (let p = 0; p < s.players; p++) if (p !== seat) points[seat] += handPoints(s.hands[p]);
    endHand(s, points, [seat], "went out");
    return;
  }
  advance(s);
}

function advance(s: EightsState): void {
  s.turn = (s.turn + 1) % s.players;
  s.toActSeats[0] = s.turn;
  s.drawn = 0;
}

function drawHand(s: EightsState, reason: string): void {
  endHand(
    s,
    s.hands.map(() => 0),
    [],
    reason,
  );
}

/** Every card of the position: the hands, the stock and the discard pile. */
function cards(s: EightsState): Card[] {
  return [...s.hands.flat(), ...s.stock, ...s.discard];
}

/** A restored position's invariants beyond its shape and its cards. */
function checkPosition(s: EightsState): string | null {
  if (s.hands.length !== s.players) return `there are ${s.hands.length} hands for ${s.players} players`;
  if (s.turn >= s.players) return `turn ${s.turn} is not a seat`;
  if (s.toActSeats[0] !== s.turn) return "toActSeats must be [turn]";
  if (s.handOver !== (s.result !== null)) return "a hand has a result exactly when it is over";
  if (s.matchOver && !s.handOver) return "the match cannot be over in the middle of a hand";
  if (!s.handOver && s.hands.some((h) => h.length === 0))
    return "a seat with no cards has gone out: the hand is over";
  if (!s.handOver && s.passes >= s.players)
    return "every seat has passed: the hand is blocked, so it is over";
  if (s.passes > 0 && s.stock.length > 0) return "passes come only once the stock is empty";
  if (s.drawn > s.hands[s.turn].length) return "the player to act drew more cards than it holds";
  if (s.options.draw === "one" && s.drawn > 1)
    return "with one card drawn at a time, the player to act drew more";
  return null;
}

export const crazyEights: Game<EightsState, EightsOptions, EightsView> = {
  id: "crazy-eights",
  name: "Crazy Eights",
  minPlayers: 2,
  maxPlayers: 5,
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
  words: crazyEightsWords,
  describeMove,
  board,
};

export type { EightsState, EightsOptions } from "./state.js";
export type { EightsView } from "./view.js";
