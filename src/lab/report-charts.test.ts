import { describe, expect, it } from "vitest";
import { binWidth, binned, distributionChart, intervalChart } from "./report-charts.js";

describe("the report's charts", () => {
  it("show up to 40 values one by one, and wider spreads in round bins", () => {
    expect(binWidth(30)).toBe(1);
    expect(binWidth(40)).toBe(1);
    expect(binWidth(90)).toBe(5);
    expect(binWidth(350)).toBe(10);
    expect(binWidth(1500)).toBe(50);
    expect(
      binned(
        [
          { group: "a", value: 3, count: 1 },
          { group: "a", value: 7, count: 2 },
          { group: "b", value: 8, count: 4 },
          { group: "a", value: 12, count: 1 },
        ],
        5,
      ),
    ).toEqual([
      { group: "a", value: 0, count: 1 },
      { group: "a", value: 5, count: 2 },
      { group: "b", value: 5, count: 4 },
      { group: "a", value: 10, count: 1 },
    ]);
  });

  it("give each group's shares, which add up to one", () => {
    const chart = distributionChart(
      "t",
      "n",
      [
        { group: "a", value: 1, count: 3 },
        { group: "a", value: 2, count: 1 },
        { group: "b", value: 1, count: 10 },
      ],
      "Hands",
    );
    const values = (chart.spec.data as { values: { group: string; share: number }[] }).values;
    expect(values.filter((v) => v.group === "a").map((v) => v.share)).toEqual([0.75, 0.25]);
    expect(values.filter((v) => v.group === "b").map((v) => v.share)).toEqual([1]);
    expect(chart.spec.mark).toMatchObject({ type: "line" });
  });

  it("draw a fair share's line only when there is one", () => {
    const r = [{ group: "g", key: "seat 0", value: 0.5, lo: 0.4, hi: 0.6, n: 100 }];
    expect((intervalChart("t", "n", r, { axis: "x", reference: 0.5 }).spec.layer as unknown[]).length).toBe(
      3,
    );
    expect((intervalChart("t", "n", r, { axis: "x" }).spec.layer as unknown[]).length).toBe(2);
  });
});
