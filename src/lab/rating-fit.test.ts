import { describe, expect, it } from "vitest";
import { expectedScore, fitRatings } from "./rating-fit.js";

describe("the ladder's rating fit", () => {
  it("recovers the Elo gap a score implies, with the mean where it is put", () => {
    // 76% is what a 200 Elo gap predicts.
    const games = 10_000;
    const score = Math.round(expectedScore(200) * games);
    const [a, b] = fitRatings(2, [{ a: 0, b: 1, games, score }], { priorSd: 1e6 });
    expect(a.rating - b.rating).toBeCloseTo(200, 0);
    expect((a.rating + b.rating) / 2).toBeCloseTo(1500, 6);
    expect(a.interval).toBeGreaterThan(0);
    expect(a.interval).toBeCloseTo(b.interval, 6);
  });

  it("narrows its intervals as games are added, and orders a transitive pool", () => {
    const pairs = (k: number) => [
      { a: 0, b: 1, games: 10 * k, score: 7 * k },
      { a: 1, b: 2, games: 10 * k, score: 7 * k },
      { a: 0, b: 2, games: 10 * k, score: 8.5 * k },
    ];
    const few = fitRatings(3, pairs(1));
    const many = fitRatings(3, pairs(100));
    expect(many[0].rating).toBeGreaterThan(many[1].rating);
    expect(many[1].rating).toBeGreaterThan(many[2].rating);
    for (let i = 0; i < 3; i++) expect(many[i].interval).toBeLessThan(few[i].interval / 5);
    expect(many[0].rating - many[1].interval).toBeGreaterThan(many[1].rating + many[1].interval);
  });

  it("keeps a player who won every game at a finite rating", () => {
    const [a, b] = fitRatings(2, [{ a: 0, b: 1, games: 50, score: 50 }]);
    expect(Number.isFinite(a.rating)).toBe(true);
    expect(a.rating).toBeGreaterThan(b.rating + 200);
  });

  it("rates players who never met at the mean, with wide intervals", () => {
    const r = fitRatings(3, [{ a: 0, b: 1, games: 100, score: 50 }]);
    expect(r[2].rating).toBeCloseTo(1500, 6);
    expect(r[2].interval).toBeGreaterThan(r[0].interval);
  });
});
