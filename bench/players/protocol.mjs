// The player protocol's loop for the baselines (docs/PLAYER-PROTOCOL.md), and
// the cards as they read them. No Cardroom code: these players are written
// apart from the search and its heuristics, as an outside program would be.
/* global process */
import { createInterface } from "node:readline";

export const RANKS = "A23456789TJQK";
export const SUITS = "CDHS";

/** A card's text ("TC", "10C", "tc") as { rank 1..13, suit 0..3, text }. */
export function card(text) {
  const t = String(text).toUpperCase().replace("10", "T");
  return { rank: RANKS.indexOf(t[0]) + 1, suit: SUITS.indexOf(t[t.length - 1]), text };
}

/** A small seeded generator (mulberry32), so a baseline's choices repeat for the same turns. */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays one match: `choose(view, legal, memory)` returns one of the legal
 * moves (copied), `memory` is the match's own scratch object, and
 * `onEvent(event, memory)` hears every event as the seat may see it.
 */
export function play(name, games, choose, onEvent = () => {}, onHello = () => {}) {
  const memory = {};
  const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    const message = JSON.parse(line);
    switch (message.type) {
      case "hello":
        memory.seat = message.seat;
        memory.options = message.options;
        send({ type: "hello", protocol: 1, name, games });
        onHello(memory);
        break;
      case "event":
        onEvent(message.event, memory);
        break;
      case "turn":
        send({ type: "move", id: message.id, move: choose(message.view, message.legal, memory) });
        break;
      case "matchEnd":
        lines.close();
        break;
    }
  });
}
