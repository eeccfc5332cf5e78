/**
 * Gin Rummy's table: the stock and the discard pile, your hand grouped into
 * melds with its deadwood counted live (the engine's meld search, run in the
 * browser on your own cards), the knock offered only when the server lists
 * it, the knocker's melds with what was laid off on them, and at the hand's
 * end every hand laid out.
 */
import type { ReactElement } from "react";
import type { Card as CardCode } from "../../../src/engine/cards.js";
import { formatCard, parseCards } from "../../../src/engine/card-text.js";
import { bestArrangement, deadwoodWithout } from "../../../src/games/gin-rummy/melds.js";
import type { GinView } from "../../../src/games/gin-rummy/view.js";
import { knockCardLine } from "../../../src/games/gin-rummy/words.js";
import { Card, cardFace } from "../Card.js";
import { HandCard, Pile, Stock, capital, drawMove, dropCard } from "./shared.js";
import { type GameTable, type TableProps, cardMoves, sameMove } from "./table.js";

const byRank = (a: CardCode, b: CardCode): number => (a % 13) - (b % 13) || a - b;

interface Layout {
  readonly melds: string[][];
  readonly deadwoodCards: string[];
  readonly deadwood: number;
  /** With 11 cards: the discard that leaves the least deadwood (never the card just taken). */
  readonly discard: string | null;
}

/** The hand laid out for the least deadwood; with 11 cards, after the best discard. */
export function layoutHand(hand: readonly string[], mayNotDiscard: string | null): Layout | null {
  const parsed = parseCards(hand);
  if (!parsed.ok) return null;
  const cards = parsed.value;
  let discard: CardCode | null = null;
  if (cards.length === 11) {
    let least = Infinity;
    for (const c of cards) {
      if (formatCard(c) === mayNotDiscard) continue;
      const d = deadwoodWithout(cards, c);
      if (d < least || (d === least && discard !== null && c > discard)) [discard, least] = [c, d];
    }
  }
  const kept = discard === null ? cards : cards.filter((c) => c !== discard);
  const best = bestArrangement(kept);
  return {
    melds: best.melds.map((m) => m.slice().sort(byRank).map(formatCard)),
    deadwoodCards: best.deadwoodCards.map(formatCard),
    deadwood: best.deadwood,
    discard: discard === null ? null : formatCard(discard),
  };
}

function Hand(props: TableProps<GinView>): ReactElement | null {
  const { view, legal, status } = props;
  if (!view.hand) return null;
  const layout = layoutHand(view.hand, view.mayNotDiscard);
  if (!layout) return null;
  const playable = !status.handOver && legal.length > 0;
  const card = (c: string, i: number): ReactElement => (
    <HandCard
      key={`${c}${i}`}
      card={c}
      moves={playable ? cardMoves(legal, c) : []}
      props={props}
      turn={playable}
    />
  );
  const knocks = legal.filter((m) => m.type === "knock");
  const discarding =
    !props.readOnly && view.phase === "discard" && view.turn === view.seat && !status.handOver;
  const afterDiscard = layout.discard ? ` after discarding ${cardFace(layout.discard)?.name}` : "";
  return (
    <div className="gin-hand" data-testid="gin-melds">
      <p className="deadwood" data-testid="deadwood" data-deadwood={layout.deadwood}>
        Deadwood: <strong>{layout.deadwood}</strong>
        {afterDiscard}
        {layout.deadwood === 0
          ? " (gin)"
          : layout.deadwood <= view.knockLimit
            ? " (low enough to knock)"
            : ""}
        {" · knock at "}
        {view.knockLimit} or less
      </p>
      <div className="meld-groups">
        {layout.melds.map((m, k) => (
          <div key={k} className="meld" role="group" aria-label={`Meld ${k + 1}`}>
            {m.map(card)}
          </div>
        ))}
        {layout.deadwoodCards.length > 0 && (
          <div className="meld deadwood-cards" role="group" aria-label="Deadwood">
            {layout.deadwoodCards.map(card)}
          </div>
        )}
        {layout.discard && (
          <div className="meld best-discard" role="group" aria-label="Best discard">
            {card(layout.discard, 99)}
          </div>
        )}
      </div>
      {discarding && (
        <div className="knock" data-testid="knock">
          {knocks.length ? (
            knocks.map((m, i) => (
              <button
                key={i}
                type="button"
                data-knock={String(m.card)}
                data-choice
                className={sameMove(m, props.hint) ? "hinted" : undefined}
                disabled={props.pending}
                onClick={() => props.play(m)}
              >
                {props.describe(m)}
              </button>
            ))
          ) : (
            <>
              <button type="button" disabled aria-describedby="knock-why">
                Knock
              </button>
              <span id="knock-why" className="doc">
                {" "}
                Not yet: your deadwood would be {layout.deadwood}, over {view.knockLimit}.
              </span>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * Melds laid out: a laid-off card marked and named as such. The knocker's
 * melds carry the numbers the lay-off moves name them by ("on meld 0").
 */
function Melds({
  melds,
  laidOff,
  numbered = false,
}: {
  melds: readonly string[][];
  laidOff: ReadonlySet<string>;
  numbered?: boolean;
}): ReactElement {
  return (
    <div className="meld-groups">
      {melds.map((m, k) => (
        <div key={k} className="meld" role="group" aria-label={numbered ? `meld ${k}` : `Meld ${k + 1}`}>
          {numbered && (
            <span className="meld-name" aria-hidden="true">
              meld {k}
            </span>
          )}
          {m.map((c) => (
            <span key={c} className={laidOff.has(c) ? "laid-off" : undefined}>
              <Card text={c} size="large" />
              {laidOff.has(c) && <span className="visually-hidden"> (laid off)</span>}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
}

function Board(props: TableProps<GinView>): ReactElement {
  const { view, name, legal } = props;
  const laid = new Set((view.result?.detail.layoffs ?? view.knock?.layoffs ?? []).map((l) => l.card));
  const detail = view.result?.detail;
  return (
    <div className="gin-table" data-testid="gin-rummy-table">
      <div className="piles">
        <Stock count={view.stock} draw={drawMove(legal)} props={props} />
        <Pile
          label="Discard pile"
          top={view.top}
          count={view.discard.length}
          takenBy="take"
          receives="discard knock"
          take={legal.find((m) => m.type === "take") ?? null}
          drop={legal.some((m) => m.type === "discard") ? dropCard(props) : null}
          props={props}
        />
      </div>
      {view.knockCard && (
        <p className="knock-card" data-testid="knock-card" data-knock-limit={view.knockLimit}>
          <Card text={view.knockCard} size="small" /> {knockCardLine(view)}
        </p>
      )}
      {view.mayNotDiscard && (
        <p>You took {cardFace(view.mayNotDiscard)?.name}: you may not throw it back this turn.</p>
      )}
      {view.takenFromDiscard.map((held, p) =>
        p !== view.seat && held.length ? (
          <div key={p}>
            <p>{capital(name(p))} took face up and still holds:</p>
            <div className="card-row">
              {held.map((c) => (
                <Card key={c} text={c} size="small" />
              ))}
            </div>
          </div>
        ) : null,
      )}
      {view.knock && !detail && (
        <section aria-label="The knock" className="knock-shown">
          <h3>
            {capital(name(view.knock.knocker))}{" "}
            {view.knock.gin ? "went gin" : `knocked with ${view.knock.deadwood} deadwood`}
          </h3>
          <Melds melds={view.knock.melds} laidOff={laid} numbered />
          {view.knock.deadwoodCards.length > 0 && (
            <p>
              Deadwood:{" "}
              {view.knock.deadwoodCards.map((c) => (
                <Card key={c} text={c} size="small" />
              ))}
            </p>
          )}
        </section>
      )}
      {detail && view.result && (
        <section aria-label="The hands laid out" className="hands-laid-out" data-testid="gin-hands-laid-out">
          <h3>
            {detail.knocker === null
              ? capital(view.result.reason)
              : `${capital(name(detail.knocker))} ${detail.gin ? "went gin" : "knocked"}`}
          </h3>
          {detail.melds.map((melds, p) => (
            <div key={p} className="laid-out">
              <h4>
                {name(p) === "you" ? "Your hand" : `${capital(name(p))}'s hand`}
                {detail.knocker === p ? (detail.gin ? " (gin)" : " (knocked)") : ""}: deadwood{" "}
                {detail.deadwood[p]}, {view.result!.points[p]} points
              </h4>
              <Melds melds={melds} laidOff={laid} />
              {detail.deadwoodCards[p].length > 0 && (
                <div className="meld-groups">
                  <div className="meld deadwood-cards" role="group" aria-label="Deadwood">
                    {detail.deadwoodCards[p].map((c) => (
                      <Card key={c} text={c} size="large" />
                    ))}
                  </div>
                </div>
              )}
            </div>
          ))}
        </section>
      )}
    </div>
  );
}

export const ginRummyTable: GameTable<GinView> = { Board, Hand };
