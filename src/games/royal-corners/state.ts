import type { Card } from "../../engine/cards.js";
import { type MatchState, type Seat, cloneMatchState } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";

export const options = {
  limit: {
    kind: "int",
    default: 50,
    min: 1,
    max: 100000,
    doc: "penalty points that end the match: the player who reaches them loses",
  },
} as const;
export type CornersOptions = OptionsOf<typeof options>;

export interface CornersState extends MatchState {
  readonly options: CornersOptions;
  hands: Card[][];
  /** Face up, but only the top card (the last element) is seen. */
  stock: Card[];
  /** The four corner piles, bottom card first, all face up. */
  corners: Card[][];
  /** Each corner's top card and bottom card, or -1 when empty: kept in step with `corners` for move generation. */
  tops: Int8Array;
  bottoms: Int8Array;
  /** For each card (and NO_CARD), the corner it tops, or -1. */
  topCorner: Int8Array;
  /** Seats that have emptied their hand and left this hand (rule 5). */
  out: boolean[];
  /** Seats still holding cards. */
  playersIn: number;
  turn: Seat;
  /** The corner the previous move of this turn emptied by a pile move (rule 4d), or NONE. */
  freed: number;
  /** Has the player to act made a move this turn? */
  moved: boolean;
  /** Turns ended in a row without a move while the stock was empty (rule 7). */
  idleEnds: number;
  /**
   * 1 for a card everybody has seen go into a hand: the stock is face up, so a
   * card taken from it is public. Only read for cards in hands.
   */
  seen: Uint8Array;
  /** The seat holding each card, or -1: lets move generation look up the two cards a corner takes. */
  holder: Int8Array;
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: Seat[];
}

export function cloneState(s: CornersState): CornersState {
  return {
    ...cloneMatchState(s),
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
