/**
 * Each seat's chance of winning a match of hands from the scores and who
 * deals, by dynamic programming over the score vectors from the points a
 * hand brings each seat (`HandOutcomes`, measured with the lab:
 * scripts/win-chance-match-hands.ts). One table serves every game that adds a
 * hand's points to the scores and ends once a score reaches a line: the
 * highest scores win where points are good (ROY, Roller Coaster's hands
 * won), the lowest where they are penalties (Royal Corners); tied seats
 * share the win. A one-hand match is a line of 1 on hands won.
 *
 * In whole points where the table is small; where it would not be (four
 * scores to 100 are 10^8 vectors), on a grid of `step` points, as
 * score-race.ts does for one scorer: each of a hand's points is split
 * between the grid's two nearest steps, keeping its mean, and scores between
 * steps are read between the corners around them.
 *
 * Assumptions, stated in docs/REVIEW.md: a hand's outcome depends on the
 * seats' places round the dealer only, not on the scores (every seat plays
 * each hand alike); the deal passes to the left after every hand; a hand
 * that scores nothing (rare: a drawn hand), or less than a step for every
 * seat, is left out, as if dealt again by the same dealer.
 */

/** The points a hand brings each seat, as counts of measured hands. */
export interface HandOutcomes {
  readonly players: number;
  /** Hands measured. */
  readonly hands: number;
  /**
   * Each distinct outcome, flat: the number of hands that had it, then the
   * points by place round the table, the dealer first, then the seat on the
   * dealer's left, and so on (`players + 1` numbers an outcome).
   */
  readonly outcomes: readonly number[];
}

/** Whether the highest scores win when the line is reached (points) or the lowest (penalties). */
export type Ending = "highest" | "lowest";

/** The state count past which a table is not built (its work grows as the line's power of the players). */
export const MAX_STATES = 40_000;

/** The most work a table may take, as its states times its moves a hand: a second or two here. */
export const MAX_WORK = 25_000_000;

/**
 * The finest grid, in whole points a step, whose table for `line` has at most `MAX_STATES` states
 * and `MAX_WORK` work (Royal Corners' hands share penalties among the seats in thousands of ways).
 */
export function gridStep(hands: HandOutcomes, line: number): number {
  let step = 1;
  for (; ; step++) {
    const states = tableStates(hands.players, Math.ceil(line / step));
    if (states <= MAX_STATES && states * gridMoves(hands, step).p.length <= MAX_WORK) return step;
  }
}

/**
 * The chances by place, indexed `state * players + place`: the state is the
 * scores by place round the dealer (dealer first), in steps below the line,
 * in mixed radix, the dealer's the lowest digit.
 */
export interface MatchTable {
  readonly players: number;
  readonly line: number;
  readonly ending: Ending;
  /** Points a grid step stands for (1: every whole score). */
  readonly step: number;
  /** Steps below the line on each axis. */
  readonly units: number;
  readonly chances: Float64Array;
}

/** How many states a table of `players` seats with `units` steps each has. */
export function tableStates(players: number, units: number): number {
  return units ** players;
}

/**
 * The hands as moves on a grid of `step` points, each with its chance: a seat's points split between
 * the two nearest steps (their mean kept), the seats' splits independent; moves that leave every
 * score where it was are left out and the rest weighed up to 1.
 */
function gridMoves(hands: HandOutcomes, step: number): { p: Float64Array; gains: Int32Array[] } {
  const n = hands.players;
  const byKey = new Map<string, { p: number; gain: Int32Array }>();
  for (let at = 0; at < hands.outcomes.length; at += n + 1) {
    const count = hands.outcomes[at];
    const points = hands.outcomes.slice(at + 1, at + 1 + n);
    const lo = points.map((x) => Math.floor(x / step));
    const f = points.map((x, k) => x / step - lo[k]);
    for (let corner = 0; corner < 1 << n; corner++) {
      let p = count;
      const gain = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const up = (corner >> k) & 1;
        p *= up ? f[k] : 1 - f[k];
        gain[k] = lo[k] + up;
      }
      if (p === 0 || gain.every((x) => x === 0)) continue;
      const key = gain.join(",");
      const m = byKey.get(key);
      if (m) m.p += p;
      else byKey.set(key, { p, gain });
    }
  }
  const moves = [...byKey.values()];
  const total = moves.reduce((a, m) => a + m.p, 0);
  return { p: Float64Array.from(moves, (m) => m.p / total), gains: moves.map((m) => m.gain) };
}

/**
 * The table for `line` on a grid of `step` points (by default the finest within the limits above),
 * from the hand's outcomes: states in order of their
 * sums, highest first, since every move kept adds at least one step, so a state's next hand only
 * reaches higher sums (or the end). A score reaches the line at `line / step` steps.
 */
export function matchTable(
  hands: HandOutcomes,
  line: number,
  ending: Ending,
  step = gridStep(hands, line),
): MatchTable {
  const n = hands.players;
  const units = Math.ceil(line / step);
  const end = line / step;
  const states = tableStates(n, units);
  if (states > MAX_STATES) throw new Error(`a table of ${states} states`);
  const { p, gains } = gridMoves(hands, step);
  const chances = new Float64Array(states * n);

  // States by their sum, highest first.
  const sums = new Int32Array(states);
  const order = new Int32Array(states);
  for (let s = 0; s < states; s++) {
    let rest = s;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      sum += rest % units;
      rest = Math.floor(rest / units);
    }
    sums[s] = sum;
  }
  const maxSum = n * (units - 1);
  const starts = new Int32Array(maxSum + 2);
  for (let s = 0; s < states; s++) starts[maxSum - sums[s] + 1]++;
  for (let k = 1; k <= maxSum + 1; k++) starts[k] += starts[k - 1];
  for (let s = 0; s < states; s++) order[starts[maxSum - sums[s]]++] = s;

  // The moves flat, by move then place; each one's change to the next state's index (the deal passes
  // left: the next state's place 0 is this one's place 1) and its largest gain.
  const m = gains.length;
  const gain = new Int32Array(m * n);
  const shift = new Int32Array(m);
  const most = new Int32Array(m);
  const radix = Int32Array.from({ length: n }, (_, k) => units ** k);
  for (let i = 0; i < m; i++)
    for (let k = 0; k < n; k++) {
      gain[i * n + k] = gains[i][k];
      shift[i] += gains[i][(k + 1) % n] * radix[k];
      most[i] = Math.max(most[i], gains[i][k]);
    }
  const score = new Int32Array(n);
  const after = new Float64Array(n);
  for (const s of order) {
    let rest = s;
    let turned = 0;
    let highest = 0;
    for (let k = 0; k < n; k++) {
      score[k] = rest % units;
      rest = Math.floor(rest / units);
      highest = Math.max(highest, score[k]);
    }
    for (let k = 0; k < n; k++) turned += score[(k + 1) % n] * radix[k];
    const base = s * n;
    for (let i = 0; i < m; i++) {
      const pi = p[i];
      // Only a move that can take a score to the line is looked at seat by seat: the best final
      // scores (the highest or the lowest) share the win.
      if (highest + most[i] >= end) {
        let over = false;
        let best = ending === "highest" ? -Infinity : Infinity;
        let winners = 0;
        for (let k = 0; k < n; k++) {
          const x = score[k] + gain[i * n + k];
          after[k] = x;
          if (x >= end) over = true;
          if (x === best) winners++;
          else if (ending === "highest" ? x > best : x < best) {
            best = x;
            winners = 1;
          }
        }
        if (over) {
          const share = pi / winners;
          for (let k = 0; k < n; k++) if (after[k] === best) chances[base + k] += share;
          continue;
        }
      }
      const next = (turned + shift[i]) * n;
      chances[base] += pi * chances[next + n - 1];
      for (let k = 1; k < n; k++) chances[base + k] += pi * chances[next + k - 1];
    }
  }
  return { players: n, line, ending, step, units, chances };
}

/**
 * A seat's chance from the table: `scores` by seat, `dealer` the seat about
 * to deal. Scores past the line have ended the match (its best seats share
 * the win); a negative score reads as 0, and scores between grid steps are
 * read between the corners around them (a score past the last step below
 * the line as that step).
 */
export function tableChance(
  table: MatchTable,
  scores: readonly number[],
  dealer: number,
  seat: number,
): number {
  const { players: n, line, ending, step, units } = table;
  const end = endShare(scores, line, ending, seat);
  if (end >= 0) return end;
  const place = (seat - dealer + n) % n;
  let sum = 0;
  for (let corner = 0; corner < 1 << n; corner++) {
    let weight = 1;
    let state = 0;
    for (let k = n - 1; k >= 0; k--) {
      const x = Math.min(Math.max(0, scores[(dealer + k) % n]) / step, units - 1);
      const lo = Math.floor(x);
      const up = (corner >> k) & 1;
      weight *= up ? x - lo : 1 - (x - lo);
      state = state * units + lo + up;
    }
    if (weight > 0) sum += weight * table.chances[state * n + place];
  }
  // Sums of many chances can stray past 1 by a rounding error.
  return Math.min(1, Math.max(0, sum));
}

/**
 * A seat's share of the win once a score has reached `line` (the best seats share it), or -1 while
 * the match goes on.
 */
export function endShare(scores: ArrayLike<number>, line: number, ending: Ending, seat: number): number {
  let over = false;
  let best = ending === "highest" ? -Infinity : Infinity;
  for (let k = 0; k < scores.length; k++) {
    if (scores[k] >= line) over = true;
    best = ending === "highest" ? Math.max(best, scores[k]) : Math.min(best, scores[k]);
  }
  if (!over) return -1;
  if (scores[seat] !== best) return 0;
  let winners = 0;
  for (let k = 0; k < scores.length; k++) if (scores[k] === best) winners++;
  return 1 / winners;
}
