import { describe, expect, it } from "vitest";
import { type HandOutcomes, endShare, gridStep, matchTable, tableChance } from "./match-table.js";

/** Two players, each hand one point to one of them, the dealer's with chance `d`. */
function coin(d: number): HandOutcomes {
  return {
    players: 2,
    hands: 100,
    outcomes: [100 * d, 1, 0, 100 * (1 - d), 0, 1],
  };
}

describe("matchTable", () => {
  it("matches a fair race worked by hand", () => {
    const t = matchTable(coin(0.5), 2, "highest");
    expect(tableChance(t, [0, 0], 0, 0)).toBeCloseTo(0.5, 12);
    // One point up in a race to 2: the next hand wins, or the one after.
    expect(tableChance(t, [1, 0], 0, 0)).toBeCloseTo(0.75, 12);
    expect(tableChance(t, [1, 0], 1, 0)).toBeCloseTo(0.75, 12);
  });

  it("follows the deal round the table: the dealer's edge changes hands", () => {
    // The dealer wins 60% of hands; in a race to 2 from 0-0 the first dealer wins
    // 0.6 (then 0.4 + 0.6 as pone) or loses the first and wins the next two.
    const t = matchTable(coin(0.6), 2, "highest");
    const dealer = 0.6 * (0.4 + 0.6 * 0.6) + 0.4 * (0.6 * 0.4);
    expect(tableChance(t, [0, 0], 1, 1)).toBeCloseTo(dealer, 12);
    expect(tableChance(t, [0, 0], 1, 0)).toBeCloseTo(1 - dealer, 12);
  });

  it("shares a tie between its seats, and gives the fewest penalties the win", () => {
    const tie: HandOutcomes = { players: 2, hands: 1, outcomes: [1, 1, 1] };
    expect(tableChance(matchTable(tie, 1, "highest"), [0, 0], 0, 1)).toBeCloseTo(0.5, 12);
    const penalties: HandOutcomes = { players: 2, hands: 1, outcomes: [1, 3, 1] };
    const t = matchTable(penalties, 3, "lowest");
    expect(tableChance(t, [0, 0], 0, 0)).toBe(0);
    expect(tableChance(t, [0, 0], 0, 1)).toBe(1);
  });

  it("leaves out a hand that scores nothing", () => {
    const drawn: HandOutcomes = { ...coin(0.5), outcomes: [...coin(0.5).outcomes, 1000, 0, 0] };
    expect(tableChance(matchTable(drawn, 3, "highest"), [2, 1], 0, 0)).toBeCloseTo(0.75, 12);
  });

  it("gives every seat's share, summing to 1, with three players", () => {
    const three: HandOutcomes = {
      players: 3,
      hands: 6,
      outcomes: [3, 1, 0, 0, 2, 0, 1, 0, 1, 0, 1, 1],
    };
    const t = matchTable(three, 4, "highest");
    for (const scores of [
      [0, 0, 0],
      [3, 1, 2],
      [1, 3, 3],
    ])
      for (let dealer = 0; dealer < 3; dealer++) {
        const sum = [0, 1, 2].reduce((a, seat) => a + tableChance(t, scores, dealer, seat), 0);
        expect(sum).toBeCloseTo(1, 12);
      }
  });
});

describe("matchTable on a grid", () => {
  // Three players sharing a hand's 1 to 9 penalty points in many ways, as Royal Corners' do.
  const outcomes: number[] = [];
  for (let a = 0; a <= 6; a++)
    for (let b = 0; b <= 6; b += 2) outcomes.push(1 + ((a * 7 + b) % 5), a, b, 9 - a);
  const many: HandOutcomes = { players: 3, hands: 0, outcomes };

  it("reads within a point and a half of the table in whole points, between its steps too, away from the line", () => {
    const whole = matchTable(many, 32, "lowest", 1);
    const coarse = matchTable(many, 32, "lowest", 2);
    expect(coarse.units).toBe(16);
    for (const scores of [
      [0, 0, 0],
      [7, 12, 4],
      [26, 3, 16],
      [13, 19, 24],
    ])
      for (let dealer = 0; dealer < 3; dealer++)
        for (let seat = 0; seat < 3; seat++)
          expect(
            Math.abs(tableChance(coarse, scores, dealer, seat) - tableChance(whole, scores, dealer, seat)),
          ).toBeLessThan(0.015);
  });

  it("takes whole points where the table is small, and a coarser step where it is not", () => {
    expect(gridStep(many, 32)).toBe(1);
    expect(gridStep(many, 100)).toBeGreaterThan(2);
    expect(gridStep(coin(0.5), 200)).toBe(1);
  });
});

describe("endShare", () => {
  it("is -1 while the match goes on, else the best seats' share", () => {
    expect(endShare([4, 9], 10, "highest", 0)).toBe(-1);
    expect(endShare([10, 9], 10, "highest", 0)).toBe(1);
    expect(endShare([10, 10, 3], 10, "highest", 1)).toBe(0.5);
    expect(endShare([12, 5, 5], 10, "lowest", 1)).toBe(0.5);
    expect(endShare([12, 5, 5], 10, "lowest", 0)).toBe(0);
  });
});
