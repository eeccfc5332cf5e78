import { describe, expect, it } from "vitest";
import { parseCards } from "../engine/card-text.js";
import { ENTRIES } from "../games/index.js";
import { cardSymbol } from "./card-words.js";
import { exampleLines, howToPlayLines } from "./how-to-play.js";

describe("How to play's example hands at the terminal", () => {
  it("shows card codes as the screen shows them", () => {
    expect(["TD", "AS", "7C", "QH", "RJ", "BJ"].map(cardSymbol)).toEqual([
      "10♦",
      "A♠",
      "7♣",
      "Q♥",
      "Red★",
      "Black★",
    ]);
  });

  it("prints each example's rows as card symbols under its title, then its caption", () => {
    const lines = exampleLines({
      title: "Counting a hand",
      rows: [
        { label: "Your hand", cards: ["5H", "6D", "7C", "KS"] },
        { label: "Starter", cards: ["4S"] },
      ],
      caption: "Eight.",
      claim: null,
    });
    expect(lines).toEqual([
      "  Counting a hand",
      "    Your hand: 5♥ 6♦ 7♣ K♠",
      "    Starter:   4♠",
      "    Eight.",
    ]);
  });

  it("puts every game's examples on its page, each card a real card", () => {
    let shown = 0;
    for (const { game, howToPlay } of ENTRIES) {
      const examples = howToPlay?.examples ?? [];
      const lines = howToPlayLines(game.name, game.id, howToPlay!);
      for (const e of examples) {
        for (const r of e.rows) {
          expect(parseCards(r.cards).ok, `${game.id}: ${r.cards.join(" ")}`).toBe(true);
          expect(lines).toContain(
            `    ${`${r.label}:`.padEnd(Math.max(...e.rows.map((x) => x.label.length)) + 1)} ${r.cards.map(cardSymbol).join(" ") || "(empty)"}`,
          );
        }
        shown++;
      }
      if (examples.length) expect(lines).toContain("Examples");
    }
    expect(shown).toBeGreaterThanOrEqual(9);
  });
});
