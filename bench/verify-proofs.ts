/**
 * `npm run bench:verify`: how long `cardroom verify` takes to re-play a
 * whole match's proof, per game, as a seat and as a spectator (whose masked
 * choices are more). Random matches are long (hundreds of Gin Rummy hands
 * to 100 points), so the figures are per match and per 1,000 events.
 */
import os from "node:os";
import { GAMES } from "../src/games/index.js";
import { verifyReplay } from "../src/protocol/verify-replay.js";
import { playedProof } from "./played-proof.js";

console.log(
  `cardroom bench:verify · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus()[0]?.model ?? "?"}`,
);
for (const game of GAMES) {
  for (const viewer of [0, "spectator"] as const) {
    const proof = playedProof(game, { seed: "bench", viewer });
    const times: number[] = [];
    let line = "";
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      line = verifyReplay(proof).line;
      times.push(performance.now() - t);
    }
    const ms = times.sort((a, b) => a - b)[1];
    const hands = proof.events.filter((e) => e.type === "deal").length;
    console.log(
      `  ${game.id.padEnd(15)} ${String(viewer).padEnd(9)} ${String(hands).padStart(4)} hands ${String(proof.events.length).padStart(6)} events  ${ms.toFixed(0).padStart(5)} ms  ${((ms / proof.events.length) * 1000).toFixed(0).padStart(4)} ms/1,000 events  ${line.startsWith("OK") ? "OK" : line}`,
    );
  }
}
