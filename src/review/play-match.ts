/**
 * A match played to its end at a `Table` by computer players, for the
 * review's tests, benchmark and measure: its log is what `cardroom play`
 * saves. `swap` replaces one decision's move (the measure's planted mistake).
 */
import { botMove } from "../bots/index.js";
import type { Move, Seat } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { type MatchLog, Table } from "../engine/table.js";
import type { GameEntry } from "../games/index.js";

export interface PlayedMatch {
  readonly log: MatchLog;
}

export function playMatch(
  entry: GameEntry,
  opts: {
    readonly seed: string;
    readonly players?: number;
    readonly levels: readonly string[];
    readonly options?: Record<string, unknown>;
    readonly budget?: { iterations: number; ms: number };
    /** Called before each move: a move to play instead, or null. */
    readonly swap?: (table: Table, seat: Seat, index: number) => Move | null;
    /** Stop after this many hands (a short match for tests). */
    readonly hands?: number;
  },
): MatchLog {
  const t = Table.start(entry.game, {
    players: opts.players ?? 2,
    seed: opts.seed,
    options: opts.options ?? {},
  });
  if (!t.ok) throw new Error(t.error.message);
  const table = t.value;
  const rng = Rng.fromSeed(`play ${opts.seed}`);
  let index = 0;
  while (!table.over) {
    if (table.state.handOver) {
      if (opts.hands !== undefined && table.state.hand >= opts.hands) break;
      table.next();
      index++;
      continue;
    }
    const seat = entry.game.toAct(table.state)[0];
    const bot = entry.bots[opts.levels[seat]];
    const swapped = opts.swap?.(table, seat, index) ?? null;
    const move = swapped ?? botMove(entry, bot, table.state, seat, rng, opts.budget);
    const r = table.play(seat, move);
    if (!r.ok) throw new Error(r.error.message);
    index++;
  }
  return table.log();
}
