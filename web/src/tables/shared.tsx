/**
 * Pieces every table uses: a card in the hand that can be played (raised,
 * a real button, named by its move), a row of such cards, and a pile with
 * its top card drawn large.
 */
import type { ReactElement, ReactNode } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import { Card, CardBack, cardFace } from "../Card.js";
import { pointerDragStart } from "./pointer-drag.js";
import { DRAG_TYPE, type TableProps, cardMoves } from "./table.js";

/** "seat 1 has…" at the start of a sentence: "Seat 1 has…". */
export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

type Playing = Pick<TableProps<unknown>, "legal" | "pending" | "play" | "describe" | "picked" | "pick">;

/**
 * One card of the seat's hand: a button when the server listed a move for
 * it (one move plays at once; several open just those moves), else a card.
 */
export function HandCard({
  card,
  moves,
  props,
  draggable = false,
}: {
  card: string;
  moves: readonly MoveJson[];
  props: Playing;
  draggable?: boolean;
}): ReactElement {
  const { pending, play, describe, picked, pick } = props;
  if (!moves.length)
    return (
      <span className="card-slot">
        <Card text={card} />
      </span>
    );
  const label = moves.length === 1 ? describe(moves[0]) : "choose how to play it";
  return (
    <button
      type="button"
      className={`card-slot legal${picked === card ? " picked" : ""}`}
      aria-pressed={moves.length > 1 ? picked === card : undefined}
      disabled={pending}
      draggable={draggable && !pending}
      data-drag-source={draggable ? `hand:${card}` : undefined}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, `hand:${card}`);
        e.dataTransfer.effectAllowed = "move";
      }}
      onPointerDown={draggable && !pending ? (e) => pointerDragStart(e, `hand:${card}`) : undefined}
      onClick={() => (moves.length === 1 ? play(moves[0]) : pick(picked === card ? null : card))}
    >
      <Card text={card} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/** Cards of the hand in a row, the playable ones raised. */
export function HandRow({
  cards,
  props,
  playable,
  draggable,
}: {
  cards: readonly string[];
  props: Playing;
  playable: boolean;
  draggable?: boolean;
}): ReactElement {
  return (
    <div className="cards">
      {cards.map((c, i) => (
        <HandCard
          key={`${c}${i}`}
          card={c}
          moves={playable ? cardMoves(props.legal, c) : []}
          props={props}
          draggable={draggable}
        />
      ))}
    </div>
  );
}

/** A face-up pile: its top card large, and how many lie under it. */
export function Pile({
  label,
  top,
  count,
  children,
  takenBy,
  receives = "play",
}: {
  label: string;
  top: string | null;
  count: number;
  children?: ReactNode;
  /** The moves that take its top card into a hand (Gin's "take"): their card flies from it. */
  takenBy?: string;
  /** The moves whose cards land on it (web/src/anim/motion.ts). */
  receives?: string;
}): ReactElement {
  const face = top ? cardFace(top) : null;
  return (
    <figure className="pile" aria-label={label} data-anim-from={takenBy} data-anim-to={receives}>
      {top ? <Card text={top} size="pile" /> : <div className="pile-empty">empty</div>}
      <figcaption>
        {label}
        {face ? `: ${face.name}` : ""} ({count} {count === 1 ? "card" : "cards"}){children}
      </figcaption>
    </figure>
  );
}

/** The face-down stock and its size. */
export function Stock({ count }: { count: number }): ReactElement {
  return (
    <figure className="pile" aria-label="Stock" data-anim-from="draw">
      {count > 0 ? (
        <CardBack label={`the stock, face down`} size="pile" />
      ) : (
        <div className="pile-empty">empty</div>
      )}
      <figcaption>
        Stock ({count} {count === 1 ? "card" : "cards"})
      </figcaption>
    </figure>
  );
}

const SUIT_WORDS: Readonly<Record<string, [string, string]>> = {
  C: ["♣", "clubs"],
  D: ["♦", "diamonds"],
  H: ["♥", "hearts"],
  S: ["♠", "spades"],
};

/** A suit shown with its symbol and word, coloured as the deck colours it. */
export function SuitName({ suit }: { suit: string }): ReactElement {
  const [symbol, word] = SUIT_WORDS[suit] ?? ["", suit];
  return (
    <span className={`suit-name suit-${suit} ${suit === "D" || suit === "H" ? "red" : "black"}`}>
      <span aria-hidden="true">{symbol} </span>
      {word}
    </span>
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
}: {
  testId: string;
  stock: number;
  top: string;
  pileSize: number;
  suit: string;
  caller: string | null;
  children?: ReactNode;
}): ReactElement {
  return (
    <div className="pile-table" data-testid={testId}>
      <div className="piles">
        <Stock count={stock} />
        <Pile label="Discard pile" top={top} count={pileSize} />
      </div>
      <div className="pile-facts">
        <p data-testid="suit">
          {caller ? `The ${caller} called ` : "Suit to follow: "}
          <SuitName suit={suit} />
        </p>
        {children}
      </div>
    </div>
  );
}
