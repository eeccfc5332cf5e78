import { afterAll, describe, expect, it } from "vitest";
import { defaultOptions } from "../engine/options.js";
import { Rng } from "../engine/rng.js";
import { findEntry } from "../games/index.js";
import { botMove } from "./index.js";
import { chooseAsync, closeSearchPool } from "./pool.js";

afterAll(closeSearchPool);

describe("the search pool", () => {
  const entry = findEntry("crazy-eights");
  if (!entry.ok) throw new Error(entry.error);
  const { game } = entry.value;
  const budget = { iterations: 300, ms: Infinity };

  it("gives in a worker the move the search gives in this thread, and does not block", async () => {
    const started = game.start({ players: 2, seed: "pool", options: defaultOptions(game.options) });
    if (!started.ok) throw new Error(started.error);
    const state = started.value;
    const seat = game.toAct(state)[0];
    const hard = entry.value.bots.hard;
    const here = botMove(entry.value, hard, state, seat, Rng.fromSeed("p"), budget);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const there = await chooseAsync(entry.value, hard, state, seat, Rng.fromSeed("p"), budget);
    clearInterval(timer);
    expect(there).toBe(here);
    expect(ticks).toBeGreaterThan(0);
  });
});
