/**
 * A table's chat: a line said by a seat (under its person's name) or a
 * spectator, stored before anyone hears it, and the last lines for whoever
 * comes to the table.
 */
import { randomBytes } from "node:crypto";
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { type Credential, type ServerError, fail, now, viewerAt } from "./credentials.js";
import type { Storage } from "./storage.js";
import type { Tables } from "./tables.js";

/** The lines a newcomer to the table reads. */
const RECENT_LINES = 50;

export class Chat {
  constructor(
    private readonly storage: Storage,
    private readonly tables: Tables,
  ) {}

  /** Stores a line said at the table; who said it and when. */
  async say(
    tableId: string,
    cred: Credential,
    text: string,
  ): Promise<Result<{ name: string; at: string }, ServerError>> {
    const t = await this.tables.get(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = viewerAt(t, cred);
    if (!v.ok) return v;
    let name = "spectator";
    if (v.value !== SPECTATOR) {
      const pid = t.seats[v.value].player_id;
      name = (pid && t.names.get(pid)) || `seat ${v.value}`;
    }
    const at = now();
    await this.storage.addChat({ id: randomBytes(8).toString("hex"), table_id: tableId, at, name, text });
    return ok({ name, at });
  }

  /** The table's last lines, oldest first. */
  recent(tableId: string): Promise<{ name: string; text: string; at: string }[]> {
    return this.storage.chat(tableId, RECENT_LINES);
  }
}
