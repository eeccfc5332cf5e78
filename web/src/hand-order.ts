/**
 * The hand in the player's own order: as dealt (the server's order), sorted
 * by suit or by rank, or as the player dragged it. Sorted stays sorted for
 * the table (a card drawn goes to its place); an order dragged by hand is
 * kept for the hand it was made in (a card drawn goes at its right end).
 * Kept in localStorage per table, so a reload keeps it. Only the drawing
 * changes: the moves are the server's, whatever the order.
 */
import { useCallback, useEffect, useState } from "react";

export type Arrangement =
  | { readonly by: "dealt" }
  | { readonly by: "suit" | "rank" }
  | { readonly by: "own"; readonly hand: number; readonly cards: readonly string[] };

const RANKS = "A23456789TJQK";
/** Black, red, black, red: suits side by side never share a colour. */
const SUITS = "SHCD";
const rankOf = (c: string): number => {
  const r = RANKS.indexOf(c[0]);
  return r < 0 ? 99 : r;
};
const suitOf = (c: string): number => {
  const s = SUITS.indexOf(c[1]);
  return s < 0 ? 9 : s;
};

/** `hand` drawn as `arrangement` says, for hand number `handNo`. Pure. */
export function arrange(hand: readonly string[], arrangement: Arrangement, handNo: number): string[] {
  const cards = [...hand];
  switch (arrangement.by) {
    case "suit":
      return cards.sort((a, b) => suitOf(a) - suitOf(b) || rankOf(a) - rankOf(b));
    case "rank":
      return cards.sort((a, b) => rankOf(a) - rankOf(b) || suitOf(a) - suitOf(b));
    case "own": {
      if (arrangement.hand !== handNo) return cards;
      // The cards of the order still held, in its order (a card held twice, twice), then the new ones.
      const left = [...cards];
      const kept: string[] = [];
      for (const c of arrangement.cards) {
        const i = left.indexOf(c);
        if (i >= 0) kept.push(...left.splice(i, 1));
      }
      return [...kept, ...left];
    }
    default:
      return cards;
  }
}

/** `cards` with `card` moved to stand at `index` (counted among the cards without it). Pure. */
export function moveTo(cards: readonly string[], card: string, index: number): string[] {
  const from = cards.indexOf(card);
  if (from < 0) return [...cards];
  const rest = cards.filter((_, i) => i !== from);
  const at = Math.max(0, Math.min(index, rest.length));
  return [...rest.slice(0, at), card, ...rest.slice(at)];
}

const keyOf = (table: string): string => `cardroom:hand-order:${table}`;

function load(table: string): Arrangement {
  try {
    const a = JSON.parse(localStorage.getItem(keyOf(table)) ?? "null") as Arrangement | null;
    if (a && (a.by === "suit" || a.by === "rank" || a.by === "dealt")) return { by: a.by };
    if (a && a.by === "own" && typeof a.hand === "number" && Array.isArray(a.cards))
      return { by: "own", hand: a.hand, cards: a.cards.filter((c) => typeof c === "string") };
  } catch {
    // Nothing kept, or not readable: as dealt.
  }
  return { by: "dealt" };
}

export interface HandOrder {
  /** The hand as drawn. */
  readonly cards: readonly string[];
  /** How it is arranged now: "own" only while the dragged order is this hand's. */
  readonly by: Arrangement["by"];
  sortBy(by: "dealt" | "suit" | "rank"): void;
  /** A card dragged to stand at `index` of the hand as drawn (counted without it). */
  move(card: string, index: number): void;
}

/** The hand of `table`'s hand number `handNo` in the player's order, and how to change it. */
export function useHandOrder(table: string, handNo: number, hand: readonly string[]): HandOrder {
  const [arrangement, setArrangement] = useState<Arrangement>(() => load(table));
  useEffect(() => setArrangement(load(table)), [table]);
  const save = useCallback(
    (a: Arrangement) => {
      setArrangement(a);
      try {
        localStorage.setItem(keyOf(table), JSON.stringify(a));
      } catch {
        // Storage full or refused: the order holds until the page is left.
      }
    },
    [table],
  );
  const cards = arrange(hand, arrangement, handNo);
  const by = arrangement.by === "own" && arrangement.hand !== handNo ? "dealt" : arrangement.by;
  return {
    cards,
    by,
    sortBy: (b) => save({ by: b }),
    move: (card, index) => save({ by: "own", hand: handNo, cards: moveTo(cards, card, index) }),
  };
}
