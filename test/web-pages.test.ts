/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * The web client's pages and the table's panels in a real browser (Debian's
 * Chromium driven by playwright-core) against a real server on a temporary
 * SQLite file: every game's rules page, the replay viewer stepping through
 * a finished match (buttons, arrow keys, a link to a step), a player's
 * record and the leaderboard after a rated match, the hand's proof checked
 * in the browser (and refused when the revealed seed is tampered with),
 * chat between two browsers, the hard player's hint, and an accessibility
 * scan of every page. Screenshots go to test-artifacts/web/.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { ReplaySteps, TableInfo } from "../src/server/messages.js";
import { ARTIFACTS, ROOT, axeFindings, cardsIn, phaseOf, seqOf, useBrowser } from "./web-browser.js";
import { guestSeat, until } from "./guests.js";

const harness = useBrowser({ graceMs: 1 });
const server = {
  get url(): string {
    return harness.server.url;
  },
  get authority() {
    return harness.server.authority;
  },
};
const newContext = (): Promise<BrowserContext> => harness.newContext();
const newPage = (context?: BrowserContext): Promise<Page> => harness.newPage({ context });
const scan = axeFindings;
const stepOf = async (page: Page): Promise<number> => Number(await page.getAttribute("main", "data-step"));

/** A Crazy Eights match to 1 point between two people who both walked away: the computer ends it, rated. */
async function finishedRatedMatch(names: [string, string]) {
  const info = await api<TableInfo>(server.url, "/api/tables", {
    game: "crazy-eights",
    seats: [{ kind: "open" }, { kind: "open" }],
    options: { target: 1 },
  });
  const people = [
    await guestSeat(server.url, info.id, 0, names[0]),
    await guestSeat(server.url, info.id, 1, names[1]),
  ];
  server.authority.gone(info.id, 0);
  server.authority.gone(info.id, 1);
  await server.authority.resume(info.id);
  await until(async () => (await server.authority.isFinished(info.id)) === true, "the match to end");
  await until(
    async () =>
      (await api<{ games: unknown[] }>(server.url, `/api/players/${people[0].guest.id}`)).games.length > 0,
    "the match to be rated",
  );
  return { info, people };
}

/** Opens a table as this browser's seat: the guest and the seat's secret where the client keeps them. */
async function openAsSeat(
  page: Page,
  info: TableInfo,
  p: { guest: { id: string; name: string; token: string }; seat: number; secret: string },
): Promise<void> {
  await page.goto(`${server.url}/rules/roy`);
  await page.evaluate(
    ([guest, table, key]) => {
      localStorage.setItem("cardroom:guest", guest);
      localStorage.setItem(`cardroom:seat:${table}`, key);
    },
    [JSON.stringify(p.guest), info.id, JSON.stringify({ seat: p.seat, secret: p.secret })],
  );
  await page.goto(`${server.url}/t/${info.code}`);
  await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
}

/** Clicks the seat's moves (a card played when one can be) until the hand is over. */
async function playHand(page: Page): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (let r = 0; ; r++) {
    if (Date.now() > deadline) throw new Error("the hand did not end in time");
    const phase = await phaseOf(page);
    if (phase === "handover" || phase === "matchover") return;
    if (phase !== "play") {
      await page.waitForTimeout(20);
      continue;
    }
    const seq = await seqOf(page);
    const clicked = await page.evaluate((r) => {
      const all = [
        ...document.querySelectorAll<HTMLButtonElement>("[data-moves] button[data-move]:not([disabled])"),
      ];
      const plays = all.filter((b) => b.dataset.move === "play");
      const choices = plays.length ? plays : all;
      if (!choices.length) return false;
      choices[r % choices.length].click();
      return true;
    }, r);
    if (clicked) await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
  }
}

// A real browser beside a real server on a small shared machine: a test that fails once for timing is
// run once more; one that fails twice fails.
describe("the web client's pages in Chromium", { retry: 1 }, () => {
  it("renders every game's rules page, reached from the lobby and from a table; the lobby loads none", async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(server.url);
    await page.locator("button.game-tile[data-game=hyrule]").waitFor();
    // The lobby's page loads the client's entry, the lobby's own chunk (a table link does not load it)
    // and what they import (the build's manifest says), nothing of the rules, the table or the replay.
    const built = JSON.parse(readFileSync(join(ROOT, "web/dist/.vite/manifest.json"), "utf8")) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const files = new Set<string>();
    const add = (key: string): void => {
      if (files.has(built[key].file)) return;
      files.add(built[key].file);
      for (const k of built[key].imports ?? []) add(k);
    };
    add("index.html");
    add("src/Lobby.tsx");
    expect(scripts.sort()).toEqual([...files].map((f) => `/${f}`).sort());
    await page.screenshot({ path: join(ARTIFACTS, "lobby-nav.png") });
    await page.locator("button.game-tile[data-game=cribbage]").click();
    await page.getByRole("link", { name: "How to play Cribbage" }).click();
    await page.waitForURL(/\/rules\/cribbage$/);
    await expect.poll(() => page.textContent("article.rules h1")).toBe("Cribbage (cribbage)");
    for (const { game, howToPlay } of ENTRIES) {
      await page.goto(`${server.url}/rules/${game.id}`);
      // How to play first, in the game's own words, the exact rules linked; then the exact rules.
      await expect.poll(() => page.textContent("main h1")).toBe(`How to play ${game.name}`);
      const how = page.locator("section.how-to-play");
      expect(await how.locator("h2").allTextContents()).toEqual(
        expect.arrayContaining(["The object", "The deal", "A turn", "Scoring"]),
      );
      expect(await how.locator("p.summary").textContent()).toBe(howToPlay?.summary);
      expect(await how.getByRole("link", { name: "Exact rules" }).getAttribute("href")).toBe("#exact-rules");
      // Its example hands drawn as cards (the table's own card), row by row, each with its caption.
      const examples = howToPlay?.examples ?? [];
      expect(await how.locator("figure.example").count()).toBe(examples.length);
      for (const [i, e] of examples.entries()) {
        const figure = how.locator(`figure.example[data-example='${i}']`);
        for (const [k, r] of e.rows.entries()) {
          const row = `figure.example[data-example='${i}'] .example-row[data-row='${k}']`;
          expect(await page.textContent(`${row} .example-label`)).toBe(r.label);
          expect(await cardsIn(page, row)).toEqual(r.cards);
        }
        expect(await figure.locator("svg.card").count()).toBe(e.rows.flatMap((r) => r.cards).length);
        expect(await figure.locator("figcaption").textContent()).toBe(e.caption);
      }
      await expect
        .poll(() => page.textContent("article.rules h1"))
        .toMatch(new RegExp(`^${game.name}( \\(|$)`));
      // The options table (for a game that has options) and the game's rules, from docs/rules/ID.md.
      if (Object.keys(game.options).length)
        expect(await page.locator("article.rules th", { hasText: /^default$/ }).count()).toBeGreaterThan(0);
      expect(await page.locator("article.rules h2").count()).toBeGreaterThan(1);
      await expect
        .poll(() => page.getAttribute(`nav[aria-label=Games] a[href='/rules/${game.id}']`, "aria-current"))
        .toBe("page");
      await expect.poll(() => page.title()).toBe(`${game.name}: the rules · Cardroom`);
    }
    await page.screenshot({ path: join(ARTIFACTS, "rules-hyrule.png"), fullPage: true });
    await page.goto(`${server.url}/rules/gin-rummy`);
    await page.locator("figure.example").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, "rules-gin-rummy-examples.png") });
    await page.goto(`${server.url}/rules/chess`);
    await expect.poll(() => page.textContent("[role=alert]")).toContain("There are no rules for “chess”");
    // From a table: its game's rules, over the table (test/web-feel.test.ts), the page itself in a new tab.
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    await page.goto(`${server.url}/t/${info.code}`);
    await page.getByRole("link", { name: "The rules", exact: true }).click();
    await expect
      .poll(() => page.getByRole("dialog").locator("h1").first().textContent())
      .toBe("How to play Gin Rummy");
    expect(await page.getByRole("link", { name: "The rules", exact: true }).getAttribute("href")).toBe(
      "/rules/gin-rummy",
    );
  });

  it("answers /rules and /leaderboard with pages for a browser (every game listed), JSON when asked for it", async () => {
    const { games } = await api<{ games: { id: string; name: string }[] }>(server.url, "/api/games");
    for (const path of ["/rules", "/leaderboard", "/rules/", "/leaderboard/"]) {
      const page = await fetch(`${server.url}${path}`, {
        headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
      });
      expect([page.status, page.headers.get("content-type")]).toEqual([
        200,
        expect.stringMatching(/text\/html/),
      ]);
      expect(await page.text()).toContain('<div id="root">');
      for (const accept of ["application/json", "*/*", ""]) {
        const json = await fetch(`${server.url}${path}`, { headers: accept ? { accept } : {} });
        expect([json.status, json.headers.get("content-type")]).toEqual([
          200,
          expect.stringMatching(/application\/json/),
        ]);
        const body = (await json.json()) as { games?: { id: string }[]; leaderboards?: { game: string }[] };
        const ids = path.startsWith("/rules")
          ? body.games?.map((g) => g.id)
          : body.leaderboards?.map((l) => l.game);
        expect(ids).toEqual(games.map((g) => g.id));
      }
    }
    // The nav's "Rules": every game, each a link to its rules page.
    const page = await newPage();
    await page.goto(server.url);
    await page.getByRole("navigation", { name: "Cardroom" }).getByRole("link", { name: "Rules" }).click();
    await page.waitForURL(/\/rules$/);
    await expect.poll(() => page.textContent("main h1")).toBe("Rules");
    await expect.poll(() => page.title()).toBe("Rules · Cardroom");
    const list = page.locator("main ul.game-list");
    await expect.poll(() => list.getByRole("link").allTextContents()).toEqual(games.map((g) => g.name));
    await expect.poll(() => list.locator("li p").count()).toBe(games.length);
    await page.screenshot({ path: join(ARTIFACTS, "rules-every-game.png"), fullPage: true });
    await list.getByRole("link", { name: "Hyrule" }).click();
    await page.waitForURL(/\/rules\/hyrule$/);
    await expect.poll(() => page.textContent("main h1")).toBe("How to play Hyrule");
    // The nav's "Leaderboard": the games, one a click away.
    await page.goto(`${server.url}/leaderboard`);
    await expect.poll(() => page.textContent("main h1")).toBe("Leaderboards");
    const links = page.getByRole("navigation", { name: "Games" }).getByRole("link");
    await expect.poll(() => links.allTextContents()).toEqual(games.map((g) => g.name));
    await links.filter({ hasText: "Cribbage" }).click();
    await page.waitForURL(/\/leaderboard\/cribbage$/);
    await expect.poll(() => page.textContent("main h1")).toBe("Leaderboard: Cribbage");
  });

  it("replays a finished match step by step, forward and back, and a link opens the same step", async () => {
    const { info } = await finishedRatedMatch(["Rex", "Sue"]);
    const steps = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`);
    const last = steps.steps.length - 1;
    expect(last).toBeGreaterThan(4);
    const page = await newPage();
    await page.goto(`${server.url}/replay/${info.id}`);
    await expect.poll(() => page.textContent("[data-testid=step]")).toBe(`Step 0 of ${last}`);
    const board0 = await page.textContent("section[aria-label='The table']");
    // Forward with the arrow key and the button, back with both.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: "Forward", exact: true }).click();
    await expect.poll(() => stepOf(page)).toBe(3);
    expect(new URL(page.url()).search).toBe("?step=3");
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect.poll(() => stepOf(page)).toBe(2);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => stepOf(page)).toBe(1);
    // Each step shows what the spectator saw then: the step's own lines (the seats by name), the table as it was.
    const seatOfStep1 = steps.steps[1].events.find((e) => e.type === "move")?.seat as number;
    await expect
      .poll(() => page.textContent("[data-testid=step-lines]"))
      .toContain(`${["Rex", "Sue"][seatOfStep1]}:`);
    await page.keyboard.press("Home");
    await expect.poll(() => stepOf(page)).toBe(0);
    expect(await page.textContent("section[aria-label='The table']")).toBe(board0);
    await page.keyboard.press("End");
    await expect.poll(() => stepOf(page)).toBe(last);
    await expect.poll(() => page.textContent(".this-step h2")).toMatch(/^Match over: (Rex|Sue) won\.$/);
    await expect
      .poll(() => page.getByRole("button", { name: "Forward", exact: true }).isDisabled())
      .toBe(true);
    // The link to a step opens that step in another browser, as it was.
    for (let k = last; k > 5; k--) await page.keyboard.press("ArrowLeft");
    await expect.poll(() => stepOf(page)).toBe(5);
    const link = await page.getByRole("link", { name: "Link to this step" }).getAttribute("href");
    expect(link).toBe(`${server.url}/replay/${info.id}?step=5`);
    const board5 = await page.textContent("section[aria-label='The table']");
    const lines5 = await page.textContent("[data-testid=step-lines]");
    const other = await newPage();
    await other.goto(link!);
    await other.locator("main[data-step]").waitFor();
    await expect.poll(() => stepOf(other)).toBe(5);
    expect(await other.textContent("section[aria-label='The table']")).toBe(board5);
    expect(await other.textContent("[data-testid=step-lines]")).toBe(lines5);
    await other.screenshot({ path: join(ARTIFACTS, "replay-step.png"), fullPage: true });
    // A match still being played has no replay yet: one line says so.
    const playing = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer" }],
    });
    await other.goto(`${server.url}/replay/${playing.id}`);
    await expect
      .poll(() => other.textContent("[role=alert]"))
      .toBe(`the match is still being played: watch it at /t/${playing.code}; its replay opens when it ends`);
  });

  it("replays your own match on the game's own table from your seat, your hand in each step; others see a spectator's", async () => {
    const { info, people } = await finishedRatedMatch(["Val", "Wes"]);
    const mine = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`, undefined, {
      "x-cardroom-seat": "0",
      "x-cardroom-secret": people[0].secret,
    });
    expect(mine.viewer).toBe(0);
    // A step in the middle of the hand, after both seats have moved.
    const mid = mine.steps.findIndex(
      (st, k) => k > 2 && !st.status.handOver && (st.view.hand as string[]).length > 0,
    );
    expect(mid).toBeGreaterThan(2);
    const handThen = mine.steps[mid].view.hand as string[];
    // The seat's own dealt hand, as the table gave it to the seat (not through the replay).
    const dealt = await server.authority.update(info.id, { seat: 0, secret: people[0].secret }, 0);
    if (!dealt.ok) throw new Error(dealt.error.message);
    const deal = dealt.value.events.find((e) => e.type === "deal")!;
    expect(mine.steps[0].view.hand).toEqual((deal.view as { hand: string[] }).hand);

    const page = await newPage();
    await page.goto(`${server.url}/rules/roy`);
    await page.evaluate(
      ([table, key]) => localStorage.setItem(`cardroom:seat:${table}`, key),
      [info.id, JSON.stringify({ seat: 0, secret: people[0].secret })],
    );
    await page.goto(`${server.url}/replay/${info.id}?step=${mid}`);
    await page.locator("main[data-step]").waitFor();
    expect(await page.getAttribute("main", "data-viewer")).toBe("0");
    // The game's own table (Crazy Eights' pile), not the board in words; nothing to play.
    const felt = page.locator("section[aria-label='The table']");
    await felt.locator("[data-testid=crazy-eights-table]").waitFor();
    expect(await felt.locator("[data-testid=generic-table]").count()).toBe(0);
    expect(await page.locator("main button.card-slot, main button[data-move]").count()).toBe(0);
    expect(await page.textContent("main header")).toContain("from your seat (Val)");
    // Your hand as it was at that step.
    const hand = page.locator("section[aria-label='Your hand'] [data-card]");
    expect(await cardsIn(page, "section[aria-label='Your hand']")).toEqual(handThen);
    expect(await hand.count()).toBe(handThen.length);
    await page.screenshot({ path: join(ARTIFACTS, "replay-own-seat.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(ARTIFACTS, "replay-own-seat-phone.png") });
    await page.setViewportSize({ width: 1000, height: 900 });
    // Step 0: the hand the seat was dealt; Play steps on by itself until paused.
    await page.keyboard.press("Home");
    await expect.poll(() => stepOf(page)).toBe(0);
    expect(await cardsIn(page, "section[aria-label='Your hand']")).toEqual(mine.steps[0].view.hand);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => stepOf(page)).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    expect(await page.getByRole("button", { name: "Play", exact: true }).isEnabled()).toBe(true);

    // Another browser: the same step as a spectator saw it, no hand of anyone's.
    const other = await newPage();
    await other.goto(`${server.url}/replay/${info.id}?step=${mid}`);
    await other.locator("main[data-step]").waitFor();
    expect(await other.getAttribute("main", "data-viewer")).toBe("spectator");
    await other.locator("[data-testid=crazy-eights-table]").waitFor();
    expect(await other.locator("section[aria-label='Your hand']").count()).toBe(0);
    const shown = new Set(await cardsIn(other, "main"));
    expect(handThen.filter((c) => shown.has(c))).toEqual([]);
    // A seat key this table no longer takes: the spectator's replay, said in one line.
    await other.evaluate(
      ([table, key]) => localStorage.setItem(`cardroom:seat:${table}`, key),
      [info.id, JSON.stringify({ seat: 0, secret: people[1].secret })],
    );
    await other.reload();
    await expect
      .poll(() => other.textContent("[role=alert]"))
      .toBe("This browser no longer holds a seat at this table: the replay is a spectator's.");
    await other.locator("main[data-step]").waitFor();
    expect(await other.getAttribute("main", "data-viewer")).toBe("spectator");
  });

  it("reads a long replay a page of steps at a time, across the pages' edge", async () => {
    // Computers at random to 100 points: a few hundred steps, more than the server's page of 200.
    let steps: ReplaySteps | null = null;
    for (let tries = 0; tries < 5 && !(steps && steps.total > 210); tries++) {
      const t = await api<TableInfo>(server.url, "/api/tables", {
        game: "crazy-eights",
        seats: [
          { kind: "computer", level: "random" },
          { kind: "computer", level: "random" },
        ],
        options: { target: 100 },
      });
      await until(async () => (await server.authority.isFinished(t.id)) === true, "the match to end");
      steps = await api<ReplaySteps>(server.url, `/api/tables/${t.id}/steps`);
    }
    expect(steps!.total).toBeGreaterThan(210);
    expect(steps!.steps).toHaveLength(200);
    const id = steps!.info.id;
    const second = await api<ReplaySteps>(server.url, `/api/tables/${id}/steps?from=200`);
    const page = await newPage();
    await page.goto(`${server.url}/replay/${id}?step=199`);
    await page.locator("main[data-step]").waitFor(); // the page's code and its steps, on a busy machine
    await expect.poll(() => stepOf(page)).toBe(199);
    await page.getByRole("button", { name: "Forward", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => stepOf(page)).toBe(200);
    // Step 200 is the first of the second page: the hand and the scores as the server gave them.
    const status = second.steps[0].status;
    await expect
      .poll(() => page.textContent("section[aria-label='Seats']"))
      .toContain(`score ${status.scores[0]}`);
    // The lines before it come from the first page; focus stayed on Forward.
    expect(await page.locator("section[aria-label='Before this step'] li").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Forward");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => stepOf(page)).toBe(199);
    await page.keyboard.press("End");
    await expect.poll(() => stepOf(page)).toBe(steps!.total - 1);
    await expect.poll(() => page.textContent(".this-step h2")).toMatch(/^Match over: /);
  });

  it("shows a finished rated match in your record (with its replay) and on the game's leaderboard", async () => {
    const { info, people } = await finishedRatedMatch(["Ada", "Bo"]);
    const page = await newPage();
    await page.goto(server.url);
    await page.evaluate((g) => localStorage.setItem("cardroom:guest", g), JSON.stringify(people[0].guest));
    await page.reload();
    await page.getByRole("link", { name: "Your record" }).click();
    await page.waitForURL(new RegExp(`/players/${people[0].guest.id}$`));
    await expect.poll(() => page.textContent("main h1")).toBe("Your record, Ada");
    const row = page.locator("table.figures tbody tr", { hasText: "Crazy Eights" });
    const cells = (await row.locator("td").allTextContents()).slice(1).map(Number);
    expect(cells.reduce((a, b) => a + b, 0)).toBe(1); // one match: a win, a loss or a draw
    expect(await row.locator("td").first().textContent()).toMatch(/^\d+ ± \d+$/);
    // The match with its result as the engine ended it: Ada's score first, against Bo by name.
    const { total } = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps`);
    const last = await api<ReplaySteps>(server.url, `/api/tables/${info.id}/steps?from=${total - 1}`);
    const { scores, winners = [] } = last.steps[0].status;
    const outcome = !winners.includes(0) ? "Lost" : winners.length === 1 ? "Won" : "Shared the win";
    const match = page.locator(".matches li", { hasText: `table ${info.code}` });
    expect(await match.textContent()).toMatch(
      new RegExp(
        `^${outcome} ${scores[0]} to ${scores[1]} at Crazy Eights against Bo \\(table ${info.code}, ended `,
      ),
    );
    await page.screenshot({ path: join(ARTIFACTS, "record.png"), fullPage: true });
    await match.getByRole("link", { name: "Crazy Eights" }).click();
    await page.waitForURL(new RegExp(`/replay/${info.id}$`));
    await expect.poll(() => page.textContent("[data-testid=step]")).toMatch(/^Step 0 of \d+$/);
    await page.getByRole("link", { name: "Leaderboard", exact: true }).click();
    await page.getByRole("navigation", { name: "Games" }).getByRole("link", { name: "Crazy Eights" }).click();
    await page.waitForURL(/\/leaderboard\/crazy-eights$/);
    await expect.poll(() => page.textContent("main h1")).toBe("Leaderboard: Crazy Eights");
    const names = await page.locator("table.figures tbody th").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Ada", "Bo"]));
    await page.screenshot({ path: join(ARTIFACTS, "leaderboard.png"), fullPage: true });
  });

  it("lists a match a player resigned as won and lost by forfeit, never by the scores where play stopped", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const ada = await guestSeat(server.url, info.id, 0, "Ada");
    const bo = await guestSeat(server.url, info.id, 1, "Bo");
    const gaveUp = await server.authority.forfeit(info.id, { seat: 1, secret: bo.secret }, "resigned");
    expect(gaveUp.ok).toBe(true);
    await until(
      async () =>
        (await api<{ matches: unknown[] }>(server.url, `/api/players/${ada.guest.id}`)).matches.length > 0,
      "the forfeited match in Ada's record",
    );
    const page = await newPage();
    for (const [p, said] of [
      [ada, "Won by forfeit at Crazy Eights against Bo"],
      [bo, "Lost by forfeit at Crazy Eights against Ada"],
    ] as const) {
      await page.goto(`${server.url}/players/${p.guest.id}`);
      const match = page.locator(".matches li", { hasText: `table ${info.code}` });
      await match.waitFor();
      const text = (await match.textContent()) ?? "";
      expect(text.startsWith(said), text).toBe(true);
      expect(text).not.toMatch(/\d+ to \d+/);
    }
  });

  it("checks the hand's proof in the browser: verified after the hand, NOT verified with a tampered seed", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "random" }],
      options: { target: 1 },
    });
    const seat = await guestSeat(server.url, info.id, 0, "Pru");
    const context = await newContext();
    const page = await newPage(context);
    await openAsSeat(page, info, seat);
    const summary = page.locator("[data-proof]");
    await expect.poll(() => summary.getAttribute("data-proof")).toBe("pending");
    await summary.click();
    const commitment = await page.locator(".proof-hands li code.hex").first().textContent();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await playHand(page);
    await expect.poll(() => summary.getAttribute("data-proof")).toBe("verified");
    await expect.poll(() => summary.textContent()).toBe("Proof of the deal: hand 1 verified");
    const verdict = await page.locator("[data-verdict='1']").textContent();
    expect(verdict).toMatch(
      /^Verified in this browser: hand 1 of Crazy Eights \(events 1 to \d+\): the seed matches its commitment, and every event seat 0 received is what the rules give on that deal$/,
    );
    const seed = await page.locator(".proof-hands li code.hex").nth(1).textContent();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    await page.screenshot({ path: join(ARTIFACTS, "proof-verified.png"), fullPage: true });

    // The same seat in another tab whose server "reveals" another seed: the check fails.
    const tampered = await newPage(context);
    await tampered.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((frame) => {
        const m = JSON.parse(String(frame)) as { type: string; events?: Record<string, unknown>[] };
        for (const e of m.events ?? [])
          if (e.type === "handOver")
            e.handSeed = `${String(e.handSeed).slice(0, 63)}${seed!.endsWith("0") ? "1" : "0"}`;
        ws.send(JSON.stringify(m));
      });
    });
    await tampered.goto(`${server.url}/t/${info.code}`);
    const bad = tampered.locator("[data-proof]");
    await expect.poll(() => bad.getAttribute("data-proof")).toBe("failed");
    await bad.click();
    await expect
      .poll(() => tampered.locator("[data-verdict='1']").textContent())
      .toMatch(
        /^NOT verified: hand 1, event 1: the seed revealed at event \d+ does not match the commitment sent with the deal$/,
      );
    await tampered.screenshot({ path: join(ARTIFACTS, "proof-tampered.png"), fullPage: true });
  });

  it("carries chat to the other browser, a spectator's too, read out politely", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const [a, b] = [
      await guestSeat(server.url, info.id, 0, "Ann"),
      await guestSeat(server.url, info.id, 1, "Ben"),
    ];
    const pa = await newPage();
    const pb = await newPage();
    await openAsSeat(pa, info, a);
    await openAsSeat(pb, info, b);
    const log = (p: Page) => p.locator("[role=log][aria-label='Chat messages']");
    expect(await log(pa).getAttribute("aria-live")).toBe("polite");
    await pa.getByLabel("Your message").fill("Good luck, Ben <b>!</b>");
    await pa.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => log(pb).textContent()).toBe("Ann: Good luck, Ben <b>!</b>");
    expect(await log(pb).locator("b").count()).toBe(0); // plain text, never markup
    await expect.poll(() => pa.getByLabel("Your message").inputValue()).toBe("");
    const watcher = await newPage();
    await watcher.goto(`${server.url}/t/${info.code}`);
    // A spectator arriving later reads what was said, and may speak.
    await expect.poll(() => log(watcher).textContent()).toBe("Ann: Good luck, Ben <b>!</b>");
    await watcher.getByLabel("Your message").fill("Nice hand");
    await watcher.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => log(pa).locator("li").last().textContent()).toBe("spectator: Nice hand");
    await expect.poll(() => log(pb).locator("li").count()).toBe(2);
    expect(await pa.getByLabel("Your message").getAttribute("maxlength")).toBe("300");
  });

  it("makes the hard player's hint glow on the card it names, and the move it names is accepted", async () => {
    const info = await api<TableInfo>(server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const seat = await guestSeat(server.url, info.id, 0, "Hal");
    const page = await newPage();
    await openAsSeat(page, info, seat);
    await expect.poll(() => phaseOf(page)).toBe("play");
    expect(await page.locator(".hinted").count()).toBe(0);
    const reply = page.waitForResponse((r) => r.url().endsWith("/hint"));
    await page.getByRole("button", { name: "Hint", exact: true }).click();
    expect((await reply).status()).toBe(200);
    // The discard is picked on the cards (no move buttons for it): the hint glows on its card.
    const hand = "section[aria-label='Your hand']";
    await expect.poll(() => page.locator(`${hand} button.hinted`).count(), { timeout: 20_000 }).toBe(1);
    const hinted = page.locator(`${hand} button.hinted`);
    expect(await hinted.isEnabled()).toBe(true);
    await expect.poll(() => page.textContent("[data-testid=hint]")).toMatch(/^Hint: put .* in the crib: /);
    // The card glowing is the one the hint's sentence names.
    const card = await hinted.locator("[data-card]").getAttribute("data-card");
    expect(await page.locator("[data-testid=hint] [data-card]").first().getAttribute("data-card")).toBe(card);
    expect(await hinted.textContent()).toMatch(/\(the hint\)$/);
    await page.screenshot({ path: join(ARTIFACTS, "hint.png"), fullPage: true });
    const seq = await seqOf(page);
    // The hinted card and another, then "To the crib".
    await hinted.click();
    await page.locator(`${hand} button.legal[aria-pressed=false]`).first().click();
    await page.getByRole("button", { name: "To the crib" }).click();
    await expect.poll(() => seqOf(page)).toBeGreaterThan(seq);
    expect(await page.locator("[role=alert]").count()).toBe(0);
    await expect.poll(() => cardsIn(page, "[data-testid=crib]")).toContain(card);
    // The table moved on: the old hint is gone.
    expect(await page.locator(".hinted").count()).toBe(0);
  });

  it("has no serious or critical accessibility finding on any page (axe-core)", async () => {
    const { info, people } = await finishedRatedMatch(["Ida", "Jo"]);
    const page = await newPage();
    await page.goto(server.url);
    await page.evaluate((g) => localStorage.setItem("cardroom:guest", g), JSON.stringify(people[0].guest));
    const pages: [string, () => Promise<unknown>][] = [
      ["/", () => page.locator("button.game-tile[data-game=hyrule]").waitFor()],
      ["/rules/cribbage", () => page.locator("article.rules h1").waitFor()],
      ["/rules/royal-corners", () => page.locator("figure.example .example-empty").waitFor()],
      [`/replay/${info.id}?step=3`, () => page.locator("[data-testid=step]").waitFor()],
      [
        `/replay/${info.id}?step=4`,
        async () => {
          // From seat 0: the seat's hand under the table.
          await page.evaluate(
            ([table, key]) => localStorage.setItem(`cardroom:seat:${table}`, key),
            [info.id, JSON.stringify({ seat: 0, secret: people[0].secret })],
          );
          await page.reload();
          await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
        },
      ],
      [`/players/${people[0].guest.id}`, () => page.locator("table.figures").waitFor()],
      ["/leaderboard/crazy-eights", () => page.locator("table.figures").waitFor()],
    ];
    for (const [path, ready] of pages) {
      await page.goto(`${server.url}${path}`);
      await ready();
      expect([path, await scan(page)]).toEqual([path, []]);
    }
    // A table with every panel open: the proof, a hint, a chat line.
    const table = await api<TableInfo>(server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const seat = await guestSeat(server.url, table.id, 0, "Kit");
    await openAsSeat(page, table, seat);
    await page.locator("[data-proof]").click();
    await page.getByLabel("Your message").fill("hello");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect.poll(() => page.locator(".chat-lines li").count()).toBe(1);
    if ((await phaseOf(page)) === "play") {
      await page.getByRole("button", { name: "Hint", exact: true }).click();
      await expect.poll(() => page.textContent("[data-testid=hint]"), { timeout: 20_000 }).toMatch(/^Hint: /);
    }
    expect(["table", await scan(page)]).toEqual(["table", []]);
  });
});
