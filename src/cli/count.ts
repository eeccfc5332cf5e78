import type { GameEntry } from "../games/index.js";
import { runCount } from "../protocol/count-request.js";
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
  const { answer, unused } = runCount(count, request);
  if (!answer.ok) throw new UsageError(answer.error);
  if (unused.length) {
    const what = unused.map((k) => (k === "hand" ? `the cards ${cards.join(" ")}` : `--${k}`));
    throw new UsageError(`${what.join(" and ")}: not used by this ${entry.game.id} count (see --help)`);
  }
  process.stdout.write((json ? JSON.stringify(answer.value.json) : answer.value.text) + "\n");
}
