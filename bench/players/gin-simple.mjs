#!/usr/bin/env node
// The EAAI 2021 Gin Rummy challenge's simple player, written again apart
// from Cardroom: takes the face-up card only when it joins a meld, discards
// the card whose loss leaves the least deadwood (ties at random), knocks as
// soon as it can, and lays off every card it can.
//   cardroom sim --game gin-rummy --bots hard,cmd:"node bench/players/gin-simple.mjs"
/* global process */
import { card, generator, play } from "./protocol.mjs";
import { deadwood, makesMeld } from "./gin-melds.mjs";

const rng = generator(2021);

/** Of discards or knocks, the one leaving the least deadwood (ties at random). */
export function leastDeadwood(hand, moves) {
  let best = [];
  let least = Infinity;
  for (const m of moves) {
    const d = deadwood(hand.filter((c) => c.text !== m.card));
    if (d < least) [least, best] = [d, [m]];
    else if (d === least) best.push(m);
  }
  return { move: best[Math.floor(rng() * best.length)], deadwood: least };
}

export function choose(view, legal) {
  const hand = view.hand.map(card);
  const has = (type) => legal.find((m) => m.type === type);
  if (has("done")) return has("layoff") ?? has("done");
  if (has("take")) {
    if (view.top && makesMeld(hand, card(view.top))) return has("take");
    return has("pass") ?? has("draw");
  }
  if (has("draw")) return has("draw");
  const knocks = legal.filter((m) => m.type === "knock");
  if (knocks.length) return leastDeadwood(hand, knocks).move;
  return leastDeadwood(
    hand,
    legal.filter((m) => m.type === "discard"),
  ).move;
}

if (process.argv[1]?.endsWith("gin-simple.mjs")) play("baseline-gin-simple", ["gin-rummy"], choose);
