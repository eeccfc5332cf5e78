import type { GameEntry } from "../games/index.js";
import { UsageError } from "./args.js";

/** `cardroom count GAME ...`: the game's counting tool, in words or as one JSON object. */
export function countCommand(
  entry: GameEntry,
  cards: readonly string[],
  flags: Record<string, unknown>,
): void {
  const count = entry.count;
  if (!count) throw new UsageError(`${entry.game.name} has no counting tool (try cribbage or gin-rummy)`);
  const { json, ...rest } = flags;
  const request: Record<string, unknown> = {};
  if (cards.length) request.hand = cards;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) request[key] = value;
  const answer = count(request);
  if (!answer.ok) throw new UsageError(answer.error);
  process.stdout.write((json ? JSON.stringify(answer.value.json) : answer.value.text) + "\n");
}
