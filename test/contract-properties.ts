/**
 * The engine contracts every game must keep, checked at many points of
 * random matches: states are plain data with a flat `clone`; the cards are
 * the pack; views are small, match their schema, and depend on nothing the
 * viewer cannot know (a determinized world looks the same to the viewer:
 * this is the leak test, integer codes included); events name no card
 * hidden from their reader; a position restores exactly and plays on
 * identically; a hand re-dealt from its seed alone is the hand as played;
 * deals put every card everywhere about equally often; every event is said
 * in words; the search never plays differently for what the seat cannot see
 * (test/contract-words.ts).
 */
import { describe, expect, it } from "vitest";
import { type Card, CARD_SPACE } from "../src/engine/cards.js";
import { formatCard } from "../src/engine/card-text.js";
import {
  type AnyGame,
  type Json,
  type MatchState,
  type Viewer,
  SPECTATOR,
  legalMoves,
} from "../src/engine/game.js";
import { dealFromSeed } from "../src/engine/redeal.js";
import { Rng } from "../src/engine/rng.js";
import { Table } from "../src/engine/table.js";
import { expectEventsSaid, expectSearchNeverPeeks, searchPositions } from "./contract-words.js";
import { BOUNDED_WORK, cardsIn } from "./game-properties.js";

export interface ContractConfig {
  readonly game: AnyGame;
  readonly players: readonly number[];
  readonly options?: readonly Record<string, unknown>[];
  /** The cards hidden from the viewer (a multiset), as in `gameProperties`: the oracle for events. */
  readonly hidden: (state: MatchState, viewer: Viewer) => Card[];
  /** Matches per player count and option set (default 6). */
  readonly runs?: number;
  /** Moves per match at most (long games are cut short; default 3,000). */
  readonly maxSteps?: number;
}

const VIEW_LIMIT = 8 * 1024;

/** Chi-square's critical value at p = 0.001 for `df` degrees of freedom (Wilson-Hilferty). */
export function chiSquareCritical(df: number): number {
  const z = 3.09;
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** Pearson's statistic for observed counts against equal expected counts. */
export function chiSquareUniform(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((x, o) => x + (o - expected) ** 2 / expected, 0);
}

/**
 * How often each arrangement of the cards comes up over `n` determinizations
 * of `state` for `viewer`, keyed by the sampled state's `dump`: for the
 * uniformity tests on small positions.
 */
export function arrangementCounts(
  game: AnyGame,
  state: MatchState,
  viewer: Viewer,
  n: number,
  seed = "arrangements",
): Map<string, number> {
  const rng = Rng.fromSeed(seed);
  const counts = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const d = game.determinize(state, viewer, rng);
    const key = JSON.stringify(game.dump(d));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const text = (v: unknown): string => JSON.stringify(v);

function viewers(players: number): Viewer[] {
  return [SPECTATOR, ...Array.from({ length: players }, (_, p) => p)];
}

function tally(cards: readonly Card[]): Int32Array {
  const n = new Int32Array(CARD_SPACE);
  for (const c of cards) n[c]++;
  return n;
}

function expectPlainAndFlat(game: AnyGame, s: MatchState, fresh: MatchState): void {
  expect(structuredClone(s)).toEqual(s);
  expect(JSON.parse(JSON.stringify(s))).toEqual(JSON.parse(JSON.stringify(s)));
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  const c = game.clone(s);
  expect(c).toEqual(s);
  // The same shape as any other state of the game: same fields, same order.
  expect(Object.keys(c)).toEqual(Object.keys(fresh));
  // Flat copy: no array is shared with the original.
  const arrays = (o: unknown, out: unknown[] = []): unknown[] => {
    if (Array.isArray(o)) {
      out.push(o);
      o.forEach((x) => arrays(x, out));
    } else if (o && typeof o === "object") Object.values(o).forEach((x) => arrays(x, out));
    return out;
  };
  const mine = new Set(arrays(s).filter((a) => (a as unknown[]).length > 0));
  for (const a of arrays(c)) {
    if (mine.has(a)) throw new Error("clone shares an array with the state it copied");
  }
}

function expectCardsArePack(game: AnyGame, s: MatchState): void {
  const options = (s as unknown as { options: unknown }).options;
  expect(Array.from(tally(game.cards(s)))).toEqual(Array.from(tally(game.pack(s.players, options))));
}

function expectViews(game: AnyGame, s: MatchState, rng: Rng): void {
  for (const viewer of viewers(s.players)) {
    const v = game.view(s, viewer);
    const json = text(v);
    if (json.length > VIEW_LIMIT) throw new Error(`the view of ${viewer} is ${json.length} bytes`);
    if (game.viewSchema) {
      const parsed = game.viewSchema.safeParse(v);
      if (!parsed.success)
        throw new Error(`the view of ${viewer} is off its schema: ${parsed.error.message}`);
    }
    if (viewer === SPECTATOR || !game.determinize) continue;
    // The leak test: a world sampled for the viewer looks to it exactly as the real one.
    const d = game.determinize(s, viewer, rng);
    const seen = text(game.view(d, viewer));
    if (seen !== json) {
      throw new Error(`seat ${viewer} sees a determinized world differently:\n real ${json}\n world ${seen}`);
    }
    expect(d.seed).not.toBe(s.seed);
    expectCardsArePack(game, d);
    if (!s.handOver && game.toAct(s).includes(viewer)) {
      expect(legalMoves(game, d, viewer)).toEqual(legalMoves(game, s, viewer));
    }
  }
}

function expectEventsHideCards(cfg: ContractConfig, table: Table, since: number): void {
  const s = table.state;
  for (const viewer of viewers(s.players)) {
    const hidden = tally(cfg.hidden(s, viewer));
    const all = tally(cfg.game.cards(s));
    for (const e of table.eventsFor(viewer, since)) {
      if (e.type === "handOver" || e.type === "matchOver") continue; // the hand's end shows what it shows
      for (const c of cardsIn(e as Json)) {
        if (hidden[c] > 0 && hidden[c] >= all[c]) {
          throw new Error(`event ${text(e)} names ${formatCard(c)} to ${viewer}, who may not know it`);
        }
      }
    }
  }
}

/** A restored position is the same table: status, moves, views, and the same continuation. */
function expectPositionRestores(game: AnyGame, table: Table, seed: number): void {
  const restored = Table.fromPosition(game, JSON.parse(JSON.stringify(table.position())));
  if (!restored.ok) throw new Error(restored.error.message);
  const copy = restored.value;
  expect(copy.status()).toEqual(table.status());
  expect(copy.seq).toBe(table.seq);
  for (const v of viewers(table.state.players)) expect(copy.view(v)).toEqual(table.view(v));
  // Play both on for a while with the same moves.
  const a = Table.fromPosition(game, table.position());
  if (!a.ok) throw new Error(a.error.message);
  const rng = Rng.fromSeed(`continue-${seed}`);
  for (let i = 0; i < 40 && !a.value.state.matchOver; i++) {
    if (a.value.state.handOver) {
      expect(a.value.next().ok).toBe(true);
      expect(copy.next().ok).toBe(true);
    } else {
      const toAct = a.value.status().toAct;
      const seat = toAct[rng.int(toAct.length)];
      const legal = a.value.legal(seat);
      const m = legal[rng.int(legal.length)];
      expect(a.value.play(seat, m).ok).toBe(true);
      expect(copy.play(seat, m).ok).toBe(true);
    }
    expect(copy.state).toEqual(a.value.state);
    expect(copy.eventsFor(0, table.seq)).toEqual(a.value.eventsFor(0, table.seq));
  }
}

/** The hand as dealt equals the hand re-dealt from its seed, dealer and the table's options alone. */
function expectRedeal(game: AnyGame, atDeal: MatchState): void {
  const options = (atDeal as unknown as { options: unknown }).options;
  const again = dealFromSeed(game, {
    players: atDeal.players,
    dealer: atDeal.dealer,
    handSeed: atDeal.handSeed,
    options,
  });
  if (!again.ok) throw new Error(again.error);
  const fresh = again.value;
  fresh.hand = atDeal.hand;
  fresh.scores = atDeal.scores.slice();
  expect(game.dump(fresh)).toEqual(game.dump(atDeal));
}

export function contractProperties(cfg: ContractConfig): void {
  const { game } = cfg;
  const runs = cfg.runs ?? 6;
  const maxSteps = cfg.maxSteps ?? 3000;
  for (const players of cfg.players) {
    for (const options of cfg.options ?? [{}]) {
      const label = `${game.id} contracts, ${players} players${Object.keys(options).length ? ", " + text(options) : ""}`;
      describe(label, () => {
        it(
          "keeps states plain and flat, views small and blind, events redacted and said, positions exact, deals re-dealable",
          () => {
            for (let run = 0; run < runs; run++) {
              const started = Table.start(game, { players, seed: `contracts-${run}`, options });
              if (!started.ok) throw new Error(started.error.message);
              const table = started.value;
              const fresh = game.clone(table.state);
              const rng = Rng.fromSeed(`contract-moves-${run}`);
              expectRedeal(game, table.state);
              let steps = 0;
              while (!table.state.matchOver && steps++ < maxSteps) {
                const s = table.state;
                expectPlainAndFlat(game, s, fresh);
                expectCardsArePack(game, s);
                if (steps % 3 === 0) expectViews(game, s, rng);
                if (steps % 25 === 1) expectPositionRestores(game, table, run * 100_000 + steps);
                if (s.handOver) {
                  expect(table.next().ok).toBe(true);
                  expectRedeal(game, table.state);
                  continue;
                }
                const toAct = game.toAct(s);
                const seat = toAct[rng.int(toAct.length)];
                const legal = legalMoves(game, s, seat);
                const since = table.seq;
                expect(table.play(seat, legal[rng.int(legal.length)]).ok).toBe(true);
                expectEventsHideCards(cfg, table, since);
                expectEventsSaid(game, table, since);
                // Numbered by one sequence, one apart.
                const numbers = table.eventsFor(SPECTATOR, since).map((e) => e.seq);
                expect(numbers).toEqual(numbers.map((_, i) => since + i + 1));
              }
            }
          },
          BOUNDED_WORK,
        );

        it.skipIf(!game.determinize)(
          "never lets the search see what the seat cannot (the same move on another world the seat cannot tell apart)",
          () => {
            const seed = `peek-${game.id}-${players}-${text(options)}`;
            const positions = searchPositions(game, players, options, 4, seed);
            // None when these options leave no seat a choice (Hyrule's blind play): nothing to search.
            for (const [i, s] of positions.entries()) expectSearchNeverPeeks(game, s, `${seed}-${i}`);
          },
        );

        it("deals every card to every seat about equally often (chi-square)", () => {
          const rng = Rng.fromSeed(`deal-uniformity-${game.id}-${players}`);
          const deals = 4000;
          const perSeat = Array.from({ length: players }, () => new Array<number>(CARD_SPACE).fill(0));
          let cardsInPack: Card[] = [];
          for (let i = 0; i < deals; i++) {
            const seed = Array.from({ length: 8 }, () => rng.next().toString(16).padStart(8, "0")).join("");
            const dealt = dealFromSeed(game, { players, dealer: i % players, handSeed: seed, options });
            if (!dealt.ok) throw new Error(dealt.error);
            const s = dealt.value;
            cardsInPack = game.pack(players, (s as unknown as { options: unknown }).options);
            for (let p = 0; p < players; p++) {
              const hand = game.view(s, p).hand;
              for (const c of cardsIn(hand as Json)) perSeat[p][c]++;
            }
          }
          const kinds = [...new Set(cardsInPack)];
          for (let p = 0; p < players; p++) {
            const counts = kinds.map((c) => perSeat[p][c] / cardsInPack.filter((x) => x === c).length);
            const stat = chiSquareUniform(counts);
            expect(stat, `seat ${p}'s cards`).toBeLessThan(chiSquareCritical(kinds.length - 1));
          }
        });
      });
    }
  }
}
