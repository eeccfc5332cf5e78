/**
 * Each game's rules library and table, loaded when a table or a replay of
 * that game opens: a page downloads its own game's chunk and no other's,
 * and never the bots (they play on the server). Found by file name, so a
 * new game needs no entry here: its rules are `src/games/<id>/game.ts` (the
 * export whose `id` is the game's), its table `web/src/tables/<id>.tsx`
 * (the export with a `Board`); a game without one gets the page's generic
 * table (the board in words and the move buttons).
 */
import { useEffect, useState } from "react";
import type { AnyGame } from "../../../src/engine/game.js";
import { type Result, err, ok } from "../../../src/engine/result.js";
import { type TableInfo, api, savedSeat } from "../api.js";
import { openEarly } from "../channel.js";
import type { GameTable } from "./table.js";

export interface GameKit {
  readonly game: AnyGame;
  /** Typed by its game's view; the page hands it the view the server sent for that game. */
  readonly table: GameTable<never> | null;
}

type Exports = Readonly<Record<string, unknown>>;
const RULES = import.meta.glob<Exports>("../../../src/games/*/game.ts");
const TABLES = import.meta.glob<Exports>("./*.tsx");

const isGame =
  (id: string) =>
  (x: unknown): x is AnyGame =>
    typeof x === "object" &&
    x !== null &&
    (x as AnyGame).id === id &&
    typeof (x as AnyGame).apply === "function";
const isTable = (x: unknown): x is GameTable<never> => typeof x === "object" && x !== null && "Board" in x;

/** The game's rules and table, or one line saying why not (an unknown game, or a chunk that did not load). */
export async function loadGame(id: string): Promise<Result<GameKit, string>> {
  const rules = RULES[`../../../src/games/${id}/game.ts`];
  if (!rules) return err(`this page does not know the game "${id}"`);
  try {
    const [mod, tableMod] = await Promise.all([rules(), TABLES[`./${id}.tsx`]?.()]);
    const game = Object.values(mod).find(isGame(id));
    if (!game) return err(`this page does not know the game "${id}"`);
    return ok({ game, table: Object.values(tableMod ?? {}).find(isTable) ?? null });
  } catch {
    // A chunk of an older build, gone since a new one was served.
    return err(`the game "${id}" could not be loaded: reload the page`);
  }
}

/** The game's kit once its chunk is in (null until then, or when `id` is); a failure goes to `fail`. */
export function useGameKit(id: string | undefined, fail: (line: string) => void): GameKit | null {
  const [kit, setKit] = useState<GameKit | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void loadGame(id).then((k) => live && (k.ok ? setKit(k.value) : fail(k.error)));
    return () => {
      live = false;
    };
  }, [id, fail]);
  return kit?.game.id === id ? kit : null;
}

const early = new Map<string, Promise<TableInfo>>();

/**
 * A table link opened cold (main.tsx): the table's information asked for
 * (or `known`, as the server wrote it into the page), and then its game's chunks fetched and its
 * channel opened, while the page's own chunk still loads, instead of one after the other. The
 * page takes the answer once with `tableInfo`.
 */
export function prefetchTable(table: string, known?: TableInfo): void {
  // The server writes the table's information into the page it sends for the link (the
  // `table` of its data block): then nothing need be asked before the game's chunks.
  const asked = known ? Promise.resolve(known) : api<TableInfo>(`/api/tables/${encodeURIComponent(table)}`);
  early.set(table, asked);
  asked.then(
    (info) => {
      void loadGame(info.game);
      // Watching as the page will: as this browser's seat when it holds one, else as a spectator.
      const seat = savedSeat(info.id);
      openEarly(info.id, seat ? { seat: seat.seat, secret: seat.secret } : "spectator");
    },
    () => undefined, // the page asks again and says what is wrong
  );
}

/** The table's information: the answer asked for early, the first time; else asked now. */
export function tableInfo(table: string): Promise<TableInfo> {
  const asked = early.get(table);
  early.delete(table);
  return asked ?? api<TableInfo>(`/api/tables/${encodeURIComponent(table)}`);
}
