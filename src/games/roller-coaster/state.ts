import { type Card, CARD_SPACE, isJoker } from "../../engine/cards.js";
import { type MatchState, type Seat, historyMove } from "../../engine/game.js";
import type { OptionsOf } from "../../engine/options.js";
import { isPlay, moveCard } from "./moves.js";

export const options = {
  packs: {
    kind: "enum",
    default: "auto",
    values: ["auto", "1", "2"],
    doc: 'packs of 54 (52 and two jokers): "auto" is one pack up to 6 players and two for 7 to 12',
  },
  handsToWin: { kind: "int", default: 1, min: 1, max: 1000, doc: "hands a player must win to win the match" },
} as const;
export type CoasterOptions = OptionsOf<typeof options>;

export interface CoasterState extends MatchState {
  readonly options: CoasterOptions;
  /** Packs in play (1 or 2), settled from the option and the player count. */
  readonly packs: number;
  /** Per seat: how many of each card (0..53) it holds. Two packs hold duplicates. */
  held: Int16Array[];
  /** Per seat: how many cards of each cycle rank it holds (0..12), then its jokers (13). */
  counts: Int16Array[];
  /** Per seat: cards in hand. */
  sizes: number[];
  /** Face down; the top card is the last element. */
  stock: Card[];
  /** Face up; the top card is the last element. */
  discard: Card[];
  /** The pile as the hand began (a set-up's, else empty): seen by all, even once shuffled away. */
  startingPile: readonly Card[];
  /** The rank each discard stands at (0..12): a joker's is the rank it stood for, -1 while unknown. */
  pileRanks: number[];
  turn: Seat;
  /** `[turn]`, kept so that `toAct` allocates nothing. */
  toActSeats: Seat[];
  /** Cards played in this turn so far. */
  played: number;
  /** The rank the run goes on from: the last real card played, or the pile's top at the turn's start; -1 on an empty pile. */
  anchor: number;
  /** +1 up, -1 down, 0 while not yet set. */
  dir: number;
  /** Jokers played since the last real card. */
  trailing: number;
  /** The pile was empty when this turn began: the run needs two cards or more. */
  fromEmpty: boolean;
  /** Times this hand the pile was turned into a new stock. */
  reshuffles: number;
  /** Passes in a row with nothing to draw: when every seat has passed, the hand is blocked. */
  passes: number;
}

/** The seat's hand as a list, by rank (Ace first) then suit, jokers last. */
export function handOf(s: CoasterState, seat: number): Card[] {
  const held = s.held[seat];
  const out: Card[] = [];
  for (let r = 0; r < 13; r++) for (let c = r; c < 52; c += 13) for (let k = 0; k < held[c]; k++) out.push(c);
  for (let c = 52; c < CARD_SPACE; c++) for (let k = 0; k < held[c]; k++) out.push(c);
  return out;
}

/** Gives a seat exactly these cards (dealing, and tests building positions). */
export function setHand(s: CoasterState, seat: number, cards: readonly Card[]): void {
  const held = new Int16Array(CARD_SPACE);
  const counts = new Int16Array(14);
  for (const c of cards) {
    held[c]++;
    counts[isJoker(c) ? 13 : c % 13]++;
  }
  s.held[seat] = held;
  s.counts[seat] = counts;
  s.sizes[seat] = cards.length;
}

/** Something to draw: the stock, or a pile to turn over (all but its top card). */
export const canDraw = (s: CoasterState): boolean => s.stock.length > 0 || s.discard.length > 1;

/** Every card played face up this hand, from the hand's history. */
export function playedThisHand(s: CoasterState): Set<Card> {
  const seen = new Set<Card>();
  for (const packed of s.history) {
    const m = historyMove(packed);
    if (isPlay(m)) seen.add(moveCard(m));
  }
  return seen;
}
