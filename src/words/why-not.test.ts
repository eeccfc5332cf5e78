/**
 * Why a card can't be played: each game's reason agrees with its rules
 * (over random play, a card the rules list a move for is never given a
 * reason, and where the game's reason is exact every other card is), the sentences say the table's
 * cards, and a game without its own reason gets the shared sentence.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject, MoveJson } from "../engine/game.js";
import { Table } from "../engine/table.js";
import { GAMES } from "../games/index.js";
import { readerFor } from "./reader.js";
import { CANNOT_PLAY, NOT_YOUR_TURN, whyNotPlayable } from "./why-not.js";

const reader = readerFor(0, []);
const cardMoves = (legal: readonly MoveJson[], card: string): MoveJson[] =>
  legal.filter((m) => m.card === card && (m.from === undefined || m.from === "hand"));

/** Games whose reason is given exactly when a card has no move, in every phase where cards are played. */
const EXACT = new Set(["crazy-eights", "cribbage"]);

describe("why a card can't be played", () => {
  for (const game of GAMES)
    it(`${game.id}: a reason only for a card without a move, in one sentence`, () => {
      let asked = 0;
      let own = 0;
      for (let match = 0; match < 6; match++) {
        const started = Table.start(game, { players: game.minPlayers, seed: `why-${match}` });
        if (!started.ok) throw new Error(started.error.message);
        const t = started.value;
        let x = match + 1;
        for (let step = 0; step < 400 && !t.state.matchOver; step++) {
          if (t.state.handOver) {
            t.next();
            continue;
          }
          const seat = t.status().toAct[0];
          const legal = t.legalJson(seat);
          const view = t.view(seat);
          for (const card of Array.isArray(view.hand) ? (view.hand as string[]) : []) {
            const reason = game.words?.whyNot?.(view, card, reader) ?? null;
            const moves = cardMoves(legal, card);
            // A card the rules list a move for is never given a reason.
            if (moves.length) expect(reason, `${card} is listed`).toBeNull();
            if (reason !== null) own++;
            if (!moves.length) {
              asked++;
              const said = whyNotPlayable(game.words, view, card, reader, true);
              expect(said).toMatch(/^[A-Z0-9].*\.$/);
              if (EXACT.has(game.id) && legal.some((m) => m.type === "play" || m.type === "discard"))
                expect(reason, `${card} has no move in ${JSON.stringify(legal)}`).not.toBeNull();
            }
          }
          x = (x * 48271) % 2147483647;
          expect(t.playJson(seat, legal[x % legal.length]).ok).toBe(true);
        }
      }
      // Where the game's reason is exact, random play meets cards that can't be played (Hyrule has none).
      if (EXACT.has(game.id)) expect(asked).toBeGreaterThan(0);
      // A game with reasons of its own gave some.
      if (game.words?.whyNot) expect(own).toBeGreaterThan(0);
    });

  it("says the Crazy Eights top card to match, or the Eight's call", () => {
    const view = { top: "7C", suit: "C", discard: ["7C"] } as unknown as JsonObject;
    const eights = GAMES.find((g) => g.id === "crazy-eights")!;
    expect(eights.words?.whyNot?.(view, "KH", reader)).toBe("Play an 8 or match 7C: clubs or a 7.");
    expect(eights.words?.whyNot?.(view, "7H", reader)).toBeNull();
    const called = { top: "8D", suit: "H", discard: ["2D", "8D"] } as unknown as JsonObject;
    expect(eights.words?.whyNot?.(called, "KS", reader)).toBe(
      "The Eight called hearts: play hearts or an 8.",
    );
  });

  it("says the count in the cribbage pegging", () => {
    const cribbage = GAMES.find((g) => g.id === "cribbage")!;
    const view = { phase: "pegging", count: 25 } as unknown as JsonObject;
    expect(cribbage.words?.whyNot?.(view, "KD", reader)).toBe("KD would take the count past 31 (it is 25).");
    expect(cribbage.words?.whyNot?.(view, "6D", reader)).toBeNull();
  });

  it("falls back to the shared sentence, and says when it is not the seat's turn", () => {
    expect(whyNotPlayable(undefined, {}, "5H", reader, true)).toBe(CANNOT_PLAY);
    expect(whyNotPlayable({ whyNot: () => null }, {}, "5H", reader, true)).toBe(CANNOT_PLAY);
    expect(whyNotPlayable({ whyNot: () => "No." }, {}, "5H", reader, false)).toBe(NOT_YOUR_TURN);
  });
});
