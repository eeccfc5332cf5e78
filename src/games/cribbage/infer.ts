/**
 * Inference for the search: a player's hidden cards follow from how it laid
 * away. `determinize` deals the others' hidden cards uniformly; but a player
 * keeps the four its discards leave, and a player who discards well keeps
 * fives, pairs and runs far more often than chance would. Here each other
 * player's dealt hand is drawn again until the discard rule (the expected
 * value of the kept hand and the crib, as `medium` and `hard` lay away) keeps
 * every card that player has pegged; its kept cards go back to its hand and
 * the rest to the crib. It reads only the world `determinize` drew, so what
 * the searcher cannot see still changes nothing. Five-card cribbage keeps
 * three: the same rule, over hands of five.
 */
import type { Inference } from "../../bots/ismcts.js";
import type { Card } from "../../engine/cards.js";
import type { Rng } from "../../engine/rng.js";
import { cribExpectation } from "./discard.js";
import { keptSize, showPoints } from "./rules.js";
import { type CribbageState, PEGGING, isFiveCard } from "./state.js";

/** Draws per player before a uniform draw is kept (a hand the rule would rarely keep). */
const TRIES = 12;
/**
 * Dealt hands drawn afresh per player and search; after that the search draws among them.
 * 256 rather than 48: at 5,000 iterations each of 48 was drawn about a hundred times (docs/STRENGTH.md).
 */
const SAMPLES = 256;

const keep: Card[] = [0, 0, 0, 0];
const laid: Card[] = [];
const dealt: Card[] = [];
const avail: Card[] = [];
const taken = new Uint8Array(52);
const refined = new Uint8Array(8);

/**
 * A fresh inference for one search (`SearchConfig.inference`). It reshapes
 * each world (drawn by `determinize` for the searching seat) so that every
 * other player's hidden cards are a hand its discard rule would have kept.
 * Only in the pegging: the searcher does not search the discards, and after
 * the pegging the hands are shown. Judging a dealt hand costs a few dozen
 * microseconds, so each player's first `SAMPLES` draws are kept and the rest
 * of the search draws among them (the stock and the others' places are
 * dealt afresh every time).
 */
export function keptInference(): Inference {
  const memo = new Map<string, Card[][]>();
  return (drawn, me, rng) => {
    // The search hands it only worlds of this game.
    const world = drawn as CribbageState;
    if (world.phase !== PEGGING) return world;
    // Every unknown card, from every place determinize dealt one to.
    const pool: Card[] = [];
    for (let p = 0; p < world.players; p++) if (p !== me) pool.push(...world.hands[p]);
    for (let i = 0; i < world.crib.length; i++) if (world.cribOwner[i] !== me) pool.push(world.crib[i]);
    pool.push(...world.stock);
    taken.fill(0);
    refined.fill(0);
    const size = keptSize(isFiveCard(world.options));
    keep.length = size;
    for (let p = 0; p < world.players; p++) {
      if (p === me) continue;
      const hand = world.hands[p];
      const pegged: Card[] = [];
      for (let i = 0; i < world.played.length; i++) if (world.playedBy[i] === p) pegged.push(world.played[i]);
      let cribPlaces = 0;
      for (let i = 0; i < world.crib.length; i++) if (world.cribOwner[i] === p) cribPlaces++;
      if (pegged.length + hand.length !== size || cribPlaces === 0) continue;
      const key = `${size} ${p} ${pegged.join(",")}`;
      let samples = memo.get(key);
      if (!samples) memo.set(key, (samples = []));
      const cached = samples.length >= SAMPLES ? samples[rng.int(samples.length)] : null;
      if (cached && cached.every((c) => taken[c] === 0)) {
        for (let k = 0; k < size; k++) keep[k] = cached[k];
        laid.length = 0;
        for (let k = size; k < cached.length; k++) laid.push(cached[k]);
      } else {
        drawKept(pool, hand.length + cribPlaces, pegged, p === world.dealer, rng);
        if (samples.length < SAMPLES) samples.push([...keep, ...laid]);
      }
      let h = 0;
      for (const c of keep) if (!pegged.includes(c)) hand[h++] = c;
      let l = 0;
      for (let i = 0; i < world.crib.length; i++) if (world.cribOwner[i] === p) world.crib[i] = laid[l++];
      for (const c of keep) taken[c] = 1;
      for (const c of laid) taken[c] = 1;
      refined[p] = 1;
    }
    // What is left fills the other unknown places (a hand not inferred, a crib card, the stock).
    const rest = pool.filter((c) => taken[c] === 0);
    rng.shuffle(rest);
    let k = 0;
    for (let p = 0; p < world.players; p++) {
      if (p === me || refined[p]) continue;
      const hand = world.hands[p];
      for (let i = 0; i < hand.length; i++) hand[i] = rest[k++];
    }
    for (let i = 0; i < world.crib.length; i++) {
      const owner = world.cribOwner[i];
      if (owner !== me && (owner < 0 || !refined[owner])) world.crib[i] = rest[k++];
    }
    for (let i = 0; i < world.stock.length; i++) world.stock[i] = rest[k++];
    return world;
  };
}

/**
 * Draws `count` cards from the pool's cards not yet taken to join `pegged`
 * as a dealt hand, until the discard rule keeps every pegged card; leaves the
 * kept four in `keep` and the laid-away cards in `laid`. After `TRIES`
 * draws the last one stands as dealt, uniformly (its pegged cards kept).
 * `keep` is already as long as a kept hand.
 */
function drawKept(
  pool: readonly Card[],
  count: number,
  pegged: readonly Card[],
  ownCrib: boolean,
  rng: Rng,
): void {
  avail.length = 0;
  for (const c of pool) if (taken[c] === 0) avail.push(c);
  for (let t = 0; t < TRIES; t++) {
    dealt.length = 0;
    dealt.push(...pegged);
    for (let i = 0; i < count; i++) {
      const j = i + rng.int(avail.length - i);
      const c = avail[j];
      avail[j] = avail[i];
      avail[i] = c;
      dealt.push(c);
    }
    bestKeep(dealt, ownCrib);
    if (pegged.every((c) => keep.includes(c))) return;
  }
  for (let i = 0; i < keep.length; i++) keep[i] = dealt[i];
  laid.length = 0;
  for (let i = keep.length; i < dealt.length; i++) laid.push(dealt[i]);
}

/**
 * The discard rule's choice for a dealt hand, quickly: the kept hand's show
 * over every starter the player could not see plus (its crib) or minus
 * (another's) the crib's expectation from the table. The table's value is
 * not corrected for the kept cards (as `discardChoices` does), which moves
 * it by a few hundredths of a point.
 */
function bestKeep(hand: readonly Card[], ownCrib: boolean): void {
  const sign = ownCrib ? 1 : -1;
  bestValue = -Infinity;
  kept.length = keep.length;
  for (let i = 0; i < hand.length; i++) {
    if (hand.length - keep.length === 1) weigh(hand, [hand[i]], sign);
    else for (let j = i + 1; j < hand.length; j++) weigh(hand, [hand[i], hand[j]], sign);
  }
}

let bestValue = -Infinity;
const kept: Card[] = [0, 0, 0, 0];

/** One way of laying away, against the best so far (`keep`, `laid`, `bestValue`). */
function weigh(hand: readonly Card[], way: readonly Card[], sign: number): void {
  let n = 0;
  for (const c of hand) if (!way.includes(c)) kept[n++] = c;
  let value = 0;
  for (let s = 0; s < 52; s++) {
    if (hand.includes(s)) continue;
    value += showPoints(kept, s, false, kept.length) + sign * cribExpectation(way, s);
  }
  if (value <= bestValue) return;
  bestValue = value;
  for (let k = 0; k < kept.length; k++) keep[k] = kept[k];
  laid.length = 0;
  laid.push(...way);
}
