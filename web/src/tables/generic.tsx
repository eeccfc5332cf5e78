/**
 * The table of a game that has no table of its own (a newcomer's game, see
 * docs/ADDING-A-GAME.md): the game's own board lines, as the terminal shows
 * them, with their cards drawn as cards. The page around it still draws the
 * seat's hand, the move buttons and the log, so the game is playable in the
 * browser before anyone writes its table.
 */
import type { ReactElement } from "react";
import type { AnyGame, JsonObject } from "../../../src/engine/game.js";
import { CardLine } from "../CardLine.js";
import type { GameTable, TableProps } from "./table.js";

const MADE = new WeakMap<AnyGame, GameTable<JsonObject>>();

/** The generic table for `game` (one per game, so React keeps it mounted across renders). */
export function genericTable(game: AnyGame): GameTable<JsonObject> {
  const known = MADE.get(game);
  if (known) return known;
  function Board({ view }: TableProps<JsonObject>): ReactElement {
    // The seat's hand is drawn below the board by the page, as for every table.
    const lines = game.board(view).filter((l) => !/^Your hand:/.test(l));
    return (
      <div className="generic-table" data-testid="generic-table">
        {lines.map((l, i) => (
          <p key={i}>
            <CardLine text={l} />
          </p>
        ))}
      </div>
    );
  }
  const table = { Board };
  MADE.set(game, table);
  return table;
}
