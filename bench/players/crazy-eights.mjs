#!/usr/bin/env node
// A rule-of-thumb expert at Crazy Eights for the bench, written apart from
// Cardroom: counts the cards (the discard pile is open), remembers the suits
// the other drew on (it lacked them), keeps to the suit it holds most of,
// turns the play to suits the other lacks, sheds high cards when the other
// is close to going out, and plays an Eight only when nothing else plays.
//   cardroom sim --game crazy-eights --bots hard,cmd:"node bench/players/crazy-eights.mjs"
/* global process */
import { SUITS, card, play } from "./protocol.mjs";

const penalty = (c) => (c.rank === 8 ? 50 : c.rank >= 11 ? 10 : c.rank);

/** Hears the other's draws: a draw on a suit says it held none of that suit (until it plays one). */
function onEvent(event, memory) {
  memory.lacks ??= [0, 0, 0, 0];
  if (event.type === "deal") {
    memory.lacks = [0, 0, 0, 0];
    memory.suit = card(event.view.top).suit;
    return;
  }
  if (event.type !== "move") return;
  const m = event.move;
  if (m.type === "play") {
    const c = card(m.card);
    memory.suit = m.suit ? SUITS.indexOf(m.suit) : c.suit;
    if (event.seat !== memory.seat) memory.lacks[memory.suit] = 0;
  } else if (m.type === "draw" && event.seat !== memory.seat && memory.suit !== undefined) {
    memory.lacks[memory.suit] = 1;
  }
}

function choose(view, legal, memory) {
  const hand = view.hand.map(card);
  const other = view.handSizes.findIndex((_, s) => s !== view.seat);
  const otherSize = view.handSizes[other];
  const lacks = memory.lacks ?? [0, 0, 0, 0];
  // Cards of each suit not yet seen: in the stock or the other's hand.
  const unseen = [13, 13, 13, 13];
  for (const t of [...view.discard, ...view.hand]) unseen[card(t).suit]--;
  const held = [0, 0, 0, 0];
  for (const c of hand) if (c.rank !== 8) held[c.suit]++;
  const plays = legal.filter((m) => m.type === "play");
  const plain = plays.filter((m) => card(m.card).rank !== 8);
  if (plain.length) {
    let best = plain[0];
    let top = -Infinity;
    for (const m of plain) {
      const c = card(m.card);
      const keep = held[c.suit] - 1;
      const v =
        2 * keep +
        (lacks[c.suit] ? 4 : 0) -
        0.3 * unseen[c.suit] +
        (otherSize <= 2 ? penalty(c) / 5 : penalty(c) / 20);
      if (v > top) [top, best] = [v, m];
    }
    return best;
  }
  const eights = plays.filter((m) => card(m.card).rank === 8);
  const draw = legal.find((m) => m.type === "draw");
  if (eights.length) {
    // An Eight only when no other card plays (drawing to keep it back lost more than it kept:
    // 41 of 80 matches against medium, where playing it won 48).
    let best = eights[0];
    let top = -Infinity;
    for (const m of eights) {
      const s = SUITS.indexOf(m.suit);
      const v = 3 * held[s] + (lacks[s] ? 4 : 0) - 0.3 * unseen[s];
      if (v > top) [top, best] = [v, m];
    }
    return best;
  }
  return draw ?? legal.find((m) => m.type === "pass") ?? legal[0];
}

if (process.argv[1]?.endsWith("crazy-eights.mjs"))
  play("baseline-crazy-eights", ["crazy-eights"], choose, onEvent);
