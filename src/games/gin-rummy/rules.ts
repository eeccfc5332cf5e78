import type { Card } from "../../engine/cards.js";
import type { Seat } from "../../engine/game.js";
import type { GinState, TableMeld } from "./state.js";

export type { TableMeld };

export const HAND_SIZE = 10;
/** The hand is dead when the player who leaves this many cards in the stock discards without knocking. */
export const DEAD_STOCK = 2;

/** May a player whose deadwood after the discard is `deadwood` knock? */
export const canKnock = (deadwood: number, knockLimit: number): boolean => deadwood <= knockLimit;

/**
 * The most deadwood a knock may keep this hand: the option `knockLimit`, or
 * with the Oklahoma house rule the up-card's value (Ace: gin only, 10 and
 * courts 10). An unknown up-card (-1) keeps the option's limit.
 */
export function handKnockLimit(oklahoma: string, knockLimit: number, upcard: Card): number {
  if ((oklahoma !== "rank" && oklahoma !== "spades") || upcard < 0) return knockLimit;
  const rank = upcard % 13;
  return rank === 0 ? 0 : Math.min(rank + 1, 10);
}

/** The knock limit of the hand being played. */
export const knockLimitOf = (s: GinState): number =>
  handKnockLimit(s.options.oklahoma, s.options.knockLimit, s.upcard);

/** Oklahoma with spades double: a spade up-card doubles every point the hand scores. */
export const handMultiplier = (oklahoma: string, upcard: Card): number =>
  oklahoma === "spades" && upcard >= 0 && ((upcard / 13) | 0) === 3 ? 2 : 1;

/** Gin: a knock with no deadwood at all. */
export const isGin = (knockerDeadwood: number): boolean => knockerDeadwood === 0;

/** Rule 7: a discard without a knock by the player who drew the 50th card ends the hand as a draw. */
export const isDeadHand = (stockLeft: number): boolean => stockLeft <= DEAD_STOCK;

/** May the defender lay off at all? Not after gin, nor with the option off. */
export const layoffsAllowed = (gin: boolean, layoffsOption: boolean): boolean => layoffsOption && !gin;

/** May `c` be laid off on `meld`: the fourth of a set of three, or the next card at either end of a run. */
export function canLayOff(meld: TableMeld, c: Card): boolean {
  const rank = c % 13;
  if (meld.set) return meld.size === 3 && rank === meld.lo;
  return ((c / 13) | 0) === meld.suit && (rank === meld.lo - 1 || rank === meld.hi + 1);
}

export function tableMeld(cards: readonly Card[]): TableMeld {
  const set = cards[0] % 13 === cards[1] % 13;
  let lo = 13,
    hi = -1;
  for (const c of cards) {
    lo = Math.min(lo, c % 13);
    hi = Math.max(hi, c % 13);
  }
  return { set, suit: set ? -1 : (cards[0] / 13) | 0, lo, hi, size: cards.length };
}

/** Extends the meld by a card that may be laid off on it. */
export function layOff(meld: TableMeld, c: Card): void {
  const rank = c % 13;
  if (!meld.set) {
    if (rank < meld.lo) meld.lo = rank;
    else meld.hi = rank;
  }
  meld.size++;
}

export interface KnockScore {
  readonly winner: "knocker" | "defender";
  readonly points: number;
  readonly gin: boolean;
  readonly undercut: boolean;
}

/**
 * Rule 6: the knocker scores the difference of the deadwood totals; gin adds
 * the gin bonus; an undercut (defender's deadwood equal or less, not after
 * gin) gives the defender the difference plus the undercut bonus.
 */
export function knockScore(
  knockerDeadwood: number,
  defenderDeadwood: number,
  ginBonus: number,
  undercutBonus: number,
): KnockScore {
  const gin = isGin(knockerDeadwood);
  if (gin) return { winner: "knocker", points: defenderDeadwood + ginBonus, gin, undercut: false };
  if (defenderDeadwood <= knockerDeadwood) {
    return {
      winner: "defender",
      points: knockerDeadwood - defenderDeadwood + undercutBonus,
      gin,
      undercut: true,
    };
  }
  return { winner: "knocker", points: defenderDeadwood - knockerDeadwood, gin, undercut: false };
}

export const BOX_BONUS = 25;
export const GAME_BONUS = 100;

export interface MatchBonuses {
  /** Per seat: 25 per hand won. */
  readonly boxes: number[];
  /** Per seat: 100 for the match winner. */
  readonly game: number[];
  /** The loser scored no points: the winner's whole total is doubled. */
  readonly shutout: boolean;
  /** Per seat: the final totals. */
  readonly totals: number[];
}

/**
 * Rule 8, `bonuses: standard`, applied once when the match ends: every seat
 * adds 25 per hand it won (box bonus), the winner adds 100 (game bonus), and
 * if the loser scored no points the winner's total (points, boxes and game
 * bonus) is doubled (shutout).
 */
export function matchBonuses(
  points: readonly number[],
  handsWon: readonly number[],
  winner: Seat,
): MatchBonuses {
  const boxes = handsWon.map((n) => n * BOX_BONUS);
  const game = points.map((_, p) => (p === winner ? GAME_BONUS : 0));
  const shutout = points.every((x, p) => p === winner || x === 0);
  const totals = points.map((x, p) => (x + boxes[p] + game[p]) * (shutout && p === winner ? 2 : 1));
  return { boxes, game, shutout, totals };
}
