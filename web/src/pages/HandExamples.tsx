/**
 * How to play's example hands as pictures: each example's rows of cards
 * drawn by the client's own card (Card.tsx), as at the table, each row
 * named ("Your hand", "Starter"), and the caption under them. The examples
 * are data beside the game's words (src/games/<id>/how-to-play.ts), the same
 * the terminal prints as card symbols; each game's test checks what the
 * caption claims against its engine.
 */
import type { ReactElement } from "react";
import type { HandExample } from "../../../src/words/how-to-play.js";
import { Card } from "../Card.js";
import { CardLine } from "../CardLine.js";

export function HandExamples({ examples }: { examples: readonly HandExample[] }): ReactElement {
  return (
    <>
      <h2>Examples</h2>
      <div className="examples">
        {examples.map((e, i) => (
          <figure key={i} className="example" data-example={i}>
            <h3>{e.title}</h3>
            {e.rows.map((r, k) => (
              <div key={k} className="example-row" data-row={k}>
                <span className="example-label">{r.label}</span>
                <span className="example-cards" role="group" aria-label={r.label}>
                  {r.cards.length ? (
                    r.cards.map((c, j) => <Card key={`${c}${j}`} text={c} />)
                  ) : (
                    <span className="example-empty">empty</span>
                  )}
                </span>
              </div>
            ))}
            <figcaption>
              <CardLine text={e.caption} />
            </figcaption>
          </figure>
        ))}
      </div>
    </>
  );
}
