import { describe, expect, it } from "vitest";
import { formatCard, parseCards } from "../../engine/card-text.js";
import { defaultOptions } from "../../engine/options.js";
import { ginRummy } from "./game.js";
import { type GinClaim, ginRummyHowToPlay } from "./how-to-play.js";
import { bestArrangements, cardValue } from "./melds.js";
import type { HandExample } from "../../words/how-to-play.js";

const sorted = (cards: readonly string[]): string => [...cards].sort().join(" ");
const cardsOf = (texts: readonly string[]): number[] => {
  const p = parseCards(texts);
  if (!p.ok) throw new Error(p.error);
  return p.value;
};

describe("Gin Rummy's How to play examples are the melds the game finds", () => {
  const examples = (ginRummyHowToPlay.examples ?? []) as readonly HandExample<GinClaim>[];
  it("has examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const e of examples)
    it(e.title, () => {
      const hand = cardsOf(e.rows.flatMap((r) => r.cards));
      expect(hand).toHaveLength(10);
      const melds = e.rows.filter((r) => r.label === "Run" || r.label === "Set").map((r) => sorted(r.cards));
      const deadwood = e.rows.filter((r) => r.label === "Deadwood").flatMap((r) => r.cards);
      // One of the arrangements with the least deadwood is the one drawn.
      const best = bestArrangements(hand);
      expect(best[0].deadwood).toBe(e.claim.deadwood);
      const drawn = best.find(
        (a) =>
          sorted(a.melds.map((m) => sorted(m.map(formatCard)))) === sorted(melds) &&
          sorted(a.deadwoodCards.map(formatCard)) === sorted(deadwood),
      );
      expect(drawn, "the drawn melds are a best arrangement").toBeDefined();
      expect(cardsOf(deadwood).reduce((s, c) => s + cardValue(c), 0)).toBe(e.claim.deadwood);
      expect(e.claim.knock).toBe(e.claim.deadwood <= Number(defaultOptions(ginRummy.options).knockLimit));
      expect(e.caption).toContain(String(e.claim.deadwood));
      // A run is in a row in one suit, a set of one rank, as labelled.
      for (const r of e.rows) {
        const ranks = new Set(r.cards.map((c) => c[0]));
        const suits = new Set(r.cards.map((c) => c[1]));
        if (r.label === "Set") expect(ranks.size).toBe(1);
        if (r.label === "Run") expect(suits.size).toBe(1);
      }
    });
});
