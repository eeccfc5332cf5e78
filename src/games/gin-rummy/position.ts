import type { Card } from "../../engine/cards.js";
import { formatCard } from "../../engine/card-text.js";
import { knockArrangement } from "./melds.js";
import { DEAD_STOCK, tableMeld } from "./rules.js";
import { DISCARD, DRAW_PHASE, DRAW_STOCK, type GinState, LAYOFF, OFFER } from "./state.js";

/** Every card of the position once: the hands (the knocker's melds are in its hand), stock, discards, lay-offs. */
export function cards(s: GinState): Card[] {
  return [...s.hands[0], ...s.hands[1], ...s.stock, ...s.discard, ...s.laidCards];
}

const within = (part: readonly Card[], whole: readonly Card[]): boolean =>
  part.every((c) => whole.includes(c));

/**
 * A restored position's invariants beyond its shape and its cards: one line
 * saying what is wrong, or null. Hands may be short (an endgame set up), but
 * the player to act must always have a move.
 */
export function checkPosition(s: GinState): string | null {
  if (s.players !== 2) return "Gin Rummy is for 2 players";
  for (let p = 0; p < 2; p++) {
    if (!within(s.takenFromDiscard[p], s.hands[p]))
      return `seat ${p} does not hold every card listed as taken face up`;
    if (s.hands[p].length > 11)
      return `seat ${p} holds ${s.hands[p].length} cards; a hand holds 10, or 11 to discard`;
  }
  if (s.taken >= 0) {
    if (s.phase !== DISCARD) return "a card is taken from the discard pile only just before a discard";
    if (!s.takenFromDiscard[s.turn].includes(s.taken))
      return `the seat to discard does not hold ${formatCard(s.taken)} as taken face up`;
  }
  if (s.laidCards.length !== s.laidMelds.length)
    return "laidCards and laidMelds must be as long as each other";
  if (s.knocker < 0) {
    if (s.knockMelds.length || s.tableMelds.length || s.laidCards.length)
      return "there are melds on the table but no knocker";
    if (s.phase === LAYOFF) return "the lay-off phase needs a knocker";
  } else {
    if (!s.handOver && s.phase !== LAYOFF) return "after a knock the hand is over or the defender lays off";
    if (s.phase === LAYOFF && s.turn === s.knocker) return "the defender lays off, not the knocker";
    const melds = s.knockMelds;
    if (!within(melds.flat(), s.hands[s.knocker])) return "the knocker does not hold its melds";
    if (s.tableMelds.length !== melds.length) return "tableMelds must match knockMelds";
    const arranged = knockArrangement(s.hands[s.knocker]);
    if (arranged.deadwood !== s.knockerDeadwood) return `the knocker's deadwood is ${arranged.deadwood}`;
    for (let i = 0; i < melds.length; i++) {
      const t = tableMeld(melds[i]);
      const laid = s.laidMelds.filter((m) => m === i).length;
      if (s.tableMelds[i].set !== t.set || s.tableMelds[i].size !== t.size + laid)
        return `tableMelds[${i}] does not match the meld and its lay-offs`;
    }
    if (s.laidMelds.some((m) => m >= melds.length)) return "a lay-off names a meld that is not there";
  }
  if (s.handOver) {
    if (!s.result) return "a hand that is over has a result";
    return null;
  }
  if (s.result) return "a hand in play has no result";
  if (s.matchOver) return "a match that is over has no hand in play";
  const hand = s.hands[s.turn];
  switch (s.phase) {
    case OFFER:
    case DRAW_STOCK:
    case DRAW_PHASE:
      if (s.stock.length <= DEAD_STOCK)
        return `the stock must hold more than ${DEAD_STOCK} cards to draw from`;
      if (s.phase !== DRAW_STOCK && !s.discard.length) return "the discard pile is empty";
      break;
    case DISCARD:
      if (!hand.some((c) => c !== s.taken)) return "the seat to discard holds nothing it may discard";
      break;
    case LAYOFF:
      break;
  }
  return null;
}
