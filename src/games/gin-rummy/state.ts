import type { Card } from "../../engine/cards.js";
import type { MatchState, Seat } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import type { TableMeld } from "./rules.js";

export const options = {
  target: { kind: "int", default: 100, min: 1, max: 100000, doc: "points that win the match" },
  knockLimit: {
    kind: "int",
    default: 10,
    min: 0,
    max: 99,
    doc: "the most deadwood a player may knock with (0: gin only; the rules say 10)",
  },
  layoffs: { kind: "bool", default: true, doc: "the defender may lay off deadwood on the knocker's melds" },
  bonuses: {
    kind: "enum",
    default: "telecards",
    values: ["telecards", "standard"],
    doc: "standard adds at the match end 25 per hand won, 100 to the winner, and doubles a shutout",
  },
  ginBonus: { kind: "int", default: 25, min: 0, max: 1000, doc: "bonus for going gin" },
  undercutBonus: { kind: "int", default: 25, min: 0, max: 1000, doc: "bonus for an undercut" },
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

export interface GinState extends MatchState {
  readonly options: GinOptions;
  hands: Card[][];
  /** Face down; the top card is the last element. */
  stock: Card[];
  /** Face up; the top card is the last element. */
  discard: Card[];
  /** The first up-card of the hand: with the history, it tells which held cards came from the discard pile. */
  upcard: Card;
  phase: number;
  turn: Seat;
  /** The card taken from the discard pile this turn, which may not be thrown back; -1 for none. */
  taken: Card;
  /** The seat that knocked, -1 before a knock. */
  knocker: Seat;
  /** The knocker's melds as laid down (the knocker's own cards), fixed at the knock. */
  knockMelds: Card[][];
  /** The same melds as lay-offs see them, growing with each lay-off. */
  tableMelds: TableMeld[];
  knockerDeadwood: number;
  /** Cards the defender laid off, and on which meld each went. */
  laidCards: Card[];
  laidMelds: number[];
  /** Hands won by each seat in this match (for the box bonus). */
  handsWon: number[];
  /** The seat that reached the target, once the match is over. */
  winner: Seat;
  toActSeats: Seat[];
}
