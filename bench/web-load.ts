/**
 * `npm run bench:web [-- --against DIR] [--runs N]`: what the web client
 * costs a browser, in Chromium (/usr/bin/chromium) from a local server, on
 * what the browser actually receives (it sends its usual Accept-Encoding):
 *
 * - the lobby's and each game's table's JavaScript on the wire, from an
 *   empty cache, and the chunks the table loaded;
 * - the same table opened again in a new tab: what its scripts cost then;
 * - a table link opened cold (an empty cache, a new browser context) with
 *   the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate): milliseconds
 *   from the navigation's start until the seat's hand and phase are drawn,
 *   the median and the slowest of N runs per game;
 * - the same, unthrottled, with what is robust to a busy machine: the page's
 *   main thread's CPU time until drawn (CDP Performance.getMetrics
 *   `ThreadTime`, and of it `ScriptDuration`, `LayoutDuration` and
 *   `RecalcStyleDuration`), the median of N: 4 times it is what the
 *   slowed CPU alone adds to a cold load on a quiet machine;
 * - your own move on screen (bench/web-own-move.ts): a Crazy Eights match
 *   against three computers at the default pace, from each click on a card
 *   to the frame it has left the hand, p50 / p95 / max.
 *
 * `--against DIR`: the same figures first for another checkout, built
 * (`npm run build` there; its own server and client), so old and new are
 * measured in one run on the same machine. Prints figures and the
 * budgets; never fails on them.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { GAMES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import type { RunningServer, ServeConfig } from "../src/server/serve.js";
import { type OwnMove, ownMoves, percentile } from "./web-own-move.js";
import { type Script, drawnAt, markDrawn, pathOf, watchScripts } from "./web-wire.js";

const HERE = fileURLToPath(new URL(import.meta.url.includes("/dist/") ? "../../" : "../", import.meta.url));
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"];
const BUDGET = { lobbyKB: 90, tableKB: 160, coldMs: 1000, ownMoveMs: 50 };
const SLOWDOWN = 4;

const kb = (n: number): string => (n / 1024).toFixed(1);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs: readonly Script[], f: (s: Script) => number): number => xs.reduce((a, s) => a + f(s), 0);

interface Figures {
  lobby: Script[];
  tables: Map<string, { cold: Script[]; again: Script[]; drawnMs: number[]; cpu: Cpu[] }>;
  own: OwnMove[];
}

/** A cold load's main-thread time until drawn, unthrottled (ms). */
interface Cpu {
  readonly thread: number;
  readonly script: number;
  readonly layout: number;
  readonly style: number;
}

async function startFrom(root: string, dir: string): Promise<RunningServer> {
  const serve = (await import(pathToFileURL(join(root, "dist/src/server/serve.js")).href)) as {
    startServer(cfg: ServeConfig): Promise<RunningServer>;
  };
  return serve.startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
    limits: { messageBytes: 4096, messagesPerSecond: 10_000, requestsPerSecond: 10_000 },
  });
}

/** A table of `game` with this browser's guest at seat 0 against an easy computer: its link and seat key. */
async function newTable(
  url: string,
  game: string,
  token: string,
): Promise<{ link: string; key: string; id: string }> {
  const info = await api<TableInfo>(url, "/api/tables", {
    game,
    seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
  });
  const sat = await api<{ secret: string }>(url, `/api/tables/${info.id}/seats/0`, { token });
  return { link: `${url}/t/${info.code}`, id: info.id, key: JSON.stringify({ seat: 0, secret: sat.secret }) };
}

/** The lobby from an empty cache: its scripts. */
async function lobbyScripts(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const watch = await watchScripts(page);
  await page.goto(url);
  // The game tiles (the old lobby's select, for --against an older checkout).
  await page.waitForSelector("button.game-tile[data-game=hyrule], select option[value=hyrule]", {
    state: "attached",
  });
  await page.waitForLoadState("networkidle");
  await context.close();
  return watch.scripts();
}

/** A table of `game` from an empty cache, then again in a new tab of the same browser: their scripts. */
async function tableScripts(browser: Browser, url: string, game: string, token: string): Promise<Script[][]> {
  const context = await browser.newContext();
  const t = await newTable(url, game, token);
  await context.addInitScript(`localStorage.setItem("cardroom:seat:${t.id}", ${JSON.stringify(t.key)})`);
  const loads: Script[][] = [];
  for (let i = 0; i < 2; i++) {
    const page = await context.newPage();
    const watch = await watchScripts(page);
    await markDrawn(page);
    await page.goto(t.link);
    await drawnAt(page);
    await page.waitForLoadState("networkidle");
    loads.push(watch.scripts());
    await page.close();
  }
  await context.close();
  return loads;
}

/** A new table of `game` opened from its link in a new browser context, the CPU slowed: ms until drawn. */
async function coldDrawn(browser: Browser, url: string, game: string, token: string): Promise<number> {
  const cold = await browser.newContext();
  const c = await newTable(url, game, token);
  await cold.addInitScript(`localStorage.setItem("cardroom:seat:${c.id}", ${JSON.stringify(c.key)})`);
  const page = await cold.newPage();
  const cdp = await cold.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await markDrawn(page);
  await page.goto(c.link);
  const ms = await drawnAt(page);
  await cold.close();
  return ms;
}

/** The same, unthrottled: the main thread's time until drawn (its CPU time, and the time in tasks of each kind). */
async function coldCpu(browser: Browser, url: string, game: string, token: string): Promise<Cpu> {
  const cold = await browser.newContext();
  const c = await newTable(url, game, token);
  await cold.addInitScript(`localStorage.setItem("cardroom:seat:${c.id}", ${JSON.stringify(c.key)})`);
  const page = await cold.newPage();
  const cdp = await cold.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async (): Promise<Map<string, number>> =>
    new Map((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value * 1000]));
  await markDrawn(page);
  const before = await metrics();
  await page.goto(c.link);
  await drawnAt(page);
  const after = await metrics();
  await cold.close();
  const d = (name: string): number => (after.get(name) ?? 0) - (before.get(name) ?? 0);
  return {
    thread: d("ThreadTime"),
    script: d("ScriptDuration"),
    layout: d("LayoutDuration"),
    style: d("RecalcStyleDuration"),
  };
}

/**
 * Every figure for each server, taken in turns (the lobby on each, then each game on each, run by
 * run), so that a machine busier at one moment than another weighs on old and new alike.
 */
async function measure(browser: Browser, urls: readonly string[], runs: number): Promise<Figures[]> {
  const tokens: string[] = [];
  const figures: Figures[] = [];
  for (const url of urls) {
    tokens.push((await api<{ token: string }>(url, "/api/guests", { name: "Bench" })).token);
    figures.push({ lobby: await lobbyScripts(browser, url), tables: new Map(), own: [] });
  }
  for (const { id: game } of GAMES) {
    const drawn = urls.map((): number[] => []);
    const cpu = urls.map((): Cpu[] => []);
    const scripts: Script[][][] = [];
    for (const [k, url] of urls.entries()) scripts.push(await tableScripts(browser, url, game, tokens[k]));
    for (let i = 0; i < runs; i++)
      for (const [k, url] of urls.entries()) {
        drawn[k].push(await coldDrawn(browser, url, game, tokens[k]));
        cpu[k].push(await coldCpu(browser, url, game, tokens[k]));
      }
    for (const k of urls.keys())
      figures[k].tables.set(game, {
        cold: scripts[k][0],
        again: scripts[k][1],
        drawnMs: drawn[k],
        cpu: cpu[k],
      });
  }
  for (const [k, url] of urls.entries()) figures[k].own = await ownMoves(browser, url, tokens[k]);
  return figures;
}

function report(label: string, f: Figures): void {
  const js = (xs: readonly Script[]): number => sum(xs, (s) => s.wire);
  const encodings = new Set(f.lobby.map((s) => s.encoding));
  console.log(`\n== ${label}`);
  console.log(
    `lobby: ${f.lobby.length} scripts, ${kb(js(f.lobby))} KB of JavaScript on the wire ` +
      `(${kb(sum(f.lobby, (s) => s.decoded))} KB decoded; ${[...encodings].join(", ")}) · budget ${BUDGET.lobbyKB} KB`,
  );
  console.log(
    `| game | table JS on the wire, cold (KB) | decoded (KB) | scripts | again in a new tab: asked the server / on the wire (KB) | drawn cold at ${SLOWDOWN}x CPU, median / slowest (ms) | main thread CPU until drawn, unthrottled: all / script / layout / style (ms) |`,
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  const ms = (x: number): number => Math.round(x);
  for (const [game, t] of f.tables) {
    const asked = t.again.filter((s) => !s.cached);
    const cpu = (k: keyof Cpu): number => ms(median(t.cpu.map((c) => c[k])));
    console.log(
      `| ${game} | ${kb(js(t.cold))} | ${kb(sum(t.cold, (s) => s.decoded))} | ${t.cold.length} | ` +
        `${asked.length} / ${kb(js(t.again))} | ${ms(median(t.drawnMs))} / ${ms(Math.max(...t.drawnMs))} | ` +
        `${cpu("thread")} / ${cpu("script")} / ${cpu("layout")} / ${cpu("style")} |`,
    );
  }
  const own = f.own.map((m) => m.ms);
  console.log(
    own.length
      ? `your own move on screen, ${own.length} cards played by a click in a Crazy Eights match at the default pace: ` +
          `p50 ${ms(percentile(own, 50))}, p95 ${ms(percentile(own, 95))}, max ${ms(Math.max(...own))} ms ` +
          `(${f.own.filter((m) => !m.onPile).length} not on the pile in that frame) · budget p95 ${BUDGET.ownMoveMs} ms`
      : "your own move on screen: no card played by a click",
  );
  console.log(
    `budgets: a table ${BUDGET.tableKB} KB on the wire, drawn cold within ${BUDGET.coldMs} ms at ${SLOWDOWN}x`,
  );
  const worst = [...f.tables.values()];
  const over = [
    js(f.lobby) > BUDGET.lobbyKB * 1024 && "the lobby's JavaScript",
    worst.some((t) => js(t.cold) > BUDGET.tableKB * 1024) && "a table's JavaScript",
    worst.some((t) => median(t.drawnMs) > BUDGET.coldMs) && "a cold table's drawing",
    own.length > 0 && percentile(own, 95) > BUDGET.ownMoveMs && "your own move's drawing",
  ].filter(Boolean);
  console.log(over.length ? `OVER BUDGET: ${over.join(", ")}` : "within every budget");
  for (const [game, t] of f.tables)
    console.log(
      `${game} loaded: ${t.cold
        .map((s) => `${pathOf(s.url).replace(/^\/assets\//, "")} ${kb(s.wire)}`)
        .join(", ")}`,
    );
}

function fail(line: string): void {
  process.stderr.write(`bench:web: ${line}\n`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const runs = Number(flag("--runs") ?? 5);
  const against = flag("--against");
  if (!Number.isInteger(runs) || runs < 1)
    return fail(`--runs: a whole number of 1 or more, not ${flag("--runs")}`);
  if (against !== undefined && !existsSync(join(resolve(against), "dist/src/server/serve.js")))
    return fail(`--against: ${against} is not a built checkout (run npm run build there)`);
  const roots = [...(against ? [resolve(against)] : []), HERE];
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  try {
    for (const root of roots) {
      dirs.push(mkdtempSync(join(tmpdir(), "cardroom-bench-web-")));
      servers.push(await startFrom(root, dirs[dirs.length - 1]));
    }
    const figures = await measure(
      browser,
      servers.map((s) => s.url),
      runs,
    );
    console.log(
      `Chromium ${browser.version()}; ${runs} cold runs a game; the load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(", ")}`,
    );
    for (const [k, root] of roots.entries())
      report(root === HERE ? `this checkout (${root})` : `against ${root}`, figures[k]);
  } finally {
    await browser.close();
    for (const s of servers) await s.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

await main();
