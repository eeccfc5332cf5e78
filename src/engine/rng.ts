/**
 * A small, fast seeded generator (sfc32, Chris Doty-Humphrey's "small fast
 * chaotic" generator) whose whole state is four 32-bit words held in a plain
 * array, so it lives inside a game's state as plain data: copying or
 * serialising the state takes the generator with it, and replaying a log
 * reproduces every shuffle. docs/FAIRNESS.md describes it word for word.
 */
export type Seed = number | string;
/** The generator's state: four unsigned 32-bit words [a, b, c, d]. */
export type RngWords = number[];

const TWO_32 = 4294967296;
/** Ranges up to 2^21 keep a 32-bit value times the range exact in a double. */
const SMALL_RANGE = 2 ** 21;
/** Ranges up to 2^15 (every pack) keep the product's halves within 32-bit integer arithmetic. */
const PACK_RANGE = 2 ** 15;

/**
 * The high word of a 32-bit value `x` times `n` (n <= 2^15): floor(x * n / 2^32), from the
 * products of x's two 16-bit halves, in integer arithmetic (its low word is `Math.imul(x, n)`).
 */
const productHigh = (x: number, n: number): number => ((x >>> 16) * n + (((x & 0xffff) * n) >>> 16)) >>> 16;

/** The next unsigned 32-bit value; advances the words in place. */
export function nextWord(w: RngWords): number {
  const a = w[0] | 0,
    b = w[1] | 0,
    c = w[2] | 0,
    d = w[3] | 0;
  const t = (((a + b) | 0) + d) | 0;
  w[3] = (d + 1) >>> 0;
  w[0] = (b ^ (b >>> 9)) >>> 0;
  w[1] = (c + (c << 3)) >>> 0;
  w[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t >>> 0;
}

/** Advances the words `times` steps, outputs discarded (a new generator's mixing): `nextWord` in locals. */
export function skipWords(w: RngWords, times: number): void {
  let a = w[0] | 0,
    b = w[1] | 0,
    c = w[2] | 0,
    d = w[3] | 0;
  for (let i = 0; i < times; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  w[0] = a >>> 0;
  w[1] = b >>> 0;
  w[2] = c >>> 0;
  w[3] = d >>> 0;
}

/**
 * A uniform integer in [0, n), without bias. For the small ranges of card
 * games this is Lemire's multiply-and-shift: one product, and a rejection
 * test that almost never needs the modulo.
 */
export function randomInt(w: RngWords, n: number): number {
  if (n <= PACK_RANGE) {
    for (;;) {
      const x = nextWord(w);
      const low = Math.imul(x, n) >>> 0;
      if (low >= n || low >= TWO_32 % n) return productHigh(x, n);
    }
  }
  if (n <= SMALL_RANGE) {
    for (;;) {
      const m = nextWord(w) * n; // exact: below 2^53
      const high = Math.floor(m / TWO_32);
      const low = m - high * TWO_32;
      if (low >= n || low >= TWO_32 % n) return high;
    }
  }
  const limit = TWO_32 - (TWO_32 % n);
  let x = nextWord(w);
  while (x >= limit) x = nextWord(w);
  return x % n;
}

/**
 * Shuffles in place and returns the array: Fisher-Yates from the front, so
 * place i is final once step i is done (`items[i]` swaps with a uniform
 * `items[i + randomInt(n - i)]`). Dealing from the front needs no more.
 */
export function shuffleWith<T>(w: RngWords, items: T[]): T[] {
  const n = items.length;
  if (n > PACK_RANGE) {
    for (let i = 0; i < n - 1; i++) swap(items, i, i + randomInt(w, n - i));
    return items;
  }
  // `nextWord` and `randomInt` as above, the words held in locals for the whole shuffle (a deal
  // draws 51 of them): the same values, in the same order, as the two functions give.
  let a = w[0] | 0,
    b = w[1] | 0,
    c = w[2] | 0,
    d = w[3] | 0;
  for (let i = 0; i < n - 1; i++) {
    const range = n - i;
    let x: number;
    for (;;) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      x = t >>> 0;
      const low = Math.imul(x, range) >>> 0;
      if (low >= range || low >= TWO_32 % range) break;
    }
    swap(items, i, i + productHigh(x, range));
  }
  w[0] = a >>> 0;
  w[1] = b >>> 0;
  w[2] = c >>> 0;
  w[3] = d >>> 0;
  return items;
}

function swap<T>(items: T[], i: number, j: number): void {
  const t = items[i];
  items[i] = items[j];
  items[j] = t;
}

/** Words from 16 or more bytes (the first 16, as four big-endian words), then 12 outputs discarded to mix. */
export function wordsFromBytes(bytes: Uint8Array): RngWords {
  if (bytes.length < 16) throw new Error("a generator needs 16 bytes of seed");
  const word = (i: number) =>
    ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0;
  const w = [word(0), word(4), word(8), word(12)];
  skipWords(w, 12);
  return w;
}

/** Words from any text or number (cyrb128 over its text): for bots', tests' and benchmarks' own generators. */
export function wordsFromSeed(seed: Seed): RngWords {
  const text = String(seed);
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const w = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  skipWords(w, 12);
  return w;
}

/**
 * A generator that owns its words: what bots, search, simulations and tests
 * draw from. Game states hold bare `RngWords` instead and use the functions.
 */
export class Rng {
  private constructor(readonly words: RngWords) {}

  static fromSeed(seed: Seed): Rng {
    return new Rng(wordsFromSeed(seed));
  }

  static fromWords(words: readonly number[]): Rng {
    return new Rng(words.map((x) => x >>> 0));
  }

  clone(): Rng {
    return new Rng(this.words.slice());
  }

  next(): number {
    return nextWord(this.words);
  }

  int(n: number): number {
    return randomInt(this.words, n);
  }

  shuffle<T>(items: T[]): T[] {
    return shuffleWith(this.words, items);
  }

  /** Fresh words for a state or a sub-generator, drawn from this one. */
  split(): RngWords {
    const w = [this.next(), this.next(), this.next(), this.next()];
    skipWords(w, 12);
    return w;
  }
}
