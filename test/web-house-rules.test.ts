/**
 * What the house rules show on the browser's tables (issue 26): the Gin
 * table names the Oklahoma knock card beside the limit it set, and the
 * Roller Coaster table shows a flipped stock's next cards.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Rng } from "../src/engine/rng.js";
import { Table } from "../src/engine/table.js";
import { findEntry } from "../src/games/index.js";
import { knockCardLine } from "../src/games/gin-rummy/words.js";
import type { GinView } from "../src/games/gin-rummy/view.js";
import type { CoasterView } from "../src/games/roller-coaster/view.js";
import type { GameTable, TableProps } from "../web/src/tables/table.js";

/** A game's own table, loaded by path as the page finds it (JSX, checked by the web's own tsconfig). */
async function tableOf<V>(id: string): Promise<GameTable<V>> {
  const mod = (await import(`../web/src/tables/${id}.tsx`)) as Record<string, unknown>;
  const table = Object.values(mod).find((x) => typeof x === "object" && x !== null && "Board" in x);
  if (!table) throw new Error(`web/src/tables/${id}.tsx has no table`);
  return table as GameTable<V>;
}

function start(id: string, options: Record<string, unknown>, seed = 4): Table {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  const t = Table.start(e.value.game, { players: 2, seed, options });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** The table's board as seat 0 sees it, read-only. */
function board<V>(table: GameTable<V>, t: Table): string {
  const props: TableProps<V> = {
    view: t.view(0) as unknown as V,
    legal: [],
    you: 0,
    status: t.status(),
    pending: true,
    play: () => undefined,
    describe: (m) => m.type,
    name: (k: number) => (k === 0 ? "you" : `seat ${k}`),
    picked: null,
    pick: () => undefined,
    hint: null,
    whyNot: () => "",
    say: () => undefined,
    readOnly: true,
  };
  return renderToStaticMarkup(createElement(table.Board, props));
}

describe("house rules on the browser's tables", () => {
  it("the Gin table shows the Oklahoma knock card with the limit it set, in the board's words", async () => {
    const ginRummyTable = await tableOf<GinView>("gin-rummy");
    const t = start("gin-rummy", { oklahoma: "spades" });
    const v = t.view(0) as unknown as GinView;
    expect(v.knockCard).not.toBeNull();
    const html = board(ginRummyTable, t);
    const line = knockCardLine(v)!;
    expect(line).toMatch(new RegExp(`^Knock card ${v.knockCard}: `));
    expect(html).toContain('data-testid="knock-card"');
    // The card drawn and named, never its code: "Knock card 7♠ (the 7 of spades): knock with 7 or less".
    const shown = /<p[^>]*data-testid="knock-card"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(shown).toContain(`data-card="${v.knockCard}"`);
    expect(shown.replace(/<[^>]*>/g, "")).not.toContain(v.knockCard!);
    expect(shown).toContain(line.slice(line.indexOf(":")));
    const gin = findEntry("gin-rummy");
    if (!gin.ok) throw new Error(gin.error);
    expect(gin.value.game.board(t.view(0))).toContain(line);
    expect(board(ginRummyTable, start("gin-rummy", {}))).not.toContain("knock-card");
  });

  it("the Roller Coaster table shows a flipped stock's next cards", async () => {
    const rollerCoasterTable = await tableOf<CoasterView>("roller-coaster");
    for (const newStock of ["flip", "shuffle"]) {
      const t = start("roller-coaster", { newStock }, 7);
      const rng = Rng.fromSeed("web flip");
      // Random moves until the pile is turned into a new stock (a draw is chosen often: it comes soon).
      while ((t.view(0) as unknown as CoasterView).reshuffles === 0 && !t.state.handOver) {
        const seat = t.status().toAct[0];
        const legal = t.legal(seat);
        t.play(seat, legal[rng.int(legal.length)]);
      }
      const v = t.view(0) as unknown as CoasterView;
      expect(v.reshuffles).toBeGreaterThan(0);
      const html = board(rollerCoasterTable, t);
      if (newStock === "flip") {
        expect(v.stockOrder).toHaveLength(v.stock);
        expect(html).toContain("Stock turned over, next to draw:");
      } else {
        expect(v.stockOrder).toBeNull();
        expect(html).not.toContain("Stock turned over");
      }
    }
  });
});
