/**
 * A match's decisions, from its log: the table replayed entry by entry, each
 * move's seat, the state just before it and the move played, and where each
 * hand began and ended. Pure: what a review judges, in the terminal, a
 * worker or a browser alike.
 */
import type { AnyGame, MatchState, Move, Seat } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import { type MatchLog, Table } from "../engine/table.js";

export interface Decision {
  /** The move's place in the log's entries (0-based): a decision's name in a review. */
  readonly index: number;
  readonly hand: number;
  readonly seat: Seat;
  /** The whole state before the move: the judge reads it only through the seat's `determinize` and view. */
  readonly state: MatchState;
  readonly move: Move;
  /** The seat's legal moves then (one: a forced decision, not judged). */
  readonly legal: readonly Move[];
}

/** A hand's bounds: the scores as it was dealt and as it ended (or as the match stopped in it). */
export interface HandSpan {
  readonly hand: number;
  readonly dealer: Seat;
  readonly scoresBefore: readonly number[];
  readonly scoresAfter: readonly number[];
  /** Whether the hand was played to its end (not stopped by a forfeit or the log's end). */
  readonly ended: boolean;
}

export interface MatchDecisions {
  readonly decisions: readonly Decision[];
  readonly hands: readonly HandSpan[];
  /** The match's end: its winners, or null when it is not over. */
  readonly winners: readonly Seat[] | null;
}

/** Replays `log` and lists its decisions; a log that does not replay is one line. */
export function matchDecisions(game: AnyGame, log: MatchLog): Result<MatchDecisions, string> {
  const start = Table.replay(game, { ...log, entries: [] });
  if (!start.ok) return err(start.error.message);
  const table = start.value;
  const decisions: Decision[] = [];
  const hands: HandSpan[] = [];
  let open = { hand: table.state.hand, dealer: table.state.dealer, scoresBefore: [...table.state.scores] };
  const close = (s: MatchState) => hands.push({ ...open, scoresAfter: [...s.scores], ended: s.handOver });
  for (const [index, e] of log.entries.entries()) {
    if ("next" in e) {
      close(table.state);
      const r = table.apply(e);
      if (!r.ok) return err(`log entry ${index + 1}: ${r.error.message}`);
      open = { hand: table.state.hand, dealer: table.state.dealer, scoresBefore: [...table.state.scores] };
      continue;
    }
    if ("move" in e) {
      const before = game.clone(table.state);
      const legal = table.legal(e.seat);
      const r = table.apply(e);
      if (!r.ok) return err(`log entry ${index + 1}: ${r.error.message}`);
      const parsed = game.moveFromJson(e.move);
      if (!parsed.ok) return err(`log entry ${index + 1}: ${parsed.error}`);
      decisions.push({ index, hand: before.hand, seat: e.seat, state: before, move: parsed.value, legal });
      continue;
    }
    const r = table.apply(e);
    if (!r.ok) return err(`log entry ${index + 1}: ${r.error.message}`);
  }
  close(table.state);
  const winners = table.over ? (table.status().winners ?? null) : null;
  return ok({ decisions, hands, winners });
}
