import { BLACK_JOKER, type Card, RED_JOKER, isJoker, makePack } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type Move,
  type Seat,
  type Setup,
  cloneMatchState,
  openMatch,
  beginHand,
  passDeal,
} from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { DRAW, END, PASS, describeMove, moveFromJson, moveToJson } from "./moves.js";
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
import { type CoasterOptions, type CoasterState, canDraw, handOf, options, setHand } from "./state.js";
import { board, dump, view } from "./view.js";

export type { CoasterState, CoasterOptions } from "./state.js";

/**
 * A hand this long ends as a draw. Greedy play ends a hand in a few hundred
 * moves; random play needs thousands and reaches this about one time in five
 * (see docs/rules/roller-coaster.md).
 */
const MOVE_LIMIT = 10_000;

function deal(s: CoasterState, setup?: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  const pile = setup?.discard ?? [];
  if (pile.some(isJoker))
    return err("the set-up's discard pile may not hold a joker (what it stood for is unknown)");
  const shoe = Shoe.fromPack(makePack({ packs: s.packs, jokers: 2 }), namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  const toFill = cardsToFillHands(s.players, setup);
  if (toFill > shoe.value.size)
    return err(`the set-up leaves ${shoe.value.size} cards to fill the hands, which need ${toFill}`);
  s.held = [];
  s.counts = [];
  s.sizes = [];
  for (let i = 0; i < s.players; i++) setHand(s, i, shoe.value.fill(setup?.hands?.[i], HAND_SIZE));
  s.stock = (setup?.stock ?? []).concat(shoe.value.rest()).reverse();
  s.discard = pile.slice();
  s.startingPile = pile.slice();
  s.pileRanks = pile.map(cycleRank);
  s.turn = s.dealer;
  s.toActSeats = [s.turn];
  s.passes = 0;
  s.reshuffles = 0;
  beginHand(s);
  nextTurn(s);
  return ok(undefined);
}

/** Cards the deal must add to the set-up's hands to give every seat five. */
function cardsToFillHands(players: number, setup?: Setup): number {
  let n = 0;
  for (let p = 0; p < players; p++) n += HAND_SIZE - (setup?.hands?.[p]?.length ?? 0);
  return n;
}

function start(config: MatchConfig<CoasterOptions>, setup?: Setup): Result<CoasterState, string> {
  const packs = packsFor(config.players, config.options.packs);
  const problem = dealProblem(config.players, packs);
  if (problem) return err(problem);
  const base = openMatch(config, setup);
  const s = { ...base, options: config.options, packs } as CoasterState;
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
function pushRank(held: Int16Array, r: number, out: Move[], n: number): number {
  for (let c = r; c < 52; c += 13) if (held[c] > 0) out[n++] = c;
  return n;
}

function legalMoves(s: CoasterState, seat: Seat, out: Move[]): number {
  if (s.handOver || seat !== s.turn) return 0;
  const held = s.held[seat];
  const counts = s.counts[seat];
  const jokers = counts[JOKERS];
  let n = 0;
  if (s.played === 0) {
    if (s.fromEmpty) {
      for (let r = 0; r < RANKS; r++) {
        if (counts[r] > 0 && canOpenEmptyPile(counts, jokers, r)) n = pushRank(held, r, out, n);
      }
    } else {
      const up = stepRank(s.anchor, UP, 1);
      const down = stepRank(s.anchor, DOWN, 1);
      if (counts[up] > 0) n = pushRank(held, up, out, n);
      if (counts[down] > 0) n = pushRank(held, down, out, n);
    }
    out[n++] = canDraw(s) ? DRAW : PASS;
    return n;
  }
  const gap = s.trailing + 1;
  if (s.dir !== DOWN) {
    const r = stepRank(s.anchor, UP, gap);
    if (counts[r] > 0) n = pushRank(held, r, out, n);
  }
  if (s.dir !== UP) {
    const r = stepRank(s.anchor, DOWN, gap);
    if (counts[r] > 0) n = pushRank(held, r, out, n);
  }
  if (jokers > 0 && canReachEitherWay(counts, jokers - 1, s.anchor, s.dir, gap + 1)) {
    if (held[RED_JOKER] > 0) out[n++] = RED_JOKER;
    if (held[BLACK_JOKER] > 0) out[n++] = BLACK_JOKER;
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
  s.held[seat][c]--;
  const left = --s.sizes[seat];
  s.discard.push(c);
  s.passes = 0;
  s.played++;
  if (isJoker(c)) {
    s.counts[seat][JOKERS]--;
    s.trailing++;
    s.pileRanks.push(s.dir === UNKNOWN ? -1 : stepRank(s.anchor, s.dir, s.trailing));
    return;
  }
  const r = cycleRank(c);
  s.counts[seat][r]--;
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
  s.held[seat][c]++;
  s.sizes[seat]++;
  s.counts[seat][isJoker(c) ? JOKERS : cycleRank(c)]++;
  s.passes = 0;
  nextTurn(s);
}

/** The stock is out: keep the pile's top card and shuffle the rest into a new stock. */
function turnOverPile(s: CoasterState): void {
  const pile = s.discard;
  const last = pile.length - 1;
  const top = pile[last];
  // Reuse both arrays: the playouts turn the pile over many times a second.
  const stock = s.stock;
  for (let i = 0; i < last; i++) stock.push(pile[i]);
  s.rng.shuffle(stock);
  pile.length = 1;
  pile[0] = top;
  s.pileRanks[0] = s.pileRanks[last];
  s.pileRanks.length = 1;
  // Views still name these cards in the history: everybody saw them played.
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
  s.result = {
    points,
    winners,
    reason,
    detail: { hands: s.held.map((_, p) => formatCards(handOf(s, p))), handSizes: s.sizes.slice() },
  };
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

function clone(s: CoasterState): CoasterState {
  return {
    ...cloneMatchState(s),
    options: s.options,
    packs: s.packs,
    held: s.held.map((h) => h.slice()),
    counts: s.counts.map((c) => c.slice()),
    sizes: s.sizes.slice(),
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    startingPile: s.startingPile,
    pileRanks: s.pileRanks.slice(),
    turn: s.turn,
    toActSeats: [s.turn],
    played: s.played,
    anchor: s.anchor,
    dir: s.dir,
    trailing: s.trailing,
    fromEmpty: s.fromEmpty,
    reshuffles: s.reshuffles,
    passes: s.passes,
  };
}

export const rollerCoaster: Game<CoasterState, CoasterOptions> = {
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
  clone,
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};
