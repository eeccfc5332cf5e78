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
import { HAND_POINTS as FIVE_CARD_POINTS } from "./cribbage-points-five.js";
import { type Ending, gridStep, matchTable, tableChance } from "./match-table.js";
import { MEASURED_HANDS, type MeasuredHands } from "./measured-hands.js";
import { CRAZY_EIGHTS_HANDS } from "./crazy-eights-hands.js";
import { GIN_RUMMY_HANDS } from "./gin-rummy-hands.js";
import { type HandOutcomes, type RaceTable, raceChance, raceTable } from "./score-race.js";

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

const tables = new Map<string, ChanceTables>();
function cribbageTables(fiveCard: boolean, target: number): ChanceTables {
  const key = `${fiveCard ? "five" : "six"} ${target}`;
  let t = tables.get(key);
  if (!t) tables.set(key, (t = chanceTables(fiveCard ? FIVE_CARD_POINTS : HAND_POINTS, target)));
  return t;
}

/** The five-card game's three for last: the first pone's, scored at the first cut before anything else. */
const THREE_FOR_LAST = 3;

/** A chance, or in one line why the game or the match has no model. */
export type Chance = Result<number, string>;

/**
 * The chance that `seat` wins a two-player Cribbage match from the scores,
 * the dealer and the target, at `stage` of the hand the dealer deals (by
 * default before its deal). A score at or past the target has won. The
 * six-card game and the five-card one each have their table, from hands of
 * their own; in the five-card game a match at 0 to 0 before the cut has its
 * first pone's three for last still to come, and is read with it. Muggins,
 * skunks and a four-card crib flush are read as the usual game: the hands
 * were measured without them. `shift`: the seat's score that many points
 * higher (lower when negative; a discard's expected points given up), read
 * between whole scores; below 0 the slope from 0 to 1 goes on.
 */
export function cribbageChance(facts: MatchFacts, seat: number, stage: Stage = "deal", shift = 0): Chance {
  const target = facts.options.target;
  if (facts.players !== 2) return err("Cribbage's tables are for two players");
  if (typeof target !== "number" || !Number.isInteger(target) || target < 1 || target > CRIBBAGE_MAX_TARGET)
    return err(`Cribbage's tables are for games to 1 to ${CRIBBAGE_MAX_TARGET} points`);
  if (seat !== 0 && seat !== 1) return err(`no seat ${seat} in a two-player match`);
  const fiveCard = facts.options.deal === "five";
  const other = 1 - seat;
  let mine = facts.scores[seat];
  let theirs = facts.scores[other];
  if (fiveCard && stage === "deal" && mine === 0 && theirs === 0) {
    if (facts.dealer === seat) theirs = THREE_FOR_LAST;
    else mine = THREE_FOR_LAST;
  }
  const table = cribbageTables(fiveCard, target)[stage];
  const at = (score: number): number => seatChance(table, target, score, theirs, facts.dealer === seat);
  if (shift === 0) return ok(at(mine));
  const x = mine + shift;
  if (x < 0) return ok(Math.max(0, at(0) + x * (at(1) - at(0))));
  const lo = Math.floor(x);
  const f = x - lo;
  return ok(f === 0 ? at(lo) : (1 - f) * at(lo) + f * at(lo + 1));
}

/** A game whose matches a measured-hands table models (match-table.ts). */
interface TableGame {
  readonly name: string;
  /** The option holding the line the match ends at, or null where the match is one hand. */
  readonly lineOption: string | null;
  /** What the line counts, for the refusal of one too far. */
  readonly lineWords: string;
  readonly ending: Ending;
  /** The other options as the hands were measured: a match with other values has no table. */
  readonly measuredWith: Readonly<Record<string, unknown>>;
}

const TABLE_GAMES: Readonly<Record<string, TableGame>> = {
  roy: {
    name: "ROY",
    lineOption: "target",
    lineWords: "targets",
    ending: "highest",
    measuredWith: { drawWhenAble: false, scoring: "cards", upcardActs: false },
  },
  "royal-corners": {
    name: "Royal Corners",
    lineOption: "limit",
    lineWords: "limits",
    ending: "lowest",
    measuredWith: { penalty: "kings", firstPlayer: "dealer" },
  },
  "roller-coaster": {
    name: "Roller Coaster",
    lineOption: "handsToWin",
    lineWords: "hands to win",
    ending: "highest",
    measuredWith: { packs: "auto", mustPlay: false, newStock: "shuffle" },
  },
  hyrule: {
    name: "Hyrule",
    lineOption: null,
    lineWords: "",
    ending: "highest",
    measuredWith: { mode: "chance", blind: false, runOff: false, tiedTricks: "carry" },
  },
};

/** A seat's chance from the scores by seat and the dealer, or why the match has no model. */
type SeatChance = ((scores: readonly number[], dealer: number, seat: number) => number) | string;

/** Each game's models by player count and line (`players * 1e6 + line`), made when first asked for. */
const models = new Map<string, Map<number, SeatChance>>();

/**
 * The chance that `seat` wins a match of a table game from the scores (ROY's points, Royal Corners'
 * penalties, Roller Coaster's hands won) and the dealer: the table of the match's line for its player
 * count (match-table.ts), in whole points where it is small, else on a grid. Tied winners share the win.
 */
function tableGameChance(id: string, g: TableGame, facts: MatchFacts, seat: number): Chance {
  const n = facts.players;
  for (const name in g.measuredWith) {
    const v = facts.options[name];
    if (v !== undefined && v !== g.measuredWith[name] && !(name === "packs" && v === (n <= 6 ? "1" : "2")))
      return err(`${g.name}'s model was measured with ${name} ${String(g.measuredWith[name])}`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) return err(`no seat ${seat} in a ${n}-player match`);
  const line = g.lineOption === null ? 1 : facts.options[g.lineOption];
  if (typeof line !== "number" || !Number.isInteger(line) || line < 1)
    return err(`${g.name}'s ${g.lineOption ?? "line"} must be a whole number`);
  let byKey = models.get(id);
  if (!byKey) models.set(id, (byKey = new Map()));
  const key = n * 1e6 + line;
  let model = byKey.get(key);
  if (model === undefined) byKey.set(key, (model = seatModel(id, g, n, line)));
  if (typeof model === "string") return err(model);
  return ok(model(facts.scores, facts.dealer, seat));
}

/**
 * The coarsest grid a table is read on, in points a step: a hand of ROY brings 2 to 10 points, of
 * Royal Corners about 10 penalty points to share, so a coarser grid would blur a hand.
 */
const MAX_STEP = 10;

/** The longest line whose table has a grid no coarser than `MAX_STEP`. */
function maxLine(hands: MeasuredHands): number {
  let line = MAX_STEP;
  while (gridStep(hands, line + MAX_STEP) <= MAX_STEP) line += MAX_STEP;
  return line;
}

/** The model of `n` players to `line`: the table, or why there is none. */
function seatModel(id: string, g: TableGame, n: number, line: number): SeatChance {
  const hands = MEASURED_HANDS.find((m) => m.game === id && m.players === n);
  if (!hands) {
    const counts = MEASURED_HANDS.filter((m) => m.game === id).map((m) => m.players);
    return `${g.name}'s model is for ${counts.sort((x, y) => x - y).join(", ")} players`;
  }
  const step = gridStep(hands, line);
  if (step > MAX_STEP)
    return `${g.name}'s table for ${n} players is for ${g.lineWords} up to ${maxLine(hands)}`;
  const table = matchTable(hands, line, g.ending, step);
  return (scores, dealer, seat) => tableChance(table, scores, dealer, seat);
}

/** The highest target the race models take (a two-player table grows as the square of its target). */
export const RACE_MAX_TARGET = 300;

/**
 * Grid steps below the target on each score's axis, by players: two players' scores are read whole;
 * three and four on a coarser grid, so that a table takes a few tenths of a second.
 */
const RACE_UNITS: Readonly<Record<number, number>> = { 3: 30, 4: 12 };

const races = new Map<string, RaceTable>();

/**
 * The chance that `seat` wins a race to the target from `facts` in `name`, whose hands each score for
 * one seat or none (src/bots/win-chance/score-race.ts), with `measured` hands by player count; the
 * table for a match's players and target is computed once, when first asked for.
 */
function raceFor(
  name: string,
  measured: Readonly<Record<number, HandOutcomes>>,
  facts: MatchFacts,
  seat: number,
): Chance {
  const { players, options } = facts;
  const target = options.target;
  const model = `${name}${name.endsWith("s") ? "'" : "'s"} model`;
  const outcomes = measured[players];
  if (!outcomes) return err(`${model} is for ${Object.keys(measured).join(", ")} players`);
  if (typeof target !== "number" || !Number.isInteger(target) || target < 1 || target > RACE_MAX_TARGET)
    return err(`${model} is for games to 1 to ${RACE_MAX_TARGET} points`);
  if (!Number.isInteger(seat) || seat < 0 || seat >= players)
    return err(`no seat ${seat} in a ${players}-player match`);
  const key = `${name}/${players}/${target}`;
  let table = races.get(key);
  if (!table) {
    const units = RACE_UNITS[players];
    const step = units ? Math.max(1, Math.ceil(target / units)) : 1;
    races.set(key, (table = raceTable(outcomes, players, target, step)));
  }
  return ok(raceChance(table, facts.scores, facts.dealer, seat));
}

/** Gin Rummy's options its hands were measured with (any target, and either way of match bonuses). */
const GIN_MEASURED = { knockLimit: 10, layoffs: true, ginBonus: 25, undercutBonus: 25, oklahoma: "off" };

/**
 * The chance that `seat` wins a two-player Gin Rummy match from the scores, the dealer and the target,
 * before the dealer's deal. Match bonuses (`bonuses: standard`) change only the final totals: the winner
 * is still the first to the target. Other knock limits, bonuses, lay-offs or Oklahoma change the hands:
 * not modelled.
 */
export function ginRummyChance(facts: MatchFacts, seat: number): Chance {
  for (const [name, value] of Object.entries(GIN_MEASURED)) {
    const v = facts.options[name];
    if (v !== undefined && v !== value) return err(`Gin Rummy's model is for ${name} ${String(value)} only`);
  }
  return raceFor("Gin Rummy", GIN_RUMMY_HANDS, facts, seat);
}

/**
 * The chance that `seat` wins a Crazy Eights match of two to four players from the scores, the dealer
 * and the target, before the dealer's deal; the house rules of drawing change the hands: not modelled.
 */
export function crazyEightsChance(facts: MatchFacts, seat: number): Chance {
  const draw = facts.options.draw;
  if (draw !== undefined && draw !== "any")
    return err("Crazy Eights' model is for the TeleCards draw (draw any) only");
  return raceFor("Crazy Eights", CRAZY_EIGHTS_HANDS, facts, seat);
}

/** The chance that `seat` wins the match of `game` from `facts`, where the game has a model. */
export function winChance(game: string, facts: MatchFacts, seat: number): Chance {
  if (game === "cribbage") return cribbageChance(facts, seat);
  const g = TABLE_GAMES[game];
  if (g) return tableGameChance(game, g, facts, seat);
  if (game === "gin-rummy") return ginRummyChance(facts, seat);
  if (game === "crazy-eights") return crazyEightsChance(facts, seat);
  return err("this game has no win-chance model yet");
}

export type { Stage } from "./cribbage-table.js";
export { STAGES } from "./cribbage-table.js";
