/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * The web client in a real browser (Debian's Chromium driven by
 * playwright-core) against a real server on a temporary SQLite file: a
 * whole Crazy Eights match against the computer from the lobby, a hand of
 * every game between two browsers with a spectator watching (who never
 * sees a hidden card, in the page or on the wire), a reload that sits back
 * down, and an accessibility scan. Screenshots go to test-artifacts/web/.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import axe from "axe-core";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Card } from "../src/engine/cards.js";
import { formatCard } from "../src/engine/card-text.js";
import { cardsNamed } from "./cards-named.js";
import { type JsonObject, SPECTATOR } from "../src/engine/game.js";
import { Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ARTIFACTS = join(ROOT, "test-artifacts/web");
const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let server: RunningServer;
let browser: Browser;
let dir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  // `npm test` builds the client first; a test file run alone builds it when it is missing.
  if (!existsSync(join(ROOT, "web/dist/index.html")))
    await build({ root: join(ROOT, "web"), logLevel: "warn" });
  mkdirSync(ARTIFACTS, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), "cardroom-web-"));
  server = await startServer({
    port: 0,
    host: "127.0.0.1",
    databaseUrl: join(dir, "db.sqlite"),
    graceMs: 60_000,
    limits: { messageBytes: 4096, messagesPerSecond: 10_000, requestsPerSecond: 10_000 },
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    throw new Error(`the page threw: ${e.message}`);
  });
  return page;
}

/** A small seeded generator, so that a failing game replays the same choices. */
function chooser(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

const phaseOf = (page: Page): Promise<string | null> => page.getAttribute("main", "data-phase");
const seqOf = async (page: Page): Promise<number> => Number(await page.getAttribute("main", "data-seq"));

/**
 * Clicks one of the seat's enabled move buttons (index r among them: a card
 * played when one can be, a draw, a pass or a pile moved only when nothing
 * else is left, so that hands end),
 * or nothing when it is not the seat's turn. Returns the button's text.
 */
function clickMove(page: Page, r: number): Promise<string | null> {
  return page.evaluate((r) => {
    if (document.querySelector("main")?.dataset.phase !== "play") return null;
    const all = [
      ...document.querySelectorAll<HTMLButtonElement>("[data-moves] button[data-move]:not([disabled])"),
    ];
    const plays = all.filter((b) => b.dataset.move === "play");
    const others = all.filter((b) => !["move", "draw", "pass"].includes(b.dataset.move ?? ""));
    const choices = plays.length ? plays : others.length ? others : all;
    if (!choices.length) return null;
    const b = choices[r % choices.length];
    b.click();
    return b.textContent;
  }, r);
}

/** Takes a seat from the table's page, as a person following the invite link does. */
async function sitAt(page: Page, code: string, seat: number, name: string): Promise<void> {
  await page.goto(`${server.url}/t/${code}`);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: `Sit at seat ${seat}` }).click();
  await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
}

const cardsIn = (page: Page, where: string): Promise<string[]> =>
  page.$$eval(`${where} [data-card]`, (els) => els.map((e) => e.getAttribute("data-card") ?? ""));

// ---- What a spectator may know: the stored log replayed by the engine ----

interface Known {
  /** Cards the spectator's views named in this hand up to each event number; null once the hand is over. */
  readonly allowed: Map<number, Set<Card> | null>;
  /** Cards in the seats' hands that the spectator's view at that number does not name. */
  readonly hidden: Map<number, Set<Card>>;
}

async function spectatorKnows(tableId: string): Promise<Known> {
  const row = (await server.authority.storage.table(tableId))!;
  const entries = await server.authority.storage.entries(tableId);
  const game = ENTRIES.find((e) => e.game.id === row.game)!.game;
  const started = Table.start(game, {
    players: row.players,
    seed: row.seed,
    options: JSON.parse(row.options) as JsonObject,
  });
  if (!started.ok) throw new Error(started.error.message);
  const t = started.value;
  const allowed = new Map<number, Set<Card> | null>();
  const hidden = new Map<number, Set<Card>>();
  let shown = new Set<Card>();
  const record = (): void => {
    const view = t.view(SPECTATOR);
    for (const c of cardsNamed(view)) shown.add(c);
    allowed.set(t.seq, t.state.handOver ? null : new Set(shown));
    const seen = new Set(cardsNamed(view));
    const inHands = new Set<Card>();
    for (let p = 0; p < row.players; p++)
      for (const c of cardsNamed(t.view(p).hand)) if (!seen.has(c)) inHands.add(c);
    hidden.set(t.seq, inHands);
  };
  record();
  for (const r of entries) {
    const e = JSON.parse(r.entry) as { seat: number; move: JsonObject } | { next: true };
    if ("next" in e) {
      t.next();
      shown = new Set();
    } else t.playJson(e.seat, e.move);
    record();
  }
  return { allowed, hidden };
}

/** The allowed set at an event number: that of the last entry at or before it. */
function allowedAt(k: Known, seq: number): Set<Card> | null {
  let best = -1;
  for (const s of k.allowed.keys()) if (s <= seq && s > best) best = s;
  return k.allowed.get(best) ?? null;
}

// ---- The tests ----

describe("the web client in Chromium", () => {
  it("serves the client at / and at /t/CODE for a browser, JSON for API clients", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const page = await fetch(`${server.url}/t/${info.code}`, { headers: { accept: "text/html,*/*" } });
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    const json = await fetch(`${server.url}/t/${info.code}`, { headers: { accept: "application/json" } });
    expect(((await json.json()) as { join: string }).join).toBe(`npx cardroom join ${info.invite}`);
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    // In the browser: a table that does not exist, and a code that is not one, each get one line.
    const p = await newPage();
    await p.goto(`${server.url}/t/ZZZZZZ`);
    await expect.poll(() => p.textContent("[role=alert]")).toBe("There is no table ZZZZZZ.");
    await p.getByRole("link", { name: "Back to the lobby" }).click();
    await p.getByLabel("Code or invite link").fill("not a code!");
    await p.getByRole("button", { name: "Go to the table" }).click();
    await expect
      .poll(() => p.textContent("[role=alert]"))
      .toBe(`"not a code!" is not a table code (6 letters and digits) or an invite link`);
  });

  it("plays a whole Crazy Eights match against the computer from the lobby, then again", async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByLabel("Your name").fill("Ada");
    await page.getByLabel("Game").selectOption("crazy-eights");
    await page.getByLabel("Seat 1").selectOption("computer:easy");
    await page.getByLabel("target").fill("1");
    await page.getByRole("button", { name: "Create the table and sit down" }).click();
    await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
    const first = page.url();
    await expect.poll(() => page.textContent("section[aria-label='Seats']")).toContain("You: Ada");
    const next = chooser(8);
    const deadline = Date.now() + 60_000;
    let moves = 0;
    for (;;) {
      if (Date.now() > deadline) throw new Error("the match did not end in time");
      const phase = await phaseOf(page);
      if (phase === "matchover") break;
      if (phase === "handover") {
        await page.getByRole("button", { name: "Next hand" }).click();
        continue;
      }
      if (phase !== "play") {
        await page.waitForTimeout(20);
        continue;
      }
      // Through the real pointer: a raised card when one is playable, else a move button.
      const legalCards = page.locator("section[aria-label='Your hand'] button.legal:not([disabled])");
      const n = await legalCards.count();
      const seq = await seqOf(page);
      if (n > 0) {
        await legalCards.nth(next() % n).click();
        const choose = page.locator("[data-moves] button[data-move]:not([disabled])");
        if ((await page.locator("button.picked").count()) > 0) await choose.first().click();
      } else {
        await page.locator("[data-moves] button[data-move]:not([disabled])").first().click();
      }
      moves++;
      await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
    }
    expect(moves).toBeGreaterThan(0);
    await expect
      .poll(() => page.textContent("[data-testid=turn]"))
      .toMatch(/Match over: (you win|seat 1 wins)/);
    await expect.poll(() => page.textContent("[role=log]")).toMatch(/Match over/);
    await page.screenshot({ path: join(ARTIFACTS, "crazy-eights-match-over.png"), fullPage: true });
    // "Play again?": the computer agrees at once, and the browser sits at the new table.
    await page.getByRole("button", { name: "Play again?" }).click();
    await page.waitForURL((u) => u.toString() !== first);
    await expect.poll(() => phaseOf(page)).toMatch(/play|wait/);
    await expect.poll(() => page.textContent("section[aria-label='Seats']")).toContain("You: Ada");
  });

  for (const [i, entry] of ENTRIES.entries()) {
    const id = entry.game.id;
    it(`two browsers play a hand of ${id} while a spectator sees no hidden card`, async () => {
      const info = await api<TableInfo>(server.url, "/api/tables", {
        game: id,
        seats: [{ kind: "open" }, { kind: "open" }],
      });
      const a = await newPage();
      const b = await newPage();
      const watcher = await newPage();
      const frames: string[] = [];
      watcher.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
      await sitAt(a, info.code, 0, "Ann");
      await sitAt(b, info.code, 1, "Bob");
      await watcher.goto(`${server.url}/t/${info.code}`);
      await expect.poll(() => watcher.textContent("[data-testid=turn]")).toMatch(/^Watching/);
      const snapshots: { seq: number; html: string }[] = [];
      const next = chooser(1000 + i);
      const deadline = Date.now() + 90_000;
      let moves = 0;
      let shot = false;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`the hand of ${id} did not end in time (${moves} moves)`);
        const phases = await Promise.all([a, b].map(phaseOf));
        if (phases.some((p) => p === "handover" || p === "matchover")) break;
        let moved = false;
        for (const p of [a, b]) if (await clickMove(p, next())) moved = true;
        if (moved) moves++;
        else await a.waitForTimeout(10);
        if (moves % 5 === 1) {
          // The number and the page read together, so that they belong to the same update.
          snapshots.push(
            await watcher.evaluate(() => ({
              seq: Number(document.querySelector("main")?.dataset.seq),
              html: document.documentElement.outerHTML,
            })),
          );
        }
        if (!shot && moves >= 4) {
          shot = true;
          await a.screenshot({ path: join(ARTIFACTS, `${id}.png`), fullPage: true });
        }
      }
      expect(moves).toBeGreaterThan(1);
      await expect.poll(() => b.textContent("[role=log]")).toMatch(/Hand 1 over/);
      await expect.poll(() => watcher.textContent("[role=log]")).toMatch(/Hand 1 over/);
      // Next hand, from one browser, deals for both (unless that hand ended the match).
      if ((await phaseOf(a)) === "handover") {
        await a.getByRole("button", { name: "Next hand" }).click();
        await expect.poll(() => b.textContent("[role=log]")).toMatch(/Hand 2 dealt/);
      }

      const known = await spectatorKnows(info.id);
      let checked = 0;
      let couldLeak = 0;
      const check = (what: unknown, seq: number, where: string): void => {
        const allowed = allowedAt(known, seq);
        if (allowed === null) return;
        for (const c of cardsNamed(what))
          if (!allowed.has(c)) throw new Error(`${where} names ${formatCard(c)}, hidden from a spectator`);
        checked++;
        if ((known.hidden.get(seq)?.size ?? 0) > 0) couldLeak++;
      };
      for (const [k, text] of frames.entries()) {
        const m = JSON.parse(text) as { type: string; seq?: number };
        if (m.type === "update") check(m, m.seq!, `frame ${k}`);
        else check(m, 0, `frame ${k} (${m.type})`);
      }
      for (const s of snapshots) check(s.html, s.seq, `the spectator's page at event ${s.seq}`);
      expect(checked).toBeGreaterThan(2);
      // The seats held cards the spectator did not see: a page or a frame showing them would have failed above.
      expect(couldLeak).toBeGreaterThan(0);
      expect(snapshots.length).toBeGreaterThan(0);
    }, 120_000);
  }

  it("a reload mid-hand gets the seat back, with the same hand", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const page = await newPage();
    await sitAt(page, info.code, 0, "Cy");
    const next = chooser(5);
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => phaseOf(page)).toBe("play");
      const seq = await seqOf(page);
      expect(await clickMove(page, next())).not.toBeNull();
      await expect.poll(() => seqOf(page)).toBeGreaterThan(seq);
    }
    await expect.poll(() => phaseOf(page)).toBe("play");
    const hand = await cardsIn(page, "section[aria-label='Your hand']");
    const seq = await seqOf(page);
    const moves = await page.$$eval("[data-moves] button[data-move]", (bs) => bs.map((b) => b.textContent));
    await page.reload();
    await expect.poll(() => seqOf(page)).toBe(seq);
    expect(await page.textContent("section[aria-label='Seats']")).toContain("You: Cy");
    expect(await cardsIn(page, "section[aria-label='Your hand']")).toEqual(hand);
    expect(await page.$$eval("[data-moves] button[data-move]", (bs) => bs.map((b) => b.textContent))).toEqual(
      moves,
    );
    // And play goes on from there.
    expect(await clickMove(page, next())).not.toBeNull();
    await expect.poll(() => seqOf(page)).toBeGreaterThan(seq);
  });

  it("the lobby and a table have no serious or critical accessibility finding (axe-core)", async () => {
    const page = await newPage();
    const scan = async (): Promise<string[]> => {
      await page.addScriptTag({ content: axe.source });
      const found = await page.evaluate(async () => {
        const r = await (
          window as unknown as {
            axe: {
              run: (c: Document) => Promise<{ violations: { id: string; impact: string; help: string }[] }>;
            };
          }
        ).axe.run(document);
        return r.violations;
      });
      return found
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.help}`);
    };
    await page.goto(server.url);
    await page.getByLabel("Game").waitFor();
    await expect.poll(() => page.locator("select option").count()).toBeGreaterThan(1);
    expect(await scan()).toEqual([]);
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    await sitAt(page, info.code, 0, "Di");
    await expect.poll(() => phaseOf(page)).toBe("play");
    expect(await scan()).toEqual([]);
    // Keyboard: the first playable card is reached with Tab and played with Enter.
    const seq = await seqOf(page);
    await page.locator("section[aria-label='Your hand'] button.legal").first().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => seqOf(page)).toBeGreaterThan(seq);
  });
});
