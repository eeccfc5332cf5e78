import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import type { MatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { cardCode, matchStateFields } from "../../engine/schemas.js";
import { FACING_NOTHING } from "./rules.js";

export const options = {
  target: {
    kind: "int",
    default: 100,
    min: 1,
    max: 100000,
    label: "Points to win",
    help: "The first player to reach this many points wins the match.",
  },
  drawWhenAble: {
    kind: "bool",
    default: false,
    label: "Draw when you could play",
    help: "A player may draw a card (or take the Aces' penalty) even when holding a card that could be played.",
  },
  scoring: {
    kind: "enum",
    default: "cards",
    values: ["cards", "values"],
    label: "Scoring",
    help: "What the player who goes out scores for the cards left in the other hands.",
    labels: {
      cards: "One point per card (as the rules say)",
      values: "The cards' values: 2 to 10 as numbered, courts 10, Aces 11",
    },
  },
  upcardActs: {
    kind: "bool",
    default: false,
    label: "Turned-up card acts",
    help: "An Ace or the King of Spades turned up at the deal acts on the first player as if just played.",
  },
} as const;
export type RoyOptions = OptionsOf<typeof options>;

const int = z.number().int();

/** The state: plain data, one shape for every state of the game (`newState` and `clone` keep its order). */
export const stateSchema = z.object({
  ...matchStateFields,
  options: z.object({
    target: int.min(1).max(100000),
    drawWhenAble: z.boolean(),
    // Positions stored before the house rules existed play the seed's rules.
    scoring: z.enum(options.scoring.values).default(options.scoring.default),
    upcardActs: z.boolean().default(options.upcardActs.default),
  }),
  hands: z.array(z.array(cardCode)),
  /** Face down; the top card is the last element. */
  stock: z.array(cardCode),
  /** Face up; the top card is the last element. */
  discard: z.array(cardCode).min(1),
  /** The suit a first card must follow: the top card's, or the one a wild Jack announced. */
  suit: int.min(0).max(3),
  turn: int.min(0),
  /** Cards played so far in this turn (0 at its start). */
  played: int.min(0),
  /** What the player to act faced when the turn began: nothing, a run of Aces, or the King of Spades. */
  facing: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** Aces played one on another at the top of the pile since the last Ace penalty (rule 5). */
  liveAces: int.min(0).max(4),
  /** The card turned up at the deal: public, whatever became of it. */
  upcard: int.min(0).max(51),
  /** How often the discard pile was shuffled into a new stock this hand. */
  reshuffles: int.min(0),
  /**
   * Per card (52): the stock it last went face down in, 0 for the deal's, k
   * for the k-th reshuffle's. Public (everyone saw the pile that was
   * shuffled), and what a sample of the hidden cards must keep: a card from
   * the k-th reshuffle can only be where cards of that stock went.
   */
  shuffledIn: z.array(int.min(0)).length(52),
  /** Turns in a row passed with nothing played or drawn: at `players`, the position repeats. */
  idle: int.min(0),
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: z.array(int.min(0)).length(1),
});
export type RoyState = z.infer<typeof stateSchema>;

/** A new state with every field in the schema's order; the deal fills in the hand. */
export function newState(base: MatchState, options: RoyOptions): RoyState {
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
    played: 0,
    facing: FACING_NOTHING,
    liveAces: 0,
    upcard: 0,
    reshuffles: 0,
    shuffledIn: new Array<number>(52).fill(0),
    idle: 0,
    toActSeats: [0],
  };
}

/** A flat copy in the same field order. */
export function clone(s: RoyState): RoyState {
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
    played: s.played,
    facing: s.facing,
    liveAces: s.liveAces,
    upcard: s.upcard,
    reshuffles: s.reshuffles,
    shuffledIn: s.shuffledIn.slice(),
    idle: s.idle,
    toActSeats: [s.turn],
  };
}

/** A hand's result is copied too (only once a hand is over), so no array is shared. */
function cloneResult(r: NonNullable<RoyState["result"]>): NonNullable<RoyState["result"]> {
  const copy = { points: r.points.slice(), winners: r.winners.slice(), reason: r.reason };
  return r.detail ? { ...copy, detail: structuredClone(r.detail) } : copy;
}

export const top = (s: RoyState): Card => s.discard[s.discard.length - 1];
