import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import type { MatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";
import { CORNERS, NONE } from "./rules.js";

export const options = {
  limit: {
    kind: "int",
    default: 50,
    min: 1,
    max: 100000,
    label: "Penalty points to lose",
    help: "The match ends when a player reaches this many penalty points: that player loses.",
  },
  penalty: {
    kind: "enum",
    default: "kings",
    values: ["kings", "ranks"],
    label: "Penalty for cards left",
    help: "What each card left in hand costs at the end of a hand.",
    labels: {
      kings: "King 10, every other card 1 (as the rules say)",
      ranks: "Each card its rank: Ace 1 to King 13",
    },
  },
  firstPlayer: {
    kind: "enum",
    default: "dealer",
    values: ["dealer", "left"],
    label: "Who moves first",
    help: "Who makes the first turn of a hand.",
    labels: { dealer: "The dealer (as the rules say)", left: "The player left of the dealer" },
  },
} as const;
export type CornersOptions = OptionsOf<typeof options>;

const int = z.number().int();
/** A card of the 52, or -1 for none. */
const cardOrNone = int.min(-1).max(51);

/** The state, defined once; `newState` and `cloneState` keep its field order. */
export const stateSchema = z.object({
  ...matchStateFields,
  options: z.object({
    limit: int.min(1).max(100000),
    // Positions stored before the house rules existed play the seed's rules.
    penalty: z.enum(options.penalty.values).default(options.penalty.default),
    firstPlayer: z.enum(options.firstPlayer.values).default(options.firstPlayer.default),
  }),
  hands: z.array(z.array(cardCode)),
  /** Face up, but only the top card (the last element) is seen. */
  stock: z.array(cardCode),
  /** The four corner piles, bottom card first, all face up. */
  corners: z.array(z.array(cardCode)).length(CORNERS),
  /** Each corner's top card and bottom card, or -1 when empty: kept in step with `corners` for move generation. */
  tops: z.array(cardOrNone).length(CORNERS),
  bottoms: z.array(cardOrNone).length(CORNERS),
  /** For each card (and NO_CARD, 52), the corner it tops, or -1. */
  topCorner: z.array(int.min(-1).max(CORNERS - 1)).length(53),
  /** Seats that have emptied their hand and left this hand (rule 5). */
  out: z.array(z.boolean()),
  /** Seats still holding cards. */
  playersIn: int.min(0),
  turn: int.min(0),
  /** The corner the previous move of this turn emptied by a pile move (rule 4d), or NONE. */
  freed: int.min(-1).max(CORNERS - 1),
  /** Has the player to act made a move this turn? */
  moved: z.boolean(),
  /** Turns ended in a row without a move while the stock was empty (rule 7). */
  idleEnds: int.min(0),
  /**
   * 1 for a card everybody saw go into a hand: the stock is face up, so a
   * card taken from it is public. Only read for cards in hands.
   */
  seen: z.array(int.min(0).max(1)).length(52),
  /** The seat holding each card, or -1: lets move generation look up the two cards a corner takes. */
  holder: z.array(int.min(-1)).length(52),
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: z.array(int.min(0)).length(1),
});
export type CornersState = z.infer<typeof stateSchema>;

/** A new match's state, every field in the schema's order, before the deal. */
export function newState(base: MatchState, opts: CornersOptions): CornersState {
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
    hands: Array.from({ length: base.players }, () => []),
    stock: [],
    corners: [[], [], [], []],
    tops: [-1, -1, -1, -1],
    bottoms: [-1, -1, -1, -1],
    topCorner: new Array<number>(53).fill(-1),
    out: new Array<boolean>(base.players).fill(false),
    playersIn: base.players,
    turn: base.dealer,
    freed: NONE,
    moved: false,
    idleEnds: 0,
    seen: new Array<number>(52).fill(0),
    holder: new Array<number>(52).fill(-1),
    toActSeats: [base.dealer],
  };
}

/** A flat copy in the schema's order: every array copied. */
export function cloneState(s: CornersState): CornersState {
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
    hands: s.hands.map((h) => h.slice()),
    stock: s.stock.slice(),
    corners: s.corners.map((p) => p.slice()),
    tops: s.tops.slice(),
    bottoms: s.bottoms.slice(),
    topCorner: s.topCorner.slice(),
    out: s.out.slice(),
    playersIn: s.playersIn,
    turn: s.turn,
    freed: s.freed,
    moved: s.moved,
    idleEnds: s.idleEnds,
    seen: s.seen.slice(),
    holder: s.holder.slice(),
    toActSeats: [s.turn],
  };
}

/** Every card of the position: hands, stock and corners. */
export function cardsOf(s: CornersState): Card[] {
  const out: Card[] = [];
  for (const h of s.hands) out.push(...h);
  out.push(...s.stock);
  for (const p of s.corners) out.push(...p);
  return out;
}
