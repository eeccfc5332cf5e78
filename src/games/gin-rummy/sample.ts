import { type Card, ascending } from "../../engine/cards.js";
import { type Viewer, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { type GinState, clone } from "./state.js";

/**
 * Does `viewer` know every card of seat `p`'s hand: its own, the knocker's
 * (laid down at the knock), and every hand once the hand is over (shown).
 */
const handKnown = (s: GinState, viewer: Viewer, p: number): boolean =>
  p === viewer || p === s.knocker || s.handOver;

/**
 * A world `viewer` cannot tell from the real one: its own hand, the discard
 * pile, the lay-offs, the knocker's hand and the cards each seat took face up
 * stay where they are; the other cards of the other hands and the stock are
 * one uniform random permutation over the places they fill. No inference
 * from the opponent's choices (what it passed on or discarded) is made here:
 * the hard player's search reshapes these worlds by that (`infer.ts`).
 */
export function determinize(s: GinState, viewer: Viewer, rng: Rng): GinState {
  const d = clone(s);
  reseedForSearch(d, rng);
  const pool: Card[] = [];
  for (let p = 0; p < d.players; p++) {
    if (handKnown(d, viewer, p)) continue;
    const hand = d.hands[p];
    const faceUp = d.takenFromDiscard[p];
    for (let i = 0; i < hand.length; i++) if (faceUp.indexOf(hand[i]) < 0) pool.push(hand[i]);
  }
  for (let i = 0; i < d.stock.length; i++) pool.push(d.stock[i]);
  rng.shuffle(pool.sort(ascending));
  let k = 0;
  for (let p = 0; p < d.players; p++) {
    if (handKnown(d, viewer, p)) continue;
    const hand = d.hands[p];
    const faceUp = d.takenFromDiscard[p];
    for (let i = 0; i < hand.length; i++) if (faceUp.indexOf(hand[i]) < 0) hand[i] = pool[k++];
  }
  for (let i = 0; i < d.stock.length; i++) d.stock[i] = pool[k++];
  return d;
}
