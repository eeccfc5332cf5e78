/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * How the table feels, in Chromium: its sounds (each move heard, a mute
 * remembered, silence and no error where the browser has no Web Audio) and
 * the rules opened over the table, not away from it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  againstComputer,
  axeFindings,
  chooser,
  clickMove,
  nextHand,
  phaseOf,
  seqOf,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();

/** The page's own record of each sound it played (web/src/sound.ts), in order. */
const sounds = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByName("cardroom:sound")
      .map((e) => ((e as PerformanceMark).detail as { sound: string }).sound),
  );

/** Plays this seat's moves (seeded choices) until `enough`, or the hand's end. */
async function playUntil(page: Page, enough: () => Promise<boolean>, seed: number): Promise<void> {
  const next = chooser(seed);
  const deadline = Date.now() + 90_000;
  while (!(await enough())) {
    if (Date.now() > deadline) throw new Error("played 90 s without getting there");
    const phase = await phaseOf(page);
    if (phase === "handover" || phase === "matchover") return;
    const seq = await seqOf(page);
    if (phase === "play" && (await clickMove(page, next())) !== null)
      await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
    else await page.waitForTimeout(20);
  }
}

describe("the table's sounds", () => {
  it("are on until muted: the shuffle, the deal, each card put down or drawn, your turn; the mute remembered", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights", { computers: 2 });
    const mute = page.getByRole("button", { name: "Mute", exact: true });
    expect(await mute.getAttribute("aria-pressed")).toBe("false");
    // Each card heard as it goes down, the computers' too, and the turn coming to you.
    await playUntil(page, async () => false, 3);
    const heard = await sounds(page);
    expect(heard.filter((s) => s === "play").length, heard.join(" ")).toBeGreaterThanOrEqual(4);
    expect(heard).toContain("turn");
    // The next hand is heard shuffled, then dealt.
    await nextHand(page);
    await expect
      .poll(async () => (await sounds(page)).slice(heard.length))
      .toEqual(expect.arrayContaining(["shuffle", "deal"]));
    // Muted: nothing more is heard, and the mute is kept across a reload.
    await mute.click();
    expect(await mute.getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByLabel("Sounds: the cards, your turn, a hand won").isChecked()).toBe(false);
    const before = (await sounds(page)).length;
    const seq = await seqOf(page);
    await playUntil(page, async () => (await seqOf(page)) >= seq + 6, 5);
    expect((await sounds(page)).length).toBe(before);
    await page.reload();
    await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
    expect(await page.getByRole("button", { name: "Mute", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    // Unmuted again: heard again.
    await page.getByRole("button", { name: "Mute", exact: true }).click();
    const seq2 = await seqOf(page);
    await playUntil(page, async () => (await seqOf(page)) >= seq2 + 4, 7);
    expect((await sounds(page)).length).toBeGreaterThan(0);
  }, 120_000);

  it("are silence, never an error, in a browser without Web Audio", async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    await context.addInitScript(() => {
      delete (window as { AudioContext?: unknown }).AudioContext;
      delete (window as { webkitAudioContext?: unknown }).webkitAudioContext;
    });
    // The harness's page fails the test on any error the page throws.
    const page = await harness.newPage({ context });
    await againstComputer(page, harness.server.url, "crazy-eights");
    expect(await page.evaluate(() => typeof AudioContext)).toBe("undefined");
    await playUntil(page, async () => (await sounds(page)).filter((s) => s === "play").length >= 3, 9);
    expect(await phaseOf(page)).not.toBe(null);
  }, 90_000);
});

describe("the rules at a table", () => {
  it("open over the table, which stays as it was; Escape closes them and the focus goes back", async () => {
    const page = await harness.newPage({ width: 390, height: 844 });
    const info = await againstComputer(page, harness.server.url, "gin-rummy");
    const seq = await seqOf(page);
    const link = page.getByRole("link", { name: "The rules", exact: true });
    expect(await link.getAttribute("href")).toBe("/rules/gin-rummy");
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Gin Rummy: the rules" });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator("h1").first().textContent()).toBe("How to play Gin Rummy");
    await expect.poll(() => dialog.locator("article.rules h2").count()).toBeGreaterThan(1);
    // Still the table, behind the rules: its address, its hand, its state.
    expect(new URL(page.url()).pathname).toBe(`/t/${info.code}`);
    expect(await page.locator("section[aria-label='Your hand'] [data-card]").count()).toBeGreaterThan(0);
    expect(await seqOf(page)).toBeGreaterThanOrEqual(seq);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("The rules");
    // Opened again, and shut with its Close button.
    await link.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe(`/t/${info.code}`);
  }, 60_000);
});
