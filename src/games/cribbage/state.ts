import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { type MatchConfig, type Seat, newMatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";

export const options = {
  target: {
    kind: "int",
    default: 121,
    min: 1,
    max: 10000,
    label: "Points to win",
    help: "The first player to reach this many points wins the game (121 is the usual game, 61 a short one).",
    // Five-card cribbage is a game to 61 ("once around" the board) unless the players say otherwise.
    defaultWith: { option: "deal", value: "five", default: 61 },
  },
  muggins: {
    kind: "bool",
    default: false,
    label: "Muggins",
    help: "Players count their own hands; points missed or over-counted go to the opponent.",
  },
  skunk: {
    kind: "bool",
    default: false,
    label: "Skunks",
    help: "A win by 31 or more points counts as two games.",
  },
  cribFlush: {
    kind: "enum",
    default: "five",
    values: ["five", "four"],
    label: "Flush in the crib",
    help: "Whether the crib scores a flush of its four cards alone, as a hand does, or only with the starter too.",
    labels: {
      five: "Only all five with the starter: 5 (as the rules say)",
      four: "Its four cards: 4, or 5 with the starter",
    },
  },
  deal: {
    kind: "enum",
    default: "six",
    values: ["six", "five"],
    label: "Cards dealt",
    help: "Six cards each as usual, or the older five-card game for two: keep three, one count to 31, first to 61.",
    labels: {
      six: "Six each, keep four (the usual game; five each with three players)",
      five: "Five-card cribbage: five each, keep three, the non-dealer starts with 3, game to 61 (two players)",
    },
  },
} as const;
export type CribbageOptions = OptionsOf<typeof options>;

/**
 * The `crib` flag the show's counting takes for a part: true for the crib
 * (a flush only with all five), unless the house rule `cribFlush: four`
 * counts the crib's flush as a hand's. Only the flush reads the flag.
 */
export const cribFlushRule = (o: { readonly cribFlush?: string }, crib: boolean): boolean =>
  crib && o.cribFlush !== "four";

/** The house rule `deal: five`: five-card cribbage (docs/rules/cribbage.md, "Five-card cribbage"). */
export const isFiveCard = (o: { readonly deal?: string }): boolean => o.deal === "five";

export const DISCARDING = 0;
export const PEGGING = 1;
/** Only with muggins: the players claim their counts one by one. */
export const SHOWING = 2;
export const OVER = 3;
export const PHASE_NAMES = ["discard", "pegging", "show", "over"] as const;

/** Why points were scored: kept as `kind * 1024 + points * 8 + seat` in `scoring`. */
export const HEELS = 1;
export const FIFTEEN = 2;
export const THIRTY_ONE = 3;
export const PAIRS = 4;
export const RUN = 5;
export const GO_POINT = 6;
export const LAST_CARD = 7;
export const HAND = 8;
export const CRIB = 9;
export const MUGGINS = 10;
/** Five-card cribbage: the first non-dealer's 3 at the start of the game. */
export const THREE_FOR_LAST = 11;
export const SCORE_NAMES = [
  "",
  "his heels",
  "fifteen",
  "thirty-one",
  "pairs",
  "run",
  "go",
  "last card",
  "hand",
  "crib",
  "muggins",
  "three for last",
] as const;
export const packScore = (kind: number, points: number, seat: Seat): number =>
  kind * 1024 + points * 8 + seat;
export const scoreKind = (packed: number): number => packed >> 10;
export const scorePoints = (packed: number): number => (packed >> 3) & 127;
export const scoreSeat = (packed: number): Seat => packed & 7;

const int = z.number().int();
const seat = int.min(0).max(2);

/**
 * The whole position as plain data (numbers and arrays of numbers), in the
 * order `newState` and `clone` write it: one shape for every state.
 */
export const stateSchema = z.object({
  ...matchStateFields,
  options: z.object({
    target: int.min(1).max(10000),
    muggins: z.boolean(),
    skunk: z.boolean(),
    // Positions stored before the house rule existed play the seed's rule.
    cribFlush: z.enum(options.cribFlush.values).default(options.cribFlush.default),
    deal: z.enum(options.deal.values).default(options.deal.default),
  }),
  /** DISCARDING, PEGGING, SHOWING or OVER. */
  phase: int.min(0).max(3),
  /** Cards still held: 6 (or 5) before the discards, then the cards not yet pegged. */
  hands: z.array(z.array(cardCode)),
  crib: z.array(cardCode),
  /** Who put each crib card there; -1 for the card dealt to it (3 players) or named by a set-up. */
  cribOwner: z.array(int.min(-1).max(2)),
  /** The face-down stock, top card first. Until the cut its top card is the starter. */
  stock: z.array(cardCode),
  /** The starter once cut; -1 before. */
  starter: int.min(-1).max(51),
  /** The running count; the cards of this count are `played[pileStart..]`. */
  count: int.min(0).max(31),
  pileStart: int.min(0),
  /** Every card pegged this hand, in order, and who played it. */
  played: z.array(cardCode),
  playedBy: z.array(seat),
  /** Seats that said "go" in this count, as bits. */
  goMask: int.min(0).max(7),
  /** Who played the last card of the count. */
  lastPlayer: seat,
  /** The seat to play in the pegging (or to claim in a muggins show). */
  turn: seat,
  /** The seats to act now, as bits (seat p is bit p). */
  toActBits: int.min(0).max(7),
  /** How many hands (and the crib) have been shown. */
  showStep: int.min(0).max(4),
  /** The muggins claims made so far this hand, per show step. */
  claims: z.array(int.min(0)),
  /** Points scored this hand, in order (see `packScore`). */
  scoring: z.array(int.min(0)),
  /** Scores at the start of the hand, for the hand's result. */
  handStart: z.array(z.number()),
  /**
   * The cut for the first deal: rounds of one card per seat (seat order), one
   * round per tie. Empty when the set-up named the dealer.
   */
  cuts: z.array(cardCode),
  /** Games won when the match is over (2 for a skunk with the option on). */
  games: z.array(int.min(0)),
});

export type CribbageState = z.infer<typeof stateSchema>;
export type CribbageResult = NonNullable<CribbageState["result"]>;

/** The state of a match about to deal its first hand, every field in the schema's order. */
function emptyHands(n: number): Card[][] {
  const hands: Card[][] = [];
  for (let p = 0; p < n; p++) hands.push([]);
  return hands;
}

export function newState(config: MatchConfig<CribbageOptions>, dealer: Seat, cuts: Card[]): CribbageState {
  const n = config.players;
  const base = newMatchState(n, config.seed, dealer, config.handSeed);
  return {
    players: base.players,
    seed: base.seed,
    handSeed: base.handSeed,
    rng: base.rng,
    dealer: base.dealer,
    hand: base.hand,
    scores: base.scores,
    handOver: base.handOver,
    matchOver: base.matchOver,
    moves: base.moves,
    result: null,
    options: config.options,
    phase: DISCARDING,
    hands: emptyHands(n),
    crib: [],
    cribOwner: [],
    stock: [],
    starter: -1,
    count: 0,
    pileStart: 0,
    played: [],
    playedBy: [],
    goMask: 0,
    lastPlayer: dealer,
    turn: (dealer + 1) % n,
    toActBits: 0,
    showStep: 0,
    claims: [],
    scoring: [],
    handStart: new Array<number>(n).fill(0),
    cuts,
    games: new Array<number>(n).fill(0),
  };
}

/** A flat copy in the schema's order: every array copied (a finished hand's result too). */
export function clone(s: CribbageState): CribbageState {
  const hands: Card[][] = [];
  for (let p = 0; p < s.hands.length; p++) hands.push(s.hands[p].slice());
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
    result: s.result === null ? null : copyResult(s.result),
    options: s.options,
    phase: s.phase,
    hands,
    crib: s.crib.slice(),
    cribOwner: s.cribOwner.slice(),
    stock: s.stock.slice(),
    starter: s.starter,
    count: s.count,
    pileStart: s.pileStart,
    played: s.played.slice(),
    playedBy: s.playedBy.slice(),
    goMask: s.goMask,
    lastPlayer: s.lastPlayer,
    turn: s.turn,
    toActBits: s.toActBits,
    showStep: s.showStep,
    claims: s.claims.slice(),
    scoring: s.scoring.slice(),
    handStart: s.handStart.slice(),
    cuts: s.cuts.slice(),
    games: s.games.slice(),
  };
}

/** A hand's result is plain JSON data: a copy shares nothing with it. */
const copyResult = (r: CribbageResult): CribbageResult => JSON.parse(JSON.stringify(r)) as CribbageResult;
