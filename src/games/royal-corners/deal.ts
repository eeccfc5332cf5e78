import { type Card, makePack } from "../../engine/cards.js";
import { formatCard } from "../../engine/card-text.js";
import { Shoe, checkSetupShape, namedCards } from "../../engine/deal.js";
import { type Setup, beginHand } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { CORNERS, HAND_SIZE, NONE, fitsOn } from "./rules.js";
import type { CornersState } from "./state.js";

const PACK = makePack();
const SETUP_PARTS = ["corners"] as const;

/** The cards the game plays with: one pack of 52, no jokers. */
export const pack = (): Card[] => PACK.slice();

/** Rebuilds what is derived from the cards' places: who holds each card, each corner's top and bottom. */
export function indexCards(s: CornersState): void {
  s.holder.fill(-1);
  for (let p = 0; p < s.players; p++) for (const c of s.hands[p]) s.holder[c] = p;
  s.topCorner.fill(-1);
  for (let k = 0; k < CORNERS; k++) {
    const pile = s.corners[k];
    s.tops[k] = pile.length ? pile[pile.length - 1] : -1;
    s.bottoms[k] = pile.length ? pile[0] : -1;
    if (pile.length) s.topCorner[pile[pile.length - 1]] = k;
  }
}

/** Resets everything but the cards for a new hand: the dealer moves first (rule 3; house rule `firstPlayer`). */
function resetHand(s: CornersState): void {
  s.out.fill(false);
  s.playersIn = s.players;
  s.turn = s.options.firstPlayer === "left" ? (s.dealer + 1) % s.players : s.dealer;
  s.toActSeats[0] = s.turn;
  s.freed = NONE;
  s.moved = false;
  s.idleEnds = 0;
  s.seen.fill(0);
  indexCards(s);
  beginHand(s);
}

/** A list of card codes (the engine's set-up parser has read the text and checked each code). */
const isCardList = (v: unknown): v is Card[] => Array.isArray(v) && v.every((c) => typeof c === "number");

/**
 * The card parts must be flat lists of cards: the engine's set-up parser lets
 * other nestings and nulls through, and the deal below relies on lists.
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
export function checkCornerPiles(
  corners: readonly (readonly Card[])[],
  where = "setup.corners",
): string | null {
  for (const [k, pile] of corners.entries()) {
    for (let i = 1; i < pile.length; i++) {
      if (!fitsOn(pile[i], pile[i - 1])) {
        return `${where}[${k}]: ${formatCard(pile[i])} does not fit on ${formatCard(pile[i - 1])} (each card is one rank lower, other colour)`;
      }
    }
  }
  return null;
}

/** What is wrong with a set-up before any card is dealt, or null. */
function setupProblem(s: CornersState, setup: Setup): string | null {
  const shape = checkCardLists(setup) ?? checkSetupShape(setup, s.players, HAND_SIZE, SETUP_PARTS);
  if (shape) return shape;
  if (setup.discard) return "Royal Corners has no discard pile (set-up parts: dealer, hands, stock, corners)";
  return setup.corners ? checkCornerPiles(setup.corners as Card[][]) : null;
}

/**
 * Rule 2, as docs/rules/royal-corners.md says: the shuffled pack is dealt
 * from the front, 7 to each seat in blocks starting left of the dealer and
 * going clockwise; then one card to each corner, 0 to 3; the rest is the
 * stock, its first card on top. A set-up's named hands and corners are kept
 * exactly; its stock lies on top of the rest.
 */
export function deal(s: CornersState, setup?: Setup): Result<void, string> {
  const problem = setup && setupProblem(s, setup);
  if (problem) return err(problem);
  const named = namedCards(setup, SETUP_PARTS);
  let shoe: Shoe;
  if (named.length === 0) shoe = Shoe.shuffled(PACK, s.rng);
  else {
    const r = Shoe.fromPack(PACK, named, s.rng);
    if (!r.ok) return r;
    shoe = r.value;
  }
  const corners = setup?.corners as Card[][] | undefined;
  let needed = corners ? 0 : CORNERS;
  for (let p = 0; p < s.players; p++) if (!setup?.hands?.[p]) needed += HAND_SIZE;
  if (shoe.size < needed) {
    return err(`the set-up's stock and corners leave ${shoe.size} cards, and the deal needs ${needed}`);
  }
  s.hands = shoe.dealHands(s.players, s.dealer, HAND_SIZE, setup?.hands);
  s.corners = corners
    ? corners.map((p) => p.slice())
    : [[shoe.take()], [shoe.take()], [shoe.take()], [shoe.take()]];
  const rest = shoe.rest();
  s.stock = (setup?.stock ? setup.stock.concat(rest) : rest).reverse();
  resetHand(s);
  return ok(undefined);
}
