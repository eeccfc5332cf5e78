/**
 * Inference for the search: what the other player passed on and threw away
 * says what it holds. `determinize` deals the other player's hidden cards
 * uniformly from those the seat has not seen; but a player who leaves a
 * face-up card for the stock seldom holds two cards that meld with it, and a
 * player who throws a card seldom holds the two that would have melded it.
 * Here the hidden cards are drawn again until they break none of those
 * signs (or, failing that, break the fewest); the rest go back to the stock.
 * It reads only the world `determinize` drew, where everything it reads
 * (the passed, the discarded and the face-up taken cards) is public, so what
 * the searcher cannot see still changes nothing.
 */
import type { Inference } from "../../bots/ismcts.js";
import type { Card } from "../../engine/cards.js";
import { meldsWith } from "./melds.js";
import type { GinState } from "./state.js";

/** Draws of the hidden cards before the one breaking the fewest signs stands. */
const TRIES = 16;

const held = new Uint8Array(52);
const pool: Card[] = [];
const best: Card[] = [];

/** How many of `other`'s passed and thrown cards the hand `held` marks would have melded. */
function signsBroken(s: GinState, other: number): number {
  let n = 0;
  for (const c of s.passedBy[other]) if (meldsWith(held, c)) n++;
  for (const c of s.discardedBy[other]) if (meldsWith(held, c)) n++;
  return n;
}

/**
 * A fresh inference for one search (`SearchConfig.inference`): reshapes each
 * world so that the other player's hidden cards meld none of the face-up
 * cards it passed on or threw away, where such a draw is found. Before the
 * other player has passed or thrown anything, and once its hand is known
 * (it knocked, or the hand is over), the world stays as drawn.
 */
export function passInference(): Inference {
  return (drawn, me, rng) => {
    // The search hands it only worlds of this game.
    const world = drawn as GinState;
    const other = 1 - me;
    if (world.handOver || world.knocker === other) return world;
    if (world.passedBy[other].length + world.discardedBy[other].length === 0) return world;
    const hand = world.hands[other];
    const faceUp = world.takenFromDiscard[other];
    // The hidden cards: the other hand's cards not taken face up, and the stock.
    pool.length = 0;
    for (const c of hand) if (faceUp.indexOf(c) < 0) pool.push(c);
    const hidden = pool.length;
    for (const c of world.stock) pool.push(c);
    let fewest = Infinity;
    for (let t = 0; t < TRIES && fewest > 0; t++) {
      // A fresh uniform choice of the hidden cards among the pool's (the first draw is determinize's own).
      if (t > 0) {
        for (let i = 0; i < hidden; i++) {
          const j = i + rng.int(pool.length - i);
          const c = pool[j];
          pool[j] = pool[i];
          pool[i] = c;
        }
      }
      held.fill(0);
      for (const c of faceUp) held[c] = 1;
      for (let i = 0; i < hidden; i++) held[pool[i]] = 1;
      const broken = signsBroken(world, other);
      if (broken < fewest) {
        fewest = broken;
        best.length = 0;
        for (let i = 0; i < hidden; i++) best.push(pool[i]);
      }
    }
    // The chosen hidden cards go to the other hand's hidden places, the rest to the stock in a fresh order.
    held.fill(0);
    for (const c of best) held[c] = 1;
    let k = 0;
    for (let i = 0; i < hand.length; i++) if (faceUp.indexOf(hand[i]) < 0) hand[i] = best[k++];
    let m = 0;
    for (const c of pool) if (!held[c]) pool[m++] = c;
    pool.length = m;
    rng.shuffle(pool);
    for (let i = 0; i < world.stock.length; i++) world.stock[i] = pool[i];
    return world;
  };
}
