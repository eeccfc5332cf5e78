import type { Bot } from "../../bots/bot.js";
import { type Card, CARD_SPACE } from "../../engine/cards.js";
import { parseCard } from "../../engine/card-text.js";
import { isPlay, moveCard } from "./moves.js";
import { trickWinner } from "./rules.js";
import type { HyruleView } from "./view.js";

const toCard = (t: string | null): Card | null => {
  const r = parseCard(t);
  return r.ok ? r.value : null;
};

/** Every card the view shows as out of play or in sight: the rest are unseen (other hands, the stock). */
function unseenCards(view: HyruleView): Card[] {
  const seen = new Uint8Array(CARD_SPACE);
  const mark = (t: string | null): void => {
    const c = toCard(t);
    if (c !== null) seen[c] = 1;
  };
  for (const t of view.hand ?? []) mark(t);
  for (const pile of view.captured) for (const t of pile) mark(t);
  for (const t of view.unclaimed) mark(t);
  for (const p of view.trick) mark(p.card);
  const out: Card[] = [];
  for (let c = 0; c < CARD_SPACE; c++) if (!seen[c]) out.push(c);
  return out;
}

/** How often `c` takes a two-card trick against one unseen card. */
function strength(c: Card, unseen: readonly Card[]): number {
  if (unseen.length === 0) return 0;
  const pair = [c, 0];
  let wins = 0;
  for (const u of unseen) {
    pair[1] = u;
    if (trickWinner(pair, 2, true) === 0) wins++;
  }
  return wins / unseen.length;
}

/**
 * Chance mode: a trick carrying unclaimed cards is worth more than the
 * others, so it gets the strongest card (measured against the unseen cards);
 * an ordinary trick gets the weakest, keeping strength for the rich ones.
 * Strategy mode: if a card wins the trick as it stands, the cheapest such
 * card; else the weakest card. Blind play has one move.
 */
export const greedy: Bot<HyruleView> = {
  choose(view, legal) {
    const plays = legal.filter(isPlay);
    if (plays.length <= 1) return legal[0];
    const unseen = unseenCards(view);
    const rated = plays
      .map((m) => ({ m, s: strength(moveCard(m), unseen) }))
      .sort((a, b) => a.s - b.s || a.m - b.m);
    const weakest = rated[0].m;
    const strongest = rated[rated.length - 1].m;
    if (view.mode === "chance") {
      return view.unclaimed.length > 0 ? strongest : weakest;
    }
    // Strategy mode: every card in the trick is face up.
    const trick = view.trick.flatMap((p) => {
      const c = toCard(p.card);
      return c === null ? [] : [c];
    });
    const cards = [...trick, 0];
    for (const { m } of rated) {
      cards[trick.length] = moveCard(m);
      if (trickWinner(cards, cards.length, false) === trick.length) return m;
    }
    return weakest;
  },
};
