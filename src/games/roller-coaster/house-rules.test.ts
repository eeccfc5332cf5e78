/** Roller Coaster's house rule (docs/rules/roller-coaster.md, "House rules"), where it makes the difference. */
import { describe, expect, it } from "vitest";
import { Table } from "../../engine/table.js";
import { rollerCoaster } from "./game.js";

/** Dealer 0: seat 1 opens the empty pile with `hand`. */
function table(hand: string[], options: Record<string, unknown> = {}): Table {
  const t = Table.start(rollerCoaster, {
    players: 2,
    seed: 3,
    options,
    setup: { dealer: 0, hands: [null, hand] },
  });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const types = (t: Table) => [...new Set(t.legalJson(1).map((m) => m.type))];

describe("Roller Coaster house rule: play when you can", () => {
  it("by default a player who could open a run may draw instead", () => {
    expect(types(table(["5C", "6D", "9H"]))).toEqual(["play", "draw"]);
  });

  it("with the house rule a player who can play must; one who cannot still draws", () => {
    expect(types(table(["5C", "6D", "9H"], { mustPlay: true }))).toEqual(["play"]);
    const stuck = table(["2C", "9H", "KD"], { mustPlay: true });
    expect(types(stuck)).toEqual(["draw"]);
    expect(stuck.playJson(1, { type: "draw" }).ok).toBe(true);
  });
});
