import { describe, expect, it } from "vitest";
import { Table } from "../../engine/table.js";
import type { HandExample } from "../../words/how-to-play.js";
import { roy } from "./game.js";
import { type RoyClaim, royHowToPlay } from "./how-to-play.js";

const rowOf = (e: HandExample, label: string): readonly string[] =>
  e.rows.find((r) => r.label === label)!.cards;

describe("ROY's How to play examples play as the rules do", () => {
  const examples = (royHowToPlay.examples ?? []) as readonly HandExample<RoyClaim>[];
  it("has examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const e of examples)
    it(e.title, () => {
      // Seat 1 plays first after dealer 0: the hand is seat 1's, the pile as drawn.
      const t = Table.start(roy, {
        players: 2,
        seed: 1,
        setup: { dealer: 0, hands: [null, rowOf(e, "Your hand")], discard: rowOf(e, "Discard pile") },
      });
      if (!t.ok) throw new Error(t.error.message);
      const table = t.value;
      const cardsNow = (): string[] =>
        [...new Set(table.legalJson(1).flatMap((m) => (m.type === "play" ? [String(m.card)] : [])))].sort();
      expect(cardsNow()).toEqual([...e.claim.firsts].sort());
      // The turn, one card after the other, each listed when its time comes.
      for (const card of e.claim.turn) {
        expect(cardsNow()).toContain(card);
        const r = table.playJson(1, { type: "play", card });
        expect(r.ok, card).toBe(true);
      }
      expect(table.status().toAct).toEqual([1]);
    });
});
