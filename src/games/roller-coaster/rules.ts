import type { Card } from "../../engine/cards.js";

/**
 * Roller Coaster's rules as small pure functions. Ranks here are steps on the
 * cycle, 0 (Ace) to 12 (King): going "up" adds one, so K is followed by A and
 * A by 2 (Ace is high and low at once). Suits never matter.
 */

export const HAND_SIZE = 5;
export const RANKS = 13;
/** Index of the joker count in a seat's per-rank counts. */
export const JOKERS = 13;
export const UP = 1;
export const DOWN = -1;
/** A run whose direction is not yet known (first card on an empty pile). */
export const UNKNOWN = 0;

/** The card's place on the rank cycle, 0 (Ace) to 12 (King). Not for jokers. */
export const cycleRank = (c: Card): number => c % 13;

/** The rank `steps` away from `rank` in direction `dir` (+1 up, -1 down), around the cycle. */
export function stepRank(rank: number, dir: number, steps: number): number {
  const r = (rank + dir * steps) % RANKS;
  return r < 0 ? r + RANKS : r;
}

/** The direction that a card one step from `from` sets: UP, DOWN, or UNKNOWN when not adjacent. */
export function directionOf(from: number, to: number, steps = 1): number {
  if (stepRank(from, UP, steps) === to) return UP;
  if (stepRank(from, DOWN, steps) === to) return DOWN;
  return UNKNOWN;
}

/**
 * Can a run reach a real card `gap` or more steps from `anchor` in `dir`,
 * spending up to `jokers` jokers on the steps between? This is what makes a
 * joker (never last) or a first card on an empty pile (never alone) playable.
 * `counts[base + r]` holds the seat's cards of cycle rank `r`.
 */
export function canReachCard(
  counts: ArrayLike<number>,
  base: number,
  jokers: number,
  anchor: number,
  dir: number,
  gap: number,
): boolean {
  for (let j = 0; j <= jokers; j++) if (counts[base + stepRank(anchor, dir, gap + j)] > 0) return true;
  return false;
}

/** As `canReachCard`, trying both directions when the run's direction is not yet set. */
export function canReachEitherWay(
  counts: ArrayLike<number>,
  base: number,
  jokers: number,
  anchor: number,
  dir: number,
  gap: number,
): boolean {
  if (dir !== UNKNOWN) return canReachCard(counts, base, jokers, anchor, dir, gap);
  return (
    canReachCard(counts, base, jokers, anchor, UP, gap) ||
    canReachCard(counts, base, jokers, anchor, DOWN, gap)
  );
}

/**
 * May a turn start on an empty pile with a card of rank `rank`? Only if the
 * seat (holding `counts` after that card) can make it a run of two or more:
 * a card one step away, or further with jokers filling the gap.
 */
export const canOpenEmptyPile = (
  counts: ArrayLike<number>,
  base: number,
  jokers: number,
  rank: number,
): boolean => canReachEitherWay(counts, base, jokers, rank, UNKNOWN, 1);

/**
 * May the run stop here? Never right after a joker; on a pile that was empty
 * when the turn began, only after two cards or more.
 */
export const canEndRun = (played: number, trailingJokers: number, fromEmptyPile: boolean): boolean =>
  played > 0 && trailingJokers === 0 && (!fromEmptyPile || played >= 2);

/** How many packs a table plays with: the option, or by the player count (one up to 6, two above). */
export function packsFor(players: number, option: PacksOption): number {
  if (option === "1") return 1;
  if (option === "2") return 2;
  return players <= 6 ? 1 : 2;
}
export type PacksOption = "auto" | "1" | "2";

/** Cards in the packs: 54 each (52 and two jokers). */
export const packSize = (packs: number): number => packs * 54;

/** Why a player count and pack count cannot be dealt, or null when they can. */
export function dealProblem(players: number, packs: number): string | null {
  if (players * HAND_SIZE < packSize(packs)) return null;
  return (
    `${packs === 1 ? "one pack (54 cards)" : `${packs} packs (${packSize(packs)} cards)`} cannot deal ` +
    `${HAND_SIZE} cards each to ${players} players and leave a stock; use packs "auto" or "2"`
  );
}

/** A blocked hand (nobody can draw, everyone passed): the fewest cards win, ties share. */
export function fewestCards(handSizes: readonly number[]): number[] {
  const least = Math.min(...handSizes);
  const winners: number[] = [];
  handSizes.forEach((n, seat) => {
    if (n === least) winners.push(seat);
  });
  return winners;
}
