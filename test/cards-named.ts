/**
 * The cards a JSON value names as text, anywhere in its strings: what the
 * leak tests (the server's and the browser's) count as shown to a viewer.
 */
import type { Card } from "../src/engine/cards.js";
import { parseCard } from "../src/engine/card-text.js";

/** A card's text standing alone: a rank and a suit, or a joker. */
const CARD_TOKEN = /(?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS]|RJ|BJ)(?![A-Za-z0-9])/g;

/** Every card named in a JSON value: card text anywhere in a string. */
export function cardsNamed(value: unknown): Card[] {
  const out: Card[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      for (const m of v.matchAll(CARD_TOKEN)) out.push((parseCard(m[0]) as { value: Card }).value);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}
