import type { MatchState, Move, Seat } from "../engine/game.js";
import type { Rng } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";
import type { SearchBudget, SearchResult } from "./ismcts.js";
import { searchInWorker } from "./pool.js";

export interface Hint {
  readonly move: Move;
  /** One line: the move and why, from what the search saw. */
  readonly line: string;
}

/** The one-line reason for a search's choice: how it rated against the next best. */
export function hintLine(entry: GameEntry, result: SearchResult): string {
  const { game } = entry;
  const [first, second] = result.moves;
  const rate = (v: number) => Math.round(v * 100);
  const tried = `${result.worlds.toLocaleString("en")} deals it could be`;
  if (result.reason) return `${game.describeMove(result.move)}: ${result.reason}`;
  if (!first) return `${game.describeMove(result.move)}`;
  const why = second
    ? `rated ${rate(first.value)} of 100 over ${tried}; next best, ${game.describeMove(second.move)}, ${rate(second.value)}`
    : `rated ${rate(first.value)} of 100 over ${tried}`;
  return `${game.describeMove(result.move)}: ${why}`;
}

/** The hard player's move for `seat`, searched in a worker, with its reason. */
export async function hint(
  entry: GameEntry,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget?: Partial<SearchBudget>,
): Promise<Hint> {
  const result = await searchInWorker(entry, "hard", state, seat, rng, budget);
  return { move: result.move, line: hintLine(entry, result) };
}
