/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * What the browser tests share: a real server on a free port over a
 * temporary SQLite file serving the built client, Debian's Chromium driven
 * by playwright-core, and the few things a person does at a table (sit
 * down, click a move, read the phase), plus the axe-core scan.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import axe from "axe-core";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { build } from "vite";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { type RunningServer, startServer } from "../src/server/serve.js";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const ARTIFACTS = join(ROOT, "test-artifacts/web");
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

export interface PageOptions {
  readonly width?: number;
  readonly height?: number;
  /**
   * Milliseconds between computer moves shown one after another. The tests
   * play at 0 unless they test the pacing itself; null leaves the page's
   * default (400, or 0 when the system asks for less motion).
   */
  readonly paceMs?: number | null;
  /** The system's wish for less motion, as a person may set it. */
  readonly reducedMotion?: "reduce" | "no-preference";
  /** A touch screen (a phone's): touches make pointer events of pointerType "touch". */
  readonly hasTouch?: boolean;
}

export interface BrowserHarness {
  readonly server: RunningServer;
  /** A browser context (its own storage: another person, or the same person's tabs). */
  newContext(options?: PageOptions): Promise<BrowserContext>;
  /** A page in `context`, or in a context of its own. */
  newPage(options?: PageOptions & { readonly context?: BrowserContext }): Promise<Page>;
}

/**
 * Starts the server and Chromium before the file's tests and stops them
 * after. `graceMs`: how long a person may be gone before the computer plays
 * for their seat (1 lets a match between people who walked away finish);
 * `messagesPerSecond`: the server's `MESSAGES_PER_SECOND` (a rate no test
 * reaches unless told).
 */
export function useBrowser({
  graceMs = 60_000,
  messagesPerSecond = 10_000,
}: { readonly graceMs?: number; readonly messagesPerSecond?: number } = {}): BrowserHarness {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let dir = "";
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
      graceMs,
      limits: { messageBytes: 4096, messagesPerSecond, requestsPerSecond: 10_000 },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  }, 120_000);
  // A test's pages close when it ends: an idle table page left open still costs its renderer a
  // little CPU, and a file's forty of them took most of a core from the tests after them.
  afterEach(async () => {
    for (const c of contexts.splice(0)) await c.close().catch(() => undefined);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function newContext({
    width = 1000,
    height = 900,
    paceMs = 0,
    reducedMotion = "no-preference",
    hasTouch = false,
  }: PageOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error("the browser has not started");
    const context = await browser.newContext({ viewport: { width, height }, reducedMotion, hasTouch });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    // The pace, unless the page has chosen one itself (a reload keeps what the person set).
    if (paceMs !== null)
      await context.addInitScript((pace: number) => {
        if (!localStorage.getItem("cardroom:settings"))
          localStorage.setItem("cardroom:settings", JSON.stringify({ paceMs: pace }));
      }, paceMs);
    return context;
  }
  return {
    get server(): RunningServer {
      if (!server) throw new Error("the server has not started");
      return server;
    },
    newContext,
    async newPage(options = {}): Promise<Page> {
      const page = await (options.context ?? (await newContext(options))).newPage();
      page.on("pageerror", (e) => {
        throw new Error(`the page threw: ${e.message}`);
      });
      // The server's content security policy must not block anything the client does.
      page.on("console", (m) => {
        if (m.type() === "error" && /Content Security Policy/i.test(m.text()))
          throw new Error(`the page broke its content security policy: ${m.text()}`);
      });
      return page;
    },
  };
}

/** A small seeded generator, so that a failing game replays the same choices. */
export function chooser(seed: number): () => number {
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

export const phaseOf = (page: Page): Promise<string | null> => page.getAttribute("main", "data-phase");
export const seqOf = async (page: Page): Promise<number> =>
  Number(await page.getAttribute("main", "data-seq"));

/**
 * Clicks one of the seat's enabled move buttons (index r among them), or
 * nothing when it is not the seat's turn, and returns the button's text.
 * Cribbage's discard is cards picked then "To the crib"; a muggins claim a
 * count picked then "Claim".
 * So that hands end: a card played when one can be, else a knock, else
 * anything but a draw, a pass, a pile moved or a discard taken, else a
 * draw from the stock (which runs it down), else whatever is listed.
 */
export function clickMove(page: Page, r: number): Promise<string | null> {
  return page.evaluate(async (r) => {
    if (document.querySelector("main")?.dataset.phase !== "play") return null;
    // The page draws what a click changed a moment later.
    const drawn = (): Promise<void> => new Promise((done) => setTimeout(done, 0));
    // Cribbage's discard: cards picked until "To the crib" may send them, then sent.
    const crib = document.querySelector<HTMLButtonElement>("button[data-crib]");
    if (crib) {
      const cards = [
        ...document.querySelectorAll<HTMLButtonElement>(
          "section[aria-label='Your hand'] button.legal:not([disabled]):not([aria-pressed=true])",
        ),
      ];
      for (let i = 0; crib.disabled && i < cards.length; i++) {
        cards[(r + i) % cards.length].click();
        await drawn();
      }
      if (crib.disabled) return null;
      crib.click();
      return crib.textContent;
    }
    // The muggins claim: a count picked from those listed, then "Claim".
    const claim = document.querySelector<HTMLSelectElement>("select[data-claim]");
    if (claim) {
      const counts = [...claim.options].map((o) => o.value).filter((v) => v !== "");
      const value = counts[r % counts.length];
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")?.set?.call(claim, value);
      claim.dispatchEvent(new Event("change", { bubbles: true }));
      await drawn();
      claim.form?.querySelector<HTMLButtonElement>("button[type=submit]")?.click();
      return `claim ${value}`;
    }
    const all = [
      ...document.querySelectorAll<HTMLButtonElement>("[data-moves] button[data-move]:not([disabled])"),
    ];
    const of = (type: string): HTMLButtonElement[] => all.filter((b) => b.dataset.move === type);
    const others = all.filter((b) => !["move", "draw", "pass", "take"].includes(b.dataset.move ?? ""));
    const order = [of("play"), of("knock"), others, of("draw"), all];
    const choices = order.find((c) => c.length) ?? [];
    if (!choices.length) return null;
    const b = choices[r % choices.length];
    b.click();
    return b.textContent;
  }, r);
}

/**
 * A card picked to choose among its moves (an Eight): the first of them, as a person chooses it (its
 * suit by the pile, else its move button).
 */
export async function choosePicked(page: Page): Promise<void> {
  const suit = page.locator("[data-testid=suit-call] button:not([disabled])");
  if (await suit.count()) await suit.first().click();
  else await page.locator("[data-moves] button[data-move]:not([disabled])").first().press("Enter");
}

/**
 * Deals the next hand, and waits for it (so that the next look at the page is not at the last one).
 * The server answers once the computers have moved in the new hand: on a busy machine that can take
 * a while, so the guard is a hang guard, not a speed limit.
 */
export async function nextHand(page: Page): Promise<void> {
  const before = await seqOf(page);
  await page.getByRole("button", { name: "Next hand" }).click();
  // The new hand may be over as soon as it is dealt (a computer knocking at once), its end drawn in
  // the same frame as its deal: the table's event number says the deal came all the same.
  await page.waitForFunction(
    (before) => {
      const main = document.querySelector("main");
      return main?.dataset.phase !== "handover" || Number(main.dataset.seq) > before;
    },
    before,
    { timeout: 60_000 },
  );
}

/**
 * Takes a seat from the table's page, as a person following the invite link does: "Take your seat"
 * when it is the one open seat, else "Sit at seat N" among several.
 */
export async function sitAt(
  page: Page,
  url: string,
  code: string,
  seat: number,
  name: string,
): Promise<void> {
  await page.goto(`${url}/t/${code}`);
  await page.getByLabel("Your name").fill(name);
  await page
    .getByRole("button", { name: `Sit at seat ${seat}` })
    .or(page.getByRole("button", { name: "Take your seat" }))
    .click();
  await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
}

/**
 * A table of `game` against `computers` easy computers (one unless told), made on the server at
 * `url`, and this page sitting at `seat` (0 unless told) as `name`, its hand drawn.
 */
export async function againstComputer(
  page: Page,
  url: string,
  game: string,
  {
    options = {},
    computers = 1,
    name = "Eve",
    seat = 0,
  }: { options?: object; computers?: number; name?: string; seat?: number } = {},
): Promise<TableInfo> {
  const info = await api<TableInfo>(url, "/api/tables", {
    game,
    seats: Array.from({ length: computers + 1 }, (_, s) =>
      s === seat ? { kind: "open" } : { kind: "computer", level: "easy" },
    ),
    options,
  });
  await sitAt(page, url, info.code, seat, name);
  return info;
}

export const cardsIn = (page: Page, where: string): Promise<string[]> =>
  page.$$eval(`${where} [data-card]`, (els) => els.map((e) => e.getAttribute("data-card") ?? ""));

/** axe-core's serious and critical findings on the page as it is. */
export async function axeFindings(page: Page): Promise<string[]> {
  // Evaluated, not added as an inline script: the content security policy forbids those.
  await page.evaluate(axe.source);
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
}

/** How far the page scrolls sideways (0: it fits the viewport's width). */
export const sideScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Plays this page's seat (clickMove, choices from `seed`) until the match is over, dealing each next
 * hand; `look` sees the table at each new phase or event number first. Returns the moves made.
 */
export async function playToMatchEnd(
  page: Page,
  seed: number,
  look: (phase: string | null, seq: number) => Promise<void> = async () => undefined,
  ms = 150_000,
): Promise<number> {
  const next = chooser(seed);
  const deadline = Date.now() + ms;
  let moves = 0;
  let seen = "";
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the match did not end in time (${moves} moves)`);
    const phase = await phaseOf(page);
    const seq = await seqOf(page);
    if (`${phase} ${seq}` !== seen) {
      await look(phase, seq);
      seen = `${phase} ${seq}`;
    }
    if (phase === "matchover") return moves;
    if (phase === "handover") {
      await page.getByRole("button", { name: "Next hand" }).click();
      await expect.poll(() => phaseOf(page)).not.toBe("handover");
      continue;
    }
    if (phase !== "play" || (await clickMove(page, next())) === null) {
      await page.waitForTimeout(20);
      continue;
    }
    moves++;
    await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
  }
}

/** Each game, and the option (as the lobby names it) that ends its match after a hand or so. */
export const QUICK_MATCH: readonly (readonly [string, string, string])[] = [
  ["roy", "Points to win", "1"],
  ["royal-corners", "Penalty points to lose", "1"],
  ["roller-coaster", "Hands to win", "1"],
  ["crazy-eights", "Points to win", "1"],
  ["gin-rummy", "Points to win", "1"],
  ["cribbage", "Points to win", "1"],
  ["hyrule", "", ""],
];

/**
 * From the lobby, as a person does: names themself, picks the game's tile,
 * sets the computers' level and options (by their labels) under "Settings",
 * and clicks "Play the computer"; waits for the table.
 */
export async function playFromLobby(
  page: Page,
  url: string,
  {
    name,
    game,
    level = "easy",
    players,
    options = {},
  }: {
    readonly name: string;
    readonly game: string;
    readonly level?: string;
    readonly players?: number;
    /** Option labels and values: text for a number or a choice, true or false for a checkbox. */
    readonly options?: Readonly<Record<string, string | boolean>>;
  },
): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Your name").fill(name);
  await page.locator(`button.game-tile[data-game="${game}"]`).click();
  await page.locator(`.game-panel[data-game="${game}"]`).waitFor();
  const settings = page.locator(".game-panel details.settings");
  if ((await settings.getAttribute("open")) === null) await settings.locator("summary").click();
  if (players !== undefined) await page.getByLabel("Players", { exact: true }).selectOption(String(players));
  await page.getByLabel("Computer opponents").selectOption(level);
  for (const [label, value] of Object.entries(options)) {
    const field = page.getByLabel(label, { exact: true });
    if (typeof value === "boolean") await field.setChecked(value);
    else if ((await field.evaluate((e) => e.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await page.getByRole("button", { name: "Play the computer" }).click();
  await page.waitForURL(/\/t\/[A-Z0-9]{6}$/);
}

/**
 * A match against the computer from the lobby (`playFromLobby`), played to its end by this page's seat
 * (`playToMatchEnd`); the moves the seat made, at least one. A match the computers end before the seat's
 * first move is set up again from the lobby, `begin` told first (Roller Coaster: the seat left of the
 * first dealer plays first, a computer, and may run its five cards at once, a one-hand match over).
 */
export async function playMatchFromLobby(
  page: Page,
  url: string,
  lobby: Parameters<typeof playFromLobby>[2],
  seed: number,
  look: (phase: string | null, seq: number) => Promise<void> = async () => undefined,
  begin: () => void = () => undefined,
): Promise<number> {
  for (let tries = 1; ; tries++) {
    begin();
    await playFromLobby(page, url, lobby);
    const moves = await playToMatchEnd(page, seed, look);
    if (moves > 0 || tries === 4) return moves;
  }
}
