import { describe, expect, it } from "vitest";
import { type JsonObject, SPECTATOR, applyMove, legalMoves } from "../engine/game.js";
import { eventFor } from "../engine/events.js";
import { parseOptions } from "../engine/options.js";
import { Rng } from "../engine/rng.js";
import { moveEvents } from "../engine/table-events.js";
import { findEntry } from "../games/index.js";
import { countRules, ruleKeys, rulesNeedEvents } from "./rule-counters.js";

/** Random matches of `id`: the counts from the table's events, and from the moves and hands' ends alone. */
function counted(
  id: string,
  matches: number,
): { full: Record<string, number>; light: Record<string, number> } {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  const { game } = e.value;
  const options = parseOptions(game.options, {});
  if (!options.ok) throw new Error(options.error);
  const full: Record<string, number> = {};
  const light: Record<string, number> = {};
  const rng = Rng.fromSeed("counters");
  for (let m = 0; m < matches; m++) {
    const started = game.start({ players: 2, seed: `counters:${m}`, options: options.value });
    if (!started.ok) throw new Error(started.error);
    const s = started.value;
    while (!s.matchOver && s.hand < 200) {
      if (s.handOver) {
        game.nextHand(s);
        continue;
      }
      const seat = game.toAct(s)[0];
      const moves = legalMoves(game, s, seat);
      const move = moves[rng.int(moves.length)];
      const before = game.clone(s);
      applyMove(game, s, seat, move);
      countRules(
        id,
        moveEvents(game, before, s, seat, move).map((x) => eventFor(x, SPECTATOR)),
        full,
      );
      const events: JsonObject[] = [{ type: "move", seat, move: game.moveToJson(move) as JsonObject }];
      if (s.handOver && s.result)
        events.push({ type: "handOver", result: s.result as unknown as JsonObject });
      countRules(id, events, light);
    }
  }
  return { full, light };
}

describe("rule counters", () => {
  it("count the same from a move and its hand's end as from the table's events, where they say they may", () => {
    for (const id of ["crazy-eights", "gin-rummy", "royal-corners"]) {
      expect(rulesNeedEvents(id)).toBe(false);
      const { full, light } = counted(id, 3);
      expect(light, id).toEqual(full);
      expect(
        Object.values(full).some((n) => n > 0),
        id,
      ).toBe(true);
    }
  });

  it("count ROY's penalties, Roller Coaster's new stocks and Hyrule's untaken tricks from the events", () => {
    for (const id of ["roy", "roller-coaster", "hyrule"]) {
      expect(rulesNeedEvents(id)).toBe(true);
      const { full } = counted(id, 3);
      for (const k of Object.keys(full)) if (!k.startsWith("~")) expect(ruleKeys(id)).toContain(k);
      expect(Object.keys(full).length, id).toBeGreaterThan(0);
    }
  });

  it("count a ROY hand won by a player who drew the King of Spades' seven", () => {
    const draw = (seat: number): JsonObject => ({ type: "move", seat, move: { type: "draw" }, drawn: 7 });
    const over = (winners: number[]): JsonObject => ({ type: "handOver", result: { winners } });
    const won: Record<string, number> = {};
    countRules("roy", [draw(1), over([1])], won);
    expect(won).toMatchObject({ king_of_spades: 1, king_of_spades_drawer_won: 1 });
    const lost: Record<string, number> = {};
    countRules("roy", [draw(1), over([0])], lost);
    expect(lost.king_of_spades).toBe(1);
    expect(lost.king_of_spades_drawer_won).toBeUndefined();
    const { full } = counted("roy", 20);
    expect(full.king_of_spades_drawer_won ?? 0).toBeLessThanOrEqual(full.king_of_spades);
  });
});
