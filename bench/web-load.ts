/**
 * `npm run bench:web`: how fast the web client opens in Chromium
 * (/usr/bin/chromium) from a local server: the lobby until its games are
 * listed, and each game's table until the seat's hand and moves are shown
 * (median of 5 loads, the browser's cache warm after the first). Prints the
 * figures; never fails on a time.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ENTRIES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { startServer } from "../src/server/serve.js";

const ROOT = fileURLToPath(new URL(import.meta.url.includes("/dist/") ? "../../" : "../", import.meta.url));
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];
const RUNS = 5;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const assets = join(ROOT, "web/dist/assets");
  for (const f of readdirSync(assets).filter((f) => f.endsWith(".js")))
    console.log(`${f}: ${(gzipSync(readFileSync(join(assets, f))).length / 1024).toFixed(1)} KB gzipped`);
  const dir = mkdtempSync(join(tmpdir(), "cardroom-bench-web-"));
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
    limits: { messageBytes: 4096, messagesPerSecond: 10_000, requestsPerSecond: 10_000 },
  });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  try {
    const page = await browser.newPage();
    const lobby: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = Date.now();
      await page.goto(server.url);
      await page.waitForSelector("select option[value=hyrule]", { state: "attached" });
      lobby.push(Date.now() - t0);
    }
    console.log(`lobby: ${median(lobby)} ms to its games listed (median of ${RUNS})`);
    const guest = await api<{ token: string }>(server.url, "/api/guests", { name: "Bench" });
    for (const { game } of ENTRIES) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const info = await api<TableInfo>(server.url, "/api/tables", {
          game: game.id,
          seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
        });
        const sat = await api<{ secret: string }>(server.url, `/api/tables/${info.id}/seats/0`, {
          token: guest.token,
        });
        const key = JSON.stringify({ seat: 0, secret: sat.secret });
        await page.evaluate(`localStorage.setItem("cardroom:seat:${info.id}", ${JSON.stringify(key)})`);
        const t0 = Date.now();
        await page.goto(`${server.url}/t/${info.code}`);
        await page.waitForSelector("section[aria-label='Your hand'] [data-card]");
        await page.waitForSelector("main[data-phase=play], main[data-phase=wait]");
        times.push(Date.now() - t0);
      }
      console.log(`${game.id}: ${median(times)} ms to the table shown (median of ${RUNS})`);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
