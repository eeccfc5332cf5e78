/**
 * How well predicted chances match what happened: predictions grouped by
 * tenths of the predicted chance, each tenth's mean prediction beside the
 * rate observed, with its Wilson interval (docs/REVIEW.md, "Calibration").
 */
import { wilson } from "../sim/arena.js";

export interface Prediction {
  /** The chance predicted, 0 to 1. */
  readonly chance: number;
  /** Whether it came true. */
  readonly won: boolean;
}

export interface Tenth {
  /** The tenth's lower bound: 0, 0.1, ... 0.9 (a chance of 1 falls in the last). */
  readonly from: number;
  readonly n: number;
  readonly predicted: number;
  readonly observed: number;
  readonly interval: readonly [number, number];
}

export interface Calibration {
  readonly n: number;
  /** Tenths with at least one prediction, lowest first. */
  readonly tenths: readonly Tenth[];
  /** The largest gap between a tenth's mean prediction and its observed rate. */
  readonly worstGap: number;
  /** Mean squared error of the predictions (0 is perfect; always 0.5 scores 0.25). */
  readonly brier: number;
}

export function calibration(predictions: readonly Prediction[]): Calibration {
  const n = new Array<number>(10).fill(0);
  const sum = new Array<number>(10).fill(0);
  const won = new Array<number>(10).fill(0);
  let brier = 0;
  for (const { chance, won: w } of predictions) {
    const k = Math.min(9, Math.max(0, Math.floor(chance * 10)));
    n[k]++;
    sum[k] += chance;
    if (w) won[k]++;
    brier += (chance - (w ? 1 : 0)) ** 2;
  }
  const tenths: Tenth[] = [];
  let worstGap = 0;
  for (let k = 0; k < 10; k++) {
    if (n[k] === 0) continue;
    const predicted = sum[k] / n[k];
    const observed = won[k] / n[k];
    worstGap = Math.max(worstGap, Math.abs(predicted - observed));
    tenths.push({ from: k / 10, n: n[k], predicted, observed, interval: wilson(won[k], n[k]) });
  }
  return {
    n: predictions.length,
    tenths,
    worstGap,
    brier: predictions.length ? brier / predictions.length : 0,
  };
}
