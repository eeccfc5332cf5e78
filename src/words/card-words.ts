/**
 * Cards in words: the card codes of a sentence ("play 6C", "TD beats 9S")
 * as a player says them ("play the 6 of clubs"), for what is read rather
 * than seen: a screen reader's name for a button, a page's title. Where a
 * card can be drawn, the browser draws it (web/src/CardLine.tsx, named the
 * same way) and the terminal dresses it (6♣).
 */
import { cardName, parseCard } from "../engine/card-text.js";

/**
 * A card's code standing alone in a sentence: a rank (A 2-9 T J Q K, or 10) then a suit letter, or
 * a joker (RJ, BJ), with no letter or digit either side (a table's code such as "K7QS2A" is none).
 */
export const CARD_CODE = /(?<![A-Za-z0-9])(?:(?:10|[A2-9TJQK])[CDHS]|RJ|BJ)(?![A-Za-z0-9])/g;

/** A sentence with each card code in it said in words: "play 6C" -> "play the 6 of clubs". */
export function cardsInWords(line: string): string {
  return line.replace(CARD_CODE, (code) => {
    const c = parseCard(code);
    return c.ok ? cardName(c.value) : code;
  });
}

/** Each suit by its letter: its symbol, its name as a player says it, and its colour. */
export const SUITS: Readonly<Record<string, { symbol: string; word: string; red: boolean }>> = {
  C: { symbol: "♣", word: "clubs", red: false },
  D: { symbol: "♦", word: "diamonds", red: true },
  H: { symbol: "♥", word: "hearts", red: true },
  S: { symbol: "♠", word: "spades", red: false },
};

/** A card code as a screen shows it: `TD` as `10♦`, `RJ` as `Red★`; anything else as it is. */
export function cardSymbol(code: string): string {
  if (code === "RJ" || code === "BJ") return `${code === "RJ" ? "Red" : "Black"}★`;
  const m = /^(10|[A2-9TJQK])([CDHS])$/.exec(code);
  return m ? `${m[1] === "T" ? "10" : m[1]}${SUITS[m[2]].symbol}` : code;
}

export interface CardFace {
  /** "A", "2".."10", "J", "Q", "K", or "★" for a joker. */
  readonly rank: string;
  /** "C", "D", "H", "S", or "J" for a joker. */
  readonly suit: string;
  readonly symbol: string;
  readonly red: boolean;
  /** "the Queen of spades", "the red joker". */
  readonly name: string;
}

/**
 * A card's face from its text ("TS", "9C", "RJ"), as the browser draws it (a card, or a chip in a
 * line of text): its index, its suit's symbol and colour, and its name as a player says it; null
 * for text that is not a card.
 */
export function cardFace(text: string): CardFace | null {
  if (text === "RJ" || text === "BJ")
    return { rank: "★", suit: "J", symbol: "", red: text === "RJ", name: cardsInWords(text) };
  const m = /^(10|[A2-9TJQK])([CDHS])$/.exec(text);
  if (!m) return null;
  const suit = SUITS[m[2]];
  return {
    rank: m[1] === "T" ? "10" : m[1],
    suit: m[2],
    symbol: suit.symbol,
    red: suit.red,
    name: cardsInWords(text),
  };
}
