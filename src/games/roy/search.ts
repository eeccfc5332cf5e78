/**
 * What search and tables need beyond the rules: a world sampled for a
 * viewer (`determinize`) and the events a move shows each viewer.
 */
import { type Card, ascending } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { type GameEvent, privateTo, publicEvent } from "../../engine/events.js";
import { type JsonObject, type Move, type Seat, type Viewer, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { DRAW, moveToJson } from "./moves.js";
import { type RoyState, clone } from "./state.js";

/** Reused between calls (search calls `determinize` in its inner loop). */
const group: Card[] = [];
const rounds: number[] = [];

/**
 * A world consistent with what `viewer` knows: its own hand, the discard
 * pile, every hand's size and the stock's, and which stock each unseen card
 * came from (`shuffledIn`: the deal's, or a reshuffle of cards everyone saw).
 * The cards it cannot see (the other hands and the stock; once the hand is
 * over, the stock alone) are dealt anew at random, each among the places
 * holding cards of its own stock, so every consistent arrangement is equally
 * likely. No inference from forced moves: a draw shows that a player held no
 * legal first card (unless `drawWhenAble`), and the sample ignores that.
 */
export function determinize(s: RoyState, viewer: Viewer, rng: Rng): RoyState {
  const d = clone(s);
  reseedForSearch(d, rng);
  const hideHands = !d.handOver;
  const from = d.shuffledIn;
  // The stocks the unseen cards came from: usually only the deal's.
  rounds.length = 0;
  forEachUnseen(d, viewer, hideHands, (c) => {
    if (!rounds.includes(from[c])) rounds.push(from[c]);
  });
  rounds.sort(ascending);
  for (const round of rounds) {
    group.length = 0;
    forEachUnseen(d, viewer, hideHands, (c) => {
      if (from[c] === round) group.push(c);
    });
    rng.shuffle(group.sort(ascending));
    let k = 0;
    for (let p = 0; p < d.players; p++) {
      if (!hideHands || p === viewer) continue;
      const h = d.hands[p];
      for (let i = 0; i < h.length; i++) if (from[h[i]] === round) h[i] = group[k++];
    }
    const stock = d.stock;
    for (let i = 0; i < stock.length; i++) if (from[stock[i]] === round) stock[i] = group[k++];
  }
  return d;
}

function forEachUnseen(s: RoyState, viewer: Viewer, hideHands: boolean, f: (c: Card) => void): void {
  if (hideHands) {
    for (let p = 0; p < s.players; p++) if (p !== viewer) for (const c of s.hands[p]) f(c);
  }
  for (const c of s.stock) f(c);
}

/**
 * The events of a move: the move for all (the cards a draw took named only
 * to the drawer, their number to all), a reshuffle, and at the end of a hand
 * the hands turned up and the winner's score.
 */
export function events(before: RoyState, after: RoyState, seat: Seat, move: Move): GameEvent[] {
  const json = moveToJson(move) as JsonObject;
  const out: GameEvent[] = [];
  if (move === DRAW) {
    const drawnCards = after.hands[seat].slice(before.hands[seat].length);
    const all = { type: "move", seat, move: json, drawn: drawnCards.length };
    out.push(privateTo(seat, after.players, all, { ...all, cards: formatCards(drawnCards) }));
    if (after.reshuffles > before.reshuffles) {
      out.push(publicEvent({ type: "reshuffle", times: after.reshuffles - before.reshuffles }));
    }
  } else {
    out.push(publicEvent({ type: "move", seat, move: json }));
  }
  if (after.handOver && !before.handOver && after.result) {
    out.push(publicEvent({ type: "reveal", hands: after.hands.map((h) => formatCards(h)) }));
    const points = after.result.points;
    for (let p = 0; p < points.length; p++) {
      if (points[p] !== 0) {
        const why =
          after.options.scoring === "values"
            ? `went out: the cards left in the other hands count ${points[p]} (courts 10, Aces 11)`
            : `went out: ${points[p]} card${points[p] === 1 ? "" : "s"} left in the other hands`;
        out.push(publicEvent({ type: "score", seat: p, points: points[p], why }));
      }
    }
  }
  return out;
}
