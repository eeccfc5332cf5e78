/**
 * The Cribbage win-chance table: the chances behave as a race to the target
 * must (more points never hurt, the ends are certain, the two seats' chances
 * add up), the dealer's edge has the sign the counting order gives it, and
 * the dynamic programme agrees with matches sampled hand by hand from the
 * same stored points, counted in the rules' order.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../engine/rng.js";
import { HAND_POINTS } from "./cribbage-points.js";
import { type ChanceTables, type HandPoints, STAGES, chanceTables, seatChance } from "./cribbage-table.js";

const T = 121;
const tables = chanceTables(HAND_POINTS, T);
/** The chance of the seat with `mine` points against `theirs`, dealing or not. */
const chance = (mine: number, theirs: number, iDeal: boolean) =>
  seatChance(tables.deal, T, mine, theirs, iDeal);

describe("the Cribbage win-chance table", () => {
  it("never falls as a seat's own score rises, nor rises as the other's does, at every stage", () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const stage of STAGES) {
      const t = tables[stage];
      for (const iDeal of [true, false])
        for (let a = 0; a < T; a++)
          for (let b = 0; b < T; b++) {
            const here = seatChance(t, T, a, b, iDeal);
            const up = seatChance(t, T, a + 1, b, iDeal);
            const against = seatChance(t, T, a, b + 1, iDeal);
            checked++;
            if (!(here >= 0 && here <= 1 && up >= here - 1e-12 && against <= here + 1e-12))
              wrong.push(`${stage} ${a}-${b}${iDeal ? " dealing" : ""}: ${here} ${up} ${against}`);
          }
    }
    expect(checked).toBe(4 * 2 * T * T);
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("is 1 for a seat at the target, 0 against one, and near certain a point away from it", () => {
    expect(chance(121, 120, false)).toBe(1);
    expect(chance(120, 121, true)).toBe(0);
    expect(chance(130, 0, true)).toBe(1);
    // One point short with the other at nothing: the other cannot reach 121 in a hand.
    expect(chance(120, 0, false)).toBeGreaterThan(0.999);
    expect(chance(0, 120, true)).toBeLessThan(0.001);
  });

  it("gives the two seats chances that add up to one, whoever deals", () => {
    for (const [a, b] of [
      [0, 0],
      [35, 37],
      [90, 75],
      [118, 119],
    ])
      for (const aDeals of [true, false])
        expect(chance(a, b, aDeals) + chance(b, a, !aDeals)).toBeCloseTo(1, 12);
  });

  it("favours the dealer at the start and when both need a point, the pone when both need five", () => {
    // The crib is the dealer's: the first dealer wins more than half of the matches.
    expect(chance(0, 0, true)).toBeGreaterThan(0.52);
    // Both one short: the pone's lead cannot score, so the dealer has the first chance to peg.
    expect(chance(120, 120, true)).toBeGreaterThan(0.55);
    // Both five short: the pone pegs and counts its hand before the dealer counts.
    expect(chance(116, 116, true)).toBeLessThan(0.45);
  });

  it("agrees with matches sampled hand by hand from the same points, counted in order, to 121 and to 61", () => {
    const rng = Rng.fromSeed("win-chance table");
    const to61 = chanceTables(HAND_POINTS, 61);
    const cells: [table: ChanceTables, target: number, pone: number, dealer: number][] = [
      [tables, T, 0, 0],
      [tables, T, 100, 110],
      [tables, T, 112, 115],
      [to61, 61, 0, 0],
      [to61, 61, 50, 45],
    ];
    for (const [table, target, pone, dealer] of cells) {
      const n = 20_000;
      let won = 0;
      for (let i = 0; i < n; i++) if (sampledMatch(HAND_POINTS, target, pone, dealer, rng)) won++;
      const se = Math.sqrt(0.25 / n);
      expect(Math.abs(won / n - table.deal[pone * target + dealer])).toBeLessThan(4 * se);
    }
  });
});

/** Picks an index by counts. */
function pick(counts: readonly number[], total: number, rng: Rng): number {
  let r = rng.int(total);
  for (let i = 0; i < counts.length; i++) {
    r -= counts[i];
    if (r < 0) return i;
  }
  throw new Error("counts do not add up");
}

/** One match to `target` from (pone, dealer) with hands drawn from `points`: whether the first pone wins. */
function sampledMatch(points: HandPoints, target: number, pone0: number, dealer0: number, rng: Rng): boolean {
  const pegCounts = points.pegging.map(([c]) => c);
  const total = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);
  const pegTotal = total(pegCounts);
  const poneTotal = total(points.poneHand);
  const dealerTotal = total(points.dealerShow);
  // score[0] is the first pone's.
  const score = [pone0, dealer0];
  for (let hand = 0; ; hand++) {
    const pone = hand % 2 === 0 ? 0 : 1;
    const dealer = 1 - pone;
    if (rng.int(13) === 0) score[dealer] += 2;
    if (score[dealer] >= target) return dealer === 0;
    for (const e of points.pegging[pick(pegCounts, pegTotal, rng)][1]) {
      const who = e > 0 ? pone : dealer;
      score[who] += Math.abs(e);
      if (score[who] >= target) return who === 0;
    }
    score[pone] += pick(points.poneHand, poneTotal, rng);
    if (score[pone] >= target) return pone === 0;
    score[dealer] += pick(points.dealerShow, dealerTotal, rng);
    if (score[dealer] >= target) return dealer === 0;
  }
}
