/**
 * What `expert` adds to `hard` in Cribbage: discards that know how the other
 * lays away, and inference from its goes.
 *
 * The crib's worth in `discardChoices` fills the crib's other two places
 * with any two cards alike; but the other lays away by its own hand's
 * expected value, keeping fives and pairs and throwing into another's crib
 * what helps a crib least (and into its own what helps most). Here the other's
 * throws are drawn once (800 dealt hands laid away by that rule), and each
 * way of laying away is corrected by the difference, rank by rank, between
 * the crib with those throws and the crib with any two cards.
 *
 * A go says the seat held no card that fitted under 31: every card still in
 * its hand is worth more than what was left of that count. `hard` draws the
 * other's hand without this (docs/rules/cribbage.md); `expert` swaps any card
 * a go rules out for one from the stock that fits.
 */
import type { Inference } from "../../bots/ismcts.js";
import { type Card, rankOf } from "../../engine/cards.js";
import { formatCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { discardsFor, settle } from "./bot.js";
import { cribExpectation } from "./discard.js";
import { discardMove, isDiscard } from "./moves.js";
import { pegValue, showPoints } from "./rules.js";
import { type CribbageState, PEGGING } from "./state.js";
import type { CribbageView } from "./view.js";

const value = (rank: number): number => Math.min(rank, 10);

/** Fifteens, pairs and runs of five ranks (suits left out: what the other's choice of ranks changes). */
function rankShow(r: readonly number[]): number {
  let points = 0;
  for (let mask = 1; mask < 32; mask++) {
    let sum = 0;
    for (let i = 0; i < 5; i++) if (mask & (1 << i)) sum += value(r[i]);
    if (sum === 15) points += 2;
  }
  const n = new Array<number>(15).fill(0);
  for (const x of r) n[x]++;
  for (let x = 1; x <= 13; x++) points += n[x] * (n[x] - 1);
  for (let x = 1; x <= 13;) {
    let len = 0;
    let ways = 1;
    while (n[x + len]) ways *= n[x + len++];
    if (len >= 3) points += len * ways;
    x += Math.max(len, 1);
  }
  return points;
}

const pairAt = (a: number, b: number): number => (a < b ? a * 14 + b : b * 14 + a);
const DEALS = 800;

/** How often a player laying away by expected value throws each pair of ranks: into its own crib, and into another's. */
function throws(): { own: Float64Array; others: Float64Array } {
  const own = new Float64Array(14 * 14);
  const others = new Float64Array(14 * 14);
  const rng = Rng.fromSeed("expert-crib-throws");
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const kept: Card[] = [0, 0, 0, 0];
  for (let d = 0; d < DEALS; d++) {
    for (let i = 0; i < 6; i++) {
      const j = i + rng.int(52 - i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const six = deck.slice(0, 6);
    let bestOwn = -Infinity;
    let bestOthers = -Infinity;
    let pickOwn = 0;
    let pickOthers = 0;
    for (let i = 0; i < 6; i++)
      for (let j = i + 1; j < 6; j++) {
        let n = 0;
        for (let k = 0; k < 6; k++) if (k !== i && k !== j) kept[n++] = six[k];
        let h = 0;
        let c = 0;
        for (let s = 0; s < 52; s++) {
          if (six.includes(s)) continue;
          h += showPoints(kept, s, false);
          c += cribExpectation([six[i], six[j]], s);
        }
        const at = pairAt(rankOf(six[i]), rankOf(six[j]));
        if (h + c > bestOwn) [bestOwn, pickOwn] = [h + c, at];
        if (h - c > bestOthers) [bestOthers, pickOthers] = [h - c, at];
      }
    own[pickOwn] += 1 / DEALS;
    others[pickOthers] += 1 / DEALS;
  }
  return { own, others };
}

/** The correction to the crib's worth, by our two ranks and the starter's: [ours][a*14+b][s], ours when the crib is ours. */
let corrections: [Float64Array, Float64Array] | null = null;

function correctionTables(): [Float64Array, Float64Array] {
  if (corrections) return corrections;
  const t = throws();
  const table = (q: Float64Array): Float64Array => {
    const out = new Float64Array(14 * 14 * 14);
    for (let a = 1; a <= 13; a++)
      for (let b = a; b <= 13; b++)
        for (let s = 1; s <= 13; s++) {
          let aware = 0;
          let awareW = 0;
          let any = 0;
          let anyW = 0;
          for (let c = 1; c <= 13; c++)
            for (let d = c; d <= 13; d++) {
              const used = [a, b, s];
              const left = (r: number): number => 4 - used.filter((x) => x === r).length;
              const w = c === d ? (left(c) * (left(c) - 1)) / 2 : left(c) * left(d);
              if (w <= 0) continue;
              const points = rankShow([a, b, c, d, s]);
              any += w * points;
              anyW += w;
              const p = q[pairAt(c, d)] * w;
              aware += p * points;
              awareW += p;
            }
          out[pairAt(a, b) * 14 + s] = awareW > 0 ? aware / awareW - any / anyW : 0;
        }
    return out;
  };
  // Our crib: the other throws into another's; its crib: into its own.
  corrections = [table(t.own), table(t.others)];
  return corrections;
}

/**
 * `hard`'s settled decisions, with each way of laying away two cards in the
 * two-player six-card game judged by the crib the other's throws make.
 */
export function awareSettle(
  view: CribbageView,
  legal: readonly Move[],
): { move: Move; reason: string } | null {
  const base = settle(view, legal);
  if (!base || legal.length === 0 || !isDiscard(legal[0])) return base;
  if (view.handSizes.length !== 2 || view.deal === "five") return base;
  const mine = cardsOf(view.myCrib).map(rankOf);
  const ours = view.dealer === view.seat;
  const [ourTable, theirTable] = correctionTables();
  const table = ours ? ourTable : theirTable;
  const hand = cardsOf(view.hand);
  const known = new Set([...hand, ...cardsOf(view.myCrib)]);
  const starters: number[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) starters.push(rankOf(c));
  let best = null;
  let bestValue = -Infinity;
  for (const w of discardsFor(view)) {
    const ranks = [...mine, ...w.out.map(rankOf)];
    if (ranks.length !== 2) return base;
    let corr = 0;
    for (const s of starters) corr += table[pairAt(ranks[0], ranks[1]) * 14 + s];
    corr /= starters.length;
    const v = w.value + (ours ? corr : -corr);
    if (v > bestValue) [bestValue, best] = [v, { w, corr }];
  }
  if (!best) return base;
  const move = discardMove(best.w.out[0]);
  if (!legal.includes(move)) return base;
  const crib = best.w.crib + best.corr;
  // The four this way keeps (not `hard`'s, where the two differ).
  const kept = hand.filter((c) => !best.w.out.includes(c));
  return {
    move,
    reason: `keeps ${kept.map(formatCard).join(" ")}, worth ${best.w.hand.toFixed(1)} on average over the starters; ${ours ? "your crib adds" : "their crib gains"} ${crib.toFixed(1)} with what the other lays away`,
  };
}

const cardsOf = (texts: readonly string[] | null): Card[] => {
  const r = parseCards(texts ?? []);
  return r.ok ? r.value : [];
};

/**
 * The most of a count each seat was shown unable to reach: a card of this
 * value or less cannot be in its hand. From every count this hand that ended
 * short of 31 (both seats unable to play), and the current count for a seat
 * that said go in it.
 */
export function goBounds(s: CribbageState): number[] {
  const bound = new Array<number>(s.players).fill(0);
  let count = 0;
  for (let i = 0; i < s.pileStart; i++) {
    const v = pegValue(s.played[i]);
    if (count + v > 31) {
      for (let p = 0; p < s.players; p++) bound[p] = Math.max(bound[p], 31 - count);
      count = 0;
    }
    count += v;
    if (count === 31) count = 0;
  }
  if (count > 0 && s.pileStart > 0)
    for (let p = 0; p < s.players; p++) bound[p] = Math.max(bound[p], 31 - count);
  for (let p = 0; p < s.players; p++) if (s.goMask & (1 << p)) bound[p] = Math.max(bound[p], 31 - s.count);
  return bound;
}

/**
 * `inner`'s worlds, with every other seat's hand made consistent with its
 * goes: a card a go rules out is swapped for one from the stock that fits.
 */
export function goInference(inner: Inference): Inference {
  return (drawn, me, rng) => {
    const world = inner(drawn, me, rng) as CribbageState;
    if (world.phase !== PEGGING || world.played.length === 0) return world;
    const bounds = goBounds(world);
    for (let p = 0; p < world.players; p++) {
      if (p === me || bounds[p] <= 0) continue;
      const hand = world.hands[p];
      for (let i = 0; i < hand.length; i++) {
        if (pegValue(hand[i]) > bounds[p]) continue;
        const fits: number[] = [];
        for (let k = 0; k < world.stock.length; k++) if (pegValue(world.stock[k]) > bounds[p]) fits.push(k);
        if (fits.length === 0) break;
        const k = fits[rng.int(fits.length)];
        [hand[i], world.stock[k]] = [world.stock[k], hand[i]];
      }
    }
    return world;
  };
}
