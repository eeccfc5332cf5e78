import { type AnyGame, type MatchState, type Move, applyMove } from "../src/engine/game.js";
import { Rng } from "../src/engine/rng.js";

export interface PlayoutFigures {
  readonly game: string;
  readonly players: number;
  readonly hands: number;
  readonly moves: number;
  readonly seconds: number;
  readonly handsPerSecond: number;
  readonly movesPerSecond: number;
}

/**
 * Random complete hands on one core, through the same `legalMoves` and
 * `applyMove` that bots and simulations use: no text, no JSON, no allocation
 * per move beyond what the game itself does.
 */
export function randomHands(
  game: AnyGame,
  players: number,
  seconds: number,
  options = {},
  seed: string | number = 1,
): PlayoutFigures {
  const started = game.start({ players, seed, options: { ...defaults(game), ...options } });
  if (!started.ok) throw new Error(started.error);
  const state: MatchState = started.value;
  // The players' own generator: never the state's, which deals.
  const rng = Rng.fromSeed("random players");
  const buf: Move[] = [];
  let hands = 0;
  let moves = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  while (true) {
    if (state.handOver) {
      hands++;
      if ((hands & 63) === 0 && performance.now() > deadline) break;
      if (state.matchOver) {
        state.matchOver = false;
        state.scores.fill(0);
      }
      game.nextHand(state);
      continue;
    }
    const toAct = game.toAct(state);
    const seat = toAct.length === 1 ? toAct[0] : toAct[rng.int(toAct.length)];
    const n = game.legalMoves(state, seat, buf);
    applyMove(game, state, seat, buf[rng.int(n)]);
    moves++;
  }
  const elapsed = (performance.now() - t0) / 1000;
  return {
    game: game.id,
    players,
    hands,
    moves,
    seconds: elapsed,
    handsPerSecond: hands / elapsed,
    movesPerSecond: moves / elapsed,
  };
}

function defaults(game: AnyGame): Record<string, unknown> {
  return Object.fromEntries(Object.entries(game.options).map(([k, spec]) => [k, spec.default]));
}
