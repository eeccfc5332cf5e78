import { describe, expect, it } from "vitest";
import { type AnyGame, type MatchState, type Move } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { ENTRIES } from "../games/index.js";
import { searchPositions } from "../../test/contract-words.js";
import { type Player, isSearcher } from "./bot.js";
import { type SearchConfig, handReward, ismcts } from "./ismcts.js";

const BUDGET = { iterations: 150, ms: Infinity };

/** Positions a few random moves into hands, each with a seat to act that has a choice. */
const positions = (game: AnyGame, players: number, count: number, seed: string): MatchState[] =>
  searchPositions(game, players, {}, count, seed);

/** The game's own inference, as `hard` searches with it. */
const inferenceOf = (hard: Player | undefined): SearchConfig["inference"] =>
  hard && isSearcher(hard) ? hard.settings.inference : undefined;

describe.each(
  ENTRIES.filter((e) => e.game.determinize).map(
    (e) => [e.game.id, e.game, inferenceOf(e.bots.hard)] as const,
  ),
)("ISMCTS in %s", (_id, game: AnyGame, inference) => {
  const players = [2, game.minPlayers === 2 && game.maxPlayers >= 3 ? 3 : game.minPlayers]
    .filter((n) => n >= game.minPlayers && n <= game.maxPlayers)
    .filter((n, i, a) => a.indexOf(n) === i);

  it.each(players)("never peeks: the same move when only hidden cards differ (%i players)", (n) => {
    for (const [i, s] of positions(game, n, 4, `peek-${game.id}-${n}`).entries()) {
      const seat = game.toAct(s)[0];
      // Another arrangement of what the seat cannot see: the view stays, the hidden cards move.
      const other = game.determinize!(s, seat, Rng.fromSeed(`other-${i}`));
      expect(game.view(other, seat)).toEqual(game.view(s, seat));
      const a = ismcts(game, s, seat, Rng.fromSeed(`search-${i}`), { budget: BUDGET, inference });
      const b = ismcts(game, other, seat, Rng.fromSeed(`search-${i}`), { budget: BUDGET, inference });
      expect(b.moves).toEqual(a.moves);
      expect(b.move).toBe(a.move);
    }
  });

  it.each(["hard", "expert"])(
    "never peeks as the %s player plays: its settings, settled moves and narrowed choices included",
    (level) => {
      const player = ENTRIES.find((e) => e.game === game)!.bots[level];
      if (!player || !isSearcher(player)) return;
      let searched = 0;
      for (const [i, s] of positions(game, players[0], 16, `peek-${level}-${game.id}`).entries()) {
        // `expert` plays to the board near a match's end: half its positions are moved there.
        const target = (s as MatchState & { options?: { target?: unknown } }).options?.target;
        if (level === "expert" && i % 2 === 1 && typeof target === "number")
          s.scores = s.scores.map((_, p) => Math.max(0, target - 5 - 7 * p));
        const seat = game.toAct(s)[0];
        const other = game.determinize!(s, seat, Rng.fromSeed(`other-${level}-${i}`));
        expect(game.view(other, seat)).toEqual(game.view(s, seat));
        const a = player.decide(s, seat, Rng.fromSeed(`${level}-${i}`), BUDGET);
        const b = player.decide(other, seat, Rng.fromSeed(`${level}-${i}`), BUDGET);
        expect(b).toEqual(a);
        if (a.worlds > 0) searched++;
      }
      expect(searched).toBeGreaterThan(0);
    },
  );

  it("the same seed and iteration budget give the same move, and the move is legal", () => {
    for (const [i, s] of positions(game, players[0], 3, `same-${game.id}`).entries()) {
      const seat = game.toAct(s)[0];
      const before = JSON.stringify(s);
      const a = ismcts(game, s, seat, Rng.fromSeed(`same-${i}`), { budget: BUDGET, inference });
      const b = ismcts(game, s, seat, Rng.fromSeed(`same-${i}`), { budget: BUDGET, inference });
      expect(b.move).toBe(a.move);
      expect(a.iterations).toBe(BUDGET.iterations);
      const legal: Move[] = [];
      legal.length = game.legalMoves(s, seat, legal);
      expect(legal).toContain(a.move);
      // The real state is never touched.
      expect(JSON.stringify(s)).toBe(before);
    }
  });
});

/** A two-player Crazy Eights position, its seat to act and that seat's legal moves. */
function eightsPosition(seed: string): { game: AnyGame; s: MatchState; seat: number; legal: Move[] } {
  const game = ENTRIES.find((e) => e.game.id === "crazy-eights")!.game;
  const [s] = positions(game, 2, 1, seed);
  const seat = game.toAct(s)[0];
  const legal: Move[] = [];
  legal.length = game.legalMoves(s, seat, legal);
  return { game, s, seat, legal };
}

describe("root moves narrowed by the game", () => {
  it("searches only among the moves it is given, and picks one of them", () => {
    const { game, s, seat, legal } = eightsPosition("narrowed");
    const only = legal.slice(-2);
    const r = ismcts(game, s, seat, Rng.fromSeed("narrowed"), { budget: BUDGET, rootMoves: only });
    expect(only).toContain(r.move);
    expect(r.moves.map((m) => m.move).sort()).toEqual(only.slice().sort());
    expect(r.moves.reduce((n, m) => n + m.visits, 0)).toBe(BUDGET.iterations);
  });
});

describe("paired samples", () => {
  it("play every root move on each drawn world and choose the best mean", () => {
    const { game, s, seat, legal } = eightsPosition("paired");
    const r = ismcts(game, s, seat, Rng.fromSeed("paired"), { budget: BUDGET, paired: true });
    const rounds = Math.floor(BUDGET.iterations / legal.length);
    expect(r.worlds).toBe(rounds);
    expect(r.iterations).toBe(rounds * legal.length);
    expect(r.moves.map((m) => m.move).sort()).toEqual(legal.slice().sort());
    for (const m of r.moves) expect(m.visits).toBe(rounds);
    expect(r.move).toBe(r.moves[0].move);
    expect(r.moves[0].value).toBe(Math.max(...r.moves.map((m) => m.value)));
    const again = ismcts(game, s, seat, Rng.fromSeed("paired"), { budget: BUDGET, paired: true });
    expect(again).toEqual(r);
  });
});

describe("handReward", () => {
  const state = (points: number[], winners: number[]): MatchState =>
    ({ players: points.length, matchOver: false, result: { points, winners, reason: "" } }) as never;
  const game = { matchWinners: () => [] } as unknown as AnyGame;

  it("gives the hand's winner its win and its share of the points", () => {
    const out = new Float64Array(2);
    handReward(game)(state([30, 10], [0]), out);
    expect([...out]).toEqual([0.5 + 0.5 * 0.75, 0.5 * 0.25]);
  });

  it("inverts shares in penalty games", () => {
    const out = new Float64Array(3);
    handReward(game, true)(state([0, 10, 30], [0]), out);
    expect(out[0]).toBeCloseTo(0.5 + 0.5 * 0.5);
    expect(out[2]).toBeCloseTo(0.5 * (10 / 80));
  });

  it("shares a drawn hand evenly", () => {
    const out = new Float64Array(2);
    handReward(game)(state([0, 0], []), out);
    expect([...out]).toEqual([0.25, 0.25]);
  });
});
