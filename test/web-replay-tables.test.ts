/**
 * The replay draws each step on the game's own table, read-only
 * (web/src/pages/ReplayPage.tsx): every game's table and hand, handed a
 * seat's view with no moves listed and `readOnly`, offer nothing to press
 * or fill in, at every step of a match played at random (up to 400 moves).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../src/engine/game.js";
import { defaultOptions } from "../src/engine/options.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import type { GameTable, TableProps } from "../web/src/tables/table.js";

/** Each game's own table, loaded by path as the page finds it (JSX, checked by the web's own tsconfig). */
async function tableOf(id: string): Promise<GameTable<JsonObject> | null> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(`../web/src/tables/${id}.tsx`)) as Record<string, unknown>;
  } catch {
    return null;
  }
  return (Object.values(mod).find((x) => typeof x === "object" && x !== null && "Board" in x) ??
    null) as GameTable<JsonObject> | null;
}

describe("the replay's tables offer nothing to play", () => {
  it.each(ENTRIES.map((e) => [e.game.id, e.game] as const))("%s", async (id, game) => {
    const table = await tableOf(id);
    expect(table, `web/src/tables/${id}.tsx`).not.toBeNull();
    const started = Table.start(game, {
      players: 2,
      seed: `replay-${id}`,
      options: defaultOptions(game.options),
    });
    if (!started.ok) throw new Error(started.error.message);
    const t = started.value;
    let drawn = 0;
    for (let step = 0; step < 400 && !t.state.matchOver; step++) {
      for (const seat of [0, 1]) {
        const props: TableProps<JsonObject> = {
          view: t.view(seat),
          legal: [],
          you: seat,
          status: t.status(),
          pending: true,
          play: () => {
            throw new Error("a replay played a move");
          },
          describe: (m) => m.type,
          name: (k) => (k === seat ? "you" : `seat ${k}`),
          picked: null,
          pick: () => undefined,
          hint: null,
          whyNot: () => "",
          say: () => undefined,
          readOnly: true,
        };
        const html = [table!.Board, ...(table!.Hand ? [table!.Hand] : [])]
          .map((c) => renderToStaticMarkup(createElement(c, props)))
          .join("");
        // No button (not even a greyed-out one that explains a move the replay cannot make), no form.
        expect(html, `step ${step}`).not.toMatch(/<button|<form|<input/);
        drawn++;
      }
      if (t.state.handOver) t.next();
      else {
        const seat = t.status().toAct[0];
        const legal = t.legal(seat);
        t.play(seat, legal[(step * 7) % legal.length]);
      }
    }
    expect(drawn).toBeGreaterThan(20);
  });
});
