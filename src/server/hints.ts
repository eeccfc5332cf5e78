/**
 * Hints: the hard player's move for a seat to act, searched in a worker
 * within a budget (the search reads the state only through `determinize`,
 * so it knows what the seat knows), with its reason. One at a time per
 * seat, a few at once over the server; nothing at the table changes.
 */
import { hint } from "../bots/hint.js";
import { SPECTATOR } from "../engine/game.js";
import { type Result, ok } from "../engine/result.js";
import { Rng } from "../engine/rng.js";
import { newMatchSeed } from "../engine/seeds.js";
import { type Credential, type ServerError, fail, viewerAt } from "./credentials.js";
import type { HintReply } from "./messages.js";
import type { Tables } from "./tables.js";

/** Hints worked out at once, over every table: each takes a search worker for its budget. */
const MAX_HINTS = 8;

export class Hints {
  /** Seats (table:seat) with a hint being worked out. */
  private readonly hinting = new Set<string>();

  constructor(private readonly tables: Tables) {}

  /** The hint for the credential's seat, searched within `ms`; stale when the table moved on meanwhile. */
  async hint(tableId: string, cred: Credential, ms: number): Promise<Result<HintReply, ServerError>> {
    const t = await this.tables.settled(tableId);
    if (!t) return fail("not_found", "no such table");
    const v = viewerAt(t, cred);
    if (!v.ok) return v;
    if (v.value === SPECTATOR) return fail("forbidden", "a spectator has no hand to hint at");
    const seat = v.value;
    const state = t.table.state;
    if (t.table.over) return fail("match_over", "the match is over");
    if (state.handOver) return fail("hand_over", "the hand is over: deal the next one first");
    if (!t.table.isToAct(seat))
      return fail("not_your_turn", "it is not your turn: a hint is for a move you can make now");
    const key = `${tableId}:${seat}`;
    if (this.hinting.has(key)) return fail("rate_limited", "a hint for this seat is already on its way");
    if (this.hinting.size >= MAX_HINTS)
      return fail("unavailable", "the server is busy with other hints: try again in a moment");
    this.hinting.add(key);
    try {
      const seq = t.table.seq;
      const h = await hint(t.entry, t.entry.game.clone(state), seat, Rng.fromSeed(newMatchSeed()), {
        ms,
      });
      if (this.tables.held(tableId) !== t || t.table.seq !== seq)
        return fail("stale", "the table moved on while the hint was worked out: ask again");
      return ok({ seq, move: t.entry.game.moveToJson(h.move), text: h.line });
    } finally {
      this.hinting.delete(key);
    }
  }
}
