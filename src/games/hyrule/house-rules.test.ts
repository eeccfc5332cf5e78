/** Hyrule's house rule (docs/rules/hyrule.md, "House rules"), where it makes the difference. */
import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { type HyruleState, hyrule } from "./game.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** Three players in chance mode: the first trick 7D 7C 7H is a cycle nobody takes; in the second 2C takes KS and 2H. */
function table(options: Record<string, unknown>): Table {
  const t = Table.start(hyrule, {
    players: 3,
    seed: 2,
    options,
    setup: {
      dealer: 0,
      hands: [cards("7D KS QS JS TS 9S 8S"), cards("7C 2H 4H 6H 8H 9H TH"), cards("7H 2C 3C 4C 6C 8C 9C")],
    },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
function trick(t: Table, played: string[]): void {
  played.forEach((card, seat) => expect(t.playJson(seat, { type: "play", card }).ok).toBe(true));
}

describe("Hyrule house rule: tricks nobody takes", () => {
  it("by the rulings a tied trick's cards go to the next trick's winner", () => {
    const t = table({});
    trick(t, ["7D", "7C", "7H"]);
    expect((t.state as HyruleState).unclaimed).toHaveLength(3);
    trick(t, ["KS", "2H", "2C"]);
    const s = t.state as HyruleState;
    expect(s.scores).toEqual([0, 0, 6]);
    expect(s.unclaimed).toEqual([]);
  });

  it("set aside, they stay out of play for the hand: the next winner takes only its own trick", () => {
    const t = table({ tiedTricks: "aside" });
    trick(t, ["7D", "7C", "7H"]);
    trick(t, ["KS", "2H", "2C"]);
    const s = t.state as HyruleState;
    expect(s.scores).toEqual([0, 0, 3]);
    expect(s.unclaimed).toHaveLength(3);
    const v = hyrule.view(s, 0);
    expect(v.tiedTricks).toBe("aside");
    expect(hyrule.board(v)).toContain("Set aside, nobody's: 7D 7C 7H");
  });
});
