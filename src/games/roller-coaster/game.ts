import { BLACK_JOKER, CARD_SPACE, type Card, RED_JOKER, isJoker, makePack } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  openMatch,
  beginHand,
  passDeal,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { shuffleWith } from "../../engine/rng.js";
import { checkPosition, determinize } from "./determinize.js";
import { events } from "./events.js";
import { DRAW, END, PASS, describeMove, moveFromJson, moveSchema, moveToJson } from "./moves.js";
import {
  HAND_SIZE,
  DOWN,
  JOKERS,
  RANKS,
  UNKNOWN,
  UP,
  canEndRun,
  canOpenEmptyPile,
  canReachEitherWay,
  cycleRank,
  dealProblem,
  directionOf,
  fewestCards,
  packsFor,
  stepRank,
} from "./rules.js";
import {
  type CoasterOptions,
  type CoasterState,
  DRAW_SEAT,
  HELD,
  RANK_SLOTS,
  canDraw,
  cloneState,
  handOf,
  newState,
  options,
  rankSlot,
  setHand,
  stateSchema,
} from "./state.js";
import { type CoasterView, board, dump, view, viewSchema } from "./view.js";
import { rollerCoasterWords } from "./words.js";

export type { CoasterState, CoasterOptions } from "./state.js";

/**
 * A hand this long ends as a draw. Greedy play ends a hand in a few hundred
 * moves; random play needs thousands and reaches this about one time in five
 * (see docs/rules/roller-coaster.md).
 */
const MOVE_LIMIT = 10_000;

/** The cards the game plays with: one or two packs of 52 and two jokers (rule 1). */
export function pack(players: number, opts: CoasterOptions): Card[] {
  return makePack({ packs: packsFor(players, opts.packs), jokers: 2 });
}

/**
 * Rule 2, as docs/rules/roller-coaster.md says: the shuffled packs are dealt
 * from the front, 5 to each seat in blocks starting left of the dealer; the
 * rest is the stock, its first card on top. A set-up's named hands are kept
 * exactly, its stock goes on top, its pile starts the discard pile.
 */
function deal(s: CoasterState, setup?: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  const pile = setup?.discard ?? [];
  if (pile.some(isJoker))
    return err("the set-up's discard pile may not hold a joker (what it stood for is unknown)");
  const shoe = Shoe.fromPack(pack(s.players, s.options), namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  const toFill = cardsToFillHands(s.players, setup);
  if (toFill > shoe.value.size)
    return err(`the set-up leaves ${shoe.value.size} cards to fill the hands, which need ${toFill}`);
  const hands = shoe.value.dealHands(s.players, s.dealer, HAND_SIZE, setup?.hands);
  for (let p = 0; p < s.players; p++) setHand(s, p, hands[p]);
  s.stock = (setup?.stock ?? []).concat(shoe.value.rest()).reverse();
  s.discard = pile.slice();
  s.pileRanks = pile.map(cycleRank);
  s.turned = [];
  s.turnedDraws = [];
  s.turn = s.dealer;
  s.toActSeats[0] = s.turn;
  s.passes = 0;
  s.reshuffles = 0;
  beginHand(s);
  nextTurn(s);
  return ok(undefined);
}

/** Cards the deal must add to the set-up's hands to give every unnamed seat five. */
function cardsToFillHands(players: number, setup?: Setup): number {
  let n = 0;
  for (let p = 0; p < players; p++) n += setup?.hands?.[p] ? 0 : HAND_SIZE;
  return n;
}

function start(config: MatchConfig<CoasterOptions>, setup?: Setup): Result<CoasterState, string> {
  const packs = packsFor(config.players, config.options.packs);
  const problem = dealProblem(config.players, packs);
  if (problem) return err(problem);
  const s = newState(openMatch(config, setup), config.options, packs);
  const dealt = deal(s, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: CoasterState): void {
  passDeal(s);
  deal(s);
}

/** The turn passes to the left; the new run goes on from the pile's top card. */
function nextTurn(s: CoasterState): void {
  s.turn = (s.turn + 1) % s.players;
  s.toActSeats[0] = s.turn;
  s.played = 0;
  s.dir = UNKNOWN;
  s.trailing = 0;
  s.fromEmpty = s.discard.length === 0;
  s.anchor = s.fromEmpty ? -1 : s.pileRanks[s.pileRanks.length - 1];
}

/** Writes the seat's cards of cycle rank `r` (each distinct card once) into `out` from `n`. */
function pushRank(held: readonly number[], base: number, r: number, out: Move[], n: number): number {
  for (let c = r; c < 52; c += 13) if (held[base + c] > 0) out[n++] = c;
  return n;
}

function legalMoves(s: CoasterState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const held = s.held;
  const hb = seat * HELD;
  const counts = s.counts;
  const rb = seat * RANK_SLOTS;
  const jokers = counts[rb + JOKERS];
  let n = 0;
  if (s.played === 0) {
    if (s.fromEmpty) {
      for (let r = 0; r < RANKS; r++) {
        if (counts[rb + r] > 0 && canOpenEmptyPile(counts, rb, jokers, r)) n = pushRank(held, hb, r, out, n);
      }
    } else {
      const up = stepRank(s.anchor, UP, 1);
      const down = stepRank(s.anchor, DOWN, 1);
      if (counts[rb + up] > 0) n = pushRank(held, hb, up, out, n);
      if (counts[rb + down] > 0) n = pushRank(held, hb, down, out, n);
    }
    // House rule `mustPlay`: no drawing (nor passing) while a run can be played.
    if (n === 0 || s.options.mustPlay !== true) out[n++] = canDraw(s) ? DRAW : PASS;
    return n;
  }
  const gap = s.trailing + 1;
  if (s.dir !== DOWN) {
    const r = stepRank(s.anchor, UP, gap);
    if (counts[rb + r] > 0) n = pushRank(held, hb, r, out, n);
  }
  if (s.dir !== UP) {
    const r = stepRank(s.anchor, DOWN, gap);
    if (counts[rb + r] > 0) n = pushRank(held, hb, r, out, n);
  }
  if (jokers > 0 && canReachEitherWay(counts, rb, jokers - 1, s.anchor, s.dir, gap + 1)) {
    if (held[hb + RED_JOKER] > 0) out[n++] = RED_JOKER;
    if (held[hb + BLACK_JOKER] > 0) out[n++] = BLACK_JOKER;
  }
  if (canEndRun(s.played, s.trailing, s.fromEmpty)) out[n++] = END;
  return n;
}

function apply(s: CoasterState, seat: Seat, m: Move): void {
  if (m === END) return nextTurn(s);
  if (m === DRAW) return draw(s, seat);
  if (m === PASS) return pass(s);
  play(s, seat, m);
}

function play(s: CoasterState, seat: Seat, c: Card): void {
  s.held[seat * HELD + c]--;
  const left = --s.sizes[seat];
  s.discard.push(c);
  s.passes = 0;
  s.played++;
  if (isJoker(c)) {
    s.counts[seat * RANK_SLOTS + JOKERS]--;
    s.trailing++;
    s.pileRanks.push(s.dir === UNKNOWN ? -1 : stepRank(s.anchor, s.dir, s.trailing));
    return;
  }
  const r = cycleRank(c);
  s.counts[seat * RANK_SLOTS + r]--;
  if (s.anchor >= 0 && s.dir === UNKNOWN) {
    s.dir = directionOf(s.anchor, r, s.trailing + 1);
    // Jokers played before the direction was known now know what they stood for.
    const top = s.pileRanks.length;
    for (let k = 1; k <= s.trailing; k++) s.pileRanks[top - k] = stepRank(r, -s.dir, k);
  }
  s.pileRanks.push(r);
  s.anchor = r;
  s.trailing = 0;
  if (left === 0) endHand(s, [seat], "went out");
}

function draw(s: CoasterState, seat: Seat): void {
  if (s.stock.length === 0) turnOverPile(s);
  const c = s.stock.pop()!;
  s.held[seat * HELD + c]++;
  s.sizes[seat]++;
  s.counts[seat * RANK_SLOTS + rankSlot(c)]++;
  // A stock turned from the pile holds only cards seen played: the drawer alone knows which it took.
  if (s.reshuffles > 0) s.turnedDraws.push(seat * DRAW_SEAT + c);
  s.passes = 0;
  nextTurn(s);
}

/** Scratch counts of each card code, for `turnOverPile`. */
const TALLY = new Int32Array(CARD_SPACE);

/** The stock is out: keep the pile's top card and shuffle (or flip) the rest into a new stock. */
function turnOverPile(s: CoasterState): void {
  const pile = s.discard;
  const last = pile.length - 1;
  const top = pile[last];
  // Reuse the arrays: the playouts turn the pile over many times a second.
  const stock = s.stock;
  // The turned cards in ascending codes, counted out (a comparison sort cost a fifth of a playout).
  TALLY.fill(0);
  for (let i = 0; i < last; i++) {
    stock.push(pile[i]);
    TALLY[pile[i]]++;
  }
  const turned = s.turned;
  turned.length = 0;
  for (let c = 0; c < CARD_SPACE; c++) for (let k = TALLY[c]; k > 0; k--) turned.push(c);
  s.turnedDraws.length = 0;
  // House rule `newStock: flip`: the pile turned face down as it lies, its bottom card (played first) on top.
  if (s.options.newStock === "flip") stock.reverse();
  else shuffleWith(s.rng, stock);
  pile.length = 1;
  pile[0] = top;
  s.pileRanks[0] = s.pileRanks[last];
  s.pileRanks.length = 1;
  s.reshuffles++;
}

function pass(s: CoasterState): void {
  s.passes++;
  if (s.passes >= s.players) {
    endHand(s, fewestCards(s.sizes), "blocked: nothing to draw and every player passed");
    return;
  }
  nextTurn(s);
}

function endHand(s: CoasterState, winners: Seat[], reason: string): void {
  const points = new Array<number>(s.players).fill(0);
  for (const w of winners) points[w] = 1;
  for (let i = 0; i < s.players; i++) s.scores[i] += points[i];
  s.handOver = true;
  const hands = s.sizes.map((_, p) => formatCards(handOf(s, p)));
  s.result = { points, winners, reason, detail: { hands, handSizes: s.sizes.slice() } };
  if (reachedTarget(s).length > 0) s.matchOver = true;
}

/** Seats that have won the hands the match asks for (several when a blocked hand is shared). */
function reachedTarget(s: CoasterState): Seat[] {
  const out: Seat[] = [];
  for (let p = 0; p < s.players; p++) if (s.scores[p] >= s.options.handsToWin) out.push(p);
  return out;
}

/** A hand at the move limit is drawn: nobody wins it, and the match goes on (rule 7). */
function drawHand(s: CoasterState, reason: string): void {
  endHand(s, [], reason);
}

/** Every card of the position: the hands, the stock and the pile. */
function cards(s: CoasterState): Card[] {
  const out: Card[] = [];
  for (let p = 0; p < s.players; p++) out.push(...handOf(s, p));
  return out.concat(s.stock, s.discard);
}

export const rollerCoaster: Game<CoasterState, CoasterOptions, CoasterView> = {
  id: "roller-coaster",
  name: "Roller Coaster",
  minPlayers: 2,
  maxPlayers: 12,
  options,
  moveLimit: MOVE_LIMIT,
  start,
  nextHand,
  toAct: (s) => (s.handOver ? [] : s.toActSeats),
  legalMoves,
  apply,
  drawHand,
  matchWinners: reachedTarget,
  clone: cloneState,
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
  words: rollerCoasterWords,
  describeMove,
  board,
};
