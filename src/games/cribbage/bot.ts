import type { Bot } from "../../bots/bot.js";
import { type Card } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import type { JsonObject, Move } from "../../engine/game.js";
import { GO, claimMove, discardMove, isClaim, isDiscard, isPlay, moveCard } from "./moves.js";
import { pegPoints, pegValue, rankOfCard, showPoints } from "./rules.js";

const cardsOf = (v: unknown): Card[] => {
  const r = parseCards(v ?? []);
  return r.ok ? r.value : [];
};
const cardOf = (v: unknown): Card => {
  const r = parseCard(v);
  return r.ok ? r.value : -1;
};

/** A rough worth of cards in a crib before the starter: pairs, fifteens, near-runs and fives. */
export function cribGuess(cards: readonly Card[]): number {
  let worth = 0;
  for (let i = 0; i < cards.length; i++) {
    const ri = rankOfCard(cards[i]);
    if (ri === 5) worth += 1;
    for (let j = i + 1; j < cards.length; j++) {
      const rj = rankOfCard(cards[j]);
      if (ri === rj) worth += 2;
      if (pegValue(cards[i]) + pegValue(cards[j]) === 15) worth += 2;
      const gap = Math.abs(ri - rj);
      if (gap === 1) worth += 1;
      else if (gap === 2) worth += 0.5;
    }
  }
  return worth;
}

/** The hand's show averaged over every starter the seat cannot see. */
export function expectedShow(keep: readonly Card[], unseen: readonly Card[]): number {
  let sum = 0;
  for (const st of unseen) sum += showPoints(keep, st, false);
  return sum / unseen.length;
}

/**
 * Discards for the best expected hand (plus the crib's rough worth when it is
 * the dealer's own crib, minus it otherwise), one card per move, taking the
 * cards already in the crib into account.
 */
function chooseDiscard(view: JsonObject, legal: readonly Move[]): Move {
  const hand = cardsOf(view.hand);
  const mine = cardsOf(view.myCrib);
  const ownCrib = view.dealer === view.seat;
  const known = new Set([...hand, ...mine]);
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) unseen.push(c);
  const k = hand.length - 4;
  let best: Card[] = [hand[0]];
  let bestValue = -Infinity;
  const consider = (out: Card[]): void => {
    const keep = hand.filter((c) => !out.includes(c));
    const crib = cribGuess([...mine, ...out]);
    const value = expectedShow(keep, unseen) + (ownCrib ? crib : -crib);
    if (value > bestValue) {
      bestValue = value;
      best = out;
    }
  };
  for (let i = 0; i < hand.length; i++) {
    if (k === 1) consider([hand[i]]);
    else for (let j = i + 1; j < hand.length; j++) consider([hand[i], hand[j]]);
  }
  const m = discardMove(best[0]);
  return legal.includes(m) ? m : legal[0];
}

/** Pegs for the most points now, keeping clear of leaving the count at 5 or 21 (a ten makes 15 or 31). */
function choosePlay(view: JsonObject, legal: readonly Move[]): Move {
  const pile = cardsOf(view.pile);
  const count = view.count as number;
  let best = legal[0];
  let bestValue = -Infinity;
  for (const m of legal) {
    if (!isPlay(m)) continue;
    const c = moveCard(m);
    pile.push(c);
    const after = count + pegValue(c);
    let value = pegPoints(pile) * 10 + pegValue(c) / 100;
    if (after === 5 || after === 21) value -= 15;
    pile.pop();
    if (value > bestValue) {
      bestValue = value;
      best = m;
    }
  }
  return best;
}

/** Muggins: always the true count. */
function chooseClaim(view: JsonObject, legal: readonly Move[]): Move {
  const claiming = view.claiming as JsonObject | null;
  const starter = cardOf(view.starter);
  if (!claiming || starter < 0) return legal[0];
  const m = claimMove(showPoints(cardsOf(claiming.cards), starter, claiming.crib === true));
  return legal.includes(m) ? m : legal[0];
}

export const greedy: Bot = {
  choose(view, legal) {
    if (legal.length === 1) return legal[0];
    if (isDiscard(legal[0])) return chooseDiscard(view, legal);
    if (isClaim(legal[0])) return chooseClaim(view, legal);
    if (legal[0] === GO) return GO;
    return choosePlay(view, legal);
  },
};
