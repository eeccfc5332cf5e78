import type { Card } from "../../engine/cards.js";
import type { MatchState, Seat } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";

export const options = {
  target: { kind: "int", default: 121, min: 1, max: 10000, doc: "points that win the game" },
  muggins: {
    kind: "bool",
    default: false,
    doc: "players claim their own show counts; the opponent scores what was missed or over-claimed",
  },
  skunk: { kind: "bool", default: false, doc: "a win by 31 or more points counts as two games" },
} as const;
export type CribbageOptions = OptionsOf<typeof options>;

export const DISCARDING = 0;
export const PEGGING = 1;
/** Only with muggins: the players claim their counts one by one. */
export const SHOWING = 2;
export const OVER = 3;
export const PHASE_NAMES = ["discard", "pegging", "show", "over"] as const;

/** Why points were scored: kept as `kind * 1024 + points * 8 + seat` in `events`. */
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
export const EVENT_NAMES = [
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
] as const;
export const packEvent = (kind: number, points: number, seat: Seat): number =>
  kind * 1024 + points * 8 + seat;

export interface CribbageState extends MatchState {
  readonly options: CribbageOptions;
  phase: number;
  /** Cards still held: 6 (or 5) before the discards, then the cards not yet pegged. */
  hands: Card[][];
  /** Each seat's 4 cards after the discards: the hand it shows. */
  kept: Card[][];
  crib: Card[];
  /** Who put each crib card there; -1 for the card dealt to it (3 players). */
  cribOwner: Seat[];
  /**
   * The face-down stock is `stock[stockTop..]`, top card first. The array is
   * reused for dealing, so the cards before `stockTop` mean nothing.
   */
  stock: Card[];
  stockTop: number;
  /** -1 until cut. */
  starter: Card;
  /** The running count; the cards of this count are `played[pileStart..]`. */
  count: number;
  pileStart: number;
  /** Every card pegged this hand, in order, and who played it. */
  played: Card[];
  playedBy: Seat[];
  /** Seats that said "go" in this count, as bits. */
  goMask: number;
  /** Who played the last card of the count. */
  lastPlayer: Seat;
  /** The seat to play in the pegging. */
  turn: Seat;
  /** How many hands (and the crib) have been shown. */
  showStep: number;
  /** The muggins claims made so far this hand, per show step. */
  claims: number[];
  /** Points scored this hand, in order (see packEvent). */
  events: number[];
  /** Scores at the start of the hand, for the hand's result. */
  handStart: number[];
  /** The cut for the first deal: one round per tie, one card per seat. Empty when the set-up named the dealer. */
  cuts: Card[][];
  /** Games won when the match is over (2 for a skunk with the option on). */
  games: number[];
  /** Shared, read-only arrays: replaced, never changed. */
  toActSeats: readonly Seat[];
}
