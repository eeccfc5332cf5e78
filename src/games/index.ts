import type { Bot } from "../bots/bot.js";
import type { AnyGame, JsonObject } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import { cribbage, cribbageBot, cribbageCount } from "./cribbage/entry.js";
import { greedy as eightsGreedy } from "./crazy-eights/bot.js";
import { crazyEights } from "./crazy-eights/game.js";
import { greedy as ginGreedy } from "./gin-rummy/bot.js";
import { count as ginCount } from "./gin-rummy/count.js";
import { ginRummy } from "./gin-rummy/game.js";
import { greedy as hyruleGreedy } from "./hyrule/bot.js";
import { hyrule } from "./hyrule/game.js";
import { greedy as coasterGreedy } from "./roller-coaster/bot.js";
import { rollerCoaster } from "./roller-coaster/game.js";
import { greedy as cornersGreedy } from "./royal-corners/bot.js";
import { royalCorners } from "./royal-corners/game.js";
import { greedy as royGreedy } from "./roy/bot.js";
import { roy } from "./roy/game.js";

/** A counting answer: the wire form (engine protocol, `--json`) and the words a player reads. */
export interface CountAnswer {
  readonly json: JsonObject;
  readonly text: string;
}

export interface GameEntry {
  readonly game: AnyGame;
  /** The game's own computer players by level (the generic `random` is always there too). */
  readonly bots: Readonly<Record<string, Bot>>;
  /**
   * The game's counting tool, for `cardroom count GAME` and the protocol's
   * `count` request: the request's fields (cards as text) in, an answer or
   * one line saying what is wrong out.
   */
  readonly count?: (request: Readonly<Record<string, unknown>>) => Result<CountAnswer, string>;
}

/** Every game the card room knows. */
export const ENTRIES: readonly GameEntry[] = [
  { game: roy, bots: { greedy: royGreedy } },
  { game: royalCorners, bots: { greedy: cornersGreedy } },
  { game: rollerCoaster, bots: { greedy: coasterGreedy } },
  { game: crazyEights, bots: { greedy: eightsGreedy } },
  { game: ginRummy, bots: { greedy: ginGreedy }, count: ginCount },
  { game: cribbage, bots: { greedy: cribbageBot }, count: cribbageCount },
  { game: hyrule, bots: { greedy: hyruleGreedy } },
];

export const GAMES: readonly AnyGame[] = ENTRIES.map((e) => e.game);

export function findEntry(id: unknown): Result<GameEntry, string> {
  const entry = ENTRIES.find((e) => e.game.id === id);
  if (entry) return ok(entry);
  return err(`unknown game ${JSON.stringify(id)} (games: ${GAMES.map((g) => g.id).join(", ")})`);
}
