/**
 * Every game from the lobby to the end of a match in a real browser: a
 * person names themself, picks the game and a computer for the other seat,
 * sets the option that makes the match short, creates the table and plays
 * by clicking the moves the table offers until the table says the match is
 * over. The promise, game by game: each can be played through.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HandResult } from "../src/engine/game.js";
import { api } from "../src/server/client.js";
import type { ReplaySteps } from "../src/server/messages.js";
import {
  ARTIFACTS,
  QUICK_MATCH,
  phaseOf,
  playFromLobby,
  playMatchFromLobby,
  seqOf,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();

// A real browser beside a real server on a small shared machine: a test that fails once for timing is
// run once more; one that fails twice fails.
describe("every game from the lobby to the end of a match, in Chromium", { retry: 1 }, () => {
  it.each(QUICK_MATCH)("%s", async (game, option, value) => {
    const page = await harness.newPage();
    // Each hand's end as its panel showed it: the hand's points and the match score, by seat.
    const panels = new Map<number, { points: number[]; scores: number[] }>();
    const readPanel = async (): Promise<void> => {
      const panel = page.locator("[data-hand-end]");
      await panel.waitFor();
      const numbers = async (cells: string) => (await panel.locator(cells).allTextContents()).map(Number);
      panels.set(Number(await panel.getAttribute("data-hand-end")), {
        points: await numbers("td[data-points]"),
        scores: await numbers("td[data-score]"),
      });
    };
    const moves = await playMatchFromLobby(
      page,
      harness.server.url,
      { name: "Ada", game, options: option ? { [option]: value } : {} },
      game.length * 7919,
      async (phase) => {
        if (phase === "handover" || phase === "matchover") await readPanel();
      },
      () => panels.clear(),
    );
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.textContent("section[aria-label='Seats']")).toContain("You: Ada");
    await expect.poll(() => page.textContent("[data-testid=turn]")).toMatch(/Match over/);
    // Every hand's panel said what the engine scored: its hand-end events and the scores after them.
    const code = new URL(page.url()).pathname.split("/").at(-1)!;
    const truth = new Map<number, { points: number[]; scores: number[] }>();
    for (let from = 0, total = 1; from < total;) {
      const got = await api<ReplaySteps>(harness.server.url, `/api/tables/${code}/steps?from=${from}`);
      for (const step of got.steps)
        for (const e of step.events)
          if (e.type === "handOver")
            truth.set(e.hand as number, {
              points: (e.result as unknown as HandResult).points.slice(),
              scores: step.status.scores.slice(),
            });
      total = got.total;
      from += got.steps.length;
    }
    expect(truth.size).toBeGreaterThan(0);
    expect(panels).toEqual(truth);
    await page.screenshot({ path: join(ARTIFACTS, `${game}-match-over.png`), fullPage: true });
    // Its replay, from the seat this browser sat at: the game's own table, read-only, the hand dealt.
    const first = await api<ReplaySteps>(harness.server.url, `/api/tables/${code}/steps`);
    await page.goto(`${harness.server.url}/replay/${first.info.id}`);
    await page.locator("main[data-step]").waitFor();
    const seat = await page.getAttribute("main", "data-viewer");
    expect(seat).not.toBe("spectator");
    const felt = page.locator("section[aria-label='The table']");
    await expect.poll(() => felt.locator("*").count()).toBeGreaterThan(1);
    expect(await felt.locator("[data-testid=generic-table]").count()).toBe(0);
    expect(await page.locator("main button.card-slot, main button[data-move], main form").count()).toBe(0);
    await expect
      .poll(() => page.locator("section[aria-label='Your hand'] [data-card]").count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, `${game}-replay.png`) });
  });

  it("plays a whole Crazy Eights match at the table with the keyboard alone (Tab to a move, Enter)", async () => {
    const page = await harness.newPage();
    await playFromLobby(page, harness.server.url, {
      name: "Kay",
      game: "crazy-eights",
      options: { "Points to win": "1" },
    });
    /** Presses Tab until the focused element matches `selector` (and says `text`); whether it got there. */
    const tabTo = async (selector: string, text?: string): Promise<boolean> => {
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Tab");
        const there = await page.evaluate(
          ([sel, words]) => {
            const e = document.activeElement;
            return !!e && e.matches(sel) && (words === "" || e.textContent?.trim() === words);
          },
          [selector, text ?? ""] as const,
        );
        if (there) return true;
      }
      return false;
    };
    const deadline = Date.now() + 150_000;
    let moves = 0;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the match did not end in time (${moves} moves)`);
      const phase = await phaseOf(page);
      if (phase === "matchover") break;
      if (phase === "handover") {
        expect(await tabTo("button:not([disabled])", "Next hand")).toBe(true);
        await page.keyboard.press("Enter");
        await expect.poll(() => phaseOf(page)).not.toBe("handover");
        continue;
      }
      if (
        phase !== "play" ||
        (await page.locator("[data-moves] button[data-move]:not([disabled])").count()) === 0
      ) {
        await page.waitForTimeout(20);
        continue;
      }
      // A card when one plays (so the hand ends), else whatever is offered: reached by Tab, played by Enter.
      const plays = await page.locator("[data-moves] button[data-move=play]:not([disabled])").count();
      const seq = await seqOf(page);
      expect(await tabTo(`[data-moves] button[data-move${plays ? "=play" : ""}]:not([disabled])`)).toBe(true);
      await page.keyboard.press("Enter");
      moves++;
      await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
    }
    expect(moves).toBeGreaterThan(0);
    await expect.poll(() => page.textContent("[data-testid=turn]")).toMatch(/Match over/);
  });
});
