import { type Card, makePack } from "../../engine/cards.js";
import { Shoe, ShoeEmpty, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  beginHand,
  openingWords,
  passDeal,
} from "../../engine/game.js";
import type { RngWords } from "../../engine/rng.js";
import { type Result, err, ok } from "../../engine/result.js";
import { determinize } from "./determinize.js";
import { events } from "./events.js";
import {
  CLAIM,
  GO,
  MAX_CLAIM,
  PLAY,
  describeMove,
  isDiscard,
  isPlay,
  moveFromJson,
  moveSchema,
  moveToJson,
} from "./moves.js";
import {
  SEAT_SETS,
  claim,
  discardingSeats,
  finishDiscards,
  drawnHand,
  handKeeps,
  passTurn,
  peg,
  removeFromHand,
} from "./play.js";
import { COUNT_LIMIT, CRIB_SIZE, cutDealer, dealSize, pegValue, showOwner } from "./rules.js";
import { checkPosition } from "./position.js";
import {
  type CribbageOptions,
  type CribbageState,
  DISCARDING,
  PEGGING,
  SHOWING,
  clone,
  isFiveCard,
  newState,
  options,
  stateSchema,
} from "./state.js";
import { type CribbageView, board, dump, view, viewSchema } from "./view.js";
import { cribbageWords } from "./words.js";

const SETUP_PARTS = ["crib", "starter"] as const;

/** The pack in ascending card codes: what every deal shuffles (never changed). */
const PACK: readonly Card[] = makePack();

/**
 * The cut for the first deal, from the match's opening generator (hand 0's
 * seed): each round shuffles a full pack and seat k cuts its k-th card;
 * rounds go on while the lowest ranks tie. The rounds, flat, seat order.
 */
export function cutForDeal(players: number, words: RngWords): Card[] {
  const cuts: Card[] = [];
  for (;;) {
    const round = Shoe.shuffled(PACK, words).takeMany(players);
    cuts.push(...round);
    if (cutDealer(round) >= 0) return cuts;
  }
}

function start(config: MatchConfig<CribbageOptions>, setup?: Setup): Result<CribbageState, string> {
  if (isFiveCard(config.options) && config.players !== 2)
    return err(`option "deal": five-card cribbage is for 2 players, not ${config.players}`);
  let dealer = setup?.dealer;
  let cuts: Card[] = [];
  if (dealer === undefined) {
    cuts = cutForDeal(config.players, openingWords(config.seed));
    dealer = cutDealer(cuts.slice(-config.players));
  }
  const s = newState(config, dealer, cuts);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

/** A fresh hand. New arrays (emptying one by its length costs more); the last hand's result holds copies. */
function resetHand(s: CribbageState): void {
  for (let p = 0; p < s.players; p++) s.handStart[p] = s.scores[p];
  s.phase = DISCARDING;
  s.crib = [];
  s.cribOwner = [];
  s.starter = -1;
  s.count = 0;
  s.pileStart = 0;
  s.played = [];
  s.playedBy = [];
  s.goMask = 0;
  s.lastPlayer = s.dealer;
  s.turn = (s.dealer + 1) % s.players;
  s.toActBits = 0;
  s.showStep = 0;
  s.claims = [];
  s.scoring = [];
  beginHand(s);
}

/** What a set-up says of the crib: the 3-player dealt card, the whole crib (4), or nothing. */
function setupCrib(setup: Setup | undefined, players: number): Result<Card[] | null, string> {
  const crib = setup?.crib;
  if (crib === undefined) return ok(null);
  if (!Array.isArray(crib) || crib.some((c) => typeof c !== "number"))
    return err("setup.crib must be a list of cards");
  const dealtToCrib = players === 3 ? 1 : 0;
  if (crib.length !== CRIB_SIZE && crib.length > dealtToCrib) {
    return err(
      `setup.crib holds the whole crib of ${CRIB_SIZE} cards` +
        (dealtToCrib ? " or the 1 card dealt to it" : "") +
        `, not ${crib.length}`,
    );
  }
  return ok(crib as Card[]);
}

/**
 * Deals a hand (docs/rules/cribbage.md, "The deal"): the shuffled pack from
 * the front, hands of 6 (3 players, or five-card cribbage: 5) in blocks from the dealer's left,
 * clockwise; with 3 players the next card to the crib; the rest is the
 * stock, top first, and its top card is the starter, turned after the
 * discards. A set-up's named cards stay where it puts them.
 */
function deal(s: CribbageState, setup?: Setup): Result<void, string> {
  resetHand(s);
  if (!setup) {
    dealShuffled(s);
    return DEALT;
  }
  const n = s.players;
  const crib = setupCrib(setup, n);
  if (!crib.ok) return crib;
  const fullCrib = crib.value !== null && crib.value.length === CRIB_SIZE;
  if (setup?.starter !== undefined && typeof setup.starter !== "number")
    return err('setup.starter is one card, e.g. "5H"');
  const handSize = fullCrib ? handKeeps(s) : dealSize(n, isFiveCard(s.options));
  const shape = checkSetupShape(setup, n, handSize, SETUP_PARTS);
  if (shape) return err(shape);
  if (setup?.discard !== undefined) return err("cribbage has no discard pile: the set-up may name a crib");
  const named = namedCards(setup, SETUP_PARTS);
  let shoe: Shoe;
  if (named.length === 0) shoe = Shoe.shuffled(PACK, s.rng);
  else {
    const r = Shoe.fromPack(PACK, named, s.rng);
    if (!r.ok) return r;
    shoe = r.value;
  }
  try {
    s.hands = shoe.dealHands(n, s.dealer, handSize, setup?.hands);
    const cribCards = fullCrib ? crib.value! : n === 3 ? shoe.handOr(crib.value, 1) : [];
    for (const c of cribCards) {
      s.crib.push(c);
      s.cribOwner.push(-1);
    }
  } catch (e) {
    if (e instanceof ShoeEmpty) return err("the set-up names so many cards that the hands cannot be dealt");
    throw e;
  }
  const rest = shoe.rest();
  if (setup?.starter !== undefined || setup?.stock !== undefined) {
    const top = setup.starter === undefined ? [] : [setup.starter as Card];
    s.stock = top.concat((setup.stock as Card[] | undefined) ?? [], rest);
  } else s.stock = rest;
  if (s.stock.length === 0) return err("the set-up leaves no card in the stock for the starter");
  s.toActBits = fullCrib ? 0 : discardingSeats(s);
  if (s.toActBits === 0) finishDiscards(s);
  return DEALT;
}

const DEALT: Result<void, string> = ok(undefined);

/** The deal without a set-up, in every playout: the same cards as a set-up that names none. */
function dealShuffled(s: CribbageState): void {
  const n = s.players;
  const shoe = Shoe.shuffled(PACK, s.rng);
  s.hands = shoe.dealHands(n, s.dealer, dealSize(n, isFiveCard(s.options)));
  if (n === 3) {
    s.crib.push(shoe.take());
    s.cribOwner.push(-1);
  }
  s.stock = shoe.rest();
  s.toActBits = discardingSeats(s);
}

function legalMoves(s: CribbageState, seat: Seat, out: Move[]): number {
  if (s.handOver) return 0;
  const hand = s.hands[seat];
  let n = 0;
  switch (s.phase) {
    case DISCARDING:
      if (hand.length <= handKeeps(s)) return 0;
      for (let i = 0; i < hand.length; i++) out[n++] = hand[i];
      return n;
    case PEGGING:
      if (seat !== s.turn) return 0;
      for (let i = 0; i < hand.length; i++)
        if (s.count + pegValue(hand[i]) <= COUNT_LIMIT) out[n++] = PLAY + hand[i];
      if (n === 0) out[n++] = GO;
      return n;
    case SHOWING:
      if (seat !== showOwner(s.dealer, s.players, s.showStep)) return 0;
      for (let p = 0; p <= MAX_CLAIM; p++) out[n++] = CLAIM + p;
      return n;
    default:
      return 0;
  }
}

function apply(s: CribbageState, seat: Seat, m: Move): void {
  if (isDiscard(m)) {
    removeFromHand(s.hands[seat], m);
    s.crib.push(m);
    s.cribOwner.push(seat);
    if (s.hands[seat].length === handKeeps(s)) {
      s.toActBits &= ~(1 << seat);
      if (s.toActBits === 0) finishDiscards(s);
    }
  } else if (isPlay(m)) {
    peg(s, seat, m - PLAY);
  } else if (m === GO) {
    s.goMask |= 1 << seat;
    passTurn(s, seat);
  } else {
    claim(s, seat, m - CLAIM);
  }
}

/** The next hand: the deal passes left and the new hand is dealt from a full shuffled pack. */
function nextHand(s: CribbageState): void {
  passDeal(s);
  resetHand(s);
  dealShuffled(s);
}

/** Every card of the position: the hands, the crib, the stock, the starter and the cards pegged. */
function cards(s: CribbageState): Card[] {
  const out: Card[] = [];
  for (const h of s.hands) out.push(...h);
  out.push(...s.crib, ...s.stock, ...s.played);
  if (s.starter >= 0) out.push(s.starter);
  return out;
}

export { options };

export const cribbage: Game<CribbageState, CribbageOptions, CribbageView> = {
  id: "cribbage",
  name: "Cribbage",
  minPlayers: 2,
  maxPlayers: 3,
  options,
  moveLimit: 200,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? SEAT_SETS[0] : SEAT_SETS[s.toActBits]),
  legalMoves,
  apply,
  drawHand: drawnHand,
  matchWinners: (s) => (s.matchOver ? s.scores.flatMap((x, p) => (x >= s.options.target ? [p] : [])) : []),
  clone,
  pack: () => PACK.slice(),
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
  words: cribbageWords,
  describeMove,
  board,
};
