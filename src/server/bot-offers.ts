/**
 * The seats offered to bot accounts: their own at tables being played,
 * those kept for them (an invitation), and open seats their owner allows at
 * tables that let bots in. The transports are told when a seat may have come
 * free, and offer it to the bots signed in.
 */
import type { LiveTable } from "./live-table.js";
import type { Lobby } from "./lobby.js";
import type { BotOffer } from "./messages.js";
import type { BotAllow, PlayerRow, SeatRow, Storage } from "./storage.js";
import type { Tables } from "./tables.js";

/**
 * Why a bot account may not take open seat `s` (null: it may): a table that refuses bots (unless
 * the seat is kept for this bot), a seat kept for another bot, a seat at a table where it sits
 * already, a game or open seats its owner did not allow.
 */
export function botRefusal(t: LiveTable, s: SeatRow, bot: PlayerRow): string | null {
  if (s.invited === bot.id) return null;
  if (s.invited !== null) return `seat ${s.seat} is kept for another bot account`;
  if (t.row.bots === 0) return "this table's creator refused bots";
  if (t.seats.some((x) => x.player_id === bot.id)) return "a bot account holds one seat at a table";
  const allow = JSON.parse(bot.allow ?? "{}") as Partial<BotAllow>;
  if (!allow.openSeats) return "this bot's owner lets it take only seats it is invited to";
  if (allow.games && !allow.games.includes(t.row.game))
    return `this bot's owner lets it take open seats only at ${allow.games.join(", ")}`;
  return null;
}

export class BotOffers {
  private readonly openedListeners = new Set<(tableId: string) => void>();

  constructor(
    private readonly storage: Storage,
    private readonly tables: Tables,
    private readonly lobby: Lobby,
  ) {}

  /**
   * Every seat the bot may take now: its own at tables being played (`held`), those kept for it
   * (`invited`), and open seats its owner allows at tables that let bots in (`open`). With
   * `tableId`, only that table's.
   */
  async offersFor(bot: PlayerRow, tableId?: string): Promise<BotOffer[]> {
    const out: BotOffer[] = [];
    const seen = new Set<string>();
    const mine = tableId
      ? (await this.storage.seats(tableId)).filter((s) => s.player_id === bot.id || s.invited === bot.id)
      : await this.storage.seatsFor(bot.id);
    for (const s of mine) {
      const t = await this.tables.get(s.table_id);
      if (!t || t.table.over) continue;
      const now = t.seats[s.seat];
      const why = now.player_id === bot.id ? "held" : now.player_id === null ? "invited" : null;
      if (!why) continue;
      seen.add(t.row.id);
      out.push({ type: "offer", table: await this.lobby.infoOf(t), seat: s.seat, why });
    }
    const candidates = tableId ? [await this.tables.get(tableId)] : await this.lobby.open(50);
    for (const t of candidates) {
      if (!t || seen.has(t.row.id) || t.table.over) continue;
      const s = t.seats.find((x) => x.kind === "open" && x.player_id === null && x.invited === null);
      if (!s || botRefusal(t, s, bot)) continue;
      out.push({ type: "offer", table: await this.lobby.infoOf(t), seat: s.seat, why: "open" });
    }
    return out;
  }

  /** Called with a table's id when a seat there may have come free for a bot (a new table, a seat left). */
  onSeatsOpened(listener: (tableId: string) => void): () => void {
    this.openedListeners.add(listener);
    return () => this.openedListeners.delete(listener);
  }

  /** A seat at the table may have come free for a bot. */
  opened(tableId: string): void {
    for (const l of this.openedListeners) l(tableId);
  }
}
