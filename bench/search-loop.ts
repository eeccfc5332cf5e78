import { type AnyGame, type MatchState, type Move, applyMove } from "../src/engine/game.js";
import { Rng } from "../src/engine/rng.js";

export interface SearchFigures {
  /** Nanoseconds per `clone` over states sampled mid-hand. */
  readonly cloneNs: number;
  /** Iterations a second of: copy, sample the hidden cards for the seat to act, play out at random to the hand's end. */
  readonly iterationsPerSecond: number;
}

function defaults(game: AnyGame): Record<string, unknown> {
  return Object.fromEntries(Object.entries(game.options).map(([k, spec]) => [k, spec.default]));
}

/** States from random hands, a few random moves in (mid-hand), with a seat to act. */
function sampleStates(game: AnyGame, players: number, count: number, rng: Rng): MatchState[] {
  const out: MatchState[] = [];
  const buf: Move[] = [];
  for (let i = 0; out.length < count; i++) {
    const started = game.start({ players, seed: `sample-${i}`, options: defaults(game) });
    if (!started.ok) throw new Error(started.error);
    const s: MatchState = started.value;
    const depth = 2 + rng.int(20);
    for (let k = 0; k < depth && !s.handOver; k++) {
      const toAct = game.toAct(s);
      const seat = toAct[rng.int(toAct.length)];
      applyMove(game, s, seat, buf[rng.int(game.legalMoves(s, seat, buf))]);
    }
    if (!s.handOver) out.push(s);
  }
  return out;
}

/** Plays a state out at random to the end of its hand. */
function playOut(game: AnyGame, s: MatchState, rng: Rng, buf: Move[]): void {
  while (!s.handOver) {
    const toAct = game.toAct(s);
    const seat = toAct.length === 1 ? toAct[0] : toAct[rng.int(toAct.length)];
    applyMove(game, s, seat, buf[rng.int(game.legalMoves(s, seat, buf))]);
  }
}

/**
 * The loop information-set search runs: copy the position, sample what the
 * seat to act cannot see (`determinize`), play out at random. One core.
 */
export function searchLoop(game: AnyGame, players: number, seconds: number): SearchFigures {
  const rng = Rng.fromSeed("search-loop");
  const states = sampleStates(game, players, 256, rng);
  const buf: Move[] = [];
  // Clone: enough rounds to time well.
  let copies = 0;
  let sink = 0;
  const c0 = performance.now();
  while (performance.now() - c0 < seconds * 250) {
    for (const s of states) sink += game.clone(s).players;
    copies += states.length;
  }
  const cloneNs = ((performance.now() - c0) * 1e6) / copies;
  let iterations = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  for (;;) {
    for (let i = 0; i < 16; i++) {
      const s = states[rng.int(states.length)];
      const seat = game.toAct(s)[0];
      const world = game.determinize(s, seat, rng);
      playOut(game, world, rng, buf);
      iterations++;
    }
    if (performance.now() > deadline) break;
  }
  if (sink < 0) console.log(sink);
  return { cloneNs, iterationsPerSecond: iterations / ((performance.now() - t0) / 1000) };
}
