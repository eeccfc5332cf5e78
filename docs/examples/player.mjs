#!/usr/bin/env node
// A Cardroom player in JavaScript for Node, no packages (docs/PLAYER-PROTOCOL.md).
//
// Cardroom starts this program for a seat and speaks JSON Lines with it:
//   cardroom sim --game cribbage --bots hard,cmd:"node docs/examples/player.mjs"
// It plays every game with a legal move at random; put a strategy of your own
// in choose(). The view and the moves are the engine protocol's.
/* global process */
import { createInterface } from "node:readline";

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

/** One of the legal moves, exactly as it was listed. */
function choose(view, legal) {
  return legal[Math.floor(Math.random() * legal.length)];
}

let seat = null;
let events = 0;
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      seat = message.seat;
      send({ type: "hello", protocol: 1, name: "example-javascript", games: ["*"] });
      break;
    case "event":
      events++; // message.event: one event, as this seat may see it
      break;
    case "turn":
      send({ type: "move", id: message.id, move: choose(message.view, message.legal) });
      break;
    case "matchEnd":
      process.stderr.write(
        `seat ${seat}: ${events} events, ${message.winners.includes(seat) ? "won" : "lost"}\n`,
      );
      lines.close();
      break;
  }
});
