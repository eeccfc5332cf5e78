import { type Card, ascending } from "../../engine/cards.js";
import { type Viewer, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { checkCornerPiles, indexCards } from "./deal.js";
import { type CornersState, cloneState } from "./state.js";

/**
 * A world consistent with what `viewer` knows, for search: its own hand, the
 * corners, the stock's top card and the cards seen taken from the stock stay;
 * the cards it cannot see (the stock below its top, and the other hands'
 * cards not seen taken) are spread over those places uniformly. No inference
 * from the moves players chose (docs/rules/royal-corners.md).
 */
export function determinize(s: CornersState, viewer: Viewer, rng: Rng): CornersState {
  const d = cloneState(s);
  reseedForSearch(d, rng);
  const below = Math.max(0, s.stock.length - 1);
  const unknown: Card[] = s.stock.slice(0, below);
  // At the hand's end every hand is shown: only the stock below its top is unknown.
  const others = s.handOver ? [] : s.hands.map((_, p) => p).filter((p) => p !== viewer);
  for (const p of others) for (const c of s.hands[p]) if (s.seen[c] === 0) unknown.push(c);
  rng.shuffle(unknown.sort(ascending));
  let k = 0;
  for (let i = 0; i < below; i++) d.stock[i] = unknown[k++];
  for (const p of others) {
    const h = d.hands[p];
    for (let i = 0; i < h.length; i++) if (s.seen[h[i]] === 0) h[i] = unknown[k++];
  }
  for (const c of unknown) d.seen[c] = 0;
  indexCards(d);
  return d;
}

/** A restored position's invariants beyond its shape and its cards; one line, or null. */
export function checkPosition(s: CornersState): string | null {
  const n = s.players;
  if (s.hands.length !== n || s.out.length !== n) return "hands and out must have one entry per seat";
  const piles = checkCornerPiles(s.corners, "corners");
  if (piles) return piles;
  const again = cloneState(s);
  indexCards(again);
  for (const key of ["holder", "tops", "bottoms", "topCorner"] as const) {
    if (again[key].some((x, i) => x !== s[key][i])) return `${key} does not match the cards' places`;
  }
  if (s.playersIn !== s.out.filter((o) => !o).length) return "playersIn must count the seats not out";
  for (let p = 0; p < n; p++)
    if (s.out[p] && s.hands[p].length > 0) return `seat ${p} is out but holds cards`;
  if (s.turn >= n || s.toActSeats[0] !== s.turn) return "turn must be a seat, and toActSeats [turn]";
  if (s.dealer >= n) return "dealer must be a seat";
  if (!s.handOver && s.out[s.turn]) return "the seat to act has gone out";
  if (s.freed >= 0 && s.corners[s.freed].length > 0) return "the freed corner is not empty";
  if (s.handOver !== (s.result !== null)) return "a hand is over exactly when it has a result";
  return null;
}
