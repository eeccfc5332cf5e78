/**
 * A small, fast seeded generator (sfc32) whose whole state is four 32-bit
 * words, so it lives inside a game's state: cloning or serialising the state
 * takes the generator with it, and replaying a log reproduces every shuffle.
 */
export type Seed = number | string;
export type RngState = readonly [number, number, number, number];

const TWO_32 = 4294967296;
/** Ranges up to 2^21 keep a 32-bit value times the range exact in a double. */
const SMALL_RANGE = 2 ** 21;

export class Rng {
  private constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
  ) {}

  static fromSeed(seed: Seed): Rng {
    // cyrb128 over the seed's text: any string or number gives 128 well-mixed bits.
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
    const rng = new Rng((h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0);
    for (let i = 0; i < 12; i++) rng.next();
    return rng;
  }

  static fromState(s: RngState): Rng {
    return new Rng(s[0] >>> 0, s[1] >>> 0, s[2] >>> 0, s[3] >>> 0);
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  clone(): Rng {
    return new Rng(this.a, this.b, this.c, this.d);
  }

  /** The next 32-bit unsigned value. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * A uniform integer in [0, n), without bias. For the small ranges of card
   * games this is Lemire's multiply-and-shift: one product, and a rejection
   * test that almost never needs the modulo.
   */
  int(n: number): number {
    if (n <= SMALL_RANGE) {
      const m = this.next() * n; // exact: below 2^53
      const high = Math.floor(m / TWO_32);
      const low = m - high * TWO_32;
      if (low >= n) return high;
      const threshold = TWO_32 % n;
      if (low >= threshold) return high;
      return this.int(n);
    }
    const limit = TWO_32 - (TWO_32 % n);
    let x = this.next();
    while (x >= limit) x = this.next();
    return x % n;
  }

  /** Shuffles in place (Fisher-Yates) and returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }
}
