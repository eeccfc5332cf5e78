import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import type { Card } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import type { GinState } from "./state.js";
import type { GinView } from "./view.js";
import {
  BIT_OF,
  SUIT_OF,
  bestDiscardDeadwood,
  cardValue,
  deadwood,
  deadwoodOfMasksWithout,
  deadwoodWithout,
  maskedDeadwood,
  meldsWith,
  suitMasks,
  sumAfterDraws,
} from "./melds.js";
import { DONE, DRAW, PASS, TAKE, isDiscard, isKnock, isLayoff, moveCard } from "./moves.js";

/** Taking a card that makes no meld is worth it only when it lowers the deadwood by this much. */
const CLEAR_GAIN = 7;

/**
 * Keeps melds and near-melds, takes the up-card or the top discard only when
 * it makes or extends a meld (or lowers the deadwood clearly), throws the
 * highest unmatched card, knocks as soon as it can (gin when it can), and as
 * defender lays off every card whose loss does not raise its deadwood.
 * Quick: `hard`'s playouts play it (and `medium` lays off as it does).
 */
export const greedy: Bot<GinView> = {
  choose(view, legal) {
    const parsed = parseCards(view.hand ?? []);
    const top = view.top === null ? null : parseCard(view.top);
    return greedyMove(parsed.ok ? parsed.value : [], top?.ok ? top.value : null, legal);
  },
};

function greedyMove(hand: readonly Card[], top: Card | null, legal: readonly Move[]): Move {
  if (legal.includes(DONE)) return chooseLayoff(hand, legal);
  if (legal.includes(TAKE)) {
    if (top !== null && worthTaking(hand, top)) return TAKE;
    return legal.includes(PASS) ? PASS : DRAW;
  }
  if (legal.includes(DRAW)) return DRAW;
  return chooseDiscard(hand, legal);
}

/**
 * `greedy` on the state itself, for the search's playouts (no view built, no
 * card text): it reads only the mover's own hand and the face-up top card,
 * never the stock or the other hand, so each seat plays the drawn world as
 * it would see it.
 */
export const greedyPlayout = statePlayout<GinState>((s, seat, legal) =>
  greedyMove(s.hands[seat], s.discard.length ? s.discard[s.discard.length - 1] : null, legal),
);

/** Scratch suit masks for the hot rules below (the search's playouts call them at every turn). */
const held = new Int32Array(4);
const kept = new Int32Array(4);

/** Does taking `top` make or extend a meld after the best discard, or lower the deadwood clearly? */
export function worthTaking(hand: readonly Card[], top: Card): boolean {
  const now = maskedDeadwood(suitMasks(hand, held));
  held[SUIT_OF[top]] |= BIT_OF[top];
  let best = Infinity;
  let throwAway = -1;
  for (const c of hand) {
    const d = deadwoodOfMasksWithout(held, c);
    // Ties go to the lowest card code, whatever order the hand is in (a view's is sorted, a state's is not).
    if (d < best || (d === best && c < throwAway)) {
      best = d;
      throwAway = c;
    }
  }
  kept.set(held);
  kept[SUIT_OF[throwAway]] &= ~BIT_OF[throwAway];
  const melded = maskedDeadwood(kept) < deadwoodOfMasksWithout(kept, top) + cardValue(top);
  return melded || now - best >= CLEAR_GAIN;
}

/** Cards of the hand (suit masks `m`) that could soon meld with `c`: same rank, or same suit within two ranks. */
function nearMelds(m: Int32Array, c: Card): number {
  const su = SUIT_OF[c];
  const bit = BIT_OF[c];
  let n = 0;
  for (let x = 0; x < 4; x++) if (x !== su && m[x] & bit) n++;
  let near = m[su] & ((bit << 1) | (bit << 2) | (bit >> 1) | (bit >> 2));
  for (; near; near &= near - 1) n++;
  return n;
}

function chooseDiscard(hand: readonly Card[], legal: readonly Move[]): Move {
  suitMasks(hand, held);
  let best = legal[0];
  let bestScore = Infinity;
  const knocking = legal.some(isKnock);
  for (const m of legal) {
    // Knock as soon as able, with the discard that leaves the least deadwood (gin when possible).
    if (knocking ? !isKnock(m) : !isDiscard(m)) continue;
    const c = moveCard(m);
    const score = deadwoodOfMasksWithout(held, c) * 1000 + nearMelds(held, c) * 100 - cardValue(c);
    if (score < bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

function chooseLayoff(hand: readonly Card[], legal: readonly Move[]): Move {
  suitMasks(hand, held);
  const now = maskedDeadwood(held);
  for (const m of legal) if (isLayoff(m) && deadwoodOfMasksWithout(held, moveCard(m)) <= now) return m;
  return DONE;
}

/** Would `top` be part of some meld of the hand with it: a set of three, or a run of three in its suit? */
export function makesMeld(hand: readonly Card[], top: Card): boolean {
  const marks = new Uint8Array(52);
  for (const c of hand) marks[c] = 1;
  return meldsWith(marks, top);
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

/** The cards the seat has not seen: in the stock or in the other hand, as far as it can tell. */
export function unseenCards(view: GinView, hand: readonly Card[]): Card[] {
  const seen = new Uint8Array(52);
  const mark = (texts: readonly string[]): void => {
    const r = parseCards(texts);
    if (r.ok) for (const c of r.value) seen[c] = 1;
  };
  for (const c of hand) seen[c] = 1;
  mark(view.discard);
  view.takenFromDiscard.forEach(mark);
  const out: Card[] = [];
  for (let c = 0; c < 52; c++) if (!seen[c]) out.push(c);
  return out;
}

/**
 * The deadwood to expect after one more draw from the stock and the best
 * discard then, for a hand of ten: the mean over the cards not seen.
 */
export function deadwoodAfterDraw(hand: readonly Card[], unseen: readonly Card[]): number {
  return unseen.length ? sumAfterDraws(hand, unseen) / unseen.length : deadwood(hand);
}

/**
 * What `medium` reads from its view, parsed once a decision: its hand, the
 * face-up card, the cards it has not seen, and those the other player took
 * face up and holds.
 */
interface Sight {
  readonly hand: readonly Card[];
  readonly top: Card | null;
  readonly unseen: readonly Card[];
  readonly theirs: readonly Card[];
}

function sightOf(view: GinView): Sight {
  const parsed = parseCards(view.hand ?? []);
  const hand = parsed.ok ? parsed.value : [];
  const top = view.top === null ? null : parseCard(view.top);
  const theirs = parseCards(view.takenFromDiscard[1 - (view.seat as number)] ?? []);
  return {
    hand,
    top: top?.ok ? top.value : null,
    unseen: unseenCards(view, hand),
    theirs: theirs.ok ? theirs.value : [],
  };
}

/**
 * Whether the other player can be seen to meld card `c`: it took face up a
 * card of the same rank, or two that run with `c` (1), or one card that
 * could meld with it (0.5). What it holds unseen is not guessed at: guesses
 * from the unseen cards measured weaker (docs/STRENGTH.md).
 */
function danger(c: Card, theirs: readonly Card[]): number {
  const rank = c % 13;
  const suit = (c / 13) | 0;
  let near = 0;
  for (const x of theirs) {
    if (x % 13 === rank) return 1;
    if (((x / 13) | 0) === suit && Math.abs((x % 13) - rank) <= 2) near++;
  }
  return near >= 2 ? 1 : near ? 0.5 : 0;
}

/** What throwing a card the other player can meld costs, in deadwood points (measured best of 0, 3, 6, 10). */
const DANGER_COST = 3;

/**
 * `medium`'s score of throwing `c` (lower is better): the deadwood to expect
 * after the next draw, plus the cost of feeding a meld the other player is
 * seen to collect.
 */
function discardScore(sight: Sight, c: Card): number {
  const { hand, unseen } = sight;
  const expected = unseen.length ? sumAfterDraws(hand, unseen, c) / unseen.length : deadwoodWithout(hand, c);
  return expected + DANGER_COST * danger(c, sight.theirs);
}

/** `medium`'s move from what it sees. */
function mediumMove(sight: Sight, legal: readonly Move[]): Move {
  const { hand, top } = sight;
  if (legal.includes(DONE)) return chooseLayoff(hand, legal);
  if (legal.includes(TAKE)) {
    const refuse = legal.includes(PASS) ? PASS : DRAW;
    if (top === null) return refuse;
    const taken = bestDiscardDeadwood([...hand, top], top);
    return taken < deadwoodAfterDraw(hand, sight.unseen) ? TAKE : refuse;
  }
  if (legal.includes(DRAW)) return DRAW;
  if (legal.some(isKnock)) return chooseDiscard(hand, legal);
  let bestMove = legal[0];
  let bestScore = Infinity;
  for (const m of legal) {
    if (!isDiscard(m)) continue;
    const score = discardScore(sight, moveCard(m));
    if (score < bestScore) {
      bestScore = score;
      bestMove = m;
    }
  }
  return bestMove;
}

/**
 * The medium player: `greedy`, with its discards and draws weighed by the
 * deadwood to expect after the next draw over the cards it has not seen, and
 * wary of throwing what the other player can meld.
 */
export const medium: Bot<GinView> = {
  choose: (view, legal) => mediumMove(sightOf(view), legal),
};

/**
 * Where a knock is possible, what Gin's `hard` weighs: `medium`'s knock (the
 * one leaving the least deadwood) and the discard `medium` would make if it
 * could not knock. Weighing every knock and discard instead left so many
 * noisy choices that the search, at 1,000 iterations, played on past good
 * knocks (58% of matches against simple where `medium` won 69% of the same
 * deals).
 */
function knockCandidates(view: GinView, legal: readonly Move[]): Move[] {
  const hand = parseCards(view.hand ?? []);
  const knock = chooseDiscard(hand.ok ? hand.value : [], legal);
  const playOn = medium.choose(
    view,
    legal.filter((m) => !isKnock(m)),
    Rng.fromSeed(0),
  );
  return [knock, playOn];
}

/** How far behind `medium`'s best score, in deadwood points, a discard may be and still be weighed. */
const NEAR_BEST = 1.5;
/** The most discards weighed. */
const MOST_WEIGHED = 3;

/**
 * The moves Gin's `hard` weighs by search: at a knock, knocking against
 * playing on; at a discard, `medium`'s best and the next best within
 * NEAR_BEST points of it (at most MOST_WEIGHED). The search plays the rest
 * of the hand as `greedy` does, which throws its highest loose card; offered
 * every discard it preferred to throw a low card now and keep the high ones
 * "for later", and later did the same again (24.5 to 40% of matches against
 * `medium`, docs/STRENGTH.md): among near-equals it judges well, across the
 * whole hand it does not.
 */
export function candidates(view: GinView, legal: readonly Move[]): Move[] | null {
  if (legal.some(isKnock)) return knockCandidates(view, legal);
  if (!legal.some(isDiscard)) return null;
  const sight = sightOf(view);
  const scored = legal
    .filter(isDiscard)
    .map((move) => ({ move, score: discardScore(sight, moveCard(move)) }))
    .sort((a, b) => a.score - b.score || a.move - b.move);
  return scored
    .filter((x) => x.score <= scored[0].score + NEAR_BEST)
    .slice(0, MOST_WEIGHED)
    .map((x) => x.move);
}

/**
 * The decisions Gin's `hard` leaves to `medium`: drawing (the face-up card
 * or the stock), laying off, and a discard where no other comes near
 * `medium`'s (`candidates`). Searched too, draws lost clearly (40% of 100
 * matches against `medium`, docs/STRENGTH.md).
 */
export function settle(view: GinView, legal: readonly Move[]): { move: Move; reason: string } | null {
  if (legal.some(isKnock)) return null;
  if (legal.some(isDiscard)) {
    const weighed = candidates(view, legal) ?? [];
    if (weighed.length !== 1) return null;
    return {
      move: weighed[0],
      reason:
        "it leaves the least deadwood to expect after the next draw (what the other player is seen to collect counted), and no other discard comes near",
    };
  }
  // `medium` draws on no randomness: any generator will do.
  const move = medium.choose(view, legal, Rng.fromSeed(0));
  const why =
    move === TAKE
      ? "it lowers the deadwood more than a card from the stock is likely to"
      : move === DRAW || move === PASS
        ? "a card from the stock is likely to do better than the face-up card"
        : "lays off what does not raise the deadwood";
  return { move, reason: why };
}
