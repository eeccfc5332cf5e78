/**
 * `cardroom play GAME --position FILE`: a match started from an exact
 * position, as the engine protocol's `{"cmd":"state"}` gives it (the
 * position itself, or the whole answer `{"ok":true,"position":P}`).
 */
import { readFileSync } from "node:fs";
import { type Result, err, ok } from "../../engine/result.js";
import { Table } from "../../engine/table.js";
import { type GameEntry, findEntry } from "../../games/index.js";

export interface FromPosition {
  readonly entry: GameEntry;
  readonly table: Table;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads a position file and sets the table there; anything wrong is one line naming the file. */
export function positionFromFile(file: string, id: string | undefined): Result<FromPosition, string> {
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
    return err(`${file} is not a position (not JSON)`);
  }
  const position = isObject(json) && isObject(json.position) && !("state" in json) ? json.position : json;
  if (!isObject(position) || typeof position.game !== "string" || !isObject(position.state)) {
    return err(`${file} is not a position: expected {"game","seq","state"} or {"position":{...}}`);
  }
  if (id !== undefined && id !== position.game)
    return err(`${file} is a position of ${position.game}, not ${id}`);
  const entry = findEntry(position.game);
  if (!entry.ok) return err(`${file}: ${entry.error}`);
  const table = Table.fromPosition(entry.value.game, position);
  if (!table.ok) return err(`${file}: bad position: ${table.error.message}`);
  if (table.value.state.matchOver) return err(`${file}: the match in this position is over`);
  return ok({ entry: entry.value, table: table.value });
}
