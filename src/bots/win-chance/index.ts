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
import { type Ending, MAX_STATES, type MatchTable, matchTable, tableChance } from "./match-table.js";
import { MEASURED_HANDS } from "./measured-hands.js";

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

/** Each game's tables by player count and line (`players * 1e6 + line`), built when first asked for. */
const matchTables = new Map<string, Map<number, MatchTable>>();

/**
 * The chance that `seat` wins a match of a table game from the scores (ROY's points, Royal Corners'
 * penalties, Roller Coaster's hands won) and the dealer: the table of the match's line for its player
 * count. Tied winners share the win.
 */
function tableGameChance(id: string, g: TableGame, facts: MatchFacts, seat: number): Chance {
  const n = facts.players;
  const line = g.lineOption === null ? 1 : facts.options[g.lineOption];
  let tables = matchTables.get(id);
  if (!tables) matchTables.set(id, (tables = new Map()));
  const key = typeof line === "number" ? n * 1e6 + line : NaN;
  let table = tables.get(key);
  if (!table) {
    const why = tableRefusal(id, g, facts, line);
    if (why !== null) return err(why);
    tables.set(
      key,
      (table = matchTable(
        MEASURED_HANDS.find((m) => m.game === id && m.players === n)!,
        line as number,
        g.ending,
      )),
    );
  }
  for (const name in g.measuredWith) {
    const v = facts.options[name];
    if (v !== undefined && v !== g.measuredWith[name] && !(name === "packs" && v === (n <= 6 ? "1" : "2")))
      return err(`${g.name}'s table was measured with ${name} ${String(g.measuredWith[name])}`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= n) return err(`no seat ${seat} in a ${n}-player match`);
  return ok(tableChance(table, facts.scores, facts.dealer, seat));
}

/** Why a match has no table: its player count was not measured, or its line is past the largest table. */
function tableRefusal(id: string, g: TableGame, facts: MatchFacts, line: unknown): string | null {
  const n = facts.players;
  if (!MEASURED_HANDS.some((m) => m.game === id && m.players === n)) {
    const counts = MEASURED_HANDS.filter((m) => m.game === id).map((m) => m.players);
    return `${g.name}'s table is for ${counts.join(", ")} players`;
  }
  const maxLine = Math.floor(MAX_STATES ** (1 / n) + 1e-9);
  if (typeof line !== "number" || !Number.isInteger(line) || line < 1 || line > maxLine)
    return `${g.name}'s table for ${n} players is for ${g.lineWords} of 1 to ${maxLine}`;
  return null;
}

/** The chance that `seat` wins the match of `game` from `facts`, where the game has a model. */
export function winChance(game: string, facts: MatchFacts, seat: number): Chance {
  if (game === "cribbage") return cribbageChance(facts, seat);
  const g = TABLE_GAMES[game];
  if (g) return tableGameChance(game, g, facts, seat);
  return err("this game has no win-chance model yet");
}

export type { Stage } from "./cribbage-table.js";
export { STAGES } from "./cribbage-table.js";
