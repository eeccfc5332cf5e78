/**
 * `npm run bench:review-server`: how long the server takes to make a
 * finished match's review (src/server/reviews.ts) in the background, from
 * the match's last move to both seats' reviews stored: a two-player match
 * between two people's seats, each move chosen by `medium` from the table's
 * state (as bench:review's matches are), played through the authority over
 * a temporary SQLite file; the review judged on the server's one review
 * thread, at the default budget. Also prints the longest the event loop
 * was held while the review was made (it should never wait on it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { botMove } from "../src/bots/index.js";
import { Rng } from "../src/engine/rng.js";
import { findEntry } from "../src/games/index.js";
import { DEFAULT_REVIEW_BUDGET } from "../src/review/judge.js";
import { Authority } from "../src/server/authority.js";
import { openStorage } from "../src/server/storage.js";

const GAMES = ["cribbage", "gin-rummy", "crazy-eights"];
const MATCHES = 2;

console.log(
  `cardroom bench:review-server · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.availableParallelism()} threads · ${os.cpus()[0]?.model ?? "?"} · ${DEFAULT_REVIEW_BUDGET.worlds} deals a decision, one review thread`,
);
const dir = mkdtempSync(join(os.tmpdir(), "cardroom-bench-review-server-"));
const storage = await openStorage(join(dir, "db.sqlite"));
const authority = new Authority(storage, { graceMs: 0 });
try {
  for (const id of GAMES) {
    const entry = findEntry(id);
    if (!entry.ok) throw new Error(entry.error);
    const medium = entry.value.bots.medium;
    for (let m = 1; m <= MATCHES; m++) {
      const made = await authority.createTable({ game: id, seats: [{ kind: "open" }, { kind: "open" }] });
      if (!made.ok) throw new Error(made.error.message);
      const tableId = made.value.id;
      const creds = [];
      for (const seat of [0, 1]) {
        const g = await authority.guest(`P${seat}`);
        const sat = await authority.sit(tableId, seat, g.token);
        if (!sat.ok) throw new Error(sat.error.message);
        creds.push({ seat, secret: sat.value.secret });
      }
      const rng = Rng.fromSeed(`bench ${id} ${m}`);
      let moves = 0;
      for (;;) {
        const t = await authority.tables.settled(tableId);
        if (!t) throw new Error("the table went");
        const state = t.table.state;
        if (t.table.over) break;
        if (state.handOver) {
          await authority.next(tableId, creds[0], state.hand);
          continue;
        }
        const seat = entry.value.game.toAct(state)[0];
        const move = botMove(entry.value, medium, state, seat, rng);
        const r = await authority.move(tableId, creds[seat], entry.value.game.moveToJson(move));
        if (!r.ok) throw new Error(r.error.message);
        moves++;
      }
      const ended = performance.now();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      while (!(await storage.review(tableId, 1))) await new Promise((r) => setTimeout(r, 50));
      loop.disable();
      const seconds = (performance.now() - ended) / 1000;
      const row = (await storage.review(tableId, 0))!;
      let judged = 0;
      let hands = 0;
      for (const seat of [0, 1]) {
        const r = JSON.parse((await storage.review(tableId, seat))!.review) as {
          hands: { decisions: object[] }[];
        };
        hands = r.hands.length;
        judged += r.hands.flatMap((h) => h.decisions).filter((d) => "loss" in d).length;
      }
      console.log(
        `  ${id.padEnd(13)} match ${m}  ${String(hands).padStart(2)} hands ${String(moves).padStart(4)} moves ${String(judged).padStart(4)} judged  made in ${(row.ms / 1000).toFixed(1).padStart(5)} s, stored ${seconds.toFixed(1).padStart(5)} s after the last move  event loop held at most ${(loop.max / 1e6).toFixed(0)} ms`,
      );
    }
  }
} finally {
  authority.close();
  await authority.reviews.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}
