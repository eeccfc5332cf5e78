/**
 * Gin Rummy's counting hot path: the least deadwood of random 10-card hands,
 * the best discard of random 11-card hands, and (what `medium` weighs each
 * discard and draw by) the best discard after each of the 42 other cards is
 * drawn to a random 10-card hand, summed on suit masks and, beside it, by
 * drawing each card and searching, on one core.
 */
import { Rng } from "../src/engine/rng.js";
import { bestDiscardDeadwood, deadwood, sumAfterDraws } from "../src/games/gin-rummy/melds.js";

const POOL = 1 << 16;

/** `POOL` random hands of `size` cards, packed one after another. */
function randomHands(size: number, rng: Rng): Uint8Array {
  const out = new Uint8Array(POOL * size);
  const pack = Array.from({ length: 52 }, (_, i) => i);
  for (let h = 0; h < POOL; h++) {
    for (let i = 0; i < size; i++) {
      const j = i + rng.int(52 - i);
      const t = pack[i];
      pack[i] = pack[j];
      pack[j] = t;
      out[h * size + i] = pack[i];
    }
  }
  return out;
}

/** `POOL` hands of `size` cards, the same each time for a size. */
function handsOf(size: number): Uint8Array[] {
  const hands = randomHands(size, Rng.fromSeed(`gin-bench-${size}`));
  return Array.from({ length: POOL }, (_, h) => hands.subarray(h * size, (h + 1) * size));
}

function rate(
  size: number,
  seconds: number,
  score: (hand: Uint8Array, index: number) => number,
): [number, number] {
  const views = handsOf(size);
  let n = 0;
  let check = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  while (performance.now() < deadline) {
    for (let h = 0; h < POOL; h++) check += score(views[h], h);
    n += POOL;
  }
  return [n / ((performance.now() - t0) / 1000), check / n];
}

const fmt = (x: number): string => Math.round(x).toLocaleString("en-US");

/** The 42 cards not in a 10-card hand. */
function othersOf(hand: Uint8Array): number[] {
  const out: number[] = [];
  for (let c = 0; c < 52; c++) if (hand.indexOf(c) < 0) out.push(c);
  return out;
}

/** The same sum as `sumAfterDraws`, by drawing each card and searching: what `medium` did before. */
function drawEach(hand: Uint8Array, draws: readonly number[]): number {
  const eleven = [...hand, -1];
  let sum = 0;
  for (const x of draws) {
    eleven[10] = x;
    sum += bestDiscardDeadwood(eleven);
  }
  return sum;
}

export function bench(seconds: number): string[] {
  const [tenRate, tenMean] = rate(10, seconds / 4, (h) => deadwood(h));
  const [elevenRate, elevenMean] = rate(11, seconds / 4, (h) => bestDiscardDeadwood(h));
  const others = handsOf(10).map(othersOf);
  const [maskRate, maskMean] = rate(10, seconds / 4, (h, i) => sumAfterDraws(h, others[i]) / 42);
  const [eachRate, eachMean] = rate(10, seconds / 4, (h, i) => drawEach(h, others[i]) / 42);
  return [
    "gin-rummy counting, one core:",
    `  least deadwood, 10 cards      ${fmt(tenRate).padStart(12)} hands/s   (mean deadwood ${tenMean.toFixed(2)})`,
    `  best discard, 11 cards        ${fmt(elevenRate).padStart(12)} hands/s   (mean deadwood ${elevenMean.toFixed(2)})`,
    `  after each of 42 draws, masks ${fmt(maskRate).padStart(12)} hands/s   (mean deadwood ${maskMean.toFixed(2)})`,
    `  the same, drawing each        ${fmt(eachRate).padStart(12)} hands/s   (mean deadwood ${eachMean.toFixed(2)})`,
  ];
}
