/**
 * A game without a table of its own still has one in the browser: the
 * generic table draws the game's own board lines with their cards as cards
 * (web/src/tables/generic.tsx). Rendered here for every game in the
 * registry, as the page would for a newcomer's game.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AnyGame, JsonObject } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import type { GameTable, TableProps } from "../web/src/tables/table.js";

// The browser's module, loaded by path: it is JSX, which the web's own tsconfig checks, not this one.
const GENERIC = "../web/src/tables/generic.js";
const { genericTable } = (await import(GENERIC)) as {
  genericTable: (game: AnyGame) => GameTable<JsonObject>;
};

describe("the generic table", () => {
  it.each(ENTRIES.map((e) => [e.game.id, e.game] as const))("draws %s from its board lines", (_id, game) => {
    const started = Table.start(game, { players: game.minPlayers, seed: "generic", options: {} });
    if (!started.ok) throw new Error(started.error.message);
    const view = started.value.view(0);
    const props: TableProps<JsonObject> = {
      view,
      legal: [],
      you: 0,
      status: { ...started.value.status(), hand: 1 },
      pending: false,
      play: () => undefined,
      describe: (m) => m.type,
      name: (k) => (k === 0 ? "you" : `seat ${k}`),
      picked: null,
      pick: () => undefined,
      hint: null,
      whyNot: () => "That card can't be played now.",
      say: () => undefined,
    };
    expect(genericTable(game)).toBe(genericTable(game));
    const html = renderToStaticMarkup(createElement(genericTable(game).Board, props));
    expect(html).toContain('data-testid="generic-table"');
    // Every board line but the hand (drawn below by the page) is there, its cards drawn as cards.
    const lines = game.board(view).filter((l) => !/^Your hand:/.test(l));
    expect(html.match(/<p>/g)?.length).toBe(lines.length);
    const cardsOnBoard = lines.join(" ").match(/(?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS])(?![A-Za-z0-9])/g) ?? [];
    for (const c of cardsOnBoard) expect(html).toContain(`data-card="${c}"`);
  });
});
