/**
 * `npm run reliability:leaks -- [--updates N] [--seed S] [--minutes M]`: the long leak hunt
 * (docs/RELIABILITY.md, "Leaks"): matches of every game in turn on a real server (SQLite in a
 * temporary folder, port 0), each with its own seed, every byte their clients received checked
 * by test/leak-hunt.ts (the same code as the short run in `npm test`), until N updates were
 * checked (default 100,000) or M minutes passed. A leak prints its game and seed and exits 1.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ENTRIES } from "../src/games/index.js";
import { startServer } from "../src/server/serve.js";
import { budget, wholeOptions } from "./run-options.js";
import { LEAK_LIMITS, Leak, playAndCheck } from "../test/leak-hunt.js";

const option = wholeOptions("reliability:leaks");
const wanted = option("--updates", 100_000);
const seed = option("--seed", Math.floor(Math.random() * 2 ** 31));
const minutes = option("--minutes", 0);
const started = Date.now();
const late = budget(minutes);

const dir = mkdtempSync(join(tmpdir(), "cardroom-leaks-"));
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  databaseUrl: join(dir, "leaks.sqlite"),
  graceMs: 0,
  limits: LEAK_LIMITS,
});
console.log(
  `reliability:leaks · seed ${seed} · until ${wanted} updates${minutes ? ` or ${minutes} minutes` : ""}`,
);
let updates = 0;
let messages = 0;
let moves = 0;
let matches = 0;
const perGame = new Map<string, number>();
try {
  for (let k = 0; updates < wanted && !late(); k++) {
    const game = ENTRIES[k % ENTRIES.length].game.id;
    const s = seed + k;
    try {
      const r = await playAndCheck(server, game, s);
      updates += r.updates;
      messages += r.messages;
      moves += r.moves;
      matches++;
      perGame.set(game, (perGame.get(game) ?? 0) + r.updates);
    } catch (e) {
      const what = e instanceof Leak ? "LEAK" : "the hunt failed (not a leak)";
      console.error(`${what} in ${game} at seed ${s}: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
      break;
    }
    console.log(
      `${game} (seed ${s}): ${updates} updates, ${messages} messages checked over ${matches} matches, ${moves} moves, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `\n${updates} updates (${[...perGame].map(([g, n]) => `${g} ${n}`).join(", ")}), ${messages} messages and replies checked, ${matches} matches, ${process.exitCode ? "stopped by the failure above" : "0 leaks"}`,
);
if (late() && updates < wanted)
  console.log(`stopped after ${minutes} minutes (--minutes), short of ${wanted} updates`);
