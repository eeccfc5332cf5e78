/**
 * The client's half of updates without `info` (see `UpdateMessage`): keeps
 * the table's information last sent and fills it into the updates that
 * come without it. No dependencies, so the browser's client uses it too.
 */
import type { ServerMessage, TableInfo, WireMessage } from "./messages.js";

export class InfoKeeper {
  private info: TableInfo | null = null;

  /**
   * The message as a client reads it; null for an update without the
   * table's information when none was sent for its table before (a server
   * that does not keep the protocol).
   */
  complete(m: WireMessage): ServerMessage | null {
    if (m.type !== "update") return m;
    if (m.info) {
      this.info = m.info;
      return m as ServerMessage;
    }
    if (this.info?.id !== m.table) return null;
    return { ...m, info: this.info };
  }
}
