import { type Player, botMove } from "../bots/index.js";
import { applyMove } from "../engine/game.js";
import { Rng, type Seed } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";

export interface SimConfig {
  readonly entry: GameEntry;
  readonly players: number;
  readonly games: number;
  readonly seed: Seed;
  /** Options as the game's option parser returned them. */
  readonly options: Record<string, unknown>;
  /** One bot per seat. */
  readonly bots: readonly Player[];
  readonly onGame?: (done: number) => void;
}

export interface SimSummary {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  /** Matches won per seat; a shared win counts for every seat that shares it. */
  readonly wins: number[];
  /** Matches whose win was shared. */
  readonly shared: number;
  /** Matches stopped at the hand limit without a winner. */
  readonly unfinished: number;
  readonly hands: number;
  readonly moves: number;
  readonly seconds: number;
}

/** A match that has not ended after this many hands is stopped and counted as unfinished. */
export const MATCH_HAND_LIMIT = 10_000;

/** Plays complete matches between bots, each seeing only its own seat's view. */
export function simulate(cfg: SimConfig): SimSummary {
  const { game } = cfg.entry;
  const wins = new Array<number>(cfg.players).fill(0);
  let shared = 0;
  let unfinished = 0;
  let hands = 0;
  let moves = 0;
  const t0 = performance.now();
  for (let g = 0; g < cfg.games; g++) {
    const started = game.start({ players: cfg.players, seed: `${cfg.seed}:${g}`, options: cfg.options });
    if (!started.ok) throw new Error(started.error);
    const state = started.value;
    const rng = Rng.fromSeed(`bots:${cfg.seed}:${g}`);
    let matchHands = 0;
    while (!state.matchOver && matchHands < MATCH_HAND_LIMIT) {
      if (state.handOver) {
        matchHands++;
        game.nextHand(state);
        continue;
      }
      const toAct = game.toAct(state);
      const seat = toAct[0];
      applyMove(game, state, seat, botMove(cfg.entry, cfg.bots[seat], state, seat, rng));
      moves++;
      if (state.handOver && state.matchOver) matchHands++;
    }
    hands += matchHands;
    if (state.matchOver) {
      const winners = game.matchWinners(state);
      for (const w of winners) wins[w]++;
      if (winners.length > 1) shared++;
    } else unfinished++;
    cfg.onGame?.(g + 1);
  }
  return {
    game: game.id,
    players: cfg.players,
    games: cfg.games,
    wins,
    shared,
    unfinished,
    hands,
    moves,
    seconds: (performance.now() - t0) / 1000,
  };
}
