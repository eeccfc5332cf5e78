import type { Card } from "./cards.js";
import type { GameEvent } from "./events.js";
import type { OptionSpecs } from "./options.js";
import type { Result } from "./result.js";
import type { Rng, RngWords, Seed } from "./rng.js";
import type { GameWords } from "./words.js";
import { fastHandWords, handSeed, handWords, isFastSeed, seedAndWords } from "./seeds.js";

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
 * What every game's state holds besides its own parts. A state is plain data
 * (numbers, booleans, text, arrays and plain objects of them: no class
 * instances), so `structuredClone` and a JSON round trip both restore it, and
 * a game's `clone` is a flat copy of a shape that never changes. States are
 * mutable for speed (playouts apply millions of moves).
 */
export interface MatchState {
  readonly players: number;
  /** The match seed's text (secret: never in a view or an event). */
  seed: string;
  /** This hand's seed, 64 hex digits (secret until the hand is over): see `beginHand`. */
  handSeed: string;
  /** The generator, seeded from the hand seed: the deal, reshuffles and blind picks draw from it. */
  rng: RngWords;
  dealer: Seat;
  /** 1 for the first hand of the match. */
  hand: number;
  /** Match scores as the game keeps them (points, penalty points, hands won...). */
  scores: number[];
  handOver: boolean;
  matchOver: boolean;
  /** Moves made in this hand: the move limit counts them. */
  moves: number;
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
  /** The match seed; hand seeds derive from its text (`handSeed`). */
  readonly seed: Seed;
  readonly options: O;
  /**
   * The first hand's seed, given instead of derived: `cardroom deal` and the
   * verifier re-deal one hand this way (with the dealer named in the set-up).
   */
  readonly handSeed?: string;
}

/**
 * The one interface all games implement (after OpenSpiel's): deal, who acts,
 * legal moves, apply, views, results, match flow, and what search needs
 * (`clone`, `determinize`). It knows no transport.
 */
export interface Game<S extends MatchState = MatchState, O = Record<string, unknown>, V = JsonObject> {
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
  /** A flat copy: every array copied, the same shape as every other state of the game. */
  clone(state: S): S;

  /** The cards the game plays with for these players and options (any order). */
  pack(players: number, options: O): Card[];
  /** Every card of the position, wherever it is (hands, piles, crib...): the pack, conserved. */
  cards(state: S): Card[];
  /**
   * A full state consistent with everything `viewer` knows (its view), the
   * cards it cannot know spread uniformly over the places they could be, and
   * the seeds and generator replaced from `rng`: what search plays on.
   */
  determinize(state: S, viewer: Viewer, rng: Rng): S;
  /**
   * What a move showed, as events each viewer may read (`GameEvent`): the
   * move itself, a card drawn (named only to its drawer), points scored and
   * why, cards turned face up. Called by tables, never in playouts.
   */
  events(before: S, after: S, seat: Seat, move: Move): GameEvent[];
  /** Checks a restored position's game-specific invariants (beyond its shape and its cards). */
  checkPosition(state: S): string | null;
  /** The schema of a state's plain data, for restoring positions (`position.ts`). */
  readonly stateSchema: import("zod").ZodType<unknown>;
  /** The schema of a view (one source for its type, docs/PROTOCOL.md and the tests). */
  readonly viewSchema: import("zod").ZodType<unknown>;
  /** The schema of a move's wire form. */
  readonly moveSchema: import("zod").ZodType<unknown>;

  /** What the viewer may know now, built up from what it may see. */
  view(state: S, viewer: Viewer): V;
  /** The whole position, every card's place, cards as text: for debugging and tests. */
  dump(state: S): JsonObject;

  moveToJson(move: Move): MoveJson;
  moveFromJson(json: MoveJson): Result<Move, string>;
  /** The move in words for a terminal, cards as text ("play 8S and call hearts"). */
  describeMove(move: Move): string;
  /** The table as a seat sees it, as lines of text with card text, for terminals. */
  board(view: V): string[];
  /** The game's own words for its events and hand ends (`GameWords`); the shared words say the rest. */
  readonly words?: GameWords;
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
 * Applies a move already known to be legal: counts it, and ends the hand as
 * a draw at the game's move limit. Every caller (tables, simulations,
 * search) goes through here.
 */
export function applyMove<S extends MatchState>(game: Game<S>, state: S, seat: Seat, move: Move): void {
  state.moves++;
  game.apply(state, seat, move);
  if (!state.handOver && state.moves >= game.moveLimit) {
    game.drawHand(state, `draw: the hand reached ${game.moveLimit} moves`);
  }
}

/**
 * The common part of a new match as most games open it: the first dealer
 * seat 0 unless the set-up names one, and hand 1's seed and generator. The
 * game deals with `beginHand` next.
 */
export function openMatch(config: MatchConfig<unknown>, setup?: Setup): MatchState {
  return newMatchState(config.players, config.seed, setup?.dealer ?? 0, config.handSeed);
}

/**
 * The common part of a new match's state, in the field order every game's
 * state starts with, hand 1's seed and generator ready for its deal.
 */
export function newMatchState(players: number, seed: Seed, dealer: Seat, firstHandSeed?: string): MatchState {
  const s: MatchState = {
    players,
    seed: String(seed),
    handSeed: "",
    rng: [0, 0, 0, 0],
    dealer,
    hand: 1,
    scores: new Array<number>(players).fill(0),
    handOver: false,
    matchOver: false,
    moves: 0,
    result: null,
  };
  seedHand(s, firstHandSeed);
  return s;
}

/**
 * The hand's seed from the match seed and the hand number, and the
 * generator seeded from it: done as a hand number is set (a new match,
 * `passDeal`), so the deal that follows draws from it.
 */
export function seedHand(s: MatchState, given?: string): void {
  // A fast seed's match names no seeds of its own (the two texts' prefixes differ).
  if (given === undefined && isFastSeed(s.seed)) {
    s.handSeed = "";
    s.rng = fastHandWords(s.seed, s.hand);
    return;
  }
  given ??= givenSeed(s.seed, 1);
  if (given !== undefined) {
    s.handSeed = given;
    s.rng = handWords(given);
    return;
  }
  const { seed, words } = seedAndWords(s.seed, s.hand);
  s.handSeed = seed;
  s.rng = words;
}

/** As a hand is dealt: what the last hand left cleared. */
export function beginHand(s: MatchState): void {
  s.moves = 0;
  s.result = null;
  s.handOver = false;
}

/** The generator of the match's opening (hand 0's seed): for games that cut for the first deal. */
export function openingWords(seed: Seed): RngWords {
  if (isFastSeed(String(seed))) return fastHandWords(String(seed), 0);
  return handWords(givenSeed(String(seed), 0) ?? handSeed(String(seed), 0));
}

/**
 * A match seed that names its seeds as they are instead of deriving them:
 * the opening's (hand 0's) and the next hand's. No table takes it (a
 * table's seed is printable text), so only a verifier replaying a match
 * from the seeds its hands revealed makes one (src/protocol/proof-replay.ts):
 * the games deal from it exactly as from the match seed that gave them.
 */
export function givenSeeds(opening: string, nextHand: string): string {
  return `${GIVEN_SEEDS}${opening}:${nextHand}`;
}

const GIVEN_SEEDS = "\u0000given-seeds:";

/** Seed `which` (0 the opening, 1 the next hand) of a `givenSeeds` text; undefined for a real match seed. */
function givenSeed(seed: string, which: 0 | 1): string | undefined {
  return seed.startsWith(GIVEN_SEEDS) ? seed.slice(GIVEN_SEEDS.length).split(":")[which] : undefined;
}

/** After a hand: the deal passes to the left, the hand number goes up, and the new hand is seeded. */
export function passDeal(s: MatchState): void {
  s.dealer = (s.dealer + 1) % s.players;
  s.hand++;
  seedHand(s);
}

/** Copies the common part of a state into a fresh object (the game adds its own parts after it). */
export function cloneMatchState(s: MatchState): MatchState {
  return {
    players: s.players,
    seed: s.seed,
    handSeed: s.handSeed,
    rng: s.rng.slice(),
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
    handOver: s.handOver,
    matchOver: s.matchOver,
    moves: s.moves,
    result: s.result === null ? null : structuredClone(s.result),
  };
}

/**
 * For a determinized copy: the seeds and the generator replaced from the
 * searcher's own generator, so nothing secret of the real table (the next
 * reshuffle, the next hand) survives into the sampled world.
 */
export function reseedForSearch(s: MatchState, rng: Rng): void {
  // The searcher's outputs are already well mixed: four of them make a fresh generator.
  s.rng = [rng.next(), rng.next(), rng.next(), rng.next()];
  s.seed = SEARCH_SEED;
  s.handSeed = "";
}

/** The match seed of a sampled world: never a real table's, and its later hands are nobody's deal. */
export const SEARCH_SEED = "determinized";

/** Seats with the highest (or, for penalty games, lowest) score. */
export function bestSeats(scores: readonly number[], lowestWins = false): Seat[] {
  const best = lowestWins ? Math.min(...scores) : Math.max(...scores);
  const seats: Seat[] = [];
  scores.forEach((s, i) => {
    if (s === best) seats.push(i);
  });
  return seats;
}
