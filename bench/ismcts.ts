import { ENTRIES } from "../src/games/index.js";
import { isSearcher } from "../src/bots/bot.js";
import { ismcts } from "../src/bots/ismcts.js";
import { type MatchState, type Move, applyMove } from "../src/engine/game.js";
import { defaultOptions } from "../src/engine/options.js";
import { Rng } from "../src/engine/rng.js";

export interface IsmctsFigures {
  /** Iterations a second of the search as `hard` plays it (its playout policy, its narrowed choices). */
  readonly hard: number;
  /** The same search with random playouts. */
  readonly random: number;
}

/**
 * Positions early in hands where `hard` searches the seat's choice (not where
 * its game settles it: Cribbage's discards, Gin Rummy's draws).
 */
function positions(id: string, players: number, count: number): MatchState[] {
  const entry = ENTRIES.find((e) => e.game.id === id)!;
  const { game } = entry;
  const hard = entry.bots.hard;
  const settle = hard && isSearcher(hard) ? hard.settings.settle : undefined;
  const rng = Rng.fromSeed(`ismcts-${id}`);
  const out: MatchState[] = [];
  const buf: Move[] = [];
  for (let i = 0; out.length < count; i++) {
    const started = game.start({ players, seed: `ismcts-${i}`, options: defaultOptions(game.options) });
    if (!started.ok) throw new Error(started.error);
    const s: MatchState = started.value;
    for (let k = 0; k < 200 && !s.handOver; k++) {
      const seat = game.toAct(s)[0];
      const n = game.legalMoves(s, seat, buf);
      const searched = !settle?.(game.view(s, seat), buf.slice(0, n));
      if (n > 1 && searched && k >= 2) break;
      applyMove(game, s, seat, buf[rng.int(n)]);
    }
    if (!s.handOver) out.push(s);
  }
  return out;
}

/** ISMCTS iterations a second on one core, over a few positions, `seconds` in all. */
export function ismctsSpeed(id: string, players: number, seconds: number): IsmctsFigures {
  const entry = ENTRIES.find((e) => e.game.id === id)!;
  const hard = entry.bots.hard;
  if (!isSearcher(hard)) throw new Error(`${id}: hard does not search`);
  const states = positions(id, players, 4);
  const rate = (run: (s: MatchState, seat: number, ms: number) => number): number => {
    let iterations = 0;
    const t0 = performance.now();
    const per = (seconds * 500) / states.length;
    for (const s of states) iterations += run(s, entry.game.toAct(s)[0], per);
    return iterations / ((performance.now() - t0) / 1000);
  };
  const budget = (ms: number) => ({ iterations: 1e9, ms });
  return {
    hard: rate((s, seat, ms) => hard.decide(s, seat, Rng.fromSeed(1), budget(ms)).iterations),
    random: rate(
      (s, seat, ms) =>
        ismcts(entry.game, s, seat, Rng.fromSeed(1), { budget: budget(ms), playout: undefined }).iterations,
    ),
  };
}
