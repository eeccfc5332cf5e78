import { describe, expect, it } from "vitest";
import { type MatchFacts, winChance } from "./index.js";

function chance(game: string, facts: MatchFacts, seat: number): number {
  const c = winChance(game, facts, seat);
  if (!c.ok) throw new Error(c.error);
  return c.value;
}

/** Every seat's chance, which must share the whole win. */
function everySeat(game: string, facts: MatchFacts): number[] {
  const all = Array.from({ length: facts.players }, (_, seat) => chance(game, facts, seat));
  expect(all.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  return all;
}

/** Games with a model, each with the options of its default match and the counts it covers. */
const GAMES = [
  { game: "roy", line: "target", options: { target: 100 }, players: [2, 3, 4], up: 1 },
  { game: "royal-corners", line: "limit", options: { limit: 50 }, players: [2, 3, 4], up: -1 },
  { game: "roller-coaster", line: "handsToWin", options: { handsToWin: 3 }, players: [2, 3, 4], up: 1 },
] as const;

describe("win chances of the games played to a line", () => {
  for (const { game, line, options, players, up } of GAMES)
    for (const n of players)
      describe(`${game}, ${n} players`, () => {
        const to = options[line as keyof typeof options] as number;
        const facts = (scores: number[], dealer = 0): MatchFacts => ({ players: n, scores, dealer, options });
        const start = new Array<number>(n).fill(0);

        it("is 1 or 0 once a score has reached the line (tied best seats share)", () => {
          const over = start.map((_, i) => Math.min(i, to - 1));
          over[1] = to;
          const best = up > 0 ? 1 : 0;
          expect(chance(game, facts(over), best)).toBe(1);
          expect(chance(game, facts(over), 1 - best)).toBe(0);
        });

        it("shares the whole win among the seats, wherever the scores stand", () => {
          for (const k of [0, Math.floor(to / 3), to - 1]) {
            const scores = start.map((_, i) => Math.min(to - 1, (k * (i + 1)) % to));
            for (let dealer = 0; dealer < n; dealer++) everySeat(game, facts(scores, dealer));
          }
        });

        it("grows with a seat's own standing", () => {
          for (let dealer = 0; dealer < n; dealer++) {
            let last = up > 0 ? -1 : 2;
            for (let own = 0; own < to; own++) {
              const scores = start.map((_, i) => (i === 0 ? own : Math.floor(to / 2)));
              const c = chance(game, facts(scores, dealer), 0);
              if (up > 0) expect(c).toBeGreaterThanOrEqual(last - 1e-12);
              else expect(c).toBeLessThanOrEqual(last + 1e-12);
              last = c;
            }
          }
        });

        it("sees a position alike from every chair: seats turned round the table with the dealer", () => {
          const scores = start.map((_, i) => Math.floor((to * (i + 1)) / (n + 2)));
          for (let turn = 1; turn < n; turn++) {
            const turned = scores.map((_, i) => scores[(i - turn + n) % n]);
            for (let seat = 0; seat < n; seat++)
              expect(chance(game, facts(turned, turn), (seat + turn) % n)).toBeCloseTo(
                chance(game, facts(scores, 0), seat),
                12,
              );
          }
        });
      });
});

describe("the first dealer's chance against the lab's", () => {
  // The first dealer's share of the lab's check matches (docs/REVIEW.md, "The other games"), a shared
  // win counting 1/k, with its 95% interval.
  const MEASURED = [
    { game: "roy", players: 2, options: { target: 100 }, interval: [0.4899, 0.5095] },
    { game: "royal-corners", players: 2, options: { limit: 50 }, interval: [0.4947, 0.5142] },
    { game: "roller-coaster", players: 2, options: { handsToWin: 1 }, interval: [0.476, 0.4956] },
    { game: "hyrule", players: 2, options: {}, interval: [0.5041, 0.5236] },
    { game: "roy", players: 3, options: { target: 100 }, interval: [0.32, 0.338] },
    { game: "roy", players: 4, options: { target: 100 }, interval: [0.237, 0.254] },
    { game: "royal-corners", players: 3, options: { limit: 50 }, interval: [0.332, 0.35] },
    { game: "royal-corners", players: 4, options: { limit: 50 }, interval: [0.25, 0.267] },
  ] as const;
  for (const { game, players, options, interval } of MEASURED)
    it(`${game}, ${players} players: within the interval`, () => {
      const c = chance(game, { players, scores: new Array<number>(players).fill(0), dealer: 0, options }, 0);
      expect(c).toBeGreaterThanOrEqual(interval[0]);
      expect(c).toBeLessThanOrEqual(interval[1]);
    });
});

describe("Hyrule: one hand is the match", () => {
  it("gives each seat its share by its place round the dealer, for 2 to 5 players", () => {
    for (let n = 2; n <= 5; n++) {
      const all = everySeat("hyrule", {
        players: n,
        scores: new Array<number>(n).fill(0),
        dealer: 0,
        options: {},
      });
      for (const c of all) expect(Math.abs(c - 1 / n)).toBeLessThan(0.05);
    }
  });

  it("refuses the options its hands were not measured with, in one line", () => {
    for (const options of [
      { mode: "strategy" },
      { runOff: true },
      { blind: true },
      { tiedTricks: "aside" },
    ]) {
      const c = winChance("hyrule", { players: 3, scores: [0, 0, 0], dealer: 0, options }, 0);
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toMatch(/^Hyrule's model was measured with \w+ \w+$/);
    }
  });
});

describe("what has no model", () => {
  it("says why in one line", () => {
    const cases = [
      winChance("hyrule", { players: 6, scores: new Array<number>(6).fill(0), dealer: 0, options: {} }, 0),
      winChance("roy", { players: 4, scores: [0, 0, 0, 0], dealer: 0, options: { target: 500 } }, 0),
      winChance("roy", { players: 2, scores: [0, 0], dealer: 0, options: { target: 100000 } }, 0),
      winChance("roy", { players: 2, scores: [0, 0], dealer: 0, options: { scoring: "values" } }, 0),
      winChance("royal-corners", { players: 2, scores: [0, 0], dealer: 0, options: { penalty: "ranks" } }, 0),
      winChance(
        "roller-coaster",
        { players: 7, scores: new Array<number>(7).fill(0), dealer: 0, options: {} },
        0,
      ),
      winChance(
        "roller-coaster",
        { players: 2, scores: [0, 0], dealer: 0, options: { handsToWin: 100000 } },
        0,
      ),
      winChance("roy", { players: 2, scores: [0, 0], dealer: 0, options: { target: 100 } }, 2),
    ];
    for (const c of cases) {
      expect(c.ok).toBe(false);
      if (!c.ok) expect(c.error).toMatch(/^[^\n]+$/);
    }
  });
});
