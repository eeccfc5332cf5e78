/**
 * Roller Coaster's table: the pile's last cards (a joker with the rank it
 * stood for), its top card large, and the run of the turn in progress with
 * its direction as an arrow.
 */
import type { ReactElement } from "react";
import type { CoasterView } from "../../../src/games/roller-coaster/view.js";
import { Card, rankWord } from "../Card.js";
import { Stock, capital, drawMove, dropCard } from "./shared.js";
import { useDropTarget } from "./pointer-drag.js";
import { type GameTable, type TableProps, drawnFromStock } from "./table.js";

const SHOWN = 8;
const isJoker = (c: string): boolean => c === "RJ" || c === "BJ";

function Direction({ direction }: { direction: "up" | "down" | null }): ReactElement {
  if (!direction)
    return (
      <p className="direction" data-testid="direction" data-direction="none">
        <span aria-hidden="true">↕</span> Direction: not set yet
      </p>
    );
  return (
    <p className="direction" data-testid="direction" data-direction={direction}>
      <span aria-hidden="true" className="arrow">
        {direction === "up" ? "↑" : "↓"}
      </span>{" "}
      The run goes {direction} ({direction === "up" ? "J Q K A 2" : "2 A K Q J"} …)
    </p>
  );
}

function Board(props: TableProps<CoasterView>): ReactElement {
  const { view, name } = props;
  // A card of the hand dragged onto the pile is played there, as a click on it would.
  const drop = useDropTarget(props.legal.length ? dropCard(props) : null);
  const from = Math.max(0, view.discard.length - SHOWN);
  const runFrom = view.discard.length - view.run.cards.length;
  const top = view.top;
  return (
    <div className="pile-table" data-testid="roller-coaster-table">
      <div className="piles">
        <Stock count={view.stock} draw={drawMove(props.legal)} props={props} />
        <figure className="pile" aria-label="Pile" data-anim-to="play" {...drop}>
          {top ? (
            <Card text={top} size="pile" standsFor={isJoker(top) ? view.topRank : null} />
          ) : (
            <div className="pile-empty">empty</div>
          )}
          <figcaption>
            Pile ({view.discard.length} {view.discard.length === 1 ? "card" : "cards"})
            {view.topRank && ` · stands at ${rankWord(view.topRank)}`}
          </figcaption>
        </figure>
      </div>
      <div className="pile-facts" data-fit>
        {view.run.cards.length > 0 ? (
          <>
            <p>
              {name(view.turn) === "you" ? "Your" : `${capital(name(view.turn))}'s`} run this turn
              {view.run.fromEmptyPile ? ", on an empty pile" : ""}:
            </p>
            <Direction direction={view.run.direction} />
          </>
        ) : (
          <p>
            {view.discard.length
              ? "The next run starts one step up or down from the top card."
              : "The pile is empty: open with a run of 2 or more."}
          </p>
        )}
        {view.discard.length > 0 && (
          <div className="card-row" role="group" aria-label="The pile's last cards, oldest first">
            {from > 0 && <span className="more">…</span>}
            {view.discard.slice(from).map((c, i) => (
              <span key={from + i} className={from + i >= runFrom ? "in-run" : undefined}>
                <Card
                  text={c}
                  size="large"
                  standsFor={isJoker(c) ? (view.discardRanks[from + i] ?? null) : null}
                />
              </span>
            ))}
          </div>
        )}
        {view.stockOrder && view.stockOrder.length > 0 && (
          <div className="card-row" role="group" aria-label="The stock, turned over: the next cards to draw">
            <span>Stock turned over, next to draw:</span>
            {view.stockOrder.slice(0, SHOWN).map((c, i) => (
              <Card key={i} text={c} size="small" />
            ))}
            {view.stockOrder.length > SHOWN && <span className="more">…</span>}
          </div>
        )}
      </div>
    </div>
  );
}

export const rollerCoasterTable: GameTable<CoasterView> = { Board, madeOnTable: drawnFromStock };
