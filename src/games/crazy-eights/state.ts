import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import type { MatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";

export const options = {
  target: {
    kind: "int",
    default: 100,
    min: 1,
    max: 100000,
    label: "Points to win",
    help: "The first player to reach this many points wins the match.",
  },
  draw: {
    kind: "enum",
    default: "any",
    values: ["any", "unable", "one"],
    label: "Drawing",
    help: "When a player may draw from the stock, and how many cards.",
    labels: {
      any: "Draw at any time, until you play (as TeleCards)",
      unable: "Draw only when you cannot play, until you can",
      one: "Draw one card when you cannot play, then play it or pass",
    },
  },
} as const;
export type EightsOptions = OptionsOf<typeof options>;

const int = z.number().int();

/** The state: plain data, one shape for every state of the game (`newState` and `clone` keep its order). */
export const stateSchema = z.object({
  ...matchStateFields,
  options: z.object({
    target: int.min(1).max(100000),
    // Positions stored before the option existed play the seed's rule.
    draw: z.enum(options.draw.values).default(options.draw.default),
  }),
  hands: z.array(z.array(cardCode)),
  /** Face down; the top card is the last element. */
  stock: z.array(cardCode),
  /** Face up; the top card is the last element. */
  discard: z.array(cardCode).min(1),
  /** The suit to follow: the top card's, or the one an Eight announced. */
  suit: int.min(0).max(3),
  turn: int.min(0),
  /** Passes in a row with the stock empty: when everyone has passed, the hand is blocked. */
  passes: int.min(0),
  /** Cards the player to act has drawn this turn: the last ones of its hand. */
  drawn: int.min(0),
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: z.array(int.min(0)).length(1),
});
export type EightsState = z.infer<typeof stateSchema>;

/** A new state with every field in the schema's order; `deal` fills in the hand. */
export function newState(base: MatchState, options: EightsOptions): EightsState {
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
    options,
    hands: [],
    stock: [],
    discard: [],
    suit: 0,
    turn: 0,
    passes: 0,
    drawn: 0,
    toActSeats: [0],
  };
}

/** A flat copy in the same field order. */
export function clone(s: EightsState): EightsState {
  const hands = new Array<Card[]>(s.hands.length);
  for (let p = 0; p < hands.length; p++) hands[p] = s.hands[p].slice();
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
    result: s.result === null ? null : cloneResult(s.result),
    options: s.options,
    hands,
    stock: s.stock.slice(),
    discard: s.discard.slice(),
    suit: s.suit,
    turn: s.turn,
    passes: s.passes,
    drawn: s.drawn,
    toActSeats: [s.turn],
  };
}

/** A hand's result is copied too (only once a hand is over), so no array is shared. */
function cloneResult(r: NonNullable<EightsState["result"]>): NonNullable<EightsState["result"]> {
  const copy = { points: r.points.slice(), winners: r.winners.slice(), reason: r.reason };
  return r.detail ? { ...copy, detail: structuredClone(r.detail) } : copy;
}

export const top = (s: EightsState): Card => s.discard[s.discard.length - 1];
