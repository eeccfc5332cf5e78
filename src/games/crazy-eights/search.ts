/**
 * What search and tables need beyond the rules: a world sampled for a
 * viewer (`determinize`) and the events a move shows each viewer.
 */
import { type Card, ascending } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { type GameEvent, privateTo, publicEvent } from "../../engine/events.js";
import { type JsonObject, type Move, type Seat, type Viewer, reseedForSearch } from "../../engine/game.js";
import type { Rng } from "../../engine/rng.js";
import { DRAW, moveToJson } from "./moves.js";
import { cardPoints, handPoints } from "./rules.js";
import { type EightsState, clone } from "./state.js";

/** Reused between calls: the cards being dealt anew (search calls this in its inner loop). */
const unknown: Card[] = [];

/**
 * A world consistent with what `viewer` knows: its own hand, the discard
 * pile, every hand's size and the stock's. The cards it cannot see (the other
 * hands and the stock; once the hand is over, the stock alone) are dealt anew
 * at random over the same places. No inference from forced moves: a pass
 * shows that a player held nothing to follow, and the sample ignores that.
 */
export function determinize(s: EightsState, viewer: Viewer, rng: Rng): EightsState {
  const d = clone(s);
  reseedForSearch(d, rng);
  const hideHands = !d.handOver;
  unknown.length = 0;
  if (hideHands) {
    for (let p = 0; p < d.players; p++) if (p !== viewer) for (const c of d.hands[p]) unknown.push(c);
  }
  for (const c of d.stock) unknown.push(c);
  rng.shuffle(unknown.sort(ascending));
  let k = 0;
  if (hideHands) {
    for (let p = 0; p < d.players; p++) {
      if (p === viewer) continue;
      const h = d.hands[p];
      for (let i = 0; i < h.length; i++) h[i] = unknown[k++];
    }
  }
  const stock = d.stock;
  for (let i = 0; i < stock.length; i++) stock[i] = unknown[k++];
  return d;
}

/**
 * The events of a move: the move for all (a drawn card named only to the
 * drawer); at the end of a hand the hands turned up and every score.
 */
export function events(before: EightsState, after: EightsState, seat: Seat, move: Move): GameEvent[] {
  const json = moveToJson(move) as JsonObject;
  const out: GameEvent[] = [];
  if (move === DRAW) {
    const hand = after.hands[seat];
    const all = { type: "move", seat, move: json };
    out.push(privateTo(seat, after.players, all, { ...all, card: formatCard(hand[hand.length - 1]) }));
  } else {
    out.push(publicEvent({ type: "move", seat, move: json }));
  }
  if (after.handOver && !before.handOver && after.result) {
    out.push(publicEvent({ type: "reveal", hands: after.hands.map((h) => formatCards(h)) }));
    const points = after.result.points;
    for (let p = 0; p < points.length; p++) {
      if (points[p] !== 0)
        out.push(publicEvent({ type: "score", seat: p, points: points[p], why: why(after, p) }));
    }
  }
  return out;
}

/**
 * Why `seat` scored, with the cards counted: "went out, counting the cards
 * left: seat 1's KC (10) + 8S (50) = 60" (every other hand's cards and their values), or for a blocked hand
 * every hand's count and the difference the lowest takes.
 */
function why(s: EightsState, seat: Viewer): string {
  const points = s.result!.points[seat as number];
  const counted = (p: Seat): string => {
    const h = s.hands[p];
    if (!h.length) return `seat ${p}'s hand empty`;
    const each = h.map((c) => `${formatCard(c)} (${cardPoints(c)})`).join(" + ");
    return h.length === 1 ? `seat ${p}'s ${each}` : `seat ${p}'s ${each} = ${handPoints(h)}`;
  };
  const all = Array.from({ length: s.players }, (_, p) => p);
  if (s.result!.reason === "blocked") {
    return `blocked, the lowest hand takes the differences (${points}): ${all.map(counted).join("; ")}`;
  }
  const others = all.filter((p) => p !== seat);
  const total = others.length > 1 ? `; ${points} in all` : "";
  return `went out, counting the cards left: ${others.map(counted).join("; ")}${total}`;
}
