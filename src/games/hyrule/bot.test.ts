import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { legalMoves } from "../../engine/game.js";
import { randomBot } from "../../bots/bot.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { greedy } from "./bot.js";
import { type HyruleState, hyrule } from "./game.js";
import { moveToJson } from "./moves.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

function position(hands: string[], options: Record<string, unknown> = {}): Table {
  const t = Table.start(hyrule, { players: hands.length, seed: 5, options });
  if (!t.ok) throw new Error(t.error.message);
  const s = t.value.state as HyruleState;
  s.hands = hands.map(cards);
  s.trick = 7 - s.hands[0].length;
  return t.value;
}
const choose = (t: Table, seat: number) =>
  moveToJson(greedy.choose(t.view(seat), legalMoves(hyrule, t.state as HyruleState, seat), Rng.fromSeed(1)));

describe("Hyrule greedy bot", () => {
  it("in strategy mode plays the cheapest card that wins the trick as it stands", () => {
    const t = position(["9C 2C 3S", "KC 2D 2H"], { mode: "strategy" });
    t.playJson(0, { type: "play", card: "9C" });
    // KC and 2D both beat 9C; 2D beats fewer unseen cards, so it is the cheaper.
    expect(choose(t, 1)).toEqual({ type: "play", card: "2D" });
  });

  it("in strategy mode dumps its weakest card when it cannot win", () => {
    const t = position(["RJ 2C 3S", "KC QD 2H"], { mode: "strategy" });
    t.playJson(0, { type: "play", card: "RJ" });
    expect(choose(t, 1)).toEqual({ type: "play", card: "2H" });
  });

  it("in chance mode saves strong cards for tricks carrying unclaimed cards", () => {
    const t = position(["RJ 2H 3S", "KC QD 2D", "4D 4C 4H"]);
    expect(choose(t, 0)).not.toEqual({ type: "play", card: "RJ" });
    (t.state as HyruleState).unclaimed.push(...cards("7C 7D 7H"));
    expect(choose(t, 0)).toEqual({ type: "play", card: "RJ" });
  });

  it("plays whole matches with legal moves only, in every mode", () => {
    for (const options of [{}, { mode: "strategy" }, { blind: true }, { runOff: true }]) {
      for (const players of [2, 5]) {
        const t = Table.start(hyrule, { players, seed: players, options });
        if (!t.ok) throw new Error(t.error.message);
        const table = t.value;
        const rng = Rng.fromSeed(3);
        while (!table.state.matchOver) {
          if (table.state.handOver) {
            table.next();
            continue;
          }
          const seat = table.status().toAct[0];
          const move = greedy.choose(table.view(seat), table.legal(seat), rng);
          expect(table.play(seat, move).ok).toBe(true);
        }
      }
    }
  });

  it("beats random clearly in strategy mode", () => {
    let wins = 0;
    const hands = 300;
    const rng = Rng.fromSeed("greedy-vs-random");
    for (let seed = 0; seed < hands; seed++) {
      const t = Table.start(hyrule, { players: 2, seed, options: { mode: "strategy" } });
      if (!t.ok) throw new Error(t.error.message);
      const table = t.value;
      while (!table.state.handOver) {
        const seat = table.status().toAct[0];
        const bot = seat === seed % 2 ? greedy : randomBot;
        table.play(seat, bot.choose(table.view(seat), table.legal(seat), rng));
      }
      if (table.status().winners?.includes(seed % 2)) wins++;
    }
    // The greedy bot wins about four hands in five.
    expect(wins / hands).toBeGreaterThan(0.65);
  });
});
