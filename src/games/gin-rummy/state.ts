import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import type { MatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, cardText, handResultSchema, matchStateFields } from "../../engine/schemas.js";

export const options = {
  target: {
    kind: "int",
    default: 100,
    min: 1,
    max: 100000,
    label: "Points to win",
    help: "The first player to reach this many points wins the match.",
  },
  knockLimit: {
    kind: "int",
    default: 10,
    min: 0,
    max: 99,
    label: "Most deadwood to knock",
    help: "A player may knock with this many deadwood points or fewer; 0 means gin only (the rules say 10).",
  },
  layoffs: {
    kind: "bool",
    default: true,
    label: "Lay-offs",
    help: "The player who did not knock may add deadwood cards to the knocker's melds.",
  },
  bonuses: {
    kind: "enum",
    default: "telecards",
    values: ["telecards", "standard"],
    label: "Match bonuses",
    help: "Standard bonuses add at the match's end 25 points per hand won and 100 to the winner, and double a shutout.",
    labels: { telecards: "None (as the Telecards rules play)", standard: "Standard bonuses" },
  },
  ginBonus: {
    kind: "int",
    default: 25,
    min: 0,
    max: 1000,
    label: "Gin bonus",
    help: "Points added for going gin.",
  },
  undercutBonus: {
    kind: "int",
    default: 25,
    min: 0,
    max: 1000,
    label: "Undercut bonus",
    help: "Points added for an undercut: the defender's deadwood is no more than the knocker's.",
  },
  oklahoma: {
    kind: "enum",
    default: "off",
    values: ["off", "rank", "spades"],
    label: "Oklahoma knock card",
    help: "The up-card's value sets the most deadwood to knock with that hand (an Ace: gin only); spades may double the hand.",
    labels: {
      off: "Off: the knock limit above",
      rank: "The up-card sets the knock limit",
      spades: "The up-card sets the knock limit; a spade doubles the hand",
    },
  },
} as const;
export type GinOptions = OptionsOf<typeof options>;

/** Where the hand stands: who must do what next. */
export const PHASES = ["offer", "draw-stock", "draw", "discard", "layoff"] as const;
export const OFFER = 0;
/** Both refused the up-card: the non-dealer must draw from the stock. */
export const DRAW_STOCK = 1;
export const DRAW_PHASE = 2;
export const DISCARD = 3;
export const LAYOFF = 4;

const int = z.number().int();
const seat = int.min(0).max(1);
const perSeat = <T extends z.ZodType>(t: T) => z.array(t).length(2);

export const optionsSchema = z.object({
  target: int.min(options.target.min).max(options.target.max),
  knockLimit: int.min(options.knockLimit.min).max(options.knockLimit.max),
  layoffs: z.boolean(),
  bonuses: z.enum(options.bonuses.values),
  ginBonus: int.min(options.ginBonus.min).max(options.ginBonus.max),
  undercutBonus: int.min(options.undercutBonus.min).max(options.undercutBonus.max),
  // Positions stored before the house rule existed play without it.
  oklahoma: z.enum(options.oklahoma.values).default(options.oklahoma.default),
});

/** A knocker's meld on the table, as lay-offs see it: ranks 0..12 (Ace 0). */
export const tableMeldSchema = z.object({
  set: z.boolean(),
  /** The run's suit; -1 for a set. */
  suit: int.min(-1).max(3),
  lo: int.min(0).max(12),
  hi: int.min(0).max(12),
  size: int.min(3).max(13),
});

export const layoffSchema = z.object({ card: cardText, meld: int.min(0) });

/** The standard bonuses, added once at the match's end (rule 8, `bonuses: standard`). */
export const matchBonusesSchema = z.object({
  /** The points before the bonuses. */
  points: z.array(z.number()),
  boxes: z.array(z.number()),
  game: z.array(z.number()),
  shutout: z.boolean(),
  totals: z.array(z.number()),
});

/** Both hands laid out at the end of a hand (`result.detail`). */
export const handDetailSchema = z.object({
  knocker: seat.nullable(),
  gin: z.boolean(),
  /** Per seat: its melds (the knocker's with the cards laid off on them). */
  melds: z.array(z.array(z.array(cardText))),
  deadwoodCards: z.array(z.array(cardText)),
  deadwood: z.array(int.min(0)),
  layoffs: z.array(layoffSchema),
  matchBonuses: matchBonusesSchema.nullable(),
});
export type HandDetail = z.infer<typeof handDetailSchema>;

export const ginResultSchema = handResultSchema.extend({ detail: handDetailSchema });
export type GinResult = z.infer<typeof ginResultSchema>;

/**
 * A Gin Rummy state: plain data only, in this field order always (`newState`
 * builds it, `clone` copies it).
 */
export const stateSchema = z.object({
  ...matchStateFields,
  result: ginResultSchema.nullable(),
  options: optionsSchema,
  hands: perSeat(z.array(cardCode)),
  /** Face down; the top card is the last element. */
  stock: z.array(cardCode),
  /** Face up; the top card is the last element. */
  discard: z.array(cardCode),
  /** The card turned up at the deal (public, wherever it went since): the Oklahoma knock card. -1 in positions from before. */
  upcard: int.min(-1).max(51).default(-1),
  /** An index into `PHASES`. */
  phase: int.min(0).max(PHASES.length - 1),
  turn: seat,
  /** The card taken from the discard pile this turn, which may not be thrown back; -1 for none. */
  taken: int.min(-1).max(51),
  /** Per seat, the cards it took face up from the discard pile and still holds: public knowledge. */
  takenFromDiscard: perSeat(z.array(cardCode)),
  /** Per seat, the cards it has discarded this hand (each once): public knowledge. */
  discardedBy: perSeat(z.array(cardCode)),
  /** Per seat, the face-up cards it passed on this hand (the up-card refused, a top discard left for the stock). */
  passedBy: perSeat(z.array(cardCode)),
  /** The seat that knocked, -1 before a knock. */
  knocker: int.min(-1).max(1),
  /** The knocker's melds as laid down (the knocker's own cards), fixed at the knock. */
  knockMelds: z.array(z.array(cardCode)),
  /** The same melds as lay-offs see them, growing with each lay-off. */
  tableMelds: z.array(tableMeldSchema),
  knockerDeadwood: int.min(0),
  /** Cards the defender laid off, and on which meld each went. */
  laidCards: z.array(cardCode),
  laidMelds: z.array(int.min(0)),
  /** Hands won by each seat in this match (for the box bonus). */
  handsWon: perSeat(int.min(0)),
  /** The seat that reached the target, once the match is over; -1 before. */
  winner: int.min(-1).max(1),
  toActSeats: z.array(seat).length(1),
});
export type GinState = z.infer<typeof stateSchema>;
export type TableMeld = z.infer<typeof tableMeldSchema>;

/** A new state: the common part as the engine opened it, then every field of the game, in the schema's order. */
export function newState(base: MatchState, opts: GinOptions): GinState {
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
    options: opts,
    hands: [[], []],
    stock: [],
    discard: [],
    upcard: -1,
    phase: OFFER,
    turn: 0,
    taken: -1,
    takenFromDiscard: [[], []],
    discardedBy: [[], []],
    passedBy: [[], []],
    knocker: -1,
    knockMelds: [],
    tableMelds: [],
    knockerDeadwood: 0,
    laidCards: [],
    laidMelds: [],
    handsWon: [0, 0],
    winner: -1,
    toActSeats: [0],
  };
}

export const copyResult = (r: GinResult): GinResult => {
  const d = r.detail;
  const b = d.matchBonuses;
  return {
    points: r.points.slice(),
    winners: r.winners.slice(),
    reason: r.reason,
    detail: {
      knocker: d.knocker,
      gin: d.gin,
      melds: d.melds.map((ms) => ms.map((m) => m.slice())),
      deadwoodCards: d.deadwoodCards.map((x) => x.slice()),
      deadwood: d.deadwood.slice(),
      layoffs: d.layoffs.map((l) => ({ card: l.card, meld: l.meld })),
      matchBonuses: b && {
        points: b.points.slice(),
        boxes: b.boxes.slice(),
        game: b.game.slice(),
        shutout: b.shutout,
        totals: b.totals.slice(),
      },
    },
  };
};

const copyMeld = (m: TableMeld): TableMeld => ({
  set: m.set,
  suit: m.suit,
  lo: m.lo,
  hi: m.hi,
  size: m.size,
});
const pair = (x: Card[][]): Card[][] => [x[0].slice(), x[1].slice()];

/** A flat copy in the schema's order: nothing shared with the original. */
export function clone(s: GinState): GinState {
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
    result: s.result && copyResult(s.result),
    options: s.options,
    hands: pair(s.hands),
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    upcard: s.upcard,
    phase: s.phase,
    turn: s.turn,
    taken: s.taken,
    takenFromDiscard: pair(s.takenFromDiscard),
    discardedBy: pair(s.discardedBy),
    passedBy: pair(s.passedBy),
    knocker: s.knocker,
    knockMelds: s.knockMelds.map((m) => m.slice()),
    tableMelds: s.tableMelds.map(copyMeld),
    knockerDeadwood: s.knockerDeadwood,
    laidCards: s.laidCards.slice(),
    laidMelds: s.laidMelds.slice(),
    handsWon: s.handsWon.slice(),
    winner: s.winner,
    toActSeats: [s.turn],
  };
}
