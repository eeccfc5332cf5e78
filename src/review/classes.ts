/**
 * What a decision's loss means (docs/REVIEW.md, "Classes and accuracy"):
 * the classes by the drop in winning chances (or, for a game without a
 * win-chance model, in the search's own value of the hand, on the same
 * scale of 100), and the seat's accuracy for the match. lichess's
 * thresholds and accuracy formula are the starting point.
 */

export const CLASSES = ["inaccuracy", "mistake", "blunder"] as const;
export type DecisionClass = (typeof CLASSES)[number];

/**
 * The least loss, in points of 100, of each class: lichess's lines (0.1, 0.2 and 0.3 of its winning
 * chances, which run from -1 to 1: 5, 10 and 15 points of a 100-point win chance).
 */
export const THRESHOLDS: Readonly<Record<DecisionClass, number>> = {
  inaccuracy: 5,
  mistake: 10,
  blunder: 15,
};

/** How near a class's line (in points of 100) a loss is in doubt: the review draws more deals there. */
export const DOUBT = 5;
/** The deals drawn again where a loss is in doubt, as a multiple of the budget's. */
export const MORE_WHEN_IN_DOUBT = 9;

/**
 * Whether a loss is in doubt, where a few deals may class it a mistake or not, or a blunder or not:
 * from the inaccuracy's line (a loss read that high may be a mistake's) to `DOUBT` past the blunder's.
 * Below the inaccuracy's line the budget's deals are left to settle it: most moves lie there.
 */
export function inDoubt(loss: number): boolean {
  return loss >= THRESHOLDS.inaccuracy && loss < THRESHOLDS.blunder + DOUBT;
}

/** The class of a loss in points of 100 (best less played), or null for a good enough move. */
export function classOf(loss: number): DecisionClass | null {
  if (loss >= THRESHOLDS.blunder) return "blunder";
  if (loss >= THRESHOLDS.mistake) return "mistake";
  if (loss >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return null;
}

/**
 * One decision's accuracy, 0 to 100, from its loss in points of 100:
 * lichess's `103.1668 e^(-0.04354 loss) - 3.1669` (100 for no loss, about
 * 64 for 10, 40 for 20, 25 for 30), clamped to 0-100.
 */
export function decisionAccuracy(loss: number): number {
  const a = 103.1668 * Math.exp(-0.04354 * Math.max(0, loss)) - 3.1669;
  return Math.min(100, Math.max(0, a));
}

/** A seat's accuracy for the match: the mean of its judged decisions' (null when none was judged). */
export function matchAccuracy(losses: readonly number[]): number | null {
  if (losses.length === 0) return null;
  let sum = 0;
  for (const l of losses) sum += decisionAccuracy(l);
  return sum / losses.length;
}
