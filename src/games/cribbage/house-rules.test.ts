/** Cribbage's house rule (docs/rules/cribbage.md, "House rules"), where it makes the difference. */
import { describe, expect, it } from "vitest";
import { Table } from "../../engine/table.js";
import { cribbage } from "./game.js";
import { Rng } from "../../engine/rng.js";
import { greedy } from "./bot.js";
import { type CribbageState, SHOWING } from "./state.js";

const list = (t: string) => t.split(" ");

/** A hand past its discards, dealer seat 0, the crib four hearts; played out by the first legal move each time. */
function playedOut(starter: string, options: Record<string, unknown>): Table {
  const t = Table.start(cribbage, {
    players: 2,
    seed: 7,
    options,
    setup: {
      dealer: 0,
      hands: [list("AS 2S 3D 4C"), list("TC 9S 7C 6C")],
      crib: list("2H 4H 9H QH"),
      starter,
    },
  });
  if (!t.ok) throw new Error(t.error.message);
  const table = t.value;
  while (!table.state.handOver) {
    const seat = cribbage.toAct(table.state as CribbageState)[0];
    expect(table.play(seat, table.legal(seat)[0]).ok).toBe(true);
  }
  return table;
}
const cribScore = (t: Table) =>
  (t.view(0).scoring as { seat: number; points: number; for?: string }[]).find((e) => e.for === "crib");

describe("Cribbage house rule: a flush in the crib", () => {
  it("four suited crib cards score 4 with the house rule, nothing by the rules", () => {
    const rules = playedOut("KD", {});
    const house = playedOut("KD", { cribFlush: "four" });
    expect(house.state.scores[0] - rules.state.scores[0]).toBe(4);
    expect(house.state.scores[1]).toBe(rules.state.scores[1]);
    expect(cribScore(house)?.points).toBe((cribScore(rules)?.points ?? 0) + 4);
    expect(house.view(1)).toMatchObject({ cribFlush: "four" });
  });

  it("with a starter of the suit, the crib's flush is 5 either way", () => {
    const rules = playedOut("KH", {});
    const house = playedOut("KH", { cribFlush: "four" });
    expect(house.state.scores).toEqual(rules.state.scores);
  });

  it("the computer's muggins claim counts the crib's flush by the house rule", () => {
    const t = Table.start(cribbage, {
      players: 2,
      seed: 7,
      options: { cribFlush: "four", muggins: true },
      setup: {
        dealer: 0,
        hands: [list("AS 2S 3D 4C"), list("TC 9S 7C 6C")],
        crib: list("2H 4H 9H QH"),
        starter: "KD",
      },
    });
    if (!t.ok) throw new Error(t.error.message);
    const table = t.value;
    const s = () => table.state as CribbageState;
    // Peg out and claim both hands truly, up to the crib's claim.
    while (!s().handOver && !(s().phase === SHOWING && s().showStep === 2)) {
      const seat = cribbage.toAct(s())[0];
      const legal = table.legal(seat);
      const m = greedy.choose(cribbage.view(s(), seat), legal, Rng.fromSeed(1));
      expect(table.play(seat, m).ok).toBe(true);
    }
    const view = cribbage.view(s(), 0);
    expect(view.claiming).toMatchObject({ seat: 0, crib: true });
    const claim = greedy.choose(view, table.legal(0), Rng.fromSeed(1));
    // The true count, the flush of four included (as the show scores it).
    const truth = playedOut("KD", { cribFlush: "four" });
    expect(cribbage.moveToJson(claim)).toEqual({ type: "claim", points: cribScore(truth)?.points });
  });
});
