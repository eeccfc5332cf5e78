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
  /** A move in the rules library's words. */
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
}

/** The moves that put down this card from the hand. */
export const cardMoves = (legal: readonly MoveJson[], card: string): MoveJson[] =>
  legal.filter((m) => m.card === card && (m.from === undefined || m.from === "hand"));

/** Whether two moves are the same move (as the server wrote them). */
export const sameMove = (a: MoveJson, b: MoveJson | null): boolean =>
  b !== null && JSON.stringify(a) === JSON.stringify(b);

/** The data a dragged card carries: where it comes from. */
export const DRAG_TYPE = "application/x-cardroom-source";
