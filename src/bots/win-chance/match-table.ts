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
 * Assumptions, stated in docs/REVIEW.md: a hand's outcome depends on the
 * seats' places round the dealer only, not on the scores (every seat plays
 * each hand alike); the deal passes to the left after every hand; a hand
 * that scores nothing (rare: a drawn hand) is left out, as if dealt again by
 * the same dealer.
 */

/** The points a hand brings each seat, as counts of measured hands. */
export interface HandOutcomes {
  readonly players: number;
  /** Hands measured. */
  readonly hands: number;
  /**
   * Each distinct outcome and how many hands had it: the points by place
   * round the table, the dealer first, then the seat on the dealer's left,
   * and so on.
   */
  readonly outcomes: readonly (readonly [count: number, points: readonly number[]])[];
}

/** Whether the highest scores win when the line is reached (points) or the lowest (penalties). */
export type Ending = "highest" | "lowest";

/** The state count past which a table is not built (its work grows as the line's power of the players). */
export const MAX_STATES = 40_000;

/**
 * The chances by place, indexed `state * players + place`: the state is the
 * scores by place round the dealer (dealer first, each below `line`) in
 * mixed radix, the dealer's score the lowest digit.
 */
export interface MatchTable {
  readonly players: number;
  readonly line: number;
  readonly ending: Ending;
  readonly chances: Float64Array;
}

/** How many states a table of `players` seats to `line` has. */
export function tableStates(players: number, line: number): number {
  return line ** players;
}

/**
 * The table for `line`, from the hand's outcomes: states in order of their
 * scores' sum, highest first, since every outcome kept adds at least one
 * point, so a state's next hand only reaches higher sums (or the end).
 */
export function matchTable(hands: HandOutcomes, line: number, ending: Ending): MatchTable {
  const n = hands.players;
  const states = tableStates(n, line);
  if (states > MAX_STATES) throw new Error(`a table of ${states} states`);
  const kept = hands.outcomes.filter(([, pts]) => pts.some((x) => x > 0));
  const total = kept.reduce((a, [c]) => a + c, 0);
  const p = kept.map(([c]) => c / total);
  const gains = kept.map(([, pts]) => Int32Array.from(pts));
  const chances = new Float64Array(states * n);

  // States by their sum, highest first.
  const sums = new Int32Array(states);
  const order = new Int32Array(states);
  for (let s = 0; s < states; s++) {
    let rest = s;
    let sum = 0;
    for (let k = 0; k < n; k++) {
      sum += rest % line;
      rest = Math.floor(rest / line);
    }
    sums[s] = sum;
  }
  const maxSum = n * (line - 1);
  const starts = new Int32Array(maxSum + 2);
  for (let s = 0; s < states; s++) starts[maxSum - sums[s] + 1]++;
  for (let k = 1; k <= maxSum + 1; k++) starts[k] += starts[k - 1];
  for (let s = 0; s < states; s++) order[starts[maxSum - sums[s]]++] = s;

  const score = new Int32Array(n);
  const after = new Int32Array(n);
  for (const s of order) {
    let rest = s;
    for (let k = 0; k < n; k++) {
      score[k] = rest % line;
      rest = Math.floor(rest / line);
    }
    const base = s * n;
    for (let i = 0; i < gains.length; i++) {
      const g = gains[i];
      for (let k = 0; k < n; k++) after[k] = score[k] + g[k];
      if (endShare(after, line, ending, 0) >= 0) {
        for (let k = 0; k < n; k++) chances[base + k] += p[i] * endShare(after, line, ending, k);
        continue;
      }
      // The deal passes left: the next state's place 0 is this one's place 1.
      let next = 0;
      for (let k = n - 1; k >= 0; k--) next = next * line + after[(k + 1) % n];
      for (let k = 0; k < n; k++) chances[base + k] += p[i] * chances[next * n + ((k - 1 + n) % n)];
    }
  }
  return { players: n, line, ending, chances };
}

/**
 * A seat's chance from the table: `scores` by seat, `dealer` the seat about
 * to deal. Scores past the line have ended the match (its best seats share
 * the win); a negative score reads as 0.
 */
export function tableChance(
  table: MatchTable,
  scores: readonly number[],
  dealer: number,
  seat: number,
): number {
  const { players: n, line, ending } = table;
  const end = endShare(scores, line, ending, seat);
  if (end >= 0) return end;
  let state = 0;
  for (let k = n - 1; k >= 0; k--) state = state * line + Math.max(0, Math.floor(scores[(dealer + k) % n]));
  const c = table.chances[state * n + ((seat - dealer + n) % n)];
  // Sums of many chances can stray past 1 by a rounding error.
  return Math.min(1, Math.max(0, c));
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
