/**
 * How to play examples of a shedding game's turn (ROY, Roller Coaster): a
 * hand and a discard pile, the cards that may start the turn, then the cards
 * played one after the other. Each is played on the game's own rules, seat 1
 * leading after dealer 0: the first cards are exactly those listed, and each
 * card of the turn is listed when its time comes.
 */
import { describe, expect, it } from "vitest";
import type { AnyGame } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import type { HandExample, HowToPlay } from "../src/words/how-to-play.js";

const rowOf = <C>(e: HandExample<C>, label: string): readonly string[] =>
  e.rows.find((r) => r.label === label)!.cards;

export function turnExamplesPlay<C extends { readonly firsts: readonly string[] }>(
  name: string,
  game: AnyGame,
  howToPlay: HowToPlay<C>,
  turnOf: (claim: C) => readonly string[],
): void {
  describe(`${name}'s How to play examples play as the rules do`, () => {
    const examples = (howToPlay.examples ?? []) as readonly HandExample<C>[];
    it("has examples", () => expect(examples.length).toBeGreaterThan(0));

    for (const e of examples)
      it(e.title, () => {
        const t = Table.start(game, {
          players: 2,
          seed: 1,
          setup: { dealer: 0, hands: [null, rowOf(e, "Your hand")], discard: rowOf(e, "Discard pile") },
        });
        if (!t.ok) throw new Error(t.error.message);
        const table = t.value;
        const cardsNow = (): string[] =>
          [...new Set(table.legalJson(1).flatMap((m) => (m.type === "play" ? [String(m.card)] : [])))].sort();
        expect(cardsNow()).toEqual([...e.claim.firsts].sort());
        for (const card of turnOf(e.claim)) {
          expect(cardsNow()).toContain(card);
          expect(table.playJson(1, { type: "play", card }).ok, card).toBe(true);
        }
        expect(table.status().toAct).toEqual([1]);
      });
  });
}
