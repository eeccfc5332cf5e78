/**
 * `cardroom table new GAME`: a table made on a server from the terminal,
 * with the same flags as `cardroom play`. The game, players, level and
 * options are checked here first, so that bad input gets the same one line
 * as at `play`; the server checks them again and may refuse (one line too).
 */
import { HttpError, api } from "../../server/client.js";
import type { CreateTableRequest, TableInfo } from "../../server/messages.js";
import { UsageError, botOrFail, entryOrFail, flagError, optionFlags, playersFlag } from "../args.js";

export interface TableNewFlags {
  players?: string;
  vs?: string;
  option: string[];
  server?: string;
  name: string;
  proof?: string;
  reconnect?: string;
  /** false with --no-bots: bot accounts may not take the open seats. */
  bots?: boolean;
  /** Bot accounts invited to the seats after yours (--bot ID, repeatable). */
  bot?: string[];
}

/** The table the flags ask for: the player's seat 0 open, the others computers at `--vs` or open. */
export function tableRequest(game: string, o: TableNewFlags): CreateTableRequest {
  const entry = entryOrFail(game);
  const players = playersFlag(entry.game, o.players);
  if (o.vs !== undefined) botOrFail(entry, "--vs", o.vs);
  const options = optionFlags(entry.game, o.option) as CreateTableRequest["options"];
  const invited = o.bot ?? [];
  for (const id of invited)
    if (!/^[0-9a-f]{32}$/.test(id))
      throw flagError("--bot", `"${id}" is not a bot account's id (32 hex digits: GET /api/bots lists them)`);
  if (invited.length > players - 1)
    throw flagError("--bot", `${invited.length} bots invited to ${players - 1} other seats`);
  const others = Array.from({ length: players - 1 }, (_, k): CreateTableRequest["seats"][number] =>
    k < invited.length
      ? { kind: "bot", id: invited[k] }
      : o.vs === undefined
        ? { kind: "open" }
        : { kind: "computer", level: o.vs },
  );
  return {
    game: entry.game.id,
    seats: [{ kind: "open" }, ...others],
    options,
    ...(o.bots === false ? { bots: false } : {}),
  };
}

/**
 * Makes the table on the server at `server`; a refusal or no server is bad
 * input (one line, exit 2). Its invite link is given with the server as the
 * player named it, which reaches it from here (the server may announce
 * itself as `localhost` while the player typed `127.0.0.1`, or the reverse).
 */
export async function newTable(server: string, game: string, o: TableNewFlags): Promise<TableInfo> {
  const request = tableRequest(game, o);
  let base: string;
  try {
    base = new URL(server).origin;
  } catch {
    throw new UsageError(`--server: "${server}" is not a URL`);
  }
  try {
    const made = await api<TableInfo>(base, "/api/tables", request);
    return { ...made, invite: `${base}/t/${made.code}` };
  } catch (e) {
    if (e instanceof HttpError)
      throw new UsageError(e.code === "unreachable" ? e.message : `${base}: ${e.message}`);
    throw e;
  }
}
