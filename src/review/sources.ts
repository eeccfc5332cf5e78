/**
 * What a review reads a match from: a move log (a saved match, a server's
 * table) or a replay's proof (`cardroom verify`'s input), whose hands are
 * re-played from their revealed seeds as `verify` does, every move with the
 * whole state before it. Pure: the reading of files and URLs is the
 * command's.
 */
import type { AnyGame, MatchState, Seat } from "../engine/game.js";
import { legalMoves } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import type { MatchLog } from "../engine/table.js";
import { type GameLookup, checkReplay } from "../protocol/replay-proof.js";
import { type Decision, type HandSpan, type MatchDecisions, matchDecisions } from "./decisions.js";

/** A match to review: its game, its decisions and hands, and the seed its judgements are drawn from. */
export interface MatchSource {
  readonly game: AnyGame;
  readonly players: number;
  /**
   * Seeds the review's generators (with the seat, the decision and the budget): the first hand's
   * seed, the same read from a log or from a replay, and no card of a hand still hidden.
   */
  readonly seed: string;
  readonly match: MatchDecisions;
}

export function logSource(game: AnyGame, log: MatchLog): Result<MatchSource, string> {
  const m = matchDecisions(game, log);
  if (!m.ok) return m;
  // The first hand's seed, as a replay of the same match reveals it: the same review from either.
  const first = m.value.decisions[0]?.state.handSeed;
  return ok({ game, players: log.players, seed: first ?? log.seed, match: m.value });
}

/**
 * A replay (`join --proof`, `/api/tables/ID/replay`) re-played: every hand
 * over, its moves and states; a replay that does not hold is one line.
 */
export function proofSource(raw: unknown, lookup: GameLookup): Result<MatchSource, string> {
  const decisions: Decision[] = [];
  const hands: HandSpan[] = [];
  let index = 0;
  let last: MatchState | null = null;
  let game: AnyGame | null = null;
  const verdict = checkReplay(
    raw,
    (id) => {
      const g = lookup(id);
      if (g.ok) game = g.value;
      return g;
    },
    undefined,
    undefined,
    (hand, moves, end) => {
      if (!game) return;
      if (hand > 1) index++; // the next hand's deal: one entry of a log
      const dealt = moves[0]?.state ?? end;
      for (const { state, seat, move } of moves) {
        const legal = legalMoves(game, state, seat);
        decisions.push({ index: index++, hand, seat, state: game.clone(state), move, legal });
      }
      hands.push({
        hand,
        dealer: dealt.dealer,
        scoresBefore: [...dealt.scores],
        scoresAfter: [...end.scores],
        ended: end.handOver,
      });
      last = end;
    },
  );
  if (!verdict.ok) return err(verdict.line);
  const g = game as AnyGame | null;
  const end = last as MatchState | null;
  if (!g || !end) return err("no hand over to review yet");
  const firstSeed = (decisions[0]?.state ?? end).handSeed;
  const winners: Seat[] | null = end.matchOver ? [...g.matchWinners(end)] : null;
  return ok({ game: g, players: end.players, seed: firstSeed, match: { decisions, hands, winners } });
}
