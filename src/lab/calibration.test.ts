import { describe, expect, it } from "vitest";
import { calibration, calibrationChart } from "./calibration.js";

describe("calibration", () => {
  it("groups predictions by tenths beside the rate observed", () => {
    const c = calibration([
      { chance: 0.05, won: false },
      { chance: 0.15, won: false },
      { chance: 0.15, won: true },
      { chance: 0.95, won: true },
      { chance: 1, won: true },
    ]);
    expect(c.n).toBe(5);
    expect(c.tenths.map((t) => [t.from, t.n, t.observed])).toEqual([
      [0, 1, 0],
      [0.1, 2, 0.5],
      [0.9, 2, 1],
    ]);
    expect(c.tenths[1].predicted).toBeCloseTo(0.15, 12);
    expect(c.worstGap).toBeCloseTo(0.35, 12);
    expect(c.brier).toBeCloseTo((0.05 ** 2 + 0.15 ** 2 + 0.85 ** 2 + 0.05 ** 2 + 0) / 5, 12);
  });

  it("counts a shared win as the share it came to", () => {
    const c = calibration([
      { chance: 0.5, won: 0.5 },
      { chance: 0.5, won: 1 / 3 },
      { chance: 0.5, won: true },
    ]);
    expect(c.tenths[0].observed).toBeCloseTo((0.5 + 1 / 3 + 1) / 3, 12);
    expect(c.brier).toBeCloseTo((0 + (1 / 6) ** 2 + 0.25) / 3, 12);
  });

  it("finds a perfectly calibrated forecaster calibrated and a reversed one far off", () => {
    const good = [];
    const bad = [];
    for (let i = 0; i < 1000; i++) {
      const chance = (i % 10) / 10 + 0.05;
      // Within each tenth, exactly that share of predictions come true.
      const won = Math.floor(i / 10) < Math.round(chance * 100);
      good.push({ chance, won });
      bad.push({ chance: 1 - chance, won });
    }
    expect(calibration(good).worstGap).toBeLessThan(1e-9);
    expect(calibration(bad).worstGap).toBeGreaterThan(0.8);
  });

  it("charts each tenth at its mean prediction and observed rate, with its interval, in percent", () => {
    const c = calibration([
      { chance: 0.15, won: false },
      { chance: 0.15, won: true },
      { chance: 0.95, won: true },
    ]);
    const layers = calibrationChart(c, "t").layer as { data: { values: Record<string, number>[] } }[];
    const points = layers[layers.length - 1].data.values;
    expect(points.map((p) => [p.predicted, p.observed, p.n])).toEqual([
      [15, 50, 2],
      [95, 100, 1],
    ]);
    expect(points[0].low).toBeLessThan(50);
    expect(points[0].high).toBeGreaterThan(50);
  });
});
