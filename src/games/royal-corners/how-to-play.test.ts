import { describe, expect, it } from "vitest";
import { Table } from "../../engine/table.js";
import type { HandExample } from "../../words/how-to-play.js";
import { royalCorners } from "./game.js";
import { type CornersClaim, royalCornersHowToPlay } from "./how-to-play.js";
import { cornerLabel } from "./words.js";

describe("Royal Corners' How to play examples play as the rules do", () => {
  const examples = (royalCornersHowToPlay.examples ?? []) as readonly HandExample<CornersClaim>[];
  it("has examples", () => expect(examples.length).toBeGreaterThan(0));

  for (const e of examples)
    it(e.title, () => {
      const corners = [0, 1, 2, 3].map((k) => e.rows.find((r) => r.label === cornerLabel(k))!.cards);
      const hand = e.rows.find((r) => r.label === "Your hand")!.cards;
      // The dealer moves first: the hand is seat 0's.
      const t = Table.start(royalCorners, {
        players: 2,
        seed: 1,
        setup: { dealer: 0, hands: [hand, null], corners },
      });
      if (!t.ok) throw new Error(t.error.message);
      const fromHand = t.value
        .legalJson(0)
        .filter((m) => m.type === "play" && m.from === "hand")
        .map((m) => `${String(m.card)}>${String(m.corner)}`);
      expect(fromHand.sort()).toEqual(e.claim.moves.map(([c, k]) => `${c}>${k}`).sort());
    });
});
