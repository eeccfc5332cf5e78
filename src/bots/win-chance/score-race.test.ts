import { describe, expect, it } from "vitest";
import { type HandOutcomes, raceChance, raceTable } from "./score-race.js";

/** Each hand the dealer scores 1 with chance 0.6, the other seat 1 with 0.3; one in ten scores nothing. */
const coin: HandOutcomes = {
  hands: 10,
  none: 1,
  scored: [
    [1, 6],
    [1, 3],
  ],
};

describe("raceTable", () => {
  it("is exact for a race to one point: the first hand that scores decides", () => {
    const t = raceTable(coin, 2, 1);
    // Seat 0 deals: it wins at once (0.6), or nobody scores and seat 1 deals, where seat 0 wins 0.3.
    // v0 = 0.6 + 0.1 v1, v1 = 0.3 + 0.1 v0.
    const v0 = (0.6 + 0.1 * 0.3) / (1 - 0.01);
    expect(raceChance(t, [0, 0], 0, 0)).toBeCloseTo(v0, 12);
    expect(raceChance(t, [0, 0], 0, 1)).toBeCloseTo(1 - v0, 12);
  });

  it("counts a race to two by hand: two points in a row or one each", () => {
    const t = raceTable(
      {
        hands: 2,
        none: 0,
        scored: [
          [1, 1],
          [1, 1],
        ],
      },
      2,
      2,
    );
    // Each hand a fair coin: seat 0 wins two of the three hands it needs half the time.
    expect(raceChance(t, [0, 0], 0, 0)).toBeCloseTo(0.5, 12);
    expect(raceChance(t, [1, 0], 1, 0)).toBeCloseTo(0.75, 12);
    expect(raceChance(t, [2, 0], 1, 0)).toBe(1);
    expect(raceChance(t, [0, 2], 1, 0)).toBe(0);
  });

  it("on a coarser grid keeps the hands' mean and reads between steps near the whole-point table", () => {
    const spread: HandOutcomes = {
      hands: 40,
      none: 0,
      scored: [
        [3, 5, 8, 10, 20, 5],
        [4, 8, 9, 7, 15, 5],
      ],
    };
    const exact = raceTable(spread, 2, 60);
    const coarse = raceTable(spread, 2, 60, 3);
    for (const scores of [
      [0, 0],
      [20, 31],
      [50, 10],
      [44, 58],
    ])
      expect(Math.abs(raceChance(coarse, scores, 0, 0) - raceChance(exact, scores, 0, 0))).toBeLessThan(0.03);
  });

  it("with three players, every seat's chances sum to one", () => {
    const three: HandOutcomes = {
      hands: 12,
      none: 1,
      scored: [
        [5, 3, 10, 1],
        [5, 4],
        [2, 2, 12, 1],
      ],
    };
    const t = raceTable(three, 3, 30, 2);
    for (const scores of [
      [0, 0, 0],
      [7, 21, 13],
      [29, 0, 28],
    ]) {
      const sum = [0, 1, 2].reduce((a, p) => a + raceChance(t, scores, 1, p), 0);
      expect(sum).toBeCloseTo(1, 9);
    }
  });

  it("refuses hands measured for another number of players", () => {
    expect(() => raceTable(coin, 3, 10)).toThrow(/2 players/);
  });
});
