import { describe, expect, it } from "vitest";
import { Table } from "../../engine/table.js";
import { cardSymbol } from "../../words/card-words.js";
import type { HandExample } from "../../words/how-to-play.js";
import { crazyEights } from "./game.js";
import { type EightsClaim, crazyEightsHowToPlay } from "./how-to-play.js";

describe("Crazy Eights' How to play examples play as the rules do", () => {
  const examples = (crazyEightsHowToPlay.examples ?? []) as readonly HandExample<EightsClaim>[];
  it("has examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const e of examples)
    it(e.title, () => {
      const pile = e.rows.find((r) => r.label === "Discard pile")!.cards;
      const hand = e.rows.find((r) => r.label === "Your hand")!.cards;
      // Seat 1 plays first after dealer 0: the hand is seat 1's, the pile as drawn.
      const t = Table.start(crazyEights, {
        players: 2,
        seed: 1,
        setup: { dealer: 0, hands: [null, hand], discard: pile },
      });
      if (!t.ok) throw new Error(t.error.message);
      const plays = t.value.legalJson(1).filter((m) => m.type === "play");
      expect([...new Set(plays.map((m) => String(m.card)))].sort()).toEqual([...e.claim.plays].sort());
      // The caption speaks of every card drawn.
      for (const c of [...pile, ...hand]) expect(e.caption).toContain(cardSymbol(c));
    });
});
