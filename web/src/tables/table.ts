/**
 * What every game's table is handed: the view its seat may see (typed by the
 * game), the moves the server listed, and how to play one. A table owns only
 * its drawing: the page keeps the channel, the seats, the log and the
 * fallback move buttons.
 */
import type { ComponentType } from "react";
import type { MoveJson, Seat } from "../../../src/engine/game.js";

export interface Status {
  readonly toAct: readonly number[];
  readonly handOver: boolean;
  readonly matchOver: boolean;
  readonly scores: readonly number[];
  readonly hand: number;
  readonly winners?: readonly number[];
  /** The seat that gave the match up (resigned, or its program failed), once one did. */
  readonly forfeit?: { readonly seat: number; readonly reason: string };
}

export interface TableProps<V> {
  readonly view: V;
  /** The moves the server listed for this browser's seat (none for a spectator). */
  readonly legal: readonly MoveJson[];
  /** This browser's seat, or NOBODY when watching. */
  readonly you: Seat;
  readonly status: Status;
  /** A request is on its way: moves wait for its answer. */
  readonly pending: boolean;
  /** Sends one of the listed moves, as the server wrote it. */
  play(move: MoveJson): void;
  /**
   * A move in the rules library's words, its cards said as a player says them ("play the 6 of
   * clubs"): a name for a screen reader, where no card is drawn.
   */
  describe(move: MoveJson): string;
  /** "you", or "seat 2". */
  name(seat: Seat): string;
  /** A replay: nothing is played here, so no move is offered or explained as missing. */
  readonly readOnly?: boolean;
  /** The hand's card picked for a move with several choices (an Eight and its suit), or null. */
  readonly picked: string | null;
  pick(card: string | null): void;
  /** The hint's move while it is for the table as it stands, or null: the table makes it glow. */
  readonly hint: MoveJson | null;
  /** Why a card of the hand can't be played now, in one sentence (the game's words, src/words/why-not.ts). */
  whyNot(card: string): string;
  /** Shows one line under the hand (why a card can't go, what a control needs) until the table moves on. */
  say(line: string): void;
}

export interface GameTable<V> {
  /** The table's middle: piles, board, tricks. */
  readonly Board: ComponentType<TableProps<V>>;
  /** The seat's own hand, when the game lays it out its own way (Gin's melds). */
  readonly Hand?: ComponentType<TableProps<V>>;
  /**
   * Moves the table offers with controls of its own (Cribbage's pick-two
   * discard, the muggins claim): the page leaves them out of its move buttons.
   */
  ownMoves?(move: MoveJson): boolean;
  /**
   * Moves something on the felt makes when clicked (the stock draws, Gin's
   * discard pile is taken, a corner's card is moved): like the hand's card
   * moves, the page lists them only under "Every move by name".
   */
  madeOnTable?(move: MoveJson): boolean;
  /**
   * Moves of the picked card the table offers with controls of its own (an Eight's suit, four suit
   * symbols by the pile): while the card is picked the page leaves them out of its move buttons.
   */
  pickedOnTable?(move: MoveJson): boolean;
  /** The table lays the hand out its own way (Gin's melds): the player's sorting is not offered. */
  readonly arrangesHand?: boolean;
  /**
   * The table lays the hands out at a hand's end its own way (Cribbage's show, Gin's melds), each
   * scoring combination marked: the page lays out no cards of its own, and its panel sums up.
   */
  readonly laysOutHandEnd?: boolean;
  /**
   * The hand's end needs the felt's room (Cribbage's show, hand by hand): the felt takes your hand's
   * room, empty then (on a phone while the panel is folded, as it starts there: table.css).
   */
  readonly handEndNeedsRoom?: boolean;
}

/** The moves of a picked card that a table offers beside its pile: an Eight's (a ROY Jack's) suit called. */
export const callsSuit = (move: MoveJson): boolean => typeof move.suit === "string";

/** The stock, clicked, draws (every table that draws a `Stock` with its move). */
export const drawnFromStock = (move: MoveJson): boolean => move.type === "draw";

/** The moves that put down this card from the hand. */
export const cardMoves = (legal: readonly MoveJson[], card: string): MoveJson[] =>
  legal.filter((m) => m.card === card && (m.from === undefined || m.from === "hand"));

/** Whether two moves are the same move (as the server wrote them). */
export const sameMove = (a: MoveJson, b: MoveJson | null): boolean =>
  b !== null && JSON.stringify(a) === JSON.stringify(b);

/** The data a dragged card carries: where it comes from. */
export const DRAG_TYPE = "application/x-cardroom-source";

/** Moves in the order of their cards in the hand (a card's own moves as listed), then the moves of no card. */
export function handOrder(moves: readonly MoveJson[], hand: readonly string[]): MoveJson[] {
  const at = (m: MoveJson): number => {
    const i =
      typeof m.card === "string" && (m.from === undefined || m.from === "hand") ? hand.indexOf(m.card) : -1;
    return i < 0 ? hand.length : i;
  };
  return moves
    .map((m, i) => ({ m, i, at: at(m) }))
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((x) => x.m);
}
