/**
 * A seat's chance of winning the match from the match's public facts (the
 * scores, who deals, the options), seen from that seat: what the review
 * (issue 37) judges decisions by and the `expert` level (issue 38) plays to.
 * One small pure function per game; docs/REVIEW.md says how each was built
 * and how well it is calibrated.
 */
import { type Result, err, ok } from "../../engine/result.js";
import { type ChanceTables, type Stage, chanceTables, seatChance } from "./cribbage-table.js";
import { HAND_POINTS } from "./cribbage-points.js";

/** What every seat knows of a match between hands: a match state or a view carries these. */
export interface MatchFacts {
  readonly players: number;
  readonly scores: readonly number[];
  /**
   * Who deals the hand the chance is read in: the hand being played, or at a hand's end the next
   * one's dealer (the deal passes to the left).
   */
  readonly dealer: number;
  /** The match's options as the game parsed them. */
  readonly options: Readonly<Record<string, unknown>>;
}

/**
 * The targets whose tables are computed, once each, when first asked for: a table's work grows as the
 * square of its target (121 takes a few tenths of a second).
 */
export const CRIBBAGE_MAX_TARGET = 241;

const tables = new Map<number, ChanceTables>();
function cribbageTables(target: number): ChanceTables {
  let t = tables.get(target);
  if (!t) tables.set(target, (t = chanceTables(HAND_POINTS, target)));
  return t;
}

/** A chance, or in one line why the game or the match has no model. */
export type Chance = Result<number, string>;

/**
 * The chance that `seat` wins a two-player six-card Cribbage match from the
 * scores, the dealer and the target, at `stage` of the hand the dealer deals
 * (by default before its deal). A score at or past the target has won.
 * Muggins, skunks and a four-card crib flush are read as the usual game: the
 * hands were measured without them.
 */
export function cribbageChance(facts: MatchFacts, seat: number, stage: Stage = "deal"): Chance {
  const target = facts.options.target;
  if (facts.players !== 2) return err("Cribbage's table is for two players");
  if (facts.options.deal === "five") return err("Cribbage's table is for the six-card game");
  if (typeof target !== "number" || !Number.isInteger(target) || target < 1 || target > CRIBBAGE_MAX_TARGET)
    return err(`Cribbage's table is for games to 1 to ${CRIBBAGE_MAX_TARGET} points`);
  if (seat !== 0 && seat !== 1) return err(`no seat ${seat} in a two-player match`);
  const other = 1 - seat;
  const table = cribbageTables(target)[stage];
  return ok(seatChance(table, target, facts.scores[seat], facts.scores[other], facts.dealer === seat));
}

/** The chance that `seat` wins the match of `game` from `facts`, where the game has a model. */
export function winChance(game: string, facts: MatchFacts, seat: number): Chance {
  if (game === "cribbage") return cribbageChance(facts, seat);
  return err("this game has no win-chance model yet");
}

export type { Stage } from "./cribbage-table.js";
export { STAGES } from "./cribbage-table.js";
