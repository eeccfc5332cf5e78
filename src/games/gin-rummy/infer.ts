/**
 * Inference for the search: how far the other player's hand has come, and
 * what its passed and thrown cards say it holds. `determinize` deals the
 * other player's hidden cards uniformly from those the seat has not seen,
 * which makes them as loose as a new deal: about 52 points of deadwood ten
 * turns in, where a player keeping its melds is down to about 24 (measured
 * over `medium`'s hands, docs/STRENGTH.md). A search on such worlds expects
 * the other player to be slow and its hand to be worth a lot when it is
 * caught.
 *
 * Here the hidden cards are dealt and then improved, once for each turn the
 * other player has had, as a player keeping the least deadwood would: each
 * turn a card from the rest replaces the hidden card whose loss leaves the
 * least deadwood, when that is better than throwing the new card back. Of a
 * few such hands, the one breaking the fewest signs stands: a face-up card
 * it left for the stock that the hand would meld (a player seldom passes
 * those), a card it threw that the hand would meld (seldom thrown), and a
 * hand it could have knocked with, since it did not. The rest go back to the
 * stock. It reads only the world `determinize` drew, where everything it
 * reads (the passed, the thrown and the face-up taken cards, the knock
 * limit) is public, so what the searcher cannot see still changes nothing.
 */
import type { Inference } from "../../bots/ismcts.js";
import type { Card } from "../../engine/cards.js";
import { BIT_OF, SUIT_OF, deadwoodOfMasks, meldsWith } from "./melds.js";
import { knockLimitOf } from "./rules.js";
import type { GinState } from "./state.js";

/** Hands built before the one breaking the fewest signs stands. */
const BUILDS = 4;

const held = new Uint8Array(52);
/** The hidden cards and the stock: `pool[0..hidden)` is the hand being built. */
const pool: Card[] = [];
const best: Card[] = [];
/** The suit masks of the hand being built, face-up cards and hidden ones. */
const suits = new Int32Array(4);

const suitsDeadwood = (): number => deadwoodOfMasks(suits[0], suits[1], suits[2], suits[3]);

/** The least deadwood of the hand in `suits` with card `out` replaced by `incoming`. */
function swappedDeadwood(out: Card, incoming: Card): number {
  suits[SUIT_OF[out]] ^= BIT_OF[out];
  suits[SUIT_OF[incoming]] |= BIT_OF[incoming];
  const d = suitsDeadwood();
  suits[SUIT_OF[incoming]] ^= BIT_OF[incoming];
  suits[SUIT_OF[out]] |= BIT_OF[out];
  return d;
}

/**
 * Plays `turns` turns of the hand `pool[0..hidden)` with the face-up cards
 * `faceUp`: each takes the next card of the rest in, in place of the card
 * whose loss leaves the least deadwood, if that beats throwing it back.
 * Returns the hand's least deadwood at the end.
 */
function improve(faceUp: readonly Card[], hidden: number, turns: number): number {
  suits.fill(0);
  for (const c of faceUp) suits[SUIT_OF[c]] |= BIT_OF[c];
  for (let i = 0; i < hidden; i++) suits[SUIT_OF[pool[i]]] |= BIT_OF[pool[i]];
  let least = suitsDeadwood();
  for (let k = 0, next = hidden; k < turns && next < pool.length; k++, next++) {
    const incoming = pool[next];
    let out = -1;
    for (let i = 0; i < hidden; i++) {
      const d = swappedDeadwood(pool[i], incoming);
      if (d < least) {
        least = d;
        out = i;
      }
    }
    if (out >= 0) {
      const gone = pool[out];
      suits[SUIT_OF[gone]] ^= BIT_OF[gone];
      suits[SUIT_OF[incoming]] |= BIT_OF[incoming];
      pool[next] = gone;
      pool[out] = incoming;
    }
  }
  return least;
}

/** How many signs the hand `held` marks, of least deadwood `dead`, breaks. */
function signsBroken(s: GinState, other: number, dead: number): number {
  let n = 0;
  for (const c of s.passedBy[other]) if (meldsWith(held, c)) n++;
  for (const c of s.discardedBy[other]) if (meldsWith(held, c)) n++;
  if (dead <= knockLimitOf(s)) n++;
  return n;
}

/**
 * A fresh inference for one search (`SearchConfig.inference`): rebuilds the
 * other player's hidden cards in each world as above. Before the other
 * player has had a turn, and once its hand is known (it knocked, or the
 * hand is over), the world stays as drawn.
 */
export function handInference(): Inference {
  return (drawn, me, rng) => {
    // The search hands it only worlds of this game.
    const world = drawn as GinState;
    const other = 1 - me;
    if (world.handOver || world.knocker === other) return world;
    const turns = world.discardedBy[other].length;
    if (turns === 0) return world;
    const hand = world.hands[other];
    const faceUp = world.takenFromDiscard[other];
    pool.length = 0;
    for (const c of hand) if (faceUp.indexOf(c) < 0) pool.push(c);
    const hidden = pool.length;
    for (const c of world.stock) pool.push(c);
    let fewest = Infinity;
    for (let t = 0; t < BUILDS && fewest > 0; t++) {
      rng.shuffle(pool);
      const dead = improve(faceUp, hidden, turns);
      held.fill(0);
      for (const c of faceUp) held[c] = 1;
      for (let i = 0; i < hidden; i++) held[pool[i]] = 1;
      const broken = signsBroken(world, other, dead);
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
