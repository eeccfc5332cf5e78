/**
 * How well predicted chances match what happened: predictions grouped by
 * tenths of the predicted chance, each tenth's mean prediction beside the
 * rate observed, with its Wilson interval (docs/REVIEW.md, "Calibration").
 */
import { wilson } from "../sim/arena.js";

export interface Prediction {
  /** The chance predicted, 0 to 1. */
  readonly chance: number;
  /** Whether it came true, or the share of a win it came to (a win shared by k seats: 1/k each). */
  readonly won: boolean | number;
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
    const share = typeof w === "number" ? w : w ? 1 : 0;
    won[k] += share;
    brier += (chance - share) ** 2;
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

/**
 * The calibration chart as a vega-lite spec (plain data, drawn by whoever renders it): each tenth's
 * mean prediction against the rate observed, its 95% interval as a bar, and the diagonal a perfect
 * model lies on, in percent.
 */
export function calibrationChart(c: Calibration, title: string): Record<string, unknown> {
  const pct = (x: number) => Math.round(1000 * x) / 10;
  const values = c.tenths.map((t) => ({
    predicted: pct(t.predicted),
    observed: pct(t.observed),
    low: pct(t.interval[0]),
    high: pct(t.interval[1]),
    n: t.n,
  }));
  const axis = (name: string) => ({ title: name, scale: { domain: [0, 100] }, type: "quantitative" });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: title,
      subtitle: `Brier score ${c.brier.toFixed(4)}; largest gap ${pct(c.worstGap)} points`,
    },
    width: 360,
    height: 360,
    background: "white",
    layer: [
      {
        data: { values: [{ x: 0 }, { x: 100 }] },
        mark: { type: "line", color: "#999", strokeDash: [4, 4] },
        encoding: {
          x: { field: "x", ...axis("predicted chance (%)") },
          y: { field: "x", ...axis("observed rate (%)") },
        },
      },
      {
        data: { values },
        mark: { type: "rule", color: "#1f5fa8" },
        encoding: {
          x: { field: "predicted", type: "quantitative" },
          y: { field: "low", type: "quantitative" },
          y2: { field: "high" },
        },
      },
      {
        data: { values },
        mark: { type: "point", filled: true, color: "#1f5fa8", size: 50 },
        encoding: {
          x: { field: "predicted", type: "quantitative" },
          y: { field: "observed", type: "quantitative" },
          tooltip: [{ field: "n", title: "predictions" }],
        },
      },
    ],
  };
}
