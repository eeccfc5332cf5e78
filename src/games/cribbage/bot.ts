import type { Bot } from "../../bots/bot.js";
import { type Card, suitOf } from "../../engine/cards.js";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { GO, claimMove, discardMove, isClaim, isDiscard, isPlay, moveCard } from "./moves.js";
import { type DiscardChoice, discardChoices } from "./discard.js";
import { CRIB_SIZE, keptSize, pegPoints, pegValue, showPoints } from "./rules.js";
import type { CribbageView } from "./view.js";
import { cribFlushRule } from "./state.js";

const cardsOf = (texts: readonly string[] | null): Card[] => {
  const r = parseCards(texts ?? []);
  return r.ok ? r.value : [];
};
const cardOf = (text: string | null): Card => {
  const r = parseCard(text ?? undefined);
  return r.ok ? r.value : -1;
};

/** Ways of choosing `k` of `n`. */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
}

/**
 * What the house rule `cribFlush: four` adds to the crib's expected show for
 * one starter: 4 points when the crib's four cards share a suit the starter
 * lacks (with the starter too, 5 under either rule). The seat's `laid` cards
 * must share a suit; the crib's other cards come from those neither laid,
 * kept nor the starter, any of them alike.
 */
export function fourCardCribFlush(laid: readonly Card[], starter: Card, keep: readonly Card[]): number {
  const suit = suitOf(laid[0]);
  if (suitOf(starter) === suit || laid.some((c) => suitOf(c) !== suit)) return 0;
  const pool = 52 - laid.length - 1 - keep.length;
  const ofSuit = 13 - laid.length - keep.filter((c) => suitOf(c) === suit).length;
  const need = 4 - laid.length;
  return (4 * choose(ofSuit, need)) / choose(pool, need);
}

/**
 * `discardChoices` under the crib flush in force: with `cribFlush: four` each
 * way's crib expectation gains the four-card flush's share (over the same
 * unseen starters), and the ways are ranked again.
 */
export function discardsFor(view: CribbageView): DiscardChoice[] {
  const [hand, mine, ownCrib, unseen, keep] = discardInputs(view);
  const choices = discardChoices(hand, mine, ownCrib, unseen, keep);
  if (view.cribFlush !== "four") return choices;
  const sign = ownCrib ? 1 : -1;
  return choices
    .map((w) => {
      const kept = hand.filter((c) => !w.out.includes(c));
      const laid = [...mine, ...w.out];
      let extra = 0;
      for (const s of unseen) extra += fourCardCribFlush(laid, s, kept);
      extra /= unseen.length;
      return { ...w, crib: w.crib + extra, value: w.value + sign * extra };
    })
    .sort((a, b) => b.value - a.value);
}

/**
 * Discards by exact expected value (`discardsFor`): the kept hand over
 * every unseen starter, plus or minus the crib's expectation from the table
 * (and the house rule's four-card crib flush). One card per move, the cards
 * already laid away taken into account.
 */
export function chooseDiscard(view: CribbageView, legal: readonly Move[]): Move {
  const best = discardsFor(view)[0];
  const m = best ? discardMove(best.out[0]) : legal[0];
  return legal.includes(m) ? m : legal[0];
}

/**
 * The decisions `hard` does not search: discards by expected value and the
 * true count at muggins, each with its reason; pegging is searched (null).
 */
export function settle(view: CribbageView, legal: readonly Move[]): { move: Move; reason: string } | null {
  if (legal.length === 0) return null;
  if (isClaim(legal[0])) {
    const move = chooseClaim(view, legal);
    return { move, reason: "the true count: muggins takes any points missed" };
  }
  if (!isDiscard(legal[0])) return null;
  const [best] = discardsFor(view);
  if (!best) return null;
  const move = chooseDiscard(view, legal);
  const crib =
    view.dealer === view.seat
      ? `your crib adds ${best.crib.toFixed(1)}`
      : `their crib gains ${best.crib.toFixed(1)}`;
  const kept = (view.hand ?? []).filter((t) => !best.out.some((c) => formatCard(c) === t));
  return {
    move,
    reason: `keeps ${kept.join(" ")}, worth ${best.hand.toFixed(1)} on average over the starters; ${crib}`,
  };
}

/**
 * What `discardChoices` needs, from the view: the hand, the seat's crib
 * cards, whose crib, the unseen cards, and how many cards a hand keeps.
 */
export function discardInputs(view: CribbageView): [Card[], Card[], boolean, Card[], number] {
  const hand = cardsOf(view.hand);
  const mine = cardsOf(view.myCrib);
  const known = new Set([...hand, ...mine]);
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!known.has(c)) unseen.push(c);
  return [hand, mine, view.dealer === view.seat, unseen, keptSize(view.deal === "five")];
}

/** Pegs for the most points now, keeping clear of leaving the count at 5 or 21 (a ten makes 15 or 31). */
function choosePlay(view: CribbageView, legal: readonly Move[]): Move {
  const pile = cardsOf(view.pile);
  const count = view.count;
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
function chooseClaim(view: CribbageView, legal: readonly Move[]): Move {
  const claiming = view.claiming;
  const starter = cardOf(view.starter);
  if (!claiming || starter < 0) return legal[0];
  const full = claiming.crib ? CRIB_SIZE : keptSize(view.deal === "five");
  const m = claimMove(showPoints(cardsOf(claiming.cards), starter, cribFlushRule(view, claiming.crib), full));
  return legal.includes(m) ? m : legal[0];
}

export const greedy: Bot<CribbageView> = {
  choose(view, legal) {
    if (legal.length === 1) return legal[0];
    if (isDiscard(legal[0])) return chooseDiscard(view, legal);
    if (isClaim(legal[0])) return chooseClaim(view, legal);
    if (legal[0] === GO) return GO;
    return choosePlay(view, legal);
  },
};
