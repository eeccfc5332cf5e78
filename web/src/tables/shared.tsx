/**
 * Pieces every table uses: a card in the hand that can be played (raised,
 * a real button, named by its move, dragged to where it goes), a row of
 * such cards, a pile with its top card drawn large that takes a dropped
 * card, and a stock that draws when clicked.
 */
import type { PointerEvent as ReactPointerEvent, ReactElement, ReactNode } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import { SUITS, cardsInWords } from "../../../src/words/card-words.js";
import { Card, CardBack, cardFace } from "../Card.js";
import { CardLine } from "../CardLine.js";
import "./moves.css";
import { dragData, pointerDragStart, useDropTarget } from "./pointer-drag.js";
import { type TableProps, cardMoves, sameMove } from "./table.js";

/** "seat 1 has…" at the start of a sentence: "Seat 1 has…". */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export type Playing = Pick<
  TableProps<unknown>,
  "legal" | "pending" | "play" | "describe" | "picked" | "pick" | "hint" | "whyNot" | "say"
>;

/**
 * A card of the hand chosen (clicked, or dropped where cards go): its one
 * move is sent, a card with several (an Eight and its suit) is picked to
 * choose among them, a card with none says why. `moves`: the card's moves
 * as its table offers them (Gin's, while knocking, are its knocks).
 */
export function playCard(
  p: Playing,
  card: string,
  moves: readonly MoveJson[] = cardMoves(p.legal, card),
): void {
  if (moves.length === 1) p.play(moves[0]);
  else if (moves.length > 1) p.pick(p.picked === card ? null : card);
  else p.say(p.whyNot(card));
}

/**
 * One card of the seat's hand: a button when the server listed a move for
 * it (one move plays at once; several open just those moves), draggable to
 * where it goes; on the seat's turn a card without a move is a button too,
 * marked as not playable, that says why; else a card.
 */
export function HandCard({
  card,
  moves,
  props,
  turn = false,
}: {
  card: string;
  moves: readonly MoveJson[];
  props: Playing;
  /** The seat is to play: a card without a move says why when clicked. */
  turn?: boolean;
}): ReactElement {
  const { pending, describe, picked, hint } = props;
  const source = `hand:${card}`;
  // Every card can be dragged, to rearrange the hand (web/src/hand-order.ts), playable or not.
  const carried = {
    draggable: true,
    "data-drag-source": source,
    onDragStart: dragData(source),
    onPointerDown: (e: ReactPointerEvent<HTMLElement>) => pointerDragStart(e, source),
  };
  if (!moves.length)
    return turn ? (
      <button
        type="button"
        className="card-slot unplayable"
        aria-disabled="true"
        {...carried}
        onClick={() => props.say(props.whyNot(card))}
      >
        <Card text={card} />
        <span className="visually-hidden">(can&apos;t be played now)</span>
      </button>
    ) : (
      <span className="card-slot" {...carried}>
        <Card text={card} />
      </span>
    );
  const label = moves.length === 1 ? describe(moves[0]) : `${cardsInWords(card)}: choose how to play it`;
  const hinted = moves.some((m) => sameMove(m, hint));
  return (
    <button
      type="button"
      className={`card-slot legal${picked === card ? " picked" : ""}${hinted ? " hinted" : ""}`}
      aria-pressed={moves.length > 1 ? picked === card : undefined}
      disabled={pending}
      draggable={!pending}
      data-drag-source={source}
      onDragStart={dragData(source)}
      onPointerDown={pending ? undefined : (e) => pointerDragStart(e, source)}
      onClick={() => playCard(props, card, moves)}
    >
      {/* Named by its move, which names the card. */}
      <Card text={card} unnamed />
      <span className="visually-hidden">
        {label}
        {hinted ? " (the hint)" : ""}
      </span>
    </button>
  );
}

/** Cards of the hand in a row, the playable ones raised. */
export function HandRow({
  cards,
  props,
  playable,
}: {
  cards: readonly string[];
  props: Playing;
  playable: boolean;
}): ReactElement {
  return (
    <div className="cards">
      {cards.map((c, i) => (
        <HandCard
          key={`${c}${i}`}
          card={c}
          moves={playable ? cardMoves(props.legal, c) : []}
          props={props}
          turn={playable && props.legal.length > 0}
        />
      ))}
    </div>
  );
}

/** The line that says why a card can't be played (or what a table's own control needs), under the hand. */
export function WhyLine({ line }: { line: string }): ReactElement {
  return (
    <p className="why-not" role="status" data-testid="why-not">
      {line && <CardLine text={line} />}
    </p>
  );
}

/**
 * A face-up pile: its top card large, and how many lie under it. With
 * `take` (Gin's top discard) a click takes it; with `drop` a card of the
 * hand dragged onto it is played there.
 */
export function Pile({
  label,
  top,
  count,
  children,
  takenBy,
  receives = "play",
  take = null,
  drop = null,
  props,
}: {
  label: string;
  top: string | null;
  count: number;
  children?: ReactNode;
  /** The moves that take its top card into a hand (Gin's "take"): their card flies from it. */
  takenBy?: string;
  /** The moves whose cards land on it (web/src/anim/motion.ts). */
  receives?: string;
  take?: MoveJson | null;
  drop?: ((source: string) => void) | null;
  props?: Playing;
}): ReactElement {
  const face = top ? cardFace(top) : null;
  const target = useDropTarget(drop);
  const drawn = top ? <Card text={top} size="pile" /> : <div className="pile-empty">empty</div>;
  return (
    <figure className="pile" aria-label={label} data-anim-from={takenBy} data-anim-to={receives} {...target}>
      {take && props ? (
        <button
          type="button"
          className={`pile-button${sameMove(take, props.hint) ? " hinted" : ""}`}
          disabled={props.pending}
          data-take
          onClick={() => props.play(take)}
        >
          <span aria-hidden="true">{drawn}</span>
          <span className="visually-hidden">
            {props.describe(take)}
            {sameMove(take, props.hint) ? " (the hint)" : ""}
          </span>
        </button>
      ) : (
        drawn
      )}
      <figcaption>
        {label}
        {face ? `: ${face.name}` : ""} ({count} {count === 1 ? "card" : "cards"}){children}
      </figcaption>
    </figure>
  );
}

/** The face-down stock and its size; with `draw` (and the seat's props) a click draws. */
export function Stock({
  count,
  draw = null,
  props,
}: {
  count: number;
  draw?: MoveJson | null;
  props?: Playing;
}): ReactElement {
  const back =
    count > 0 ? (
      <CardBack label={`the stock, face down`} size="pile" />
    ) : (
      <div className="pile-empty">empty</div>
    );
  const hinted = draw !== null && sameMove(draw, props?.hint ?? null);
  return (
    <figure className="pile" aria-label="Stock" data-anim-from="draw">
      {draw && props ? (
        <button
          type="button"
          className={`pile-button${hinted ? " hinted" : ""}`}
          disabled={props.pending}
          data-shortcut="draw"
          aria-keyshortcuts="d"
          onClick={() => props.play(draw)}
        >
          <span aria-hidden="true">{back}</span>
          <span className="visually-hidden">
            {props.describe(draw)}
            {hinted ? " (the hint)" : ""}
          </span>
        </button>
      ) : (
        back
      )}
      <figcaption>
        Stock ({count} {count === 1 ? "card" : "cards"})
      </figcaption>
    </figure>
  );
}

/** The move that draws from the stock, when the server listed it. */
export const drawMove = (legal: readonly MoveJson[]): MoveJson | null =>
  legal.find((m) => m.type === "draw") ?? null;

/** A drop that plays the dragged card of the hand as a click on it would. */
export const dropCard =
  (p: Playing) =>
  (source: string): void => {
    if (source.startsWith("hand:")) playCard(p, source.slice(5));
  };

/** A suit shown with its symbol and word, coloured as the deck colours it. */
export function SuitName({ suit }: { suit: string }): ReactElement {
  const { symbol, word } = SUITS[suit] ?? { symbol: "", word: suit };
  return (
    <span className={`suit-name suit-${suit} ${SUITS[suit]?.red ? "red" : "black"}`}>
      <span aria-hidden="true">{symbol} </span>
      {word}
    </span>
  );
}

/**
 * An Eight (a Jack in ROY) picked: its suit called by one of four suit
 * symbols beside the pile, each the move that plays it and calls that suit.
 */
export function SuitCall({ props }: { props: Playing }): ReactElement | null {
  const calls = props.picked
    ? cardMoves(props.legal, props.picked).filter((m) => typeof m.suit === "string")
    : [];
  if (!calls.length) return null;
  return (
    <div className="suit-call" role="group" aria-label="Call a suit" data-testid="suit-call">
      {calls.map((m) => {
        const suit = String(m.suit);
        const symbol = SUITS[suit]?.symbol ?? suit;
        const hinted = sameMove(m, props.hint);
        return (
          <button
            key={suit}
            type="button"
            className={`suit-button ${SUITS[suit]?.red ? "red" : "black"} suit-${suit}${hinted ? " hinted" : ""}`}
            data-choice
            data-suit={suit}
            disabled={props.pending}
            aria-label={props.describe(m) + (hinted ? " (the hint)" : "")}
            onClick={() => props.play(m)}
          >
            {symbol}
          </button>
        );
      })}
    </div>
  );
}

/** A row of face-up cards (a run, a meld, a trick). */
export function CardRow({
  cards,
  label,
  size = "large",
}: {
  cards: readonly string[];
  label?: string;
  size?: "large" | "small";
}): ReactElement {
  return (
    <div className="card-row" role="group" aria-label={label}>
      {cards.map((c, i) => (
        <Card key={`${c}${i}`} text={c} size={size} />
      ))}
    </div>
  );
}

/**
 * The table of the games played onto one discard pile (ROY, Crazy Eights):
 * the stock and the pile, its top card large, the suit to follow (said as a
 * call when `caller`, "Jack" or "Eight", called it), then the game's own facts.
 */
export function PileTable({
  testId,
  stock,
  top,
  pileSize,
  suit,
  caller,
  children,
  props,
}: {
  testId: string;
  stock: number;
  top: string;
  pileSize: number;
  suit: string;
  caller: string | null;
  children?: ReactNode;
  /** The seat's moves: the stock is clicked to draw, a card dragged onto the pile is played. */
  props: Playing;
}): ReactElement {
  const playing = props.legal.length > 0;
  return (
    <div className="pile-table" data-testid={testId}>
      <div className="piles">
        <Stock count={stock} draw={drawMove(props.legal)} props={props} />
        <Pile label="Discard pile" top={top} count={pileSize} drop={playing ? dropCard(props) : null} />
      </div>
      <div className="pile-facts" data-fit>
        <SuitCall props={props} />
        <p data-testid="suit">
          {caller ? `The ${caller} called ` : "Suit to follow: "}
          <SuitName suit={suit} />
        </p>
        {children}
      </div>
    </div>
  );
}
