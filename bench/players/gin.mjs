#!/usr/bin/env node
// A knock-and-meld Gin Rummy player for the bench, written apart from
// Cardroom: takes the face-up card when it lowers its deadwood or joins a
// meld; discards by deadwood, the partial melds it keeps (live ones only)
// and what the other is collecting (the cards it took, passed and threw);
// knocks early at once, later only low, goes for gin when the stock is long;
// lays off every card it can.
//   cardroom sim --game gin-rummy --bots hard,cmd:"node bench/players/gin.mjs"
/* global process */
import { card, play } from "./protocol.mjs";
import { deadwood, makesMeld, points } from "./gin-melds.mjs";

/** Cards no one can still draw: the discard pile's buried cards and what the other took are out of play for us. */
function seenSet(view) {
  const seen = new Set();
  for (const t of view.discard) seen.add(t);
  for (const list of view.takenFromDiscard) for (const t of list) seen.add(t);
  return seen;
}

const text = (rank, suit) => (rank >= 1 && rank <= 13 ? "A23456789TJQK"[rank - 1] + "CDHS"[suit] : null);

/** How much the deadwood cards left in `hand` may still become melds: pairs and near runs whose missing cards are live. */
function potential(hand, seen) {
  const has = new Set(hand.map((c) => c.text));
  const live = (t) => t !== null && !has.has(t) && !seen.has(t);
  let p = 0;
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) {
      const a = hand[i];
      const b = hand[j];
      if (a.rank === b.rank) {
        const others = [0, 1, 2, 3].filter((s) => s !== a.suit && s !== b.suit).map((s) => text(a.rank, s));
        p += others.filter(live).length * 0.5;
      } else if (a.suit === b.suit && Math.abs(a.rank - b.rank) <= 2) {
        const lo = Math.min(a.rank, b.rank);
        const hi = Math.max(a.rank, b.rank);
        const needs = hi - lo === 1 ? [text(lo - 1, a.suit), text(hi + 1, a.suit)] : [text(lo + 1, a.suit)];
        p += needs.filter(live).length * 0.5;
      }
    }
  return p;
}

/** How likely the other wants a card: it took the same rank or a suit neighbour; it passed or threw ones like it. */
function danger(c, view, other) {
  let d = 0;
  const near = (t) => {
    const x = card(t);
    return x.rank === c.rank || (x.suit === c.suit && Math.abs(x.rank - c.rank) <= 2);
  };
  for (const t of view.takenFromDiscard[other] ?? []) if (near(t)) d += 2;
  for (const t of [...(view.discardedBy[other] ?? []), ...(view.passedBy[other] ?? [])])
    if (near(t)) d -= 0.7;
  return d;
}

/** A discard's cost: the deadwood it leaves, less the live chances kept, plus what it may hand the other. */
function discardCost(hand, m, view, seen) {
  const rest = hand.filter((c) => c.text !== m.card);
  const dead = deadwood(rest);
  const thrown = card(m.card);
  const late = view.stock < 12 ? 1.5 : 1;
  return (
    dead -
    1.2 * potential(rest, seen) +
    late * danger(thrown, view, 1 - view.seat) -
    0.01 * points(thrown.rank)
  );
}

export function choose(view, legal) {
  const hand = view.hand.map(card);
  const seen = seenSet(view);
  const has = (type) => legal.find((m) => m.type === type);
  if (has("layoff")) return has("layoff");
  if (has("done")) return has("done");
  if (has("take")) {
    const top = view.top ? card(view.top) : null;
    if (top) {
      const now = deadwood(hand);
      const withTop = [...hand, top];
      let after = Infinity;
      for (const c of hand) after = Math.min(after, deadwood(withTop.filter((x) => x.text !== c.text)));
      if (makesMeld(hand, top) || after <= now - 4) return has("take");
    }
    return has("pass") ?? has("draw");
  }
  if (has("draw")) return has("draw");
  const knocks = legal.filter((m) => m.type === "knock");
  if (knocks.length) {
    let best = knocks[0];
    let least = Infinity;
    for (const m of knocks) {
      const d = deadwood(hand.filter((c) => c.text !== m.card));
      if (d < least) [least, best] = [d, m];
    }
    // Gin always; early, knock at once; later, when the other has had time to build, only low.
    if (least === 0 || view.stock >= 20 || least <= 4) return best;
  }
  const discards = legal.filter((m) => m.type === "discard");
  let best = discards[0] ?? legal[0];
  let cost = Infinity;
  for (const m of discards) {
    const v = discardCost(hand, m, view, seen);
    if (v < cost) [cost, best] = [v, m];
  }
  return best;
}

if (process.argv[1]?.endsWith("gin.mjs")) play("baseline-gin", ["gin-rummy"], choose);
