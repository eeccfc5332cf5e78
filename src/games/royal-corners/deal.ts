import { type Card, CARD_SPACE, makePack } from "../../engine/cards.js";
import { formatCard } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import { type Setup, beginHand } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { CORNERS, HAND_SIZE, NONE, fitsOn } from "./rules.js";
import type { CornersState } from "./state.js";

const PACK = makePack();
const SETUP_PARTS = ["corners"] as const;

/** Rebuilds what is derived from the cards' places: who holds each card, each corner's top and bottom. */
export function indexCards(s: CornersState): void {
  if (!s.holder) s.holder = new Int8Array(52);
  s.holder.fill(-1);
  for (let p = 0; p < s.players; p++) for (const c of s.hands[p]) s.holder[c] = p;
  if (!s.tops) s.tops = new Int8Array(CORNERS);
  if (!s.bottoms) s.bottoms = new Int8Array(CORNERS);
  if (!s.topCorner) s.topCorner = new Int8Array(53);
  s.topCorner.fill(-1);
  for (let k = 0; k < CORNERS; k++) {
    const pile = s.corners[k];
    s.tops[k] = pile.length ? pile[pile.length - 1] : -1;
    s.bottoms[k] = pile.length ? pile[0] : -1;
    if (pile.length) s.topCorner[pile[pile.length - 1]] = k;
  }
}

/** Resets everything but the cards for a new hand: the dealer moves first (rule 3). */
function resetHand(s: CornersState): void {
  if (s.out?.length === s.players) s.out.fill(false);
  else s.out = new Array<boolean>(s.players).fill(false);
  s.playersIn = s.players;
  s.turn = s.dealer;
  if (s.toActSeats) s.toActSeats[0] = s.dealer;
  else s.toActSeats = [s.dealer];
  s.freed = NONE;
  s.moved = false;
  s.idleEnds = 0;
  if (s.seen) s.seen.fill(0);
  else s.seen = new Uint8Array(52);
  indexCards(s);
  // A new array: the finished hand's history may still be read (logs, views of the result).
  beginHand(s);
}

const scratch: Card[] = PACK.slice();

/** Overwrites `into` with `from[start..end)`, reusing its storage. */
function fillFrom(into: Card[], from: readonly Card[], start: number, end: number): void {
  for (let i = start; i < end; i++) into[i - start] = from[i];
  into.length = end - start;
}

/**
 * Rule 2 without a set-up: shuffle, 7 each, the rest is the stock, 4 cards from
 * its top to the corners. Reuses the state's arrays (playouts deal millions of hands).
 */
export function dealShuffled(s: CornersState): void {
  for (let c = 0; c < 52; c++) scratch[c] = c;
  s.rng.shuffle(scratch);
  if (!s.hands || s.hands.length !== s.players) s.hands = Array.from({ length: s.players }, () => []);
  if (!s.corners) s.corners = [[], [], [], []];
  if (!s.stock) s.stock = [];
  let i = 0;
  for (const h of s.hands) {
    fillFrom(h, scratch, i, i + HAND_SIZE);
    i += HAND_SIZE;
  }
  // The stock's top is its last element: the corners take the four last cards.
  fillFrom(s.stock, scratch, i, 52 - CORNERS);
  for (let k = 0; k < CORNERS; k++) fillFrom(s.corners[k], scratch, 52 - CORNERS + k, 52 - CORNERS + k + 1);
  resetHand(s);
}

const isCard = (v: unknown): v is Card =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) < CARD_SPACE;
const isCardList = (v: unknown): v is Card[] => Array.isArray(v) && v.every(isCard);

/**
 * The card parts must be flat lists of cards: the engine's set-up parser lets
 * any nesting, nulls and numbers through, and the deal below relies on lists.
 */
function checkCardLists(setup: Setup): string | null {
  if (setup.stock !== undefined && !isCardList(setup.stock)) {
    return 'setup.stock must be a list of cards, top first, e.g. ["5H","6S"]';
  }
  const hands: unknown = setup.hands;
  if (hands !== undefined) {
    if (!Array.isArray(hands)) return "setup.hands must be a list with one list of cards per seat";
    for (const [i, h] of hands.entries()) {
      if (h !== null && h !== undefined && !isCardList(h)) return `setup.hands[${i}] must be a list of cards`;
    }
  }
  const corners = setup.corners;
  if (corners === undefined) return null;
  if (!Array.isArray(corners) || corners.length !== CORNERS) {
    return 'setup.corners must be 4 piles, bottom card first, e.g. [["KS","QH"],["5D"],[],["9C"]]';
  }
  for (const [k, pile] of corners.entries()) {
    if (!isCardList(pile)) return `setup.corners[${k}] must be a list of cards, bottom first`;
  }
  return null;
}

/** Rule 4: a pile is built card by card, each fitting on the one below it; any card may lie at the bottom. */
function checkCornerPiles(corners: readonly (readonly Card[])[]): string | null {
  for (const [k, pile] of corners.entries()) {
    for (let i = 1; i < pile.length; i++) {
      if (!fitsOn(pile[i], pile[i - 1])) {
        return `setup.corners[${k}]: ${formatCard(pile[i])} does not fit on ${formatCard(pile[i - 1])} (each card is one rank lower, other colour)`;
      }
    }
  }
  return null;
}

/**
 * Rule 2 from a set-up: named hands (filled up from the pack), the stock as it
 * stands once the corners are laid (top first, the rest of the pack below it),
 * the corners as given or else four cards from the pack.
 */
export function dealSetup(s: CornersState, setup: Setup): Result<void, string> {
  const shape = checkCardLists(setup) ?? checkSetupShape(setup, s.players, HAND_SIZE, SETUP_PARTS);
  if (shape) return err(shape);
  if (setup.discard)
    return err("Royal Corners has no discard pile (set-up parts: dealer, hands, stock, corners)");
  const shoe = Shoe.fromPack(PACK, namedCards(setup, SETUP_PARTS), s.rng);
  if (!shoe.ok) return shoe;
  const corners = setup.corners as Card[][] | undefined;
  const piles = corners && checkCornerPiles(corners);
  if (piles) return err(piles);
  const handCards = (setup.hands ?? []).reduce((n, h) => n + (h?.length ?? 0), 0);
  const needed = HAND_SIZE * s.players - handCards + (corners ? 0 : CORNERS);
  if (shoe.value.size < needed) {
    return err(`the set-up's stock and corners leave ${shoe.value.size} cards, and the deal needs ${needed}`);
  }
  s.hands = [];
  for (let p = 0; p < s.players; p++) s.hands.push(shoe.value.fill(setup.hands?.[p], HAND_SIZE));
  s.corners = corners ? corners.map((p) => p.slice()) : [0, 1, 2, 3].map(() => [shoe.value.take()]);
  s.stock = (setup.stock ?? []).concat(shoe.value.rest()).reverse();
  resetHand(s);
  return ok(undefined);
}
