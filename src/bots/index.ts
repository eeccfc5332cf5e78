import type { MatchState, Move, Seat } from "../engine/game.js";
import { legalMoves } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import type { Rng } from "../engine/rng.js";
import type { GameEntry } from "../games/index.js";
import { type Bot, randomBot } from "./bot.js";

export type { Bot } from "./bot.js";

/** The levels a game offers: `random` always, then the game's own players. */
export function botLevels(entry: GameEntry): string[] {
  return ["random", ...Object.keys(entry.bots)];
}

export const DEFAULT_LEVEL = "greedy";

export function findBot(entry: GameEntry, level: unknown): Result<Bot, string> {
  if (level === "random") return ok(randomBot);
  const bot = typeof level === "string" && Object.hasOwn(entry.bots, level) ? entry.bots[level] : undefined;
  if (bot) return ok(bot);
  return err(
    `unknown computer player level ${JSON.stringify(level)} (levels: ${botLevels(entry).join(", ")})`,
  );
}

/**
 * Asks a bot for a seat's move. The bot gets the seat's view and the legal
 * moves, never the state: this is the one place a bot is called from.
 */
export function botMove(entry: GameEntry, bot: Bot, state: MatchState, seat: Seat, rng: Rng): Move {
  const legal = legalMoves(entry.game, state, seat);
  if (legal.length === 1) return legal[0];
  const view = bot === randomBot ? {} : entry.game.view(state, seat);
  return bot.choose(view, legal, rng);
}
