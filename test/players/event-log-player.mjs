#!/usr/bin/env node
// A player for the bot tests: a legal move at random, and every event number it is told
// appended to the file CARDROOM_TEST_EVENTS names (one line each), so a test can check
// that a bot's program heard each event once, in order, across reconnects.
/* global process */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const file = process.env.CARDROOM_TEST_EVENTS;
const lines = createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify(m) + "\n");
lines.on("line", (line) => {
  const m = JSON.parse(line);
  if (m.type === "hello") send({ type: "hello", protocol: 1, name: "event-log", games: ["*"] });
  else if (m.type === "event" && file) appendFileSync(file, `${m.event.seq}\n`);
  else if (m.type === "turn")
    send({ type: "move", id: m.id, move: m.legal[Math.floor(Math.random() * m.legal.length)] });
  else if (m.type === "matchEnd") lines.close();
});
