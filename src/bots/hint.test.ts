import { afterAll, describe, expect, it } from "vitest";
import { type MatchState, legalMoves } from "../engine/game.js";
import { defaultOptions } from "../engine/options.js";
import { Rng } from "../engine/rng.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { hint } from "./hint.js";
import { closeSearchPool } from "./pool.js";

afterAll(closeSearchPool);

function start(id: string): { entry: GameEntry; state: MatchState; seat: number } {
  const entry = findEntry(id);
  if (!entry.ok) throw new Error(entry.error);
  const { game } = entry.value;
  const s = game.start({ players: 2, seed: "hint", options: defaultOptions(game.options) });
  if (!s.ok) throw new Error(s.error);
  return { entry: entry.value, state: s.value, seat: game.toAct(s.value)[0] };
}

describe("hints", () => {
  it("give the hard player's move with how it rated against the next best", async () => {
    const { entry, state, seat } = start("crazy-eights");
    const h = await hint(entry, state, seat, Rng.fromSeed(1), { iterations: 200, ms: Infinity });
    expect(legalMoves(entry.game, state, seat)).toContain(h.move);
    expect(h.line).toMatch(/rated \d+ of 100 over 200 deals it could be/);
    expect(h.line.split("\n")).toHaveLength(1);
  });

  it("give a settled decision's own reason (Cribbage's discard by expected value)", async () => {
    const { entry, state, seat } = start("cribbage");
    const h = await hint(entry, state, seat, Rng.fromSeed(1));
    expect(h.line).toMatch(
      /^put \w+ in the crib: keeps .* worth [\d.]+ on average over the starters; (your|their) crib/,
    );
  });
});
