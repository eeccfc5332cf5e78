/**
 * Gin Rummy's counting hot path: the least deadwood of random 10-card hands,
 * and the best discard of random 11-card hands, on one core.
 */
import { Rng } from "../src/engine/rng.js";
import { bestDiscardDeadwood, deadwood } from "../src/games/gin-rummy/melds.js";

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

function rate(size: number, seconds: number, score: (hand: Uint8Array) => number): [number, number] {
  const hands = randomHands(size, Rng.fromSeed(`gin-bench-${size}`));
  const views = Array.from({ length: POOL }, (_, h) => hands.subarray(h * size, (h + 1) * size));
  let n = 0;
  let check = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  while (performance.now() < deadline) {
    for (let h = 0; h < POOL; h++) check += score(views[h]);
    n += POOL;
  }
  return [n / ((performance.now() - t0) / 1000), check / n];
}

const fmt = (x: number): string => Math.round(x).toLocaleString("en-US");

export function bench(seconds: number): string[] {
  const [tenRate, tenMean] = rate(10, seconds / 2, (h) => deadwood(h));
  const [elevenRate, elevenMean] = rate(11, seconds / 2, (h) => bestDiscardDeadwood(h));
  return [
    "gin-rummy counting, one core:",
    `  least deadwood, 10 cards      ${fmt(tenRate).padStart(12)} hands/s   (mean deadwood ${tenMean.toFixed(2)})`,
    `  best discard, 11 cards        ${fmt(elevenRate).padStart(12)} hands/s   (mean deadwood ${elevenMean.toFixed(2)})`,
  ];
}
