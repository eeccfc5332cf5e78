/**
 * A match as a race to the target in which each hand one seat scores (or
 * nobody does), the points drawn from a distribution measured with the lab
 * by the scorer's place after the dealer (scripts/win-chance-hands.ts):
 * Gin Rummy's knocks, gins and undercuts, Crazy Eights' going out and
 * blocked hands. Every seat's chance of being first to the target is
 * computed by dynamic programming over the scores, highest sum first, in
 * whole points, or on a grid of `step` points where the players are many
 * (four scores to 100 are 10^8 positions): a hand's points are then split
 * between the grid's two nearest steps, keeping their mean, and a position
 * between steps is read between its corners.
 *
 * Assumptions, stated in docs/REVIEW.md: hands are independent of each
 * other and of the scores (the players play every hand for points alike),
 * and the deal passes to the left after every hand, scored or not.
 */

/** Hands measured, by who scored: what a lab run of the game's matches showed. */
export interface HandOutcomes {
  /** Hands measured. */
  readonly hands: number;
  /** Hands nobody scored (a dead or a tied blocked hand). */
  readonly none: number;
  /**
   * `scored[k]`: the hands that the seat `k` places after the dealer scored (0 the dealer), as
   * points and hands alternating: `[points, hands, points, hands, ...]`.
   */
  readonly scored: readonly (readonly number[])[];
}

/** Every seat's chance of winning from every position on the grid. */
export interface RaceTable {
  readonly players: number;
  readonly target: number;
  /** Points a grid step stands for (1: every whole score). */
  readonly step: number;
  /** Steps below the target on each axis: a seat with `units` steps has reached it. */
  readonly units: number;
  /** Seat `p`'s chance with the scores at steps `k` and dealer `d`: `[(index(k) * players + d) * players + p]`. */
  readonly chances: Float64Array;
}

/** One move on the grid: the seat `offset` places after the dealer gains `units` steps, with chance `p`. */
interface Gain {
  readonly offset: number;
  readonly units: number;
  readonly p: number;
}

/** The measured hands as gains on a grid of `step` points (a hand's points split between two steps). */
function gains(outcomes: HandOutcomes, step: number): { moves: Gain[]; stay: number } {
  const byKey = new Map<string, Gain>();
  let stay = outcomes.none / outcomes.hands;
  const add = (offset: number, units: number, p: number) => {
    if (p === 0) return;
    if (units === 0) {
      stay += p;
      return;
    }
    const key = `${offset}/${units}`;
    const g = byKey.get(key);
    byKey.set(key, { offset, units, p: (g?.p ?? 0) + p });
  };
  outcomes.scored.forEach((list, offset) => {
    for (let i = 0; i < list.length; i += 2) {
      const points = list[i];
      const p = list[i + 1] / outcomes.hands;
      const lo = Math.floor(points / step);
      const f = points / step - lo;
      add(offset, lo, p * (1 - f));
      add(offset, lo + 1, p * f);
    }
  });
  return { moves: [...byKey.values()], stay };
}

/**
 * Every seat's chance to win a race of `players` to `target` from every position on a grid of `step`
 * points. A hand that leaves the position on the grid unchanged (nobody scored, or fewer points than
 * a step) passes only the deal: the positions with the same scores and the other dealers are solved
 * together (the deal comes back to the same seat after a round).
 */
export function raceTable(outcomes: HandOutcomes, players: number, target: number, step = 1): RaceTable {
  if (outcomes.scored.length !== players)
    throw new Error(`the hands measured are for ${outcomes.scored.length} players`);
  const n = players;
  const units = Math.ceil(target / step);
  const size = units ** n;
  const chances = new Float64Array(size * n * n);
  const { moves, stay } = gains(outcomes, step);
  if (stay >= 1) throw new Error("hands that never score");
  const stride = Array.from({ length: n }, (_, i) => units ** (n - 1 - i));
  const k = new Int32Array(n);
  const c = new Float64Array(n * n); // the chances each dealer's hand leads to, but for staying put
  // Positions by the sum of their steps, highest first: a scoring hand always raises it.
  const bySum: number[][] = Array.from({ length: n * (units - 1) + 1 }, () => []);
  for (let i = 0; i < size; i++) {
    let s = 0;
    for (let j = 0, r = i; j < n; j++) {
      s += Math.floor(r / stride[j]);
      r %= stride[j];
    }
    bySum[s].push(i);
  }
  for (let s = bySum.length - 1; s >= 0; s--) {
    for (const i of bySum[s]) {
      for (let j = 0, r = i; j < n; j++) {
        k[j] = Math.floor(r / stride[j]);
        r %= stride[j];
      }
      c.fill(0);
      for (let d = 0; d < n; d++) {
        const next = (d + 1) % n;
        for (const g of moves) {
          const seat = (d + g.offset) % n;
          if (k[seat] + g.units >= units) c[d * n + seat] += g.p;
          else {
            const at = ((i + g.units * stride[seat]) * n + next) * n;
            for (let p = 0; p < n; p++) c[d * n + p] += g.p * chances[at + p];
          }
        }
      }
      // V_d = c_d + stay V_{d+1}: around the table, V_d = sum_j stay^j c_{d+j} / (1 - stay^n).
      const loop = 1 - stay ** n;
      for (let d = 0; d < n; d++) {
        const at = (i * n + d) * n;
        let w = 1;
        for (let j = 0; j < n; j++) {
          const from = ((d + j) % n) * n;
          for (let p = 0; p < n; p++) chances[at + p] += (w * c[from + p]) / loop;
          w *= stay;
        }
      }
    }
  }
  return { players: n, target, step, units, chances };
}

/**
 * Seat `seat`'s chance from `scores` with `dealer` to deal: a score at or past the target has won;
 * between grid steps, read between the corners around the scores, a score past the last step below
 * the target as that step (one hand that scores at all still wins from either).
 */
export function raceChance(t: RaceTable, scores: readonly number[], dealer: number, seat: number): number {
  const n = t.players;
  const won = scores.findIndex((x) => x >= t.target);
  if (won >= 0) return won === seat ? 1 : 0;
  const x = scores.map((v) => Math.min(Math.max(0, v) / t.step, t.units - 1));
  const lo = x.map(Math.floor);
  let sum = 0;
  for (let corner = 0; corner < 1 << n; corner++) {
    let weight = 1;
    let index = 0;
    for (let j = 0; j < n; j++) {
      const up = (corner >> j) & 1;
      const f = x[j] - lo[j];
      weight *= up ? f : 1 - f;
      index = index * t.units + lo[j] + up;
    }
    if (weight > 0) sum += weight * t.chances[(index * n + dealer) * n + seat];
  }
  // Sums of many chances can stray past 1 by a rounding error.
  return Math.min(1, Math.max(0, sum));
}
