/**
 * Gin Rummy's table: the stock and the discard pile, your hand grouped into
 * melds with its deadwood counted live (the engine's meld search, run in the
 * browser on your own cards), the knock offered only when the server lists
 * it, the knocker's melds with what was laid off on them, and at the hand's
 * end every hand laid out.
 */
import { type ReactElement, useSyncExternalStore } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import type { Card as CardCode } from "../../../src/engine/cards.js";
import { formatCard, parseCards } from "../../../src/engine/card-text.js";
import { bestArrangement, deadwoodWithout } from "../../../src/games/gin-rummy/melds.js";
import type { GinView } from "../../../src/games/gin-rummy/view.js";
import { ginWords, knockCardLine } from "../../../src/games/gin-rummy/words.js";
import { readerFor } from "../../../src/words/reader.js";
import { Card, cardFace } from "../Card.js";
import { CardLine } from "../CardLine.js";
import { HandCard, Pile, Stock, capital, drawMove } from "./shared.js";
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

/** Which knock the player is making: after "Knock" or "Gin", the card clicked is the one discarded. */
type Knocking = "knock" | "gin" | null;

/**
 * The knock begun, shared by the hand (its cards) and the felt (its pile, a
 * card dropped on it), for the step whose moves it was begun on: a new step
 * ends it.
 */
let knockBegun: { readonly mode: Knocking; readonly legal: readonly MoveJson[] | null } = {
  mode: null,
  legal: null,
};
const knockListeners = new Set<() => void>();
const subscribeKnock = (fn: () => void): (() => void) => {
  knockListeners.add(fn);
  return () => knockListeners.delete(fn);
};
const knockNow = (): typeof knockBegun => knockBegun;
function beginKnock(mode: Knocking, legal: readonly MoveJson[]): void {
  knockBegun = { mode, legal };
  for (const fn of knockListeners) fn();
}

interface CardChoices {
  readonly knocks: readonly MoveJson[];
  /** The knocks that go gin (no deadwood after the discard). */
  readonly gins: readonly MoveJson[];
  readonly mode: Knocking;
  /** The moves a card of the hand makes when clicked or dropped on the pile. */
  movesOf(card: string): MoveJson[];
  /** Why it makes none, while knocking. */
  whyNot(card: string): string | null;
}

/** The card is the move: a discard, or while a knock is begun, the knock that discards it. */
function useCardChoices(view: GinView, legal: readonly MoveJson[]): CardChoices {
  const begun = useSyncExternalStore(subscribeKnock, knockNow, knockNow);
  const parsed = parseCards(view.hand ?? []);
  const held = parsed.ok ? parsed.value : [];
  const after = (card: string): number => {
    const c = parseCards([card]);
    return c.ok ? deadwoodWithout(held, c.value[0]) : Infinity;
  };
  const knocks = legal.filter((m) => m.type === "knock");
  const gins = knocks.filter((m) => after(String(m.card)) === 0);
  const wanted = begun.legal === legal ? begun.mode : null;
  const mode: Knocking =
    wanted === "gin" ? (gins.length ? "gin" : null) : wanted && knocks.length ? "knock" : null;
  const allowed = mode === "gin" ? gins : knocks;
  return {
    knocks,
    gins,
    mode,
    movesOf: (c) =>
      mode ? allowed.filter((m) => m.card === c) : cardMoves(legal, c).filter((m) => m.type !== "knock"),
    whyNot: (c) =>
      mode
        ? `Knocking with ${cardFace(c)?.name ?? c} as the discard would leave ${after(c)} deadwood${
            mode === "gin" ? ", not gin" : `, over ${view.knockLimit}`
          }.`
        : null,
  };
}

/**
 * The hand in melds. On the discard, a card clicked (or dragged to the pile)
 * is discarded; "Knock" and "Gin" show when the server lists such a knock,
 * and then the card clicked is the one discarded face down as you knock.
 */
function Hand(props: TableProps<GinView>): ReactElement | null {
  const { view, legal, status } = props;
  const choices = useCardChoices(view, legal);
  if (!view.hand) return null;
  const layout = layoutHand(view.hand, view.mayNotDiscard);
  if (!layout) return null;
  const { knocks, gins, mode } = choices;
  const playable = !status.handOver && legal.length > 0;
  const cardProps: TableProps<GinView> = {
    ...props,
    whyNot: (c) => choices.whyNot(c) ?? props.whyNot(c),
  };
  const card = (c: string, i: number): ReactElement => (
    <HandCard
      key={`${c}${i}`}
      card={c}
      moves={playable ? choices.movesOf(c) : []}
      props={cardProps}
      turn={playable}
    />
  );
  const discarding =
    !props.readOnly && view.phase === "discard" && view.turn === view.seat && !status.handOver;
  const afterDiscard = layout.discard ? ` after discarding ${cardFace(layout.discard)?.name}` : "";
  const begin = (k: Exclude<Knocking, null>): void => {
    if (mode === k) {
      beginKnock(null, legal);
      props.say("");
      return;
    }
    beginKnock(k, legal);
    props.say(
      k === "gin"
        ? "Gin: click the card to discard (or drag it to the pile)."
        : "Knock: click the card to discard face down (or drag it to the pile).",
    );
  };
  const hintGin = gins.some((m) => sameMove(m, props.hint));
  const hintKnock = !hintGin && knocks.some((m) => sameMove(m, props.hint));
  const knockButton = (k: Exclude<Knocking, null>, label: string, hinted: boolean): ReactElement => (
    <button
      type="button"
      data-knock={k}
      data-choice
      aria-pressed={mode === k}
      className={hinted ? "hinted" : undefined}
      disabled={props.pending}
      onClick={() => begin(k)}
    >
      {label}
    </button>
  );
  return (
    <div className={`gin-hand${mode ? " knocking" : ""}`} data-testid="gin-melds">
      <p className="deadwood" data-testid="deadwood" data-deadwood={layout.deadwood}>
        <span className="deadwood-words">
          Deadwood: <strong>{layout.deadwood}</strong>
          {afterDiscard}
          {layout.deadwood === 0
            ? " (gin)"
            : layout.deadwood <= view.knockLimit
              ? " (low enough to knock)"
              : ""}
          {" · knock at "}
          {view.knockLimit} or less
        </span>
        {discarding && knocks.length > 0 && (
          <span className="knock" data-testid="knock">
            {knocks.length > gins.length && knockButton("knock", "Knock", hintKnock)}
            {gins.length > 0 && knockButton("gin", "Gin", hintGin)}
          </span>
        )}
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
    </div>
  );
}

/** A card of the hand dropped on the discard pile: what a click on it does. */
const dropOnPile =
  (props: TableProps<GinView>, choices: CardChoices) =>
  (source: string): void => {
    if (!source.startsWith("hand:")) return;
    const c = source.slice(5);
    const moves = choices.movesOf(c);
    if (moves.length === 1) props.play(moves[0]);
    else props.say(choices.whyNot(c) ?? props.whyNot(c));
  };

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
  const choices = useCardChoices(view, legal);
  const laid = new Set((view.result?.detail.layoffs ?? view.knock?.layoffs ?? []).map((l) => l.card));
  const detail = view.result?.detail;
  const layoffLines = view.result
    ? (ginWords.handDetail?.(
        view.result,
        readerFor(typeof view.seat === "number" ? view.seat : -1, [0, 1].map(name)),
      ) ?? [])
    : [];
  return (
    <div className={`gin-table${detail ? " over" : ""}`} data-testid="gin-rummy-table">
      <div className="piles">
        <Stock count={view.stock} draw={drawMove(legal)} props={props} />
        <Pile
          label="Discard pile"
          top={view.top}
          count={view.discard.length}
          takenBy="take"
          receives="discard knock"
          take={legal.find((m) => m.type === "take") ?? null}
          drop={legal.some((m) => m.type === "discard") ? dropOnPile(props, choices) : null}
          props={props}
        />
      </div>
      {!detail && (
        <div className="gin-facts" data-fit>
          {view.knockCard && (
            <p className="knock-card" data-testid="knock-card" data-knock-limit={view.knockLimit}>
              <CardLine text={knockCardLine(view) ?? ""} />
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
        </div>
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
                  <div
                    className="meld deadwood-cards"
                    role="group"
                    aria-label={`Deadwood, ${detail.deadwood[p]}`}
                    data-points={detail.deadwood[p]}
                  >
                    <span className="meld-name" aria-hidden="true">
                      deadwood {detail.deadwood[p]}
                    </span>
                    {detail.deadwoodCards[p].map((c) => (
                      <Card key={c} text={c} size="large" />
                    ))}
                  </div>
                </div>
              )}
            </div>
          ))}
          {/* What was laid off, and on which meld: the outlined cards in words. */}
          {layoffLines.map((l, i) => (
            <p key={i} className="layoffs" data-testid="layoffs">
              <CardLine text={l} />
            </p>
          ))}
        </section>
      )}
    </div>
  );
}

export const ginRummyTable: GameTable<GinView> = {
  Board,
  Hand,
  arrangesHand: true,
  // The stock draws, the discard pile is taken; a knock is "Knock" or "Gin", then the card.
  madeOnTable: (m) => m.type === "draw" || m.type === "take",
  laysOutHandEnd: true,
};
