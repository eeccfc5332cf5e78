/**
 * Hyrule's state: plain data, defined once as a zod schema (positions are
 * checked against it; the type is inferred from it). `newState` builds it
 * and `cloneState` copies it, both field by field in the schema's order, so
 * every state has one shape.
 */
import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import type { Json, MatchState, Seat } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";
import { HAND_SIZE, NOBODY, NONE } from "./rules.js";

export const options = {
  mode: {
    kind: "enum",
    default: "chance",
    values: ["chance", "strategy"],
    label: "How cards are played",
    help: "Chance: everyone chooses a card face down and all turn together. Strategy: each plays face up in turn, counter-clockwise.",
    labels: { chance: "Chance: all at once, face down", strategy: "Strategy: one by one, face up" },
  },
  blind: {
    kind: "bool",
    default: false,
    label: "Blind play",
    help: "Each player's card is picked at random from their hand.",
  },
  youngest: {
    kind: "int",
    default: 0,
    min: 0,
    max: 4,
    label: "Who leads first",
    help: "In the strategy mode, the player who leads the first trick.",
    seat: true,
  },
  runOff: {
    kind: "bool",
    default: false,
    label: "Play off ties",
    help: "A tied hand is followed by a run-off hand between the tied players.",
  },
  tiedTricks: {
    kind: "enum",
    default: "carry",
    values: ["carry", "aside"],
    label: "Tricks nobody takes",
    help: "Where the cards of a trick nobody takes go.",
    labels: { carry: "To the winner of the next trick", aside: "Set aside: nobody captures them" },
  },
} as const;
export type HyruleOptions = OptionsOf<typeof options>;

const int = z.number().int();
const seat = int.min(0).max(4);
/** A card, or NONE (-1) where a place holds none. */
const cardOrNone = int.min(NONE).max(53);
/** A seat, or NOBODY (-1). */
const seatOrNobody = int.min(NOBODY).max(4);

export const optionsSchema = z.object({
  mode: z.enum(["chance", "strategy"]),
  blind: z.boolean(),
  youngest: seat,
  runOff: z.boolean(),
  // Positions stored before the house rule existed play the rulings' rule.
  tiedTricks: z.enum(options.tiedTricks.values).default(options.tiedTricks.default),
});

export const stateSchema = z.object({
  ...matchStateFields,
  options: optionsSchema,
  /** `options.mode === "chance"`, kept for the hot path. */
  chance: z.boolean(),
  /** Per seat, the cards in hand (in the order dealt; a play swaps the last card into the gap). */
  hands: z.array(z.array(cardCode)),
  /** The cards not dealt, face down and out of play for the whole hand, in dealing order. */
  stock: z.array(cardCode),
  /** Per seat, the card put into the current trick, or NONE. Chance mode: secret until all have chosen. */
  played: z.array(cardOrNone),
  /** The seats in the order their cards came into the current trick (the first `playedCount`). */
  order: z.array(seatOrNobody),
  playedCount: int.min(0).max(5),
  /** Cards each seat has captured in this hand, trick by trick. */
  captured: z.array(z.array(cardCode)),
  /** Cards of tricks nobody took, waiting for the winner of the next trick. */
  unclaimed: z.array(cardCode),
  /** Who plays this hand (everyone, or the tied players of a run-off). */
  inHand: z.array(z.boolean()),
  handPlayers: int.min(2).max(5),
  /**
   * Finished tricks of this hand, 7 slots of `players + 1` numbers: per seat
   * its card (NONE for a seat not playing), then the winner or NOBODY. A slot
   * whose cards are all NONE was not played at this table (a set-up's endgame).
   */
  tricks: z.array(int.min(-1).max(53)),
  /** The current trick, 0 to 6 (7 once the hand is over). */
  trick: int.min(0).max(HAND_SIZE),
  /** Strategy mode: who led the current trick, and whose turn it is. */
  leader: seat,
  turn: seat,
  lastWinner: seatOrNobody,
  /** Seats to act: `[turn]`, or in chance mode every seat in the hand yet to choose, in seat order. */
  toActSeats: z.array(seat),
  runOffs: int.min(0),
  /** Who plays the next hand: the tied players of a run-off (empty: everyone). */
  nextPlayers: z.array(seat),
  /** The match winners, once the match is over. */
  winners: z.array(seat),
});

export type HyruleState = z.infer<typeof stateSchema>;

// The schema's type is a match state: the engine's functions take it as one.
const _isMatchState = (s: HyruleState): MatchState => s;
void _isMatchState;

/** A new state for a match at `base` (the engine's common part), before its first deal. */
export function newState(base: MatchState, o: HyruleOptions): HyruleState {
  const n = base.players;
  return {
    players: n,
    seed: base.seed,
    handSeed: base.handSeed,
    rng: base.rng.slice(),
    dealer: base.dealer,
    hand: base.hand,
    scores: base.scores.slice(),
    handOver: base.handOver,
    matchOver: base.matchOver,
    moves: base.moves,
    result: null,
    options: o,
    chance: o.mode === "chance",
    hands: Array.from({ length: n }, (): Card[] => []),
    stock: [],
    played: new Array<Card>(n).fill(NONE),
    order: new Array<Seat>(n).fill(NOBODY),
    playedCount: 0,
    captured: Array.from({ length: n }, (): Card[] => []),
    unclaimed: [],
    inHand: new Array<boolean>(n).fill(true),
    handPlayers: n,
    tricks: new Array<number>(HAND_SIZE * (n + 1)).fill(NONE),
    trick: 0,
    leader: 0,
    turn: 0,
    lastWinner: NOBODY,
    toActSeats: [],
    runOffs: 0,
    nextPlayers: [],
    winners: [],
  };
}

/** A hand's result, its arrays copied (Hyrule's `detail` holds arrays one level deep). */
function copyResult(r: NonNullable<HyruleState["result"]>): NonNullable<HyruleState["result"]> {
  const detail: Record<string, Json> = {};
  if (r.detail)
    for (const k in r.detail) {
      const v = r.detail[k];
      detail[k] = Array.isArray(v) ? v.slice() : v;
    }
  return { points: r.points.slice(), winners: r.winners.slice(), reason: r.reason, detail };
}

/** A flat copy, field by field in the schema's order. */
export function cloneState(s: HyruleState): HyruleState {
  const n = s.players;
  const hands: Card[][] = new Array<Card[]>(n);
  const captured: Card[][] = new Array<Card[]>(n);
  for (let p = 0; p < n; p++) {
    hands[p] = s.hands[p].slice();
    captured[p] = s.captured[p].slice();
  }
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
    chance: s.chance,
    hands,
    stock: s.stock.slice(),
    played: s.played.slice(),
    order: s.order.slice(),
    playedCount: s.playedCount,
    captured,
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
