import { type Card, CARD_SPACE, makePack, removeCard } from "../../engine/cards.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  beginHand,
  bestSeats,
  openMatch,
  passDeal,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { events } from "./events.js";
import {
  cardValue,
  deadwood,
  deadwoodOfMasksWithout,
  knockArrangement,
  maskedDeadwood,
  suitMasks,
} from "./melds.js";
import {
  DONE,
  DRAW,
  PASS,
  TAKE,
  describeMove,
  discardMove,
  isKnock,
  isLayoff,
  knockMove,
  layoffMeld,
  layoffMove,
  moveCard,
  moveFromJson,
  moveSchema,
  moveToJson,
} from "./moves.js";
import { cards, checkPosition } from "./position.js";
import {
  HAND_SIZE,
  canKnock,
  canLayOff,
  isDeadHand,
  handMultiplier,
  knockLimitOf,
  knockScore,
  layOff,
  layoffsAllowed,
  matchBonuses,
  tableMeld,
} from "./rules.js";
import { determinize } from "./sample.js";
import {
  DISCARD,
  DRAW_PHASE,
  DRAW_STOCK,
  type GinOptions,
  type GinState,
  LAYOFF,
  OFFER,
  clone,
  newState,
  options,
  stateSchema,
} from "./state.js";
import { type GinView, board, dump, handDetail, view, viewSchema } from "./view.js";
import { ginWords } from "./words.js";

const nonDealer = (s: GinState): Seat => 1 - s.dealer;

const isCard = (x: unknown): boolean =>
  Number.isInteger(x) && (x as number) >= 0 && (x as number) < CARD_SPACE;
const isCardList = (x: unknown): boolean => Array.isArray(x) && x.every(isCard);

/** The set-up's parts hold cards where cards belong (the engine's reader accepts any nesting). */
function checkSetupCards(setup: Setup | undefined): string | null {
  if (!setup) return null;
  const { hands, stock, discard, upcard } = setup;
  if (hands !== undefined && !(Array.isArray(hands) && hands.every((h) => h == null || isCardList(h)))) {
    return "setup.hands must be a list of cards per seat";
  }
  if (stock !== undefined && !isCardList(stock)) return "setup.stock must be a list of cards";
  if (discard !== undefined && !isCardList(discard)) return "setup.discard must be a list of cards";
  if (upcard !== undefined && !isCard(upcard) && !isCardList(upcard)) return "setup.upcard must be one card";
  return null;
}

const PACK: readonly Card[] = makePack();

/**
 * Deals a hand (docs/rules/gin-rummy.md, "Dealing"): the shuffled pack is
 * dealt from the front, 10 cards to the non-dealer then 10 to the dealer,
 * then the up-card; the rest is the stock, its first card on top. A set-up's
 * named cards are taken out of the pack before the shuffle and put where it
 * names them (its stock on top of the rest).
 */
function deal(s: GinState, setup?: Setup): Result<void, string> {
  let shoe: Shoe;
  let upcard = -1;
  if (setup) {
    const problem = checkSetupCards(setup) ?? checkSetupShape(setup, s.players, HAND_SIZE, ["upcard"]);
    if (problem) return err(problem);
    const upcards = [...(setup.discard ?? []), ...(setup.upcard === undefined ? [] : [setup.upcard].flat())];
    if (upcards.length > 1) return err("the discard pile starts with one card, the up-card");
    if (upcards.length) upcard = upcards[0] as Card;
    const named = Shoe.fromPack(PACK, namedCards(setup, ["upcard"]), s.rng);
    if (!named.ok) return named;
    shoe = named.value;
  } else {
    shoe = Shoe.shuffled(PACK, s.rng);
  }
  beginHand(s);
  s.hands = shoe.dealHands(s.players, s.dealer, HAND_SIZE, setup?.hands);
  if (upcard < 0) upcard = shoe.take();
  const rest = shoe.rest();
  s.stock = setup?.stock ? setup.stock.concat(rest).reverse() : rest.reverse();
  s.discard = [upcard];
  s.upcard = upcard;
  s.phase = OFFER;
  s.turn = nonDealer(s);
  s.toActSeats[0] = s.turn;
  s.taken = -1;
  s.takenFromDiscard = [[], []];
  s.discardedBy = [[], []];
  s.passedBy = [[], []];
  s.knocker = -1;
  s.knockMelds = [];
  s.tableMelds = [];
  s.knockerDeadwood = 0;
  s.laidCards = [];
  s.laidMelds = [];
  return ok(undefined);
}

function start(config: MatchConfig<GinOptions>, setup?: Setup): Result<GinState, string> {
  const s = newState(openMatch(config, setup), config.options);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: GinState): void {
  passDeal(s);
  deal(s);
}

function legalMoves(s: GinState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  switch (s.phase) {
    case OFFER:
      out[0] = TAKE;
      out[1] = PASS;
      return 2;
    case DRAW_STOCK:
      out[0] = DRAW;
      return 1;
    case DRAW_PHASE:
      out[0] = TAKE;
      out[1] = DRAW;
      return 2;
    case DISCARD:
      return discardMoves(s, s.hands[seat], out);
    default:
      return layoffMoves(s, s.hands[seat], out);
  }
}

/** The mover's suit masks, read once for its knocks. */
const held = new Int32Array(4);

function discardMoves(s: GinState, hand: Card[], out: Move[]): number {
  let n = 0;
  for (let i = 0; i < hand.length; i++) if (hand[i] !== s.taken) out[n++] = discardMove(hand[i]);
  // Dropping a card lowers the least deadwood by at most its value (10 at most): one search rules out most knocks.
  const limit = knockLimitOf(s);
  const all = maskedDeadwood(suitMasks(hand, held));
  if (all - 10 > limit) return n;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i];
    if (c === s.taken || all - cardValue(c) > limit) continue;
    if (canKnock(deadwoodOfMasksWithout(held, c), limit)) out[n++] = knockMove(c);
  }
  return n;
}

function layoffMoves(s: GinState, hand: Card[], out: Move[]): number {
  let n = 0;
  for (let i = 0; i < hand.length; i++) {
    for (let m = 0; m < s.tableMelds.length; m++) {
      if (canLayOff(s.tableMelds[m], hand[i])) out[n++] = layoffMove(hand[i], m);
    }
  }
  out[n++] = DONE;
  return n;
}

const anyLayoff = (s: GinState, hand: Card[]): boolean => {
  for (const c of hand) for (const m of s.tableMelds) if (canLayOff(m, c)) return true;
  return false;
};

/** Adds `c` to a set of cards kept as a list. */
function note(cards: Card[], c: Card): void {
  if (cards.indexOf(c) < 0) cards.push(c);
}

function apply(s: GinState, seat: Seat, m: Move): void {
  const hand = s.hands[seat];
  switch (m) {
    case TAKE: {
      const c = s.discard.pop()!;
      s.taken = c;
      hand.push(c);
      s.takenFromDiscard[seat].push(c);
      s.phase = DISCARD;
      return;
    }
    case DRAW:
      // Drawing with a discard showing passes it on (after a refused up-card, already noted).
      if (s.phase === DRAW_PHASE) note(s.passedBy[seat], s.discard[s.discard.length - 1]);
      hand.push(s.stock.pop()!);
      s.phase = DISCARD;
      return;
    case PASS:
      note(s.passedBy[seat], s.discard[s.discard.length - 1]);
      if (seat === nonDealer(s)) setTurn(s, s.dealer, OFFER);
      else setTurn(s, nonDealer(s), DRAW_STOCK);
      return;
    case DONE:
      scoreKnock(s);
      return;
  }
  const c = moveCard(m);
  removeCard(hand, c);
  const faceUp = s.takenFromDiscard[seat];
  if (faceUp.length) removeCard(faceUp, c);
  if (isLayoff(m)) {
    const meld = layoffMeld(m);
    layOff(s.tableMelds[meld], c);
    s.laidCards.push(c);
    s.laidMelds.push(meld);
    if (!anyLayoff(s, hand)) scoreKnock(s);
    return;
  }
  s.discard.push(c);
  note(s.discardedBy[seat], c);
  s.taken = -1;
  if (isKnock(m)) {
    knock(s, seat);
    return;
  }
  if (isDeadHand(s.stock.length)) {
    endHand(s, [0, 0], [], "dead hand: the 50th card was drawn and no one knocked");
    return;
  }
  setTurn(s, 1 - seat, DRAW_PHASE);
}

function setTurn(s: GinState, seat: Seat, phase: number): void {
  s.turn = seat;
  s.toActSeats[0] = seat;
  s.phase = phase;
}

function knock(s: GinState, seat: Seat): void {
  const arrangement = knockArrangement(s.hands[seat]);
  s.knocker = seat;
  s.knockMelds = arrangement.melds;
  s.tableMelds = arrangement.melds.map(tableMeld);
  s.knockerDeadwood = arrangement.deadwood;
  const defender = 1 - seat;
  if (layoffsAllowed(arrangement.deadwood === 0, s.options.layoffs) && anyLayoff(s, s.hands[defender])) {
    setTurn(s, defender, LAYOFF);
  } else {
    scoreKnock(s);
  }
}

function scoreKnock(s: GinState): void {
  const defender = 1 - s.knocker;
  const score = knockScore(
    s.knockerDeadwood,
    deadwood(s.hands[defender]),
    s.options.ginBonus,
    s.options.undercutBonus,
  );
  const winner = score.winner === "knocker" ? s.knocker : defender;
  const points = [0, 0];
  points[winner] = score.points * handMultiplier(s.options.oklahoma, s.upcard);
  s.handsWon[winner]++;
  const reason = score.gin ? "gin" : score.undercut ? "undercut" : "knock";
  endHand(s, points, [winner], reason);
}

function endHand(s: GinState, points: number[], winners: Seat[], reason: string): void {
  for (let i = 0; i < s.players; i++) s.scores[i] += points[i];
  s.handOver = true;
  const detail = handDetail(s);
  const reached = s.scores.findIndex((x) => x >= s.options.target);
  if (reached >= 0) {
    s.matchOver = true;
    s.winner = reached;
    if (s.options.bonuses === "standard") {
      const b = matchBonuses(s.scores, s.handsWon, reached);
      detail.matchBonuses = { points: s.scores.slice(), ...b };
      s.scores = b.totals;
    }
  }
  s.result = { points, winners, reason, detail };
}

function drawHand(s: GinState, reason: string): void {
  endHand(s, [0, 0], [], reason);
}

export const ginRummy: Game<GinState, GinOptions, GinView> = {
  id: "gin-rummy",
  name: "Gin Rummy",
  minPlayers: 2,
  maxPlayers: 2,
  options,
  moveLimit: 1000,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => (s.winner >= 0 ? [s.winner] : bestSeats(s.scores)),
  clone,
  pack: () => makePack(),
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
  words: ginWords,
  describeMove,
  board,
};
