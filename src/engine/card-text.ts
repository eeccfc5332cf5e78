import { BLACK_JOKER, type Card, RED_JOKER, card, isJoker, rankOf, suitOf } from "./cards.js";
import { type Result, err, ok } from "./result.js";

/** Card text: rank A 2-9 T J Q K (10 accepted for T), suit C D H S; jokers RJ and BJ. */
const RANK_CHARS = "A23456789TJQK";
const SUIT_CHARS = "CDHS";
const SUIT_SYMBOLS: Record<string, number> = { "♣": 0, "♦": 1, "♥": 2, "♠": 3 };

const TEXT: string[] = [];
for (let c = 0; c < 52; c++) TEXT.push(RANK_CHARS[c % 13] + SUIT_CHARS[(c / 13) | 0]);
TEXT.push("RJ", "BJ");

export const formatCard = (c: Card): string => TEXT[c];
export const formatCards = (cards: readonly Card[]): string[] => cards.map(formatCard);
export const rankText = (rank: number): string => RANK_CHARS[rank - 1];
export const suitText = (suit: number): string => SUIT_CHARS[suit];

export function parseCard(text: unknown): Result<Card, string> {
  if (text === undefined) return err(`a card is missing (cards are text like "TD" or "AS")`);
  if (typeof text !== "string")
    return err(`a card must be text like "TD" or "AS", got ${JSON.stringify(text)}`);
  const t = text.trim().toUpperCase();
  if (t === "RJ") return ok(RED_JOKER);
  if (t === "BJ") return ok(BLACK_JOKER);
  const body = t.length === 3 && t.startsWith("10") ? "T" + t[2] : t;
  if (body.length === 2) {
    const rank = RANK_CHARS.indexOf(body[0]) + 1;
    const suit = SUIT_CHARS.includes(body[1]) ? SUIT_CHARS.indexOf(body[1]) : (SUIT_SYMBOLS[body[1]] ?? -1);
    if (rank > 0 && suit >= 0) return ok(card(rank, suit));
  }
  return err(`unknown card "${text}" (cards look like AS, TD, 10H, 7C, RJ)`);
}

export function parseCards(texts: unknown): Result<Card[], string> {
  const list = typeof texts === "string" ? texts.split(/[\s,]+/).filter((s) => s !== "") : texts;
  if (!Array.isArray(list)) return err(`expected a list of cards, got ${JSON.stringify(texts)}`);
  const cards: Card[] = [];
  for (const t of list) {
    const r = parseCard(t);
    if (!r.ok) return r;
    cards.push(r.value);
  }
  return ok(cards);
}

export function parseSuit(text: unknown): Result<number, string> {
  if (typeof text === "string") {
    const t = text.trim().toUpperCase();
    const names = ["CLUBS", "DIAMONDS", "HEARTS", "SPADES"];
    const i = t.length === 1 ? SUIT_CHARS.indexOf(t) : names.indexOf(t);
    if (i >= 0) return ok(i);
    if (SUIT_SYMBOLS[t] !== undefined) return ok(SUIT_SYMBOLS[t]);
  }
  return err(`unknown suit ${JSON.stringify(text)} (suits are C, D, H, S)`);
}

/** "1 card", "2 cards": a count of cards for a board line. */
export const cardCount = (n: number): string => (n === 1 ? "1 card" : `${n} cards`);

export const suitName = (suit: number): string => ["clubs", "diamonds", "hearts", "spades"][suit];

/** Card text in words, for messages: "the Ace of spades", "the red joker". */
export function cardName(c: Card): string {
  if (isJoker(c)) return c === RED_JOKER ? "the red joker" : "the black joker";
  const ranks = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
  return `the ${ranks[rankOf(c) - 1]} of ${suitName(suitOf(c))}`;
}
