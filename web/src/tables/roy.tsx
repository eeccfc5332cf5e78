/**
 * ROY's table: the discard pile with its top card large, the suit a first
 * card follows (a wild Jack's call shown as such), and the penalty the seat
 * to act faces (the Aces' draw, the King of spades' seven) as it stands.
 */
import type { ReactElement } from "react";
import type { RoyView } from "../../../src/games/roy/view.js";
import { PileTable, capital } from "./shared.js";
import { type GameTable, type TableProps, callsSuit, drawnFromStock } from "./table.js";

function Penalty({ view, name }: { view: RoyView; name: TableProps<RoyView>["name"] }): ReactElement | null {
  if (view.result || view.played > 0) return null;
  const who = name(view.turn);
  if (view.facing === "aces")
    return (
      <p className="penalty" data-testid="penalty">
        Draw {view.drawCount} pending: {view.liveAces} Ace{view.liveAces === 1 ? "" : "s"} in play; {who}{" "}
        {who === "you" ? "answer" : "answers"} with an Ace or {who === "you" ? "draw" : "draws"}.
      </p>
    );
  if (view.facing === "king")
    return (
      <p className="penalty" data-testid="penalty">
        Draw {view.drawCount} pending: the King of spades; {who} {who === "you" ? "draw" : "draws"} and{" "}
        {who === "you" ? "lose" : "loses"} the turn.
      </p>
    );
  return null;
}

function Board(props: TableProps<RoyView>): ReactElement {
  const { view, name } = props;
  const called = view.top.length === 2 && view.top[0] === "J" && view.top[1] !== view.suit;
  return (
    <PileTable
      testId="roy-table"
      stock={view.stock}
      top={view.top}
      pileSize={view.discard.length}
      suit={view.suit}
      caller={called ? "Jack" : null}
      props={props}
    >
      <Penalty view={view} name={name} />
      {!view.result && view.played > 0 && (
        <p>
          {name(view.turn) === "you" ? "You have" : `${capital(name(view.turn))} has`} put down {view.played}{" "}
          card
          {view.played === 1 ? "" : "s"} this turn.
        </p>
      )}
    </PileTable>
  );
}

export const royTable: GameTable<RoyView> = {
  Board,
  madeOnTable: drawnFromStock,
  pickedOnTable: callsSuit,
};
