/**
 * The properties every game must hold, over random games at every player
 * count: cards are conserved, every listed move is accepted, moves not listed
 * are refused with nothing changed, no view shows a card hidden from its
 * viewer, a log replays to the identical position, every hand ends, and the
 * player to act always has a legal move.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, CARD_SPACE } from "../src/engine/cards.js";
import { formatCard, parseCard } from "../src/engine/card-text.js";
import {
  type AnyGame,
  type Json,
  type MatchState,
  type Move,
  type Viewer,
  SPECTATOR,
  applyMove,
  legalMoves,
} from "../src/engine/game.js";
import { Rng } from "../src/engine/rng.js";
import { Table } from "../src/engine/table.js";

const CARD_TEXT = /^(?:[A2-9TJQK][CDHS]|RJ|BJ)$/;

/** Every card text in a JSON value, as cards. */

/**
 * The hang guard of a property test: its work is bounded (so many runs of so many moves), and only
 * its speed varies: 39 s alone on this machine, four times that with the rest of the suite and
 * other work beside it.
 */
export const BOUNDED_WORK = 600_000;

export function cardsIn(value: Json | undefined): Card[] {
  const out: Card[] = [];
  const walk = (v: Json | undefined): void => {
    if (typeof v === "string") {
      if (CARD_TEXT.test(v)) out.push((parseCard(v) as { value: Card }).value);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

const counts = (cards: readonly Card[]): number[] => {
  const n = new Array<number>(CARD_SPACE).fill(0);
  for (const c of cards) n[c]++;
  return n;
};

export interface PropertyConfig {
  readonly game: AnyGame;
  readonly players: readonly number[];
  readonly options?: readonly Record<string, unknown>[];
  /** The pack the game plays with, for these players and options. */
  readonly pack: (players: number, options: Record<string, unknown>) => Card[];
  /**
   * The cards the viewer may not know, as a multiset: the test oracle for
   * views. Every card in `dump` is somewhere; these are the ones out of sight.
   */
  readonly hidden: (state: MatchState, viewer: Viewer) => Card[];
  /** Where `dump` lists places that are not cards of the pack (e.g. a history): keys to skip. */
  readonly dumpSkip?: readonly string[];
  readonly runs?: number;
  /**
   * For option sets under which random players seldom finish a match (Gin's
   * Oklahoma knock card: random hands rarely get down to it), a match may stop
   * after this many hands; every hand still ends, and the log still replays.
   */
  readonly maxHands?: number;
}

function placedCards(game: AnyGame, state: MatchState, skip: readonly string[]): Card[] {
  const d = { ...game.dump(state) } as Record<string, Json>;
  for (const k of skip) delete d[k];
  return cardsIn(d);
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng.int(items.length)];
}

export function gameProperties(cfg: PropertyConfig): void {
  const { game } = cfg;
  const optionSets = cfg.options ?? [{}];
  const runs = cfg.runs ?? 12;
  const skip = cfg.dumpSkip ?? [];

  for (const players of cfg.players) {
    for (const options of optionSets) {
      const label = `${game.id}, ${players} players${Object.keys(options).length ? ", " + JSON.stringify(options) : ""}`;
      describe(label, () => {
        it(
          "holds its invariants through random complete matches",
          () => {
            fc.assert(
              fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
                const started = Table.start(game, { players, seed, options });
                expect(started.ok).toBe(true);
                if (!started.ok) return;
                const table = started.value;
                const rng = Rng.fromSeed(`moves-${seed}`);
                const pack = counts(cfg.pack(players, table.log().options as Record<string, unknown>));
                let steps = 0;
                let hands = 0;
                while (!table.state.matchOver && steps < 20_000) {
                  steps++;
                  const s = table.state;
                  expect(counts(placedCards(game, s, skip))).toEqual(pack);
                  checkViews(cfg, s, players);
                  if (s.handOver) {
                    if (++hands === cfg.maxHands) break;
                    expect(table.next().ok).toBe(true);
                    continue;
                  }
                  const toAct = game.toAct(s);
                  expect(toAct.length).toBeGreaterThan(0);
                  for (const seat of toAct) expect(legalMoves(game, s, seat).length).toBeGreaterThan(0);
                  const seat = pick(rng, toAct);
                  const legal = table.legal(seat);
                  // Every listed move is accepted, on a copy: it is made (the hand counts it, or it
                  // ends the hand), keeps every card of the pack, and leaves the original untouched.
                  const original = JSON.stringify(s);
                  for (const m of legal) {
                    const copy = game.clone(s);
                    applyMove(game, copy, seat, m);
                    expect(copy.moves === s.moves + 1 || copy.handOver).toBe(true);
                    expect(counts(placedCards(game, copy, skip))).toEqual(pack);
                  }
                  expect(JSON.stringify(s)).toBe(original);
                  // A move not listed is refused and changes nothing.
                  const before = JSON.stringify(table.dump());
                  const stranger = unlistedMove(rng, legal);
                  const refused = table.play(seat, stranger);
                  expect(refused.ok).toBe(false);
                  const wrongSeat = Array.from({ length: players }, (_, p) => p).find(
                    (p) => !toAct.includes(p),
                  );
                  if (wrongSeat !== undefined && legal.length) {
                    const r = table.play(wrongSeat, legal[0]);
                    expect(r.ok).toBe(false);
                    if (!r.ok) expect(r.error.code).toBe("not_your_turn");
                  }
                  expect(JSON.stringify(table.dump())).toBe(before);
                  // Moves round-trip through their wire form.
                  const m = pick(rng, legal);
                  const back = game.moveFromJson(game.moveToJson(m));
                  expect(back.ok && back.value).toBe(m);
                  // A view is a snapshot: playing on does not change one already taken.
                  const taken = [table.view(seat), table.view(SPECTATOR)];
                  const text = JSON.stringify(taken);
                  expect(table.play(seat, m).ok).toBe(true);
                  expect(JSON.stringify(taken)).toBe(text);
                }
                expect(table.state.matchOver || hands === cfg.maxHands).toBe(true);
                const replayed = Table.replay(game, JSON.parse(JSON.stringify(table.log())));
                expect(replayed.ok).toBe(true);
                if (replayed.ok) expect(replayed.value.dump()).toEqual(table.dump());
              }),
              { numRuns: runs },
            );
          },
          BOUNDED_WORK,
        );
      });
    }
  }
}

function unlistedMove(rng: Rng, legal: readonly Move[]): Move {
  for (;;) {
    const m = rng.int(4096);
    if (!legal.includes(m)) return m;
  }
}

function checkViews(cfg: PropertyConfig, s: MatchState, players: number): void {
  const viewers: Viewer[] = [SPECTATOR, ...Array.from({ length: players }, (_, p) => p)];
  const total = counts(placedCards(cfg.game, s, cfg.dumpSkip ?? []));
  for (const viewer of viewers) {
    const hidden = counts(cfg.hidden(s, viewer));
    const seen = counts(cardsIn(cfg.game.view(s, viewer)));
    for (let c = 0; c < CARD_SPACE; c++) {
      // A card is out of sight when every copy of it is; then no view may name it.
      if (hidden[c] > 0 && hidden[c] >= total[c] && seen[c] > 0) {
        throw new Error(`the view of ${viewer} shows ${formatCard(c)}, which is hidden from it`);
      }
    }
  }
}
