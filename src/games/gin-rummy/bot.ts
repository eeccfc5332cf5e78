import type { Bot } from "../../bots/bot.js";
import type { Card } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import type { GinView } from "./view.js";
import { cardValue, deadwood, deadwoodWithout } from "./melds.js";
import { DONE, DRAW, PASS, TAKE, isDiscard, isKnock, isLayoff, moveCard } from "./moves.js";

/** Taking a card that makes no meld is worth it only when it lowers the deadwood by this much. */
const CLEAR_GAIN = 7;

/**
 * Keeps melds and near-melds, takes the up-card or the top discard only when
 * it makes or extends a meld (or lowers the deadwood clearly), throws the
 * highest unmatched card, knocks as soon as it can (gin when it can), and as
 * defender lays off every card whose loss does not raise its deadwood.
 */
export const greedy: Bot<GinView> = {
  choose(view, legal) {
    const parsed = parseCards(view.hand ?? []);
    const hand = parsed.ok ? parsed.value : [];
    if (legal.includes(DONE)) return chooseLayoff(hand, legal);
    if (legal.includes(TAKE)) {
      const top = view.top === null ? null : parseCard(view.top);
      if (top?.ok && worthTaking(hand, top.value)) return TAKE;
      return legal.includes(PASS) ? PASS : DRAW;
    }
    if (legal.includes(DRAW)) return DRAW;
    return chooseDiscard(hand, legal);
  },
};

/** Does taking `top` make or extend a meld after the best discard, or lower the deadwood clearly? */
export function worthTaking(hand: readonly Card[], top: Card): boolean {
  const with11 = [...hand, top];
  let best = Infinity;
  let throwAway = -1;
  for (const c of hand) {
    const d = deadwoodWithout(with11, c);
    if (d < best) {
      best = d;
      throwAway = c;
    }
  }
  const after = with11.filter((c) => c !== throwAway);
  const melded = deadwood(after) < deadwoodWithout(after, top) + cardValue(top);
  return melded || deadwood(hand) - best >= CLEAR_GAIN;
}

/** Cards that could soon meld with `c`: same rank, or same suit within two ranks. */
function nearMelds(hand: readonly Card[], c: Card): number {
  let n = 0;
  for (const x of hand) {
    if (x === c) continue;
    if (x % 13 === c % 13) n++;
    else if (((x / 13) | 0) === ((c / 13) | 0) && Math.abs((x % 13) - (c % 13)) <= 2) n++;
  }
  return n;
}

function chooseDiscard(hand: readonly Card[], legal: readonly Move[]): Move {
  let best = legal[0];
  let bestScore = Infinity;
  const knocking = legal.some(isKnock);
  for (const m of legal) {
    // Knock as soon as able, with the discard that leaves the least deadwood (gin when possible).
    if (knocking ? !isKnock(m) : !isDiscard(m)) continue;
    const c = moveCard(m);
    const score = deadwoodWithout(hand, c) * 1000 + nearMelds(hand, c) * 100 - cardValue(c);
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

function chooseLayoff(hand: readonly Card[], legal: readonly Move[]): Move {
  const now = deadwood(hand);
  for (const m of legal) if (isLayoff(m) && deadwoodWithout(hand, moveCard(m)) <= now) return m;
  return DONE;
}

/** Would `top` be part of some meld of the hand with it: a set of three, or a run of three in its suit? */
export function makesMeld(hand: readonly Card[], top: Card): boolean {
  const rank = top % 13;
  const suit = (top / 13) | 0;
  if (hand.filter((c) => c % 13 === rank).length >= 2) return true;
  const held = (r: number) => r >= 0 && r < 13 && hand.includes(suit * 13 + r);
  let below = 0;
  while (held(rank - below - 1)) below++;
  let above = 0;
  while (held(rank + above + 1)) above++;
  return below + above >= 2;
}

/**
 * The EAAI 2021 Gin Rummy challenge's simple player, as a baseline: takes the
 * face-up card only when it would be part of a meld, discards the card whose
 * loss leaves the least deadwood (ties at random), knocks as soon as it can,
 * lays off every card it can.
 */
export const simple: Bot<GinView> = {
  choose(view, legal, rng) {
    const parsed = parseCards(view.hand ?? []);
    const hand = parsed.ok ? parsed.value : [];
    if (legal.includes(DONE)) return legal.find(isLayoff) ?? DONE;
    if (legal.includes(TAKE)) {
      const top = view.top === null ? null : parseCard(view.top);
      if (top?.ok && makesMeld(hand, top.value)) return TAKE;
      return legal.includes(PASS) ? PASS : DRAW;
    }
    if (legal.includes(DRAW)) return DRAW;
    const knocking = legal.some(isKnock);
    let best: Move[] = [];
    let least = Infinity;
    for (const m of legal) {
      if (knocking ? !isKnock(m) : !isDiscard(m)) continue;
      const d = deadwoodWithout(hand, moveCard(m));
      if (d < least) {
        least = d;
        best = [m];
      } else if (d === least) best.push(m);
    }
    return best.length ? best[rng.int(best.length)] : legal[0];
  },
};

/**
 * The decisions Gin's `hard` leaves to `medium`: every one but a knock. At a
 * second a move the search, fed the hand's long and noisy outcomes, chose
 * draws and discards worse than `medium` (docs/STRENGTH.md), so it searches
 * only where a knock is possible: knock now, or play on for gin.
 */
export function settle(view: GinView, legal: readonly Move[]): { move: Move; reason: string } | null {
  if (legal.some(isKnock)) return null;
  // `medium` draws on no randomness: any generator will do.
  const move = greedy.choose(view, legal, Rng.fromSeed(0));
  const why =
    move === TAKE
      ? "it makes or extends a meld"
      : move === DRAW || move === PASS
        ? "the face-up card makes no meld"
        : isDiscard(move)
          ? "the highest card that is in no meld and near none"
          : "lays off what does not raise the deadwood";
  return { move, reason: why };
}
