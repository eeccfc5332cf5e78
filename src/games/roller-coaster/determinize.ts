import { type Card, CARD_SPACE, isJoker, ascending } from "../../engine/cards.js";
import { type Viewer, SPECTATOR, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { cycleRank, packsFor } from "./rules.js";
import {
  type CoasterState,
  DRAW_SEAT,
  HELD,
  RANK_SLOTS,
  cloneState,
  handOf,
  rankSlot,
  setHand,
} from "./state.js";

const tally = (cards: readonly Card[]): number[] => {
  const n = new Array<number>(CARD_SPACE).fill(0);
  for (const c of cards) n[c]++;
  return n;
};

/**
 * A world consistent with what `viewer` knows, for search: its own hand, the
 * pile, every hand's size and the stock's, the turned cards and its own
 * draws from them stay; the cards it cannot see (the other hands and the
 * stock) are dealt anew, uniformly, except that after a reshuffle the stock
 * holds only turned cards the viewer did not draw itself (every card in it
 * was seen played; a flipped one, house rule `newStock`, keeps its order,
 * which the pile showed). The others' draws from the turned stock are relabelled
 * with the turned cards left over. No weighing of who more likely drew what,
 * and no inference from the moves players chose (docs/rules/roller-coaster.md).
 */
export function determinize(s: CoasterState, viewer: Viewer, rng: Rng): CoasterState {
  const d = cloneState(s);
  reseedForSearch(d, rng);
  if (s.handOver) {
    // Every hand is shown at the end: only the stock's order is unknown (known after a flip).
    if (s.options.newStock !== "flip" || s.reshuffles === 0) rng.shuffle(d.stock.sort(ascending));
    return d;
  }
  const others: number[] = [];
  for (let p = 0; p < s.players; p++) if (p !== viewer) others.push(p);
  const unknown: Card[] = s.stock.slice();
  for (const p of others) unknown.push(...handOf(s, p));
  const stockSize = s.stock.length;
  let rest: Card[];
  if (s.reshuffles === 0) {
    rng.shuffle(unknown.sort(ascending));
    d.stock = unknown.slice(0, stockSize);
    rest = unknown.slice(stockSize);
  } else {
    const allowed = tally(s.turned);
    for (const e of s.turnedDraws)
      if (viewer !== SPECTATOR && Math.floor(e / DRAW_SEAT) === viewer) allowed[e % DRAW_SEAT]--;
    const hidden = tally(unknown);
    if (s.options.newStock === "flip") {
      // A flipped stock lies as the pile lay, which every seat saw: it stays as it is.
      d.stock = s.stock.slice();
    } else {
      const candidates: Card[] = [];
      for (let c = 0; c < CARD_SPACE; c++)
        for (let k = Math.min(allowed[c], hidden[c]); k > 0; k--) candidates.push(c);
      rng.shuffle(candidates);
      d.stock = candidates.slice(0, stockSize);
    }
    for (const c of d.stock) {
      hidden[c]--;
      allowed[c]--;
    }
    rest = [];
    for (let c = 0; c < CARD_SPACE; c++) for (let k = hidden[c]; k > 0; k--) rest.push(c);
    rng.shuffle(rest);
    // The turned cards not in the stock, nor drawn by the viewer, are the others' draws.
    const drawn: Card[] = [];
    for (let c = 0; c < CARD_SPACE; c++) for (let k = allowed[c]; k > 0; k--) drawn.push(c);
    rng.shuffle(drawn);
    let i = 0;
    d.turnedDraws = s.turnedDraws.map((e) => {
      const seat = Math.floor(e / DRAW_SEAT);
      return seat === viewer ? e : seat * DRAW_SEAT + drawn[i++];
    });
  }
  let at = 0;
  for (const p of others) {
    setHand(d, p, rest.slice(at, at + s.sizes[p]));
    at += s.sizes[p];
  }
  return d;
}

/** A restored position's invariants beyond its shape and its cards; one line, or null. */
export function checkPosition(s: CoasterState): string | null {
  const n = s.players;
  if (s.packs !== packsFor(n, s.options.packs)) return "packs does not match the option and the players";
  if (s.held.length !== n * HELD || s.counts.length !== n * RANK_SLOTS || s.sizes.length !== n)
    return `held, counts and sizes must have one block per seat (${HELD}, ${RANK_SLOTS} and 1 numbers)`;
  for (let p = 0; p < n; p++) {
    const hand = handOf(s, p);
    if (hand.length !== s.sizes[p])
      return `sizes[${p}] is ${s.sizes[p]}, but seat ${p} holds ${hand.length} cards`;
    const per = new Array<number>(RANK_SLOTS).fill(0);
    for (const c of hand) per[rankSlot(c)]++;
    for (let r = 0; r < RANK_SLOTS; r++)
      if (per[r] !== s.counts[p * RANK_SLOTS + r]) return `counts of seat ${p} do not match its cards`;
  }
  if (s.pileRanks.length !== s.discard.length) return "pileRanks must have one rank per pile card";
  for (let i = 0; i < s.discard.length; i++) {
    const c = s.discard[i];
    if (isJoker(c) ? s.pileRanks[i] < -1 : s.pileRanks[i] !== cycleRank(c))
      return `pileRanks[${i}] does not match the pile card`;
  }
  if (s.turn >= n || s.toActSeats[0] !== s.turn) return "turn must be a seat, and toActSeats [turn]";
  if (s.dealer >= n) return "dealer must be a seat";
  if (s.played > s.discard.length) return "more cards played this turn than the pile holds";
  if (s.reshuffles === 0 && (s.turned.length > 0 || s.turnedDraws.length > 0))
    return "turned cards before any reshuffle";
  const left = tally(s.turned);
  for (const c of s.stock) left[c]--;
  for (const e of s.turnedDraws) {
    if (Math.floor(e / DRAW_SEAT) >= n) return "a turned draw names no seat";
    left[e % DRAW_SEAT]--;
  }
  if (s.reshuffles > 0 && left.some((x) => x !== 0))
    return "the stock and the draws since the reshuffle must be the turned cards exactly";
  if (s.handOver !== (s.result !== null)) return "a hand is over exactly when it has a result";
  if (!s.handOver && s.passes >= n) return "every seat has passed, but the hand is not over";
  return null;
}
