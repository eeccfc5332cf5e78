import type { Card } from "../../engine/cards.js";
import type { MatchState, Seat } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import type { Facing } from "./rules.js";

export const options = {
  target: { kind: "int", default: 100, min: 1, max: 100000, doc: "points that win the match" },
  drawWhenAble: {
    kind: "bool",
    default: false,
    doc: "a player may draw a card (or take the Ace penalty) even when holding a legal first card",
  },
} as const;
export type RoyOptions = OptionsOf<typeof options>;

export interface RoyState extends MatchState {
  readonly options: RoyOptions;
  hands: Card[][];
  /** Face down; the top card is the last element. */
  stock: Card[];
  /** Face up; the top card is the last element. */
  discard: Card[];
  /** The suit a first card must follow: the top card's, or the one a wild Jack announced. */
  suit: number;
  turn: Seat;
  /** Cards played so far in this turn (0 at its start). */
  played: number;
  /** What the player to act faced when the turn began: nothing, a run of Aces, or the King of Spades. */
  facing: Facing;
  /** Aces played one on another at the top of the pile since the last Ace penalty (rule 5). */
  liveAces: number;
  /** The card turned up at the deal: public, whatever became of it. */
  upcard: Card;
  /** How often the discard pile was shuffled into a new stock this hand. */
  reshuffles: number;
  /** Turns in a row passed with nothing played or drawn: at `players`, the position repeats. */
  idle: number;
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: Seat[];
}

export const top = (s: RoyState): Card => s.discard[s.discard.length - 1];
