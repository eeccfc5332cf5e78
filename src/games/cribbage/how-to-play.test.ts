import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import type { HandExample } from "../../words/how-to-play.js";
import { peggingAnswer, showAnswer, showCombos, spokenCount } from "./count.js";
import { type CribbageClaim, cribbageHowToPlay } from "./how-to-play.js";

const rowOf = (e: HandExample, label: string): number[] => {
  const row = e.rows.find((r) => r.label === label);
  if (!row) throw new Error(`${e.title}: no row "${label}"`);
  const cards = parseCards(row.cards);
  if (!cards.ok) throw new Error(`${e.title}: ${cards.error}`);
  return cards.value;
};

describe("Cribbage's How to play examples say what the counting counts", () => {
  const examples = cribbageHowToPlay.examples ?? [];
  it("has a show and a pegging example", () => {
    expect(examples.map((e) => e.claim.kind).sort()).toEqual(["pegging", "show"]);
  });

  for (const e of examples as readonly HandExample<CribbageClaim>[])
    it(e.title, () => {
      if (e.claim.kind === "show") {
        const hand = rowOf(e, "Your hand");
        const [starter] = rowOf(e, "Starter");
        expect(hand).toHaveLength(4);
        expect(showAnswer(hand, starter, false).json.total).toBe(e.claim.points);
        // The caption counts it aloud as the game does.
        expect(e.caption).toContain(`${spokenCount(showCombos(hand, starter, false))}.`);
      } else {
        const played = rowOf(e, "Played");
        expect(peggingAnswer(played).json.points).toBe(e.claim.points);
        expect(e.caption).toMatch(new RegExp(`for ${e.claim.points}\\.$`));
        // And what the caption says of the cards before the last.
        expect(peggingAnswer(played.slice(0, 2)).text).toMatch(/makes 15: 15 for 2 /);
        expect(e.caption).toContain("15 for 2");
      }
    });
});
