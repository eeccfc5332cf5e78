import { describe, expect, it } from "vitest";
import type { AnyGame, MatchState } from "../engine/game.js";
import { defaultOptions } from "../engine/options.js";
import { findEntry } from "../games/index.js";
import { NEAR_END, boardReward, matchFacts, modelReward } from "./board.js";
import { winChance } from "./win-chance/index.js";

function start(id: string, players: number): { game: AnyGame; state: MatchState } {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  const { game } = e.value;
  const s = game.start({ players, seed: "board", options: defaultOptions(game.options) });
  if (!s.ok) throw new Error(s.error);
  return { game, state: s.value };
}

describe("modelReward", () => {
  it("reads each seat's win chance from the scores a hand leaves and the next dealer", () => {
    const { game, state } = start("cribbage", 2);
    const reward = modelReward(game, state);
    if (!reward) throw new Error("Cribbage has a model");
    state.scores[0] = 90;
    state.scores[1] = 70;
    const out = new Float64Array(2);
    reward(state, out);
    const facts = matchFacts(state);
    expect(facts.dealer).toBe((state.dealer + 1) % 2);
    const c = winChance("cribbage", facts, 0);
    if (!c.ok) throw new Error(c.error);
    expect(out[0]).toBe(c.value);
    expect(out[0] + out[1]).toBeCloseTo(1, 9);
  });

  it("is null where the game has no model for the match; the board waits for the match's end", () => {
    const three = start("cribbage", 3);
    expect(modelReward(three.game, three.state)).toBeNull();
    const { game, state } = start("cribbage", 2);
    expect(boardReward(game, state)).toBeNull();
    state.scores[0] = 121 - NEAR_END;
    expect(boardReward(game, state)).not.toBeNull();
  });
});
