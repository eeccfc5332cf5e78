/**
 * Two contracts every game keeps for its faces and its computer players,
 * run from the per-game contract suite (test/contract-properties.ts) so a
 * new game gets them without asking: every event it sends is said in words
 * to every reader, and the search never plays differently on a world that
 * differs from the real one only in what the seat cannot see.
 */
import { expect } from "vitest";
import { ismcts } from "../src/bots/ismcts.js";
import {
  type AnyGame,
  type MatchState,
  type Move,
  SPECTATOR,
  applyMove,
  legalMoves,
} from "../src/engine/game.js";
import { defaultOptions } from "../src/engine/options.js";
import { Rng } from "../src/engine/rng.js";
import type { Table } from "../src/engine/table.js";
import { eventLines } from "../src/words/event-lines.js";
import { NOBODY, readerFor } from "../src/words/reader.js";

/** Every event since `since`, as seat 0 and a spectator read it, says something, and nothing half-made. */
export function expectEventsSaid(game: AnyGame, table: Table, since: number): void {
  for (const [viewer, r] of [
    [0, readerFor(0)],
    [SPECTATOR, readerFor(NOBODY)],
  ] as const) {
    for (const e of table.eventsFor(viewer, since)) {
      const lines = eventLines(e, game, r, table.state.scores);
      // A game's words may keep an event quiet on purpose (a trick said with its score), never by default.
      const quiet = game.words?.event?.(e, r)?.length === 0;
      if (!quiet) expect(lines.length, `${JSON.stringify(e)} is said`).toBeGreaterThan(0);
      for (const line of lines) expect(line, JSON.stringify(e)).not.toMatch(/undefined|\[object|NaN/);
    }
  }
}

const SEARCH = { iterations: 60, ms: Infinity };

/**
 * The search sees only what the seat sees: on a world the game's own
 * `determinize` drew for the seat (the same view, the hidden cards moved,
 * the seat's own cards in whatever order that world holds them), the same
 * seed gives the same move and the same statistics. A determinize that
 * carries over anything the seat cannot know (another hand, the stock's
 * order, the seat's own cards' true order where it is hidden) shows here.
 */
export function expectSearchNeverPeeks(game: AnyGame, s: MatchState, seed: string): void {
  const seat = game.toAct(s)[0];
  const other = game.determinize(s, seat, Rng.fromSeed(`other-${seed}`));
  expect(game.view(other, seat)).toEqual(game.view(s, seat));
  const a = ismcts(game, s, seat, Rng.fromSeed(`search-${seed}`), { budget: SEARCH });
  const b = ismcts(game, other, seat, Rng.fromSeed(`search-${seed}`), { budget: SEARCH });
  expect(b.moves, `the search at ${seed} peeks`).toEqual(a.moves);
  expect(b.move).toBe(a.move);
}

/**
 * Positions a few random moves into matches (each hand's first moves, where
 * the unseen cards are most), with a seat to act that has a choice.
 */
export function searchPositions(
  game: AnyGame,
  players: number,
  options: Record<string, unknown>,
  count: number,
  seed: string,
): MatchState[] {
  const rng = Rng.fromSeed(seed);
  const out: MatchState[] = [];
  const buf: Move[] = [];
  for (let i = 0; out.length < count && i < 200; i++) {
    const started = game.start({
      players,
      seed: `${seed}-${i}`,
      options: { ...defaultOptions(game.options), ...options },
    });
    if (!started.ok) throw new Error(started.error);
    const s: MatchState = started.value;
    const depth = rng.int(14);
    for (let k = 0; k < depth && !s.handOver; k++) {
      const toAct = game.toAct(s);
      const seat = toAct[rng.int(toAct.length)];
      applyMove(game, s, seat, buf[rng.int(game.legalMoves(s, seat, buf))]);
    }
    if (!s.handOver && legalMoves(game, s, game.toAct(s)[0]).length > 1) out.push(s);
  }
  return out;
}
