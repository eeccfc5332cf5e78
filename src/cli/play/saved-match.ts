/**
 * A match saved from the terminal: its move log (seed, options, moves) and
 * the computer level, written as JSON; `cardroom play --resume FILE` replays
 * the log to the same position and plays on.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { z } from "zod";
import type { MatchLog } from "../../engine/table.js";
import { Table } from "../../engine/table.js";
import { type GameEntry, findEntry } from "../../games/index.js";
import { type Result, err, ok } from "../../engine/result.js";

/** Marks the file as ours, so that any other JSON is refused by name. */
const KIND = "cardroom saved match";

const savedSchema = z.object({
  kind: z.literal(KIND),
  vs: z.string(),
  log: z.object({
    game: z.string(),
    players: z.number().int(),
    seed: z.union([z.number(), z.string()]),
    options: z.record(z.string(), z.json()),
    setup: z.record(z.string(), z.json()).optional(),
    position: z
      .object({ game: z.string(), seq: z.number().int(), state: z.record(z.string(), z.json()) })
      .optional(),
    handSeeds: z.array(z.string()).default([]),
    entries: z.array(
      z.union([
        z.object({ next: z.literal(true) }),
        z.object({ seat: z.number().int(), move: z.looseObject({ type: z.string() }) }),
      ]),
    ),
  }),
});

export interface Resumed {
  readonly entry: GameEntry;
  readonly table: Table;
  readonly vs: string;
}

/** Where a match is saved unless the player names a file. */
export const defaultSaveFile = (log: MatchLog): string =>
  `cardroom-${log.game}-${String(log.seed).replace(/[^\w-]/g, "_")}.json`;

/** Writes the match; a failure is one line for the player (the match goes on). */
export function saveMatch(file: string, log: MatchLog, vs: string): Result<string, string> {
  try {
    writeFileSync(file, JSON.stringify({ kind: KIND, vs, log }, null, 1) + "\n");
    return ok(file);
  } catch (e) {
    return err(`could not save to ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Reads a saved match and replays it; anything wrong is one line naming the file. */
export function resumeMatch(file: string): Result<Resumed, string> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return err(`cannot read ${file}: ${code === "ENOENT" ? "no such file" : (code ?? (e as Error).message)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err(`${file} is not a saved match (not JSON)`);
  }
  const saved = savedSchema.safeParse(json);
  if (!saved.success) {
    const issue = saved.error.issues[0];
    const where = issue.path.length ? ` at ${issue.path.join(".")}` : "";
    return err(`${file} is not a saved match (${issue.message}${where})`);
  }
  const { log, vs } = saved.data;
  const entry = findEntry(log.game);
  if (!entry.ok) return err(`${file}: ${entry.error}`);
  const table = Table.replay(entry.value.game, { ...log, seed: String(log.seed) } as MatchLog);
  if (!table.ok) return err(`${file} does not replay: ${table.error.message}`);
  return ok({ entry: entry.value, table: table.value, vs });
}
