import { describe, expect, it } from "vitest";
import { parseCards } from "../../engine/card-text.js";
import type { HandExample } from "../../words/how-to-play.js";
import { type HyruleClaim, hyruleHowToPlay } from "./how-to-play.js";
import { trickWinner } from "./rules.js";

describe("Hyrule's How to play examples are tricks as the rules take them", () => {
  const examples = (hyruleHowToPlay.examples ?? []) as readonly HandExample<HyruleClaim>[];
  it("has examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const e of examples)
    it(e.title, () => {
      const trick = parseCards(e.rows.find((r) => r.label === "Trick")!.cards);
      if (!trick.ok) throw new Error(trick.error);
      // Played one by one or shown at once (which only two jokers tell apart): the same winner.
      for (const shownAtOnce of [false, true])
        expect(trickWinner(trick.value, trick.value.length, shownAtOnce)).toBe(e.claim.winner);
    });
});
