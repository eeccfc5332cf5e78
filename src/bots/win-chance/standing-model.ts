/**
 * A fitted model of a seat's chance to win a match of three or more players
 * from the scores (where a table of every score would be too big:
 * match-table.ts). Each seat's standing is its score as a share of the line
 * (negative for penalties), weighed more as the match nears its end; the
 * seats' chances are a softmax of
 *
 *   u = lead × standing / √(left + ease) + base × standing + place[place round the dealer]
 *
 * where `left` is the share of the line the nearest seat has still to go.
 * The coefficients are a multinomial logistic regression on lab matches
 * (scripts/win-chance-fit.ts), fitted on one run and checked on another
 * (docs/REVIEW.md, "The other games").
 */
import { type Ending, endShare } from "./match-table.js";

export interface StandingModel {
  readonly players: number;
  readonly ending: Ending;
  /** How much a standing counts as the end nears, and at all times. */
  readonly lead: number;
  readonly base: number;
  /** Keeps the weight finite at the end: the standing counts `1 / √(left + ease)`. */
  readonly ease: number;
  /** What each place round the dealer is worth, the dealer's 0 first. */
  readonly place: readonly number[];
}

/** The utility of one seat with `score`, at `place` round the dealer, `left` of the line to go. */
function utility(m: StandingModel, line: number, score: number, place: number, weight: number): number {
  const standing = (m.ending === "highest" ? score : -score) / line;
  return (m.lead * weight + m.base) * standing + m.place[place];
}

/**
 * A seat's chance from the model: `scores` by seat, `dealer` the seat about to deal, `line` the
 * match's target or limit. Scores past the line have ended the match (its best seats share the win).
 */
export function standingChance(
  m: StandingModel,
  line: number,
  scores: readonly number[],
  dealer: number,
  seat: number,
): number {
  const end = endShare(scores, line, m.ending, seat);
  if (end >= 0) return end;
  const n = m.players;
  let nearest = 0;
  for (let k = 0; k < n; k++) nearest = Math.max(nearest, scores[k]);
  const weight = 1 / Math.sqrt(Math.max(0, line - nearest) / line + m.ease);
  let top = -Infinity;
  for (let k = 0; k < n; k++) top = Math.max(top, utility(m, line, scores[k], (k - dealer + n) % n, weight));
  let sum = 0;
  for (let k = 0; k < n; k++)
    sum += Math.exp(utility(m, line, scores[k], (k - dealer + n) % n, weight) - top);
  return Math.exp(utility(m, line, scores[seat], (seat - dealer + n) % n, weight) - top) / sum;
}
