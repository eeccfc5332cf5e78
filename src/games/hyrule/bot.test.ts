import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { legalMoves } from "../../engine/game.js";
import { randomBot } from "../../bots/bot.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { greedy } from "./bot.js";
import { type HyruleState, hyrule } from "./game.js";
import { moveToJson } from "./moves.js";
import { type HyruleView, viewSchema } from "./view.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** An endgame set-up: every hand named, all of one size. */
function position(hands: string[], options: Record<string, unknown> = {}): Table {
  const t = Table.start(hyrule, {
    players: hands.length,
    seed: 5,
    options,
    setup: { hands: hands.map((h) => h.split(" ")) },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
/** The table's position with cards moved from the stock to the unclaimed pile, restored. */
function withUnclaimed(t: Table, unclaimed: string): Table {
  const p = t.position();
  const s = p.state as unknown as HyruleState;
  for (const c of cards(unclaimed)) {
    s.stock.splice(s.stock.indexOf(c), 1);
    s.unclaimed.push(c);
  }
  const r = Table.fromPosition(hyrule, p);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
/** The seat's view, read through its schema as any client would. */
const viewOf = (t: Table, seat: number): HyruleView => viewSchema.parse(t.view(seat));
const choose = (t: Table, seat: number) =>
  moveToJson(
    greedy.choose(viewOf(t, seat), legalMoves(hyrule, t.state as HyruleState, seat), Rng.fromSeed(1)),
  );

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
    expect(choose(withUnclaimed(t, "7C 7D 7H"), 0)).toEqual({ type: "play", card: "RJ" });
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
          const move = greedy.choose(viewOf(table, seat), table.legal(seat), rng);
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
        const legal = table.legal(seat);
        const move =
          seat === seed % 2
            ? greedy.choose(viewOf(table, seat), legal, rng)
            : randomBot.choose(table.view(seat), legal, rng);
        table.play(seat, move);
      }
      if (table.status().winners?.includes(seed % 2)) wins++;
    }
    // The greedy bot wins about four hands in five.
    expect(wins / hands).toBeGreaterThan(0.65);
  });
});
