import { describe, expect, it } from "vitest";
import { randomBot } from "../../bots/bot.js";
import { legalMoves } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { simulate } from "../../sim/run.js";
import { greedy } from "./bot.js";
import { type EightsState, crazyEights } from "./game.js";
import { moveToJson } from "./moves.js";

/** The greedy bot's choice for seat 1, to act first after dealer 0, from a set-up. */
function choice(hand: string[], top: string): unknown {
  const t = Table.start(crazyEights, {
    players: 2,
    seed: 1,
    setup: { dealer: 0, hands: [null, hand], discard: [top] },
  });
  if (!t.ok) throw new Error(t.error.message);
  const s = t.value.state as EightsState;
  return moveToJson(greedy.choose(crazyEights.view(s, 1), legalMoves(crazyEights, s, 1), Rng.fromSeed(1)));
}

describe("Crazy Eights greedy bot", () => {
  it("sheds the most valuable card that follows, keeping its Eights", () => {
    expect(choice(["2H", "KH", "8C", "3S", "4S", "5S", "6D"], "9H")).toEqual({ type: "play", card: "KH" });
  });

  it("among equal values, plays the card most of its other cards can follow", () => {
    // KH leaves 2H 3H to follow it; KS leaves nothing.
    expect(choice(["KS", "KH", "2H", "3H", "4D", "5D", "6C"], "KC")).toEqual({ type: "play", card: "KH" });
  });

  it("plays an Eight only when nothing else follows, calling the suit it holds most", () => {
    expect(choice(["8C", "2S", "3S", "4D", "5S", "6D", "7S"], "9H")).toEqual({
      type: "play",
      card: "8C",
      suit: "S",
    });
  });

  it("draws when nothing follows", () => {
    expect(choice(["2S", "3S", "4D", "5S", "6D", "7S", "9C"], "KH")).toEqual({ type: "draw" });
  });

  it("beats random play by a wide margin", () => {
    const entry = { game: crazyEights, bots: { greedy } };
    const r = simulate({
      entry,
      players: 2,
      games: 200,
      seed: "bot",
      options: { target: 100 },
      bots: [greedy, randomBot],
    });
    const back = simulate({
      entry,
      players: 2,
      games: 200,
      seed: "bot",
      options: { target: 100 },
      bots: [randomBot, greedy],
    });
    expect(r.wins[0] + back.wins[1]).toBeGreaterThan(0.9 * 400);
  });
});
