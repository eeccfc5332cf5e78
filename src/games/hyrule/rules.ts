import {
  ACE,
  CARD_SPACE,
  CLUBS,
  type Card,
  DIAMONDS,
  HEARTS,
  SPADES,
  type Suit,
  card,
  isJoker,
  rankOf,
  suitOf,
} from "../../engine/cards.js";
import type { Seat } from "../../engine/game.js";
import { cardName, suitName } from "../../engine/card-text.js";

/** Cards each player is dealt, and so the number of tricks in a hand. */
export const HAND_SIZE = 7;
/** `trickWinner` when nobody takes the trick. */
export const NOBODY = -1;
/** No card in a seat's place (nothing chosen yet, or out of the hand). */
export const NONE = -1;

/**
 * Across suits (rule 4): diamonds beat clubs and spades, clubs beat spades
 * and hearts, spades beat hearts, hearts beat diamonds. Every pair of suits is
 * settled one way only, so the relation has cycles (D > C > H > D).
 */
const SUIT_BEATS: readonly (readonly Suit[])[] = [
  /* clubs */ [SPADES, HEARTS],
  /* diamonds */ [CLUBS, SPADES],
  /* hearts */ [DIAMONDS],
  /* spades */ [HEARTS],
];

export const suitBeats = (a: Suit, b: Suit): boolean => SUIT_BEATS[a].includes(b);

/** The four cards that beat a joker, best first: 3H > AS > 5C > 5D. */
export const SPECIAL_CARDS: readonly Card[] = [
  card(3, HEARTS),
  card(ACE, SPADES),
  card(5, CLUBS),
  card(5, DIAMONDS),
];

const SPECIAL_RANK = new Uint8Array(CARD_SPACE);
SPECIAL_CARDS.forEach((c, i) => (SPECIAL_RANK[c] = SPECIAL_CARDS.length - i));

/** 4 for 3H down to 1 for 5D; 0 for every other card. */
export const specialRank = (c: Card): number => SPECIAL_RANK[c];
export const isSpecial = (c: Card): boolean => SPECIAL_RANK[c] > 0;

/**
 * Does `a` beat `b`, card against card (rule 4)? A joker beats everything but
 * the special cards, which beat it; two jokers beat neither. Without a joker,
 * the higher rank within a suit, else the suit relation. The special cards
 * rank among themselves only in a trick with a joker (see `trickWinner`).
 */
export function beatsRule(a: Card, b: Card): boolean {
  const ja = isJoker(a);
  const jb = isJoker(b);
  if (ja && jb) return false;
  if (ja) return !isSpecial(b);
  if (jb) return isSpecial(a);
  const sa = suitOf(a);
  const sb = suitOf(b);
  return sa === sb ? rankOf(a) > rankOf(b) : suitBeats(sa, sb);
}

const BEATS = new Uint8Array(CARD_SPACE * CARD_SPACE);
for (let a = 0; a < CARD_SPACE; a++)
  for (let b = 0; b < CARD_SPACE; b++) BEATS[a * CARD_SPACE + b] = +beatsRule(a, b);

/** `beatsRule` from a table: the hot path's form. */
export const beats = (a: Card, b: Card): boolean => BEATS[a * CARD_SPACE + b] === 1;

/**
 * Who takes the trick (rule 5): the index in `cards` (play order, first
 * `count` entries) of the winning card, or NOBODY.
 * - A joker in the trick: the best special card wins; without one, the joker
 *   (two jokers: the first played, or nobody when `jokersTie`, as when all
 *   cards are shown at once).
 * - No joker: the card that beats the most others (a card beating all the
 *   others is the only one with that count), then the higher rank; a tie on
 *   both is nobody.
 */
export function trickWinner(cards: readonly Card[], count: number, jokersTie: boolean): number {
  let jokers = 0;
  let firstJoker = NOBODY;
  let special = NOBODY;
  let specialBest = 0;
  for (let i = 0; i < count; i++) {
    const c = cards[i];
    if (c >= 52) {
      if (jokers++ === 0) firstJoker = i;
    } else if (SPECIAL_RANK[c] > specialBest) {
      specialBest = SPECIAL_RANK[c];
      special = i;
    }
  }
  if (jokers > 0) {
    if (special !== NOBODY) return special;
    return jokers > 1 && jokersTie ? NOBODY : firstJoker;
  }
  let best = NOBODY;
  let bestBeaten = -1;
  let bestRank = -1;
  let tied = false;
  for (let i = 0; i < count; i++) {
    const row = cards[i] * CARD_SPACE;
    let beaten = 0;
    for (let j = 0; j < count; j++) beaten += BEATS[row + cards[j]];
    const r = (cards[i] % 13) + 1;
    if (beaten > bestBeaten || (beaten === bestBeaten && r > bestRank)) {
      best = i;
      bestBeaten = beaten;
      bestRank = r;
      tied = false;
    } else if (beaten === bestBeaten && r === bestRank) {
      tied = true;
    }
  }
  return tied ? NOBODY : best;
}

/** The next seat in play order: Hyrule alone plays counter-clockwise. */
export const counterClockwise = (seat: Seat, players: number): Seat => (seat - 1 + players) % players;

/**
 * Who leads the next trick in strategy mode (rule 3): the player in the hand
 * with the most captured cards; ties go to the tied player who won the last
 * trick, else to the first tied player counter-clockwise after the last leader
 * (the last leader itself comes last in that search).
 */
export function nextLeader(
  captured: readonly number[],
  inHand: readonly boolean[],
  lastWinner: Seat | typeof NOBODY,
  lastLeader: Seat,
): Seat {
  const n = captured.length;
  let most = -1;
  for (let p = 0; p < n; p++) if (inHand[p] && captured[p] > most) most = captured[p];
  if (lastWinner !== NOBODY && inHand[lastWinner] && captured[lastWinner] === most) return lastWinner;
  let p = lastLeader;
  for (let k = 0; k < n; k++) {
    p = counterClockwise(p, n);
    if (inHand[p] && captured[p] === most) return p;
  }
  return lastLeader;
}

/** The players in the hand with the most captured cards (rule 6): ties share. */
export function handWinners(captured: readonly number[], inHand: readonly boolean[]): Seat[] {
  let most = -1;
  for (let p = 0; p < captured.length; p++) if (inHand[p] && captured[p] > most) most = captured[p];
  const out: Seat[] = [];
  for (let p = 0; p < captured.length; p++) if (inHand[p] && captured[p] === most) out.push(p);
  return out;
}

/**
 * Why the trick went as `trickWinner` decided, in a player's words, cards
 * named, never coded ("the King of diamonds beats the 9 of clubs: diamonds
 * beat clubs", "the 3 of hearts, a special card, beats the joker"):
 * for the reveal and score events, never in playouts.
 */
export function trickReason(cards: readonly Card[], count: number, jokersTie: boolean): string {
  // Named highest rank first, whatever the order of play: the words are the same in every view.
  const trick = cards.slice(0, count).sort((a, b) => rankOf(b) - rankOf(a) || a - b);
  const jokers = trick.filter(isJoker).length;
  if (jokers > 0) {
    const specials = trick.filter(isSpecial).sort((a, b) => specialRank(b) - specialRank(a));
    const them = jokers > 1 ? "the jokers" : "the joker";
    if (specials.length > 0) {
      const best = cardName(specials[0]);
      return specials.length > 1
        ? `${best}, the best special card, beats ${them}`
        : `${best}, a special card, beats ${them}`;
    }
    if (jokers > 1)
      return jokersTie ? "two jokers tie: nobody takes the trick" : "two jokers: the first played wins";
    return "the joker beats every plain card";
  }
  const beaten = trick.map((a) => trick.filter((b) => beats(a, b)).length);
  const most = Math.max(...beaten);
  const top = trick.filter((_, i) => beaten[i] === most);
  if (most === count - 1) {
    const w = top[0];
    if (count > 2) return `${cardName(w)} beats every other card`;
    const other = trick[trick[0] === w ? 1 : 0];
    const why =
      suitOf(w) === suitOf(other)
        ? "the higher rank in a suit"
        : `${suitName(suitOf(w))} beat ${suitName(suitOf(other))}`;
    return `${cardName(w)} beats ${cardName(other)}: ${why}`;
  }
  const names = top.map(cardName).join(", ");
  const winner = trickWinner(trick, count, jokersTie);
  if (winner === NOBODY) {
    return `no card beats all the others; ${names} beat ${most} each and have the same rank: nobody takes the trick`;
  }
  const w = cardName(trick[winner]);
  return top.length === 1
    ? `no card beats all the others; ${w} beats the most (${most})`
    : `no card beats all the others; ${names} beat ${most} each, and ${w} has the higher rank`;
}
