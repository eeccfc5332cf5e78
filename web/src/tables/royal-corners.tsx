/**
 * Royal Corners' table: the square. The four corner piles at its corners,
 * the face-up stock in the middle, the players along its sides (you at the
 * bottom). A card or a pile is moved by choosing it and then the corner it
 * goes to, or by dragging it there; both end in the one move the server
 * listed for that source and corner. A finger drags too (./pointer-drag.ts).
 */
import { type DragEvent, type ReactElement, useEffect, useRef, useState } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import type { CornersView } from "../../../src/games/royal-corners/view.js";
import { cornerLabel, cornerName } from "../../../src/games/royal-corners/words.js";
import { handCardsOf } from "./hands-laid-out.js";
import { Card, cardFace } from "../Card.js";
import { DROP_EVENT, pointerDragStart } from "./pointer-drag.js";
import { capital } from "./shared.js";
import { DRAG_TYPE, type GameTable, type TableProps } from "./table.js";

/** Where a move starts: a card of the hand, the stock's top card, or a corner's pile. */
type Source = `hand:${string}` | "stock" | `corner:${number}`;

/** The listed move that takes this source to this corner, if there is one. */
export function moveTo(legal: readonly MoveJson[], source: Source, corner: number): MoveJson | undefined {
  if (source === "stock")
    return legal.find((m) => m.type === "play" && m.from === "stock" && m.corner === corner);
  if (source.startsWith("hand:")) {
    const card = source.slice(5);
    return legal.find(
      (m) => m.type === "play" && m.from === "hand" && m.card === card && m.corner === corner,
    );
  }
  const from = Number(source.slice(7));
  return legal.find((m) => m.type === "move" && m.from === from && m.to === corner);
}

const movesFrom = (legal: readonly MoveJson[], source: Source): MoveJson[] =>
  [0, 1, 2, 3].flatMap((k) => moveTo(legal, source, k) ?? []);

function sourceName(source: Source, view: CornersView): string {
  if (source === "stock") return `the stock's ${cardFace(view.stockTop ?? "")?.name ?? "card"}`;
  if (source.startsWith("hand:")) return cardFace(source.slice(5))?.name ?? source.slice(5);
  return `the pile of ${cornerName(Number(source.slice(7)))}`;
}

/** The seats around the square: you at the bottom, the others clockwise from your left. */
function sides(players: number, you: number): { seat: number; side: string }[] {
  const me = you >= 0 ? you : 0;
  const order = ["bottom", "left", "top", "right"];
  const placesFor: Record<number, string[]> = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: order,
  };
  const places = placesFor[players] ?? order;
  return Array.from({ length: players }, (_, i) => ({ seat: (me + i) % players, side: places[i] }));
}

function Board(props: TableProps<CornersView>): ReactElement {
  const { view, legal, play, pending, picked, pick, name } = props;
  const [own, setOwn] = useState<Source | null>(null);
  const [refused, setRefused] = useState("");
  const source: Source | null = picked ? `hand:${picked}` : own;
  const choose = (s: Source | null): void => {
    setRefused("");
    if (s?.startsWith("hand:")) {
      setOwn(null);
      pick(s.slice(5));
    } else {
      pick(null);
      setOwn(s);
    }
  };
  const toCorner = (s: Source, k: number): void => {
    const m = moveTo(legal, s, k);
    if (!m) {
      setRefused(`${capital(sourceName(s, view))} does not go on ${cornerName(k)}.`);
      return;
    }
    choose(null);
    play(m);
  };
  // A finger's drop reaches the square as an event; it moves to the corner as a drop does.
  const square = useRef<HTMLDivElement | null>(null);
  const dropped = useRef(toCorner);
  useEffect(() => {
    dropped.current = toCorner;
  });
  useEffect(() => {
    const el = square.current;
    if (!el) return;
    const on = (e: Event): void => {
      const k = (e.target as Element).closest("[data-corner]")?.getAttribute("data-corner");
      const s = (e as CustomEvent<string>).detail;
      if (k != null && s) dropped.current(s as Source, Number(k));
    };
    el.addEventListener(DROP_EVENT, on);
    return () => el.removeEventListener(DROP_EVENT, on);
  }, []);
  /** A pile or the stock's card: chosen first, then the corner it goes to. */
  const take = (s: Source): void => choose(source === s ? null : s);
  const dragStart = (s: Source) => (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, s);
    e.dataTransfer.effectAllowed = "move";
  };
  const drop = (k: number) => (e: DragEvent) => {
    const s = e.dataTransfer.getData(DRAG_TYPE) as Source;
    if (!s) return;
    e.preventDefault();
    toCorner(s, k);
  };
  const stockMoves = movesFrom(legal, "stock");
  const corner = (k: number): ReactElement => {
    const pile = view.corners[k];
    const top = pile[pile.length - 1];
    const mine: Source = `corner:${k}`;
    const canMove = movesFrom(legal, mine).length > 0;
    const target = source !== null && source !== mine && moveTo(legal, source, k) !== undefined;
    const label = pile.length
      ? `${cornerLabel(k)}: ${pile.length} ${pile.length === 1 ? "card" : "cards"}, ${cardFace(top)?.name} on top, ${cardFace(pile[0])?.name} at the bottom`
      : `${cornerLabel(k)}: empty`;
    return (
      <div
        key={k}
        className={`corner corner-${k}${target ? " target" : ""}${source === mine ? " picked" : ""}${view.freedCorner === k ? " freed" : ""}`}
        data-corner={k}
        data-drop-target
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
        }}
        onDrop={drop(k)}
      >
        <p className="corner-name" aria-hidden="true">
          {cornerLabel(k)}
        </p>
        <div className="corner-pile" aria-hidden="true">
          {top ? <Card text={top} /> : <div className="card-space" />}
        </div>
        <p className="corner-cards">
          {pile.map((c, i) => (
            <Card key={`${c}${i}`} text={c} size="small" />
          ))}
          {view.freedCorner === k ? " just freed: any card" : ""}
        </p>
        {target ? (
          <button
            type="button"
            disabled={pending}
            data-target={k}
            onClick={() => source && toCorner(source, k)}
          >
            Put {sourceName(source, view)} here
          </button>
        ) : canMove && !pending ? (
          <button
            type="button"
            className="secondary"
            aria-pressed={source === mine}
            draggable
            onDragStart={dragStart(mine)}
            onPointerDown={(e) => pointerDragStart(e, mine)}
            data-source={mine}
            data-drag-source={mine}
            onClick={() => take(mine)}
          >
            {source === mine ? "Moving this pile: choose a corner" : "Move this pile"}
            <span className="visually-hidden">{` (${label})`}</span>
          </button>
        ) : (
          <span className="visually-hidden">{label}</span>
        )}
      </div>
    );
  };
  const seats = sides(view.handSizes.length, view.seat === "spectator" ? -1 : view.seat);
  return (
    <div className="corners-table" data-testid="royal-corners-square" ref={square}>
      {seats.map(({ seat, side }) => (
        <div key={seat} className={`side side-${side}`} data-seat={seat}>
          <strong>{name(seat) === "you" ? "You" : name(seat)}</strong>
          {view.turn === seat && !view.result ? " (to play)" : ""}:{" "}
          {view.out[seat]
            ? "out"
            : `${view.handSizes[seat]} ${view.handSizes[seat] === 1 ? "card" : "cards"}`}
          {/* At the hand's end each side lays its cards out with the penalty points they cost. */}
          {view.result ? (
            <span className="side-end" data-points={view.result.points[seat]}>
              {" "}
              {(handCardsOf(view.result, seat) ?? []).map((c, i) => (
                <Card key={`${c}${i}`} text={c} size="small" />
              ))}{" "}
              <strong>
                {view.result.points[seat]} penalty {view.result.points[seat] === 1 ? "point" : "points"}
              </strong>
            </span>
          ) : null}
          {!view.result && seat !== view.seat && view.known[seat].length > 0 && (
            <>
              {", holds "}
              {view.known[seat].map((c) => (
                <Card key={c} text={c} size="small" />
              ))}
            </>
          )}
        </div>
      ))}
      {[0, 1, 2, 3].map(corner)}
      <div className="stock-centre" data-testid="stock">
        {view.stockTop ? (
          stockMoves.length && !pending ? (
            <button
              type="button"
              className={`card-slot legal${source === "stock" ? " picked" : ""}`}
              aria-pressed={source === "stock"}
              draggable
              onDragStart={dragStart("stock")}
              onPointerDown={(e) => pointerDragStart(e, "stock")}
              data-source="stock"
              data-drag-source="stock"
              onClick={() => take("stock")}
            >
              <Card text={view.stockTop} />
              <span className="visually-hidden">the stock&apos;s card: choose it, then a corner</span>
            </button>
          ) : (
            <Card text={view.stockTop} />
          )
        ) : (
          <div className="card-space" />
        )}
        <p>
          Stock: {view.stock} {view.stock === 1 ? "card" : "cards"}
          {view.stock > 1 ? " (only the top is seen)" : ""}
        </p>
      </div>
      <p className="corners-note" role="status">
        {refused ||
          (source
            ? `Moving ${sourceName(source, view)}: choose a corner marked “Put … here”, or drag it there.`
            : "")}
        {source && (
          <button type="button" className="secondary" onClick={() => choose(null)}>
            Cancel
          </button>
        )}
      </p>
    </div>
  );
}

export const royalCornersTable: GameTable<CornersView> = {
  Board,
  laysOutHandEnd: true,
  // A corner's pile or the stock's card is chosen, then the corner it goes to.
  madeOnTable: (m) => m.type === "move" || (m.type === "play" && m.from === "stock"),
};
