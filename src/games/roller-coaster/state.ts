import { z } from "zod";
import { type Card, CARD_SPACE, isJoker } from "../../engine/cards.js";
import type { MatchState, Seat } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";

export const options = {
  packs: {
    kind: "enum",
    default: "auto",
    values: ["auto", "1", "2"],
    label: "Packs",
    help: "How many packs of 54 cards (52 and two jokers) are shuffled together.",
    labels: {
      auto: "As the players need (one up to 6 players, two for 7 to 12)",
      "1": "One pack",
      "2": "Two packs",
    },
  },
  handsToWin: {
    kind: "int",
    default: 1,
    min: 1,
    max: 1000,
    label: "Hands to win",
    help: "The first player to win this many hands wins the match.",
  },
  mustPlay: {
    kind: "bool",
    default: false,
    label: "Play when you can",
    help: "A player who can discard a run must: drawing (or passing) only when no run can be played.",
  },
  newStock: {
    kind: "enum",
    default: "shuffle",
    values: ["shuffle", "flip"],
    label: "When the stock runs out",
    help: "The discard pile, all but its top card, becomes the new stock: shuffled, or turned over as it lies.",
    labels: {
      shuffle: "Shuffle the pile into a new stock",
      flip: "Turn the pile over unshuffled: its first card played is drawn first",
    },
  },
} as const;
export type CoasterOptions = OptionsOf<typeof options>;

/** Per seat, `held` keeps a count for each card code: seat k's counts start at `k * CARD_SPACE`. */
export const HELD = CARD_SPACE;
/** Per seat, `counts` keeps 13 cycle ranks then the jokers: seat k's start at `k * RANK_SLOTS`. */
export const RANK_SLOTS = 14;
/** A stock draw since the last reshuffle, packed: `seat * DRAW_SEAT + card`. */
export const DRAW_SEAT = 64;

const int = z.number().int();

/**
 * The state, defined once. Hands are counts in flat arrays (one copy each in
 * `clone`); stock and pile have their top card last.
 */
export const stateSchema = z.object({
  ...matchStateFields,
  options: z.object({
    packs: z.enum(["auto", "1", "2"]),
    handsToWin: int.min(1).max(1000),
    // Positions stored before the house rule existed play the seed's rule.
    mustPlay: z.boolean().default(options.mustPlay.default),
    newStock: z.enum(options.newStock.values).default(options.newStock.default),
  }),
  /** Packs in play (1 or 2), settled from the option and the player count. */
  packs: int.min(1).max(2),
  /** Per seat, how many of each card it holds (`seat * HELD + card`). Two packs hold duplicates. */
  held: z.array(int.min(0)),
  /** Per seat, its cards per cycle rank 0..12 and its jokers (`seat * RANK_SLOTS + r`): derived from `held`. */
  counts: z.array(int.min(0)),
  /** Per seat: cards in hand. */
  sizes: z.array(int.min(0)),
  /** Face down; the top card is the last element. */
  stock: z.array(cardCode),
  /** Face up; the top card is the last element. */
  discard: z.array(cardCode),
  /** The rank each discard stands at (0..12): a joker's is the rank it stood for, -1 while unknown. */
  pileRanks: z.array(int.min(-1).max(12)),
  /** The cards the last reshuffle turned into the stock (ascending codes): all were seen played. */
  turned: z.array(cardCode),
  /** The stock draws since the last reshuffle, `seat * DRAW_SEAT + card`: each drawer knows its own. */
  turnedDraws: z.array(int.min(0)),
  turn: int.min(0),
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: z.array(int.min(0)).length(1),
  /** Cards played in this turn so far. */
  played: int.min(0),
  /** The rank the run goes on from: the last real card played, or the pile's top at the turn's start; -1 on an empty pile. */
  anchor: int.min(-1).max(12),
  /** +1 up, -1 down, 0 while not yet set. */
  dir: int.min(-1).max(1),
  /** Jokers played since the last real card. */
  trailing: int.min(0),
  /** The pile was empty when this turn began: the run needs two cards or more. */
  fromEmpty: z.boolean(),
  /** Times this hand the pile was turned into a new stock. */
  reshuffles: int.min(0),
  /** Passes in a row with nothing to draw: when every seat has passed, the hand is blocked. */
  passes: int.min(0),
});
export type CoasterState = z.infer<typeof stateSchema>;

/** A state with every field in the schema's order (the one shape every state has). */
export function newState(base: MatchState, opts: CoasterOptions, packs: number): CoasterState {
  const n = base.players;
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
    packs,
    held: new Array<number>(n * HELD).fill(0),
    counts: new Array<number>(n * RANK_SLOTS).fill(0),
    sizes: new Array<number>(n).fill(0),
    stock: [],
    discard: [],
    pileRanks: [],
    turned: [],
    turnedDraws: [],
    turn: base.dealer,
    toActSeats: [base.dealer],
    played: 0,
    anchor: -1,
    dir: 0,
    trailing: 0,
    fromEmpty: true,
    reshuffles: 0,
    passes: 0,
  };
}

/** A flat copy in the schema's order: every array copied. */
export function cloneState(s: CoasterState): CoasterState {
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
    // Set once at the hand's end and never changed; copied whole so no array is shared.
    result: s.result && structuredClone(s.result),
    options: s.options,
    packs: s.packs,
    held: s.held.slice(),
    counts: s.counts.slice(),
    sizes: s.sizes.slice(),
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    pileRanks: s.pileRanks.slice(),
    turned: s.turned.slice(),
    turnedDraws: s.turnedDraws.slice(),
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

/** The rank slot a card counts in: its cycle rank, or the jokers' slot. */
export const rankSlot = (c: Card): number => (isJoker(c) ? 13 : c % 13);

/** The seat's hand as a list, by rank (Ace first) then suit, jokers last. */
export function handOf(s: CoasterState, seat: number): Card[] {
  const base = seat * HELD;
  const held = s.held;
  const out: Card[] = [];
  for (let r = 0; r < 13; r++)
    for (let c = r; c < 52; c += 13) for (let k = 0; k < held[base + c]; k++) out.push(c);
  for (let c = 52; c < CARD_SPACE; c++) for (let k = 0; k < held[base + c]; k++) out.push(c);
  return out;
}

/** Gives a seat exactly these cards (dealing, determinizing). */
export function setHand(s: CoasterState, seat: number, cards: readonly Card[]): void {
  const hb = seat * HELD;
  const rb = seat * RANK_SLOTS;
  s.held.fill(0, hb, hb + HELD);
  s.counts.fill(0, rb, rb + RANK_SLOTS);
  for (const c of cards) {
    s.held[hb + c]++;
    s.counts[rb + rankSlot(c)]++;
  }
  s.sizes[seat] = cards.length;
}

/** Something to draw: the stock, or a pile to turn over (all but its top card). */
export const canDraw = (s: CoasterState): boolean => s.stock.length > 0 || s.discard.length > 1;

/** The cards `seat` drew from the turned stock since the last reshuffle. */
export function turnedDrawsOf(s: CoasterState, seat: Seat): Card[] {
  const out: Card[] = [];
  for (const d of s.turnedDraws) if (Math.floor(d / DRAW_SEAT) === seat) out.push(d % DRAW_SEAT);
  return out.sort((a, b) => a - b);
}

/** How many cards each seat drew from the turned stock since the last reshuffle. */
export function turnedDrawCounts(s: CoasterState): number[] {
  const out = new Array<number>(s.players).fill(0);
  for (const d of s.turnedDraws) out[Math.floor(d / DRAW_SEAT)]++;
  return out;
}
