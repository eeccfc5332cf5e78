/**
 * Who plays: guests (a person's name and token) and bot accounts (a
 * program playing through `cardroom bot`, made by a person, within what its
 * owner allows). A token is answered once; only its hash is stored.
 */
import { randomBytes } from "node:crypto";
import { type Result, ok } from "../engine/result.js";
import { findEntry } from "../games/index.js";
import { type ServerError, fail, newSecret, now, sha256 } from "./credentials.js";
import type { BotAllow, PlayerRow, Storage } from "./storage.js";

export class Players {
  constructor(private readonly storage: Storage) {}

  async guest(name: string): Promise<{ id: string; name: string; token: string }> {
    const token = newSecret();
    const player: PlayerRow = {
      id: randomBytes(16).toString("hex"),
      name,
      token_hash: sha256(token),
      created_at: now(),
      bot: 0,
      owner_id: null,
      allow: null,
    };
    await this.storage.addPlayer(player);
    return { id: player.id, name, token };
  }

  identify(token: string): Promise<PlayerRow | undefined> {
    return this.storage.playerByToken(sha256(token));
  }

  /**
   * A bot account for the person whose guest token is `ownerToken`: its token is answered once
   * and only its hash is kept. A bot cannot make bots.
   */
  async createBot(
    ownerToken: string,
    name: string,
    allow: { openSeats?: boolean; games?: readonly string[] } = {},
  ): Promise<
    Result<{ id: string; name: string; owner: string; allow: BotAllow; token: string }, ServerError>
  > {
    const owner = await this.identify(ownerToken);
    if (!owner) return fail("forbidden", "unknown owner token: make a guest first (POST /api/guests)");
    if (owner.bot) return fail("forbidden", "a bot account cannot make bot accounts");
    for (const g of allow.games ?? []) {
      const e = findEntry(g);
      if (!e.ok) return fail("unknown_game", `allow.games: ${e.error}`);
    }
    const rule: BotAllow = {
      openSeats: allow.openSeats ?? true,
      games: allow.games ? [...new Set(allow.games)] : null,
    };
    const token = newSecret();
    const player: PlayerRow = {
      id: randomBytes(16).toString("hex"),
      name,
      token_hash: sha256(token),
      created_at: now(),
      bot: 1,
      owner_id: owner.id,
      allow: JSON.stringify(rule),
    };
    await this.storage.addPlayer(player);
    return ok({ id: player.id, name, owner: owner.id, allow: rule, token });
  }

  /** The bot account whose token this is; undefined for a person's token or none. */
  async identifyBot(token: string): Promise<PlayerRow | undefined> {
    const p = await this.identify(token);
    return p?.bot ? p : undefined;
  }
}
