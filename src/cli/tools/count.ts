import type { GameEntry } from "../../games/index.js";
import { runCount } from "../../protocol/count-request.js";
import { UsageError, flagError } from "../args.js";

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
  if (!answer.ok) throw countError(answer.error, request);
  if (unused.length) {
    const what = unused.map((k) => (k === "hand" ? `the cards ${cards.join(" ")}` : `--${k}`));
    throw new UsageError(`${what.join(" and ")}: not used by this ${entry.game.id} count (see --help)`);
  }
  process.stdout.write((json ? JSON.stringify(answer.value.json) : answer.value.text) + "\n");
}

/**
 * A counting tool's error (worded for the protocol's fields) in the command
 * line's `--flag: problem` form: the flag it is about, or `cards` for the
 * cards given as arguments; the protocol's field names as the flags.
 */
function countError(error: string, request: Readonly<Record<string, unknown>>): UsageError {
  const asFlags = error.replace(/"(hand|starter|played|knocker|defender|crib|all)"/g, (_, k: string) =>
    k === "hand" ? "cards" : `--${k}`,
  );
  const field = /^(starter|played|crib|all): (.*)$/.exec(error);
  if (field) return flagError(`--${field[1]}`, field[2]);
  const hand = /^the (knocker|defender)'s hand\b/.exec(error);
  if (hand) return flagError(`--${hand[1]}`, error);
  const missing = /"(starter|played|knocker|defender)"/.exec(error);
  if (missing && request[missing[1]] === undefined && Object.keys(request).length)
    return flagError(`--${missing[1]}`, `missing: ${asFlags}`);
  if (request.played !== undefined) return flagError("--played", asFlags);
  return flagError("cards", asFlags);
}
