/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * Words, never codes: a card is named as a player says it ("the 3 of
 * hearts", or drawn as a card), never by its code ("3H"), in what a page
 * shows and in what a screen reader reads. Every game is played against the
 * computer from the lobby to the end of a short match, the page read after
 * every move (its text, every element's accessible name, and the titles
 * and labels a screen reader may read), the hand's end, the match's end,
 * its replay and the player's record; then the lobby, the rules pages and
 * the leaderboards.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { ReplaySteps } from "../src/server/messages.js";
import { QUICK_MATCH, playMatchFromLobby, useBrowser } from "./web-browser.js";

const harness = useBrowser();

/** Every game's short match, and Gin's with the Oklahoma knock card (said on the table). */
const MATCHES: readonly (readonly [string, Readonly<Record<string, string>>])[] = [
  ...QUICK_MATCH.map(([game, option, value]) => [game, option ? { [option]: value } : {}] as const),
  ["gin-rummy", { "Points to win": "1", "Oklahoma knock card": "spades" }],
];

/**
 * A card's code standing alone: a rank (A 2-9 T J Q K, or 10) then a suit letter, or a joker's RJ or
 * BJ, with no letter or digit either side (so a table's code such as "K7QS2A" is not one).
 */
const CARD_CODE =
  /(?<![A-Za-z0-9])(?:10|[A2-9TJQK])[CDHS](?![A-Za-z0-9])|(?<![A-Za-z0-9])[RB]J(?![A-Za-z0-9])/g;

/** Each card code in `text`, with a few words around it so that a failure says where it was. */
function cardCodesIn(text: string): string[] {
  return [...text.matchAll(CARD_CODE)].map((m) => {
    const from = Math.max(0, m.index - 40);
    return `${m[0]} in “${text.slice(from, m.index + m[0].length + 40).replace(/\s+/g, " ")}”`;
  });
}

/**
 * What the page says, as a person reads it and as a screen reader does: its visible text, its
 * accessibility tree (every role's name and text), and the labels, titles and alternative texts
 * of every element (a tooltip, a folded list's buttons), and the window's title.
 */
async function pageWords(page: Page): Promise<string> {
  // The exact rules' code is what a program sends and receives ({"type":"play","card":"7H"}): set
  // aside while the page is read. (The rules' cards in the text, or alone in code, are drawn.)
  const wire = page.locator("article.rules code, article.rules pre");
  await wire.evaluateAll((els) => els.forEach((e) => ((e as HTMLElement).style.display = "none")));
  const text = await page.locator("body").innerText();
  // The tree's links carry their addresses ("/url: ..."): a place, not words.
  const tree = (await page.locator("body").ariaSnapshot())
    .split("\n")
    .filter((l) => !/^\s*- \/url:/.test(l))
    .join("\n");
  const labels = await page.evaluate(() =>
    [
      document.title,
      ...[
        ...document.querySelectorAll("[aria-label], [title], [alt], [aria-description], [placeholder]"),
      ].flatMap((e) =>
        ["aria-label", "title", "alt", "aria-description", "placeholder"]
          .map((a) => e.getAttribute(a))
          .filter((v): v is string => v !== null),
      ),
    ].join("\n"),
  );
  await wire.evaluateAll((els) => els.forEach((e) => ((e as HTMLElement).style.display = "")));
  return `${text}\n${tree}\n${labels}`;
}

/**
 * Reads the page as it stands into `found`: each way a code was said once (its words around it with
 * every code in them as "##"), with one example and the place it was seen.
 */
async function readInto(found: Map<string, string>, page: Page, where: string): Promise<void> {
  for (const said of cardCodesIn(await pageWords(page))) {
    const shape = said
      .slice(said.indexOf("“"))
      .replace(CARD_CODE, "##")
      .replace(/[0-9AJQK]/g, "9")
      .replace(/[♣♦♥♠]/g, "♠")
      .slice(25, 60);
    if (!found.has(shape)) found.set(shape, `${where}: ${said}`);
  }
}

const report = (found: Map<string, string>): string[] => [...found.values()];

describe("card codes, never seen or read, in Chromium", { retry: 1 }, () => {
  it("finds a code standing alone, and nothing in words, table codes or scores", () => {
    expect(cardCodesIn("play 6C, then TD beats 9S; 10H and RJ")).toHaveLength(5);
    expect(
      cardCodesIn("Table K7QS2A · the 10 of hearts · 10♥ · score 10 · as well · a 4-card run · 31 for 2"),
    ).toEqual([]);
  });

  for (const [game, options] of MATCHES)
    it(`${game}${options["Oklahoma knock card"] ? " (Oklahoma)" : ""}: a match against the computer, its hand ends, its replay and the record name every card in words`, async () => {
      const page = await harness.newPage({ width: 1280, height: 800 });
      const found = new Map<string, string>();
      // Every move by name, open: what a keyboard or a screen reader reaches.
      const allMoves = page.locator(".more-moves-toggle");
      const lobby = { name: "Ada", game, options };
      const moves = await playMatchFromLobby(
        page,
        harness.server.url,
        lobby,
        game.length * 104_729,
        async (phase, seq) => {
          if (
            phase === "play" &&
            (await allMoves.count()) &&
            (await allMoves.first().getAttribute("aria-expanded")) === "false"
          )
            await allMoves.first().click();
          await readInto(found, page, `${game}, ${phase} at event ${seq}`);
        },
      );
      expect(moves).toBeGreaterThan(0);
      // The replay: its first step, a step in the middle and its last.
      const code = new URL(page.url()).pathname.split("/").at(-1)!;
      const steps = await api<ReplaySteps>(harness.server.url, `/api/tables/${code}/steps`);
      for (const step of [0, Math.floor(steps.total / 2), steps.total - 1]) {
        await page.goto(`${harness.server.url}/replay/${steps.info.id}?step=${step}`);
        await expect.poll(() => page.getAttribute("main", "data-step")).toBe(String(step));
        await readInto(found, page, `${game}'s replay at step ${step}`);
      }
      // The player's record, with the match in it.
      const guest = await page.evaluate(() => localStorage.getItem("cardroom:guest"));
      const { id } = JSON.parse(guest ?? "{}") as { id: string };
      await page.goto(`${harness.server.url}/players/${id}`);
      await page.locator("main h1").waitFor();
      await expect.poll(() => page.locator("main [aria-busy=true]").count()).toBe(0);
      await readInto(found, page, `${game}: the record`);
      expect(report(found)).toEqual([]);
    }, 200_000);

  it("the lobby, every rules page and every leaderboard name every card in words", async () => {
    const page = await harness.newPage();
    const found = new Map<string, string>();
    await page.goto(harness.server.url);
    await page.locator("button.game-tile").first().waitFor();
    await readInto(found, page, "the lobby");
    for (const { game } of ENTRIES) {
      await page.locator(`button.game-tile[data-game="${game.id}"]`).click();
      await page.locator(`.game-panel[data-game="${game.id}"]`).waitFor();
      await readInto(found, page, `the lobby's ${game.id}`);
    }
    for (const path of ["/rules", "/leaderboard"]) {
      await page.goto(`${harness.server.url}${path}`);
      await page.locator("main h1").waitFor();
      await readInto(found, page, path);
    }
    for (const { game } of ENTRIES) {
      await page.goto(`${harness.server.url}/rules/${game.id}`);
      await page.locator("section.how-to-play").waitFor();
      await page.locator("#exact-rules").waitFor();
      await readInto(found, page, `/rules/${game.id}`);
      await page.goto(`${harness.server.url}/leaderboard/${game.id}`);
      await expect.poll(() => page.locator("main [aria-busy=true]").count()).toBe(0);
      await readInto(found, page, `/leaderboard/${game.id}`);
    }
    expect(report(found)).toEqual([]);
  });
});
