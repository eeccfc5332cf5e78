import type { Card } from "./cards.js";
import type { OptionSpecs } from "./options.js";
import type { Result } from "./result.js";
import { Rng, type Seed } from "./rng.js";

/** Seats are numbered 0..n-1 clockwise. */
export type Seat = number;
/** A move in a game's compact integer form; `moveToJson` gives its wire form. */
export type Move = number;
export const SPECTATOR = "spectator";
export type Viewer = Seat | typeof SPECTATOR;

/** The wire form of a move: an object with a `type`, cards as text. */
export type MoveJson = { readonly type: string; readonly [field: string]: unknown };
/** A view or result in wire form: plain JSON. */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };

/**
 * What every game's state holds besides its own parts. States are mutable
 * for speed (playouts apply millions of moves); `clone` copies one for search.
 */
export interface MatchState {
  readonly players: number;
  /** The seeded generator: part of the state, so clones and replays shuffle alike. */
  rng: Rng;
  dealer: Seat;
  /** 1 for the first hand of the match. */
  hand: number;
  /** Match scores as the game keeps them (points, penalty points, hands won...). */
  scores: number[];
  handOver: boolean;
  matchOver: boolean;
  /** Moves made in this hand, packed as `move * 16 + seat`: each seat's view of the public history. */
  history: number[];
  /** Why the hand ended, once it has. */
  result: HandResult | null;
}

export interface HandResult {
  /** What each seat scored in this hand, in the game's own units. */
  readonly points: readonly number[];
  /** Who won the hand; empty for a drawn hand. */
  readonly winners: readonly Seat[];
  /** How the hand ended, in a few words: "went out", "blocked", "draw (move limit)". */
  readonly reason: string;
  /** What the players should see at the end: hands, melds, counts. */
  readonly detail?: JsonObject;
}

/** A set-up position as the caller names it, cards already parsed (CONTRACT `setup`). */
export interface Setup {
  readonly dealer?: Seat;
  /** Per seat; a seat's list may be partial or missing, and the rest is dealt. */
  readonly hands?: readonly (readonly Card[] | null | undefined)[];
  /** Top card first. */
  readonly stock?: readonly Card[];
  /** Bottom card first. */
  readonly discard?: readonly Card[];
  /** The game's own parts ("corners", "crib", "starter", "upcard", ...). */
  readonly [part: string]: unknown;
}

export interface MatchConfig<O> {
  readonly players: number;
  readonly seed: Seed;
  readonly options: O;
}

/**
 * The one interface all games implement (after OpenSpiel's): deal, who acts,
 * legal moves, apply, views, results, match flow. It knows no transport.
 */
export interface Game<S extends MatchState = MatchState, O = Record<string, unknown>> {
  readonly id: string;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly options: OptionSpecs;
  /** A hand that reaches this many moves ends as a draw. */
  readonly moveLimit: number;

  /** Starts a match and deals its first hand; an impossible set-up or option mix is an error line. */
  start(config: MatchConfig<O>, setup?: Setup): Result<S, string>;
  /** Deals the next hand: only when the hand is over and the match is not. */
  nextHand(state: S): void;
  /** Seats to act now: one, or several choosing at the same time. May be a shared array: do not change it. */
  toAct(state: S): readonly Seat[];
  /** Writes the seat's legal moves into `out` and returns how many. */
  legalMoves(state: S, seat: Seat, out: Move[]): number;
  /** Applies a legal move. Callers check legality first (see `applyMove`). */
  apply(state: S, seat: Seat, move: Move): void;
  /** Ends the hand as a draw with no points (move limit, or a position repeating). */
  drawHand(state: S, reason: string): void;
  /** Winners of the match, once it is over. */
  matchWinners(state: S): readonly Seat[];
  clone(state: S): S;

  /** What the viewer may know, built up from what it may see. */
  view(state: S, viewer: Viewer): JsonObject;
  /** The whole position, every card's place: for debugging. */
  dump(state: S): JsonObject;

  moveToJson(move: Move): MoveJson;
  moveFromJson(json: MoveJson): Result<Move, string>;
  /** The move in words for a terminal, cards as text ("play 8S and call hearts"). */
  describeMove(move: Move): string;
  /** The table as a seat sees it, as lines of text with card text, for terminals. */
  board(view: JsonObject): string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any>;

/** The seat's legal moves as a fresh array. */
export function legalMoves<S extends MatchState>(game: Game<S>, state: S, seat: Seat): Move[] {
  const buf: Move[] = [];
  buf.length = game.legalMoves(state, seat, buf);
  return buf;
}

/**
 * Applies a move already known to be legal: records it in the hand's history
 * and ends the hand as a draw at the game's move limit. Every caller (tables,
 * simulations, search) goes through here, so all see the same history.
 */
export function applyMove<S extends MatchState>(game: Game<S>, state: S, seat: Seat, move: Move): void {
  state.history.push(move * 16 + seat);
  game.apply(state, seat, move);
  if (!state.handOver && state.history.length >= game.moveLimit) {
    game.drawHand(state, `draw: the hand reached ${game.moveLimit} moves`);
  }
}

export const historySeat = (packed: number): Seat => packed % 16;
export const historyMove = (packed: number): Move => Math.floor(packed / 16);

/**
 * The hand's history as the viewer saw it. `reveal` returns a move's wire
 * form, or a masked form for moves the viewer may not see.
 */
export function historyView(state: MatchState, reveal: (seat: Seat, move: Move) => MoveJson): JsonObject[] {
  return state.history.map((packed) => {
    const seat = historySeat(packed);
    return { seat, move: reveal(seat, historyMove(packed)) as JsonObject };
  });
}

/**
 * The common part of a new match as most games open it: the generator seeded
 * from the match's seed, and the first dealer seat 0 unless the set-up names one.
 */
export function openMatch(config: MatchConfig<unknown>, setup?: Setup): MatchState {
  return newMatchState(config.players, Rng.fromSeed(config.seed), setup?.dealer ?? 0);
}

/** The common part of a new match's state. */
export function newMatchState(players: number, rng: Rng, dealer: Seat): MatchState {
  return {
    players,
    rng,
    dealer,
    hand: 1,
    scores: new Array<number>(players).fill(0),
    handOver: false,
    matchOver: false,
    history: [],
    result: null,
  };
}

/** Clears what the last hand left behind (history, result), before a deal. */
export function beginHand(s: MatchState): void {
  s.history = [];
  s.result = null;
  s.handOver = false;
}

/** After a hand: the deal passes to the left and the hand number goes up. */
export function passDeal(s: MatchState): void {
  s.dealer = (s.dealer + 1) % s.players;
  s.hand++;
}

/** Copies the common part of a state (the game copies its own parts). */
export function cloneMatchState(s: MatchState): MatchState {
  return {
    players: s.players,
    rng: s.rng.clone(),
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    handOver: s.handOver,
    matchOver: s.matchOver,
    history: s.history.slice(),
    result: s.result,
  };
}

/** Seats with the highest (or, for penalty games, lowest) score. */
export function bestSeats(scores: readonly number[], lowestWins = false): Seat[] {
  const best = lowestWins ? Math.min(...scores) : Math.max(...scores);
  const seats: Seat[] = [];
  scores.forEach((s, i) => {
    if (s === best) seats.push(i);
  });
  return seats;
}
