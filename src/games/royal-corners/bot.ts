import type { Bot } from "../../bots/bot.js";
import { statePlayout } from "../../bots/levels.js";
import { type Card, rankOf } from "../../engine/cards.js";
import { parseCard } from "../../engine/card-text.js";
import type { Move } from "../../engine/game.js";
import { END, FROM_HAND, FROM_STOCK, isPileMove, isPlay, moveCard, moveCorner, moveSource } from "./moves.js";
import { NONE, cardPenalty, fitsOn, isKing } from "./rules.js";
import type { CornersState } from "./state.js";
import type { CornersView } from "./view.js";

const toCard = (t: unknown): Card => {
  const r = parseCard(t);
  return r.ok ? r.value : -1;
};

/** How good it is to have `c` in hand rid of: penalty first, then the harder to place (higher ranks). */
const shedValue = (c: Card): number => cardPenalty(c) * 100 + rankOf(c);

/**
 * Sheds as many hand cards as it can: the last card first (going out), a card
 * onto a corner a pile move just freed (the one it could not place otherwise,
 * Kings above all), Kings onto empty corners, then the hand play that leaves
 * the most hand plays open. Plays the stock card only to avoid drawing a King
 * or to open a hand play, moves a pile to free a corner for a card that fits
 * nowhere else (a hand card, or a King on the stock), and otherwise ends the turn.
 */
export const greedy: Bot<CornersView> = {
  choose(view: CornersView, legal: readonly Move[]): Move {
    const hand = (view.hand ?? []).map(toCard);
    const tops = view.corners.map((p) => (p.length ? toCard(p[p.length - 1]) : -1));
    const stockTop = view.stockTop === null ? -1 : toCard(view.stockTop);
    return greedyMove(hand, tops, view.freedCorner ?? NONE, stockTop, legal);
  },
};

/**
 * `greedy` on the state itself, for the search's playouts (no view built, no
 * card text): it reads only what the mover's view shows, its own hand, the
 * corners' top cards, the corner just freed and the stock's face-up top card,
 * so it plays every drawn world as `greedy` would from the view (a test
 * holds the two to the same move).
 */
export const greedyPlayout = statePlayout<CornersState>((s, seat, legal) =>
  greedyMove(s.hands[seat], s.tops, s.freed, s.stock.length ? s.stock[s.stock.length - 1] : -1, legal),
);

/** Marks, per card, the hand cards `greedyMove` can place elsewhere than the just-freed corner. */
const placeable = new Uint8Array(52);

/** `greedy`'s choice from the cards it sees: corner tops and the stock's top are -1 where empty. */
function greedyMove(
  hand: readonly Card[],
  tops: readonly Card[],
  freed: number,
  stockTop: Card,
  legal: readonly Move[],
): Move {
  // Hand cards with some placement other than the just-freed corner.
  placeable.fill(0);
  for (const m of legal) {
    if (isPlay(m) && moveSource(m) === FROM_HAND && moveCorner(m) !== freed) placeable[moveCard(m)] = 1;
  }
  const opensFor = (top: Card): number => {
    let n = 0;
    for (const c of hand) if (fitsOn(c, top)) n++;
    return n;
  };

  let best: Move = END;
  let bestScore = 0;
  const consider = (m: Move, score: number) => {
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  };
  const hasHomeless = hand.some((c) => !placeable[c]);
  // A King on the stock with nowhere to go is drawn at the end of the turn: 10 points.
  const stockKingStuck =
    stockTop >= 0 && isKing(stockTop) && !legal.some((m) => isPlay(m) && moveSource(m) === FROM_STOCK);

  for (const m of legal) {
    if (m === END) continue;
    if (isPileMove(m)) {
      // Frees a corner (rule 4d) for a card that has nowhere else to go.
      if (hasHomeless || stockKingStuck) consider(m, 100);
      continue;
    }
    const c = moveCard(m);
    const k = moveCorner(m);
    if (moveSource(m) === FROM_HAND) {
      // The last card: going out ends the hand's penalties for good (rule 5).
      if (hand.length === 1) consider(m, 10000);
      else if (k === freed && tops[k] === -1) {
        // Rule 4d: dump the card that fits nowhere else, the costliest first.
        consider(m, (placeable[c] ? 1000 : 5000) + shedValue(c));
      } else if (tops[k] === -1) {
        consider(m, 4000 + shedValue(c));
      } else {
        consider(m, 2000 + opensFor(c) * 10 + rankOf(c));
      }
    } else if (isKing(c)) {
      // Keep a King out of our hand: play it from the stock rather than draw it,
      // on a just-freed corner too, where only a homeless King from hand does as well.
      consider(m, k === freed ? 5000 + shedValue(c) - 1 : 1500);
    } else if (tops[k] !== -1 && opensFor(c) > 0) {
      consider(m, 1200 + opensFor(c));
    }
  }
  return best;
}
