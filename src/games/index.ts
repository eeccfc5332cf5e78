import type { Bot } from "../bots/bot.js";
import type { AnyGame } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import { greedy as eightsGreedy } from "./crazy-eights/bot.js";
import { crazyEights } from "./crazy-eights/game.js";

export interface GameEntry {
  readonly game: AnyGame;
  /** The game's own computer players by level (the generic `random` is always there too). */
  readonly bots: Readonly<Record<string, Bot>>;
}

/** Every game the card room knows. */
export const ENTRIES: readonly GameEntry[] = [{ game: crazyEights, bots: { greedy: eightsGreedy } }];

export const GAMES: readonly AnyGame[] = ENTRIES.map((e) => e.game);

export function findEntry(id: unknown): Result<GameEntry, string> {
  const entry = ENTRIES.find((e) => e.game.id === id);
  if (entry) return ok(entry);
  return err(`unknown game ${JSON.stringify(id)} (games: ${GAMES.map((g) => g.id).join(", ")})`);
}

export function findGame(id: unknown): Result<AnyGame, string> {
  const e = findEntry(id);
  return e.ok ? ok(e.value.game) : e;
}
