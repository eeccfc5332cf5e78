import { type Card, makePack } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import {
  type Game,
  type MatchConfig,
  type MatchState,
  type Move,
  type Seat,
  type Setup,
  cloneMatchState,
  openMatch,
  passDeal,
  beginHand,
} from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { type Result, err, ok } from "../../engine/result.js";
import { FLIP, describeMove, moveFromJson, moveToJson } from "./moves.js";
import { HAND_SIZE, NOBODY, NONE, counterClockwise, handWinners, nextLeader, trickWinner } from "./rules.js";
import { board, dump, view } from "./view.js";

export const options = {
  mode: {
    kind: "enum",
    default: "chance",
    values: ["chance", "strategy"],
    doc: "chance: everyone chooses a card face down at once; strategy: face up one by one, counter-clockwise",
  },
  blind: { kind: "bool", default: false, doc: "each player's card is picked at random from the hand" },
  youngest: {
    kind: "int",
    default: 0,
    min: 0,
    max: 4,
    doc: "strategy mode: the seat that leads the first trick",
  },
  runOff: {
    kind: "bool",
    default: false,
    doc: "a tied hand is followed by a run-off hand between the tied players",
  },
} as const;
export type HyruleOptions = OptionsOf<typeof options>;

/** Run-off hands after which a tie simply stands (shared win). */
export const MAX_RUN_OFFS = 20;

export interface HyruleState extends MatchState {
  readonly options: HyruleOptions;
  /** `options.mode === "chance"`, kept for the hot path. */
  readonly chance: boolean;
  /** Every seat, for a hand that everyone plays. */
  readonly everyone: readonly Seat[];
  /** All 54 cards: the stock first, then the cards dealt; shuffled anew (partially) for each deal. */
  deck: Card[];
  hands: Card[][];
  /** The cards not dealt, face down and out of play for the whole hand: `deck[0 .. stockSize)`. */
  stockSize: number;
  /** Per seat, the card put into the current trick, or NONE. Chance mode: secret until all have chosen. */
  played: Card[];
  /** The seats in the order their cards came into the current trick. */
  order: Seat[];
  playedCount: number;
  /** Cards each seat has captured in this hand. */
  captured: Card[][];
  /** Cards of tricks nobody took, waiting for the winner of the next trick. */
  unclaimed: Card[];
  /** Who plays this hand (everyone, or the tied players of a run-off). */
  inHand: boolean[];
  handPlayers: number;
  /**
   * Finished tricks of this hand (the first `trick` of the 7 slots): per trick, `players` cards
   * (NONE for seats out), then the winner or NOBODY.
   */
  tricks: number[];
  /** The current trick, 0 to 6. */
  trick: number;
  /** Strategy mode: who led the current trick, and whose turn it is. */
  leader: Seat;
  turn: Seat;
  lastWinner: Seat;
  /** Seats to act: `[turn]`, or in chance mode every seat in the hand yet to choose. */
  toActSeats: Seat[];
  runOffs: number;
  /** Who plays the next hand: the tied players of a run-off. */
  nextPlayers: Seat[];
  /** The match winners, once the match is over. */
  winners: Seat[];
}

/** The first trick's leader: the youngest player, or the first player in the hand counter-clockwise from them. */
function firstLeader(s: HyruleState): Seat {
  let p = s.options.youngest;
  while (!s.inHand[p]) p = counterClockwise(p, s.players);
  return p;
}

/**
 * Empties an array the state keeps reusing. Popping keeps V8's backing store,
 * where `length = 0` frees it and the next pushes grow it again: a third
 * slower at two players.
 */
function clear(a: number[]): void {
  while (a.length > 0) a.pop();
}

/** Sets up a hand for `players` (seats), reusing the state's arrays: the hot path of playouts. */
function resetHand(s: HyruleState, players: readonly Seat[]): void {
  const n = s.players;
  s.inHand.fill(false);
  for (let i = 0; i < players.length; i++) s.inHand[players[i]] = true;
  s.handPlayers = players.length;
  s.played.fill(NONE);
  s.playedCount = 0;
  for (let p = 0; p < n; p++) {
    clear(s.hands[p]);
    clear(s.captured[p]);
  }
  clear(s.unclaimed);
  s.stockSize = 0;
  s.trick = 0;
  s.scores.fill(0);
  s.lastWinner = NOBODY;
  beginHand(s);
}

/**
 * Deals 7 to each player in the hand by a partial Fisher-Yates shuffle of the
 * state's deck, whatever order the last hand left it in: each card dealt is
 * drawn uniformly from those not yet dealt (moved to the end, past `i`), so
 * every deal is equally likely. The undealt cards are the stock, in no order
 * that matters. The engine's `Shoe` (used for set-ups) shuffles all 54 cards
 * into new arrays: half the speed of two-player playouts, where the deal is
 * most of the work.
 */
function dealFromDeck(s: HyruleState): void {
  const deck = s.deck;
  let i = deck.length;
  for (let p = 0; p < s.players; p++) {
    if (!s.inHand[p]) continue;
    const hand = s.hands[p];
    for (let k = 0; k < HAND_SIZE; k++) {
      const j = s.rng.int(i--);
      const c = deck[j];
      deck[j] = deck[i];
      deck[i] = c;
      hand.push(c);
    }
  }
  s.stockSize = i;
}

/** Deals the named cards of a set-up, and the rest of the pack in seeded random order. */
function dealSetup(s: HyruleState, setup: Setup): Result<void, string> {
  const shape = checkSetupShape(setup, s.players, HAND_SIZE, []);
  if (shape) return err(shape);
  if (setup.stock || setup.discard) {
    return err("Hyrule has no stock or discard pile in play: a set-up names only dealer and hands");
  }
  const shoe = Shoe.fromPack(makePack({ jokers: 2 }), namedCards(setup), s.rng);
  if (!shoe.ok) return shoe;
  for (let p = 0; p < s.players; p++) s.hands[p].push(...shoe.value.fill(setup.hands?.[p], HAND_SIZE));
  const stock = shoe.value.rest();
  s.deck = [...stock, ...s.hands.flat()];
  s.stockSize = stock.length;
  return ok(undefined);
}

function deal(s: HyruleState, players: readonly Seat[], setup?: Setup): Result<void, string> {
  resetHand(s, players);
  if (setup) {
    const dealt = dealSetup(s, setup);
    if (!dealt.ok) return dealt;
  } else {
    dealFromDeck(s);
  }
  s.leader = firstLeader(s);
  s.turn = s.leader;
  openTrick(s);
  return ok(undefined);
}

function openTrick(s: HyruleState): void {
  const seats = s.toActSeats;
  clear(seats);
  if (s.chance) {
    for (let p = 0; p < s.players; p++) if (s.inHand[p]) seats.push(p);
  } else {
    seats.push(s.turn);
  }
}

function start(config: MatchConfig<HyruleOptions>, setup?: Setup): Result<HyruleState, string> {
  const { players, options: o } = config;
  if (o.youngest >= players) {
    return err(
      `option "youngest": seat ${o.youngest} is not at a table of ${players} (seats 0 to ${players - 1})`,
    );
  }
  const base = openMatch(config, setup);
  const s = {
    ...base,
    options: o,
    chance: o.mode === "chance",
    everyone: Array.from({ length: players }, (_, p) => p),
    deck: makePack({ jokers: 2 }),
    hands: Array.from({ length: players }, () => []),
    stockSize: 0,
    played: new Array<Card>(players).fill(NONE),
    order: new Array<Seat>(players).fill(NONE),
    playedCount: 0,
    captured: Array.from({ length: players }, () => []),
    unclaimed: [],
    inHand: new Array<boolean>(players).fill(false),
    handPlayers: players,
    tricks: new Array<number>(HAND_SIZE * (players + 1)).fill(NONE),
    trick: 0,
    leader: 0,
    turn: 0,
    lastWinner: NOBODY,
    toActSeats: [],
    runOffs: 0,
    nextPlayers: [],
    winners: [],
  } satisfies HyruleState;
  const dealt = deal(s, s.everyone, setup);
  return dealt.ok ? ok(s) : dealt;
}

function nextHand(s: HyruleState): void {
  passDeal(s);
  const players = s.nextPlayers.length ? s.nextPlayers : s.everyone;
  s.nextPlayers = [];
  deal(s, players);
}

function legalMoves(s: HyruleState, seat: Seat, out: Move[]): number {
  if (s.handOver || !s.inHand[seat]) return 0;
  if (s.chance ? s.played[seat] !== NONE : seat !== s.turn) return 0;
  if (s.options.blind) {
    out[0] = FLIP;
    return 1;
  }
  const hand = s.hands[seat];
  for (let i = 0; i < hand.length; i++) out[i] = hand[i];
  return hand.length;
}

function apply(s: HyruleState, seat: Seat, m: Move): void {
  const hand = s.hands[seat];
  const i = m === FLIP ? s.rng.int(hand.length) : hand.indexOf(m);
  const c = hand[i];
  hand[i] = hand[hand.length - 1];
  hand.pop();
  s.played[seat] = c;
  s.order[s.playedCount++] = seat;
  if (s.chance) {
    const seats = s.toActSeats;
    const k = seats.indexOf(seat);
    for (let j = k + 1; j < seats.length; j++) seats[j - 1] = seats[j];
    seats.pop();
  } else if (s.playedCount < s.handPlayers) {
    do s.turn = counterClockwise(s.turn, s.players);
    while (!s.inHand[s.turn]);
    s.toActSeats[0] = s.turn;
  }
  if (s.playedCount === s.handPlayers) closeTrick(s);
}

/** The current trick's cards in play order, for `trickWinner`: reused, as it runs on every trick of every playout. */
const TRICK: Card[] = [0, 0, 0, 0, 0];

/** All cards are in (and, in chance mode, revealed together): decide the trick and hand its cards over. */
function closeTrick(s: HyruleState): void {
  const count = s.playedCount;
  for (let i = 0; i < count; i++) TRICK[i] = s.played[s.order[i]];
  // In chance mode the order of choosing is no part of the game, and with two jokers tying it decides nothing.
  const w = trickWinner(TRICK, count, s.chance);
  const winner = w === NOBODY ? NOBODY : s.order[w];
  const pile = winner === NOBODY ? s.unclaimed : s.captured[winner];
  for (let i = 0; i < count; i++) pile.push(TRICK[i]);
  if (winner !== NOBODY) {
    for (let i = 0; i < s.unclaimed.length; i++) pile.push(s.unclaimed[i]);
    clear(s.unclaimed);
    s.scores[winner] = pile.length;
  }
  const log = s.trick * (s.players + 1);
  for (let p = 0; p < s.players; p++) {
    s.tricks[log + p] = s.played[p];
    s.played[p] = NONE;
  }
  s.tricks[log + s.players] = winner;
  s.playedCount = 0;
  s.lastWinner = winner;
  s.trick++;
  if (s.trick === HAND_SIZE) {
    endHand(s);
    return;
  }
  if (!s.chance) {
    s.leader = nextLeader(s.scores, s.inHand, winner, s.leader);
    s.turn = s.leader;
  }
  openTrick(s);
}

function endHand(s: HyruleState): void {
  const winners = handWinners(s.scores, s.inHand);
  const runOff = winners.length > 1 && s.options.runOff && s.runOffs < MAX_RUN_OFFS;
  finish(
    s,
    winners,
    runOff ? "tie: a run-off hand follows" : winners.length > 1 ? "tie: shared win" : "most cards",
  );
  if (runOff) {
    s.runOffs++;
    s.nextPlayers = winners;
  } else {
    s.matchOver = true;
    s.winners = winners;
  }
}

function finish(s: HyruleState, winners: Seat[], reason: string): void {
  s.handOver = true;
  clear(s.toActSeats);
  s.result = {
    points: s.scores.slice(),
    winners,
    reason,
    // The captured cards themselves stay in the view until the next deal.
    detail: { unclaimed: s.unclaimed.length ? formatCards(s.unclaimed) : [], inHand: s.inHand.slice() },
  };
}

/** The hand cannot run long (7 tricks), but a drawn hand ends the match with no winner. */
function drawHand(s: HyruleState, reason: string): void {
  finish(s, [], reason);
  s.matchOver = true;
  s.winners = [];
}

function clone(s: HyruleState): HyruleState {
  return {
    ...cloneMatchState(s),
    options: s.options,
    chance: s.chance,
    everyone: s.everyone,
    deck: s.deck.slice(),
    hands: s.hands.map((h) => h.slice()),
    stockSize: s.stockSize,
    played: s.played.slice(),
    order: s.order.slice(),
    playedCount: s.playedCount,
    captured: s.captured.map((c) => c.slice()),
    unclaimed: s.unclaimed.slice(),
    inHand: s.inHand.slice(),
    handPlayers: s.handPlayers,
    tricks: s.tricks.slice(),
    trick: s.trick,
    leader: s.leader,
    turn: s.turn,
    lastWinner: s.lastWinner,
    toActSeats: s.toActSeats.slice(),
    runOffs: s.runOffs,
    nextPlayers: s.nextPlayers.slice(),
    winners: s.winners.slice(),
  };
}

export const hyrule: Game<HyruleState, HyruleOptions> = {
  id: "hyrule",
  name: "Hyrule",
  minPlayers: 2,
  maxPlayers: 5,
  options,
  // A hand is at most 7 tricks of 5 cards: 35 moves.
  moveLimit: 200,
  start,
  nextHand,
  toAct: (s) => s.toActSeats,
  legalMoves,
  apply,
  drawHand,
  matchWinners: (s) => s.winners,
  clone,
  view,
  dump,
  moveToJson,
  moveFromJson,
  describeMove,
  board,
};
