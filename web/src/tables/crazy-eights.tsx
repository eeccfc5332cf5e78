/**
 * Crazy Eights' table: the discard pile with its top card large, the suit to
 * follow (an Eight's call shown as such), the stock, and the cards you drew
 * this turn.
 */
import type { ReactElement } from "react";
import type { EightsView } from "../../../src/games/crazy-eights/view.js";
import { CardRow, PileTable } from "./shared.js";
import { type GameTable, type TableProps, callsSuit, drawnFromStock } from "./table.js";

function Board(props: TableProps<EightsView>): ReactElement {
  const { view } = props;
  // An Eight played (not the one turned up to start) called the suit.
  const called = view.top[0] === "8" && view.discard.length > 1;
  return (
    <PileTable
      testId="crazy-eights-table"
      stock={view.stock}
      top={view.top}
      pileSize={view.discard.length}
      suit={view.suit}
      caller={called ? "Eight" : null}
      props={props}
    >
      {view.stock === 0 && <p>The stock is empty: pass when nothing plays.</p>}
      {view.drawn.length > 0 && (
        <div>
          <p>You drew this turn:</p>
          <CardRow cards={view.drawn} size="small" label="Cards you drew this turn" />
        </div>
      )}
    </PileTable>
  );
}

export const crazyEightsTable: GameTable<EightsView> = {
  Board,
  madeOnTable: drawnFromStock,
  pickedOnTable: callsSuit,
};
