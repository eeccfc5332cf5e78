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
import { api } from "../src/server/client.js";
import type { ReplaySteps, TableInfo } from "../src/server/messages.js";
import {
  againstComputer,
  axeFindings,
  cardsIn,
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

  it("rest between sounds: the page's audio is suspended once the last sound has ended, and wakes for the next", async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    // Every state each of the page's audio contexts goes through, in order.
    await context.addInitScript(() => {
      const w = window as unknown as { audioStates: string[][] };
      w.audioStates = [];
      const Real = AudioContext;
      window.AudioContext = class extends Real {
        constructor(options?: AudioContextOptions) {
          super(options);
          const states = [this.state as string];
          w.audioStates.push(states);
          this.addEventListener("statechange", () => states.push(this.state));
        }
      };
    });
    const page = await harness.newPage({ context });
    const states = (): Promise<string[][]> =>
      page.evaluate(() => (window as unknown as { audioStates: string[][] }).audioStates);
    await againstComputer(page, harness.server.url, "crazy-eights");
    // Cards heard, then quiet: the one context has run and is at rest.
    await playUntil(page, async () => (await sounds(page)).filter((s) => s === "play").length >= 3, 4);
    await expect
      .poll(async () => (await states()).map((s) => s.at(-1)), { timeout: 15_000 })
      .toEqual(["suspended"]);
    const [woken] = await states();
    expect(woken).toContain("running");
    // The next card wakes it: heard, then at rest again.
    const runs = woken.filter((s) => s === "running").length;
    const seq = await seqOf(page);
    await playUntil(page, async () => (await seqOf(page)) >= seq + 2, 6);
    await expect
      .poll(async () => {
        const [now] = await states();
        return now.filter((s) => s === "running").length > runs && now.at(-1) === "suspended";
      })
      .toBe(true);
  }, 90_000);

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
    // Every card was to be heard (sounds on), and none could be: the table played on regardless.
    expect((await sounds(page)).filter((s) => s === "play").length).toBeGreaterThanOrEqual(3);
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

const HAND = "section[aria-label='Your hand']";
const handCards = (page: Page): Promise<string[]> => cardsIn(page, HAND);
const RANKS = "A23456789TJQK";
const byRank = (cards: readonly string[]): string[] =>
  [...cards].sort(
    (a, b) => RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]) || "SHCD".indexOf(a[1]) - "SHCD".indexOf(b[1]),
  );

describe("the hand in the player's order", () => {
  it("sorted by rank or suit, or dragged into place, and kept so through a reload", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights");
    const dealt = await handCards(page);
    await page.getByRole("button", { name: "By rank" }).click();
    await expect.poll(() => handCards(page)).toEqual(byRank(dealt));
    expect(await page.getByRole("button", { name: "By rank" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "By suit" }).click();
    const suited = await handCards(page);
    // Suits side by side alternate in colour (spades, hearts, clubs, diamonds), each in rank order.
    const suits = [...new Set(suited.map((c) => c[1]))];
    expect(suits).toEqual([..."SHCD"].filter((s) => suits.includes(s)));
    expect(suited).toEqual(
      [...dealt].sort(
        (a, b) => "SHCD".indexOf(a[1]) - "SHCD".indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]),
      ),
    );
    // A card dragged with the mouse from the left end to the right end of the hand stands there.
    const [first] = suited;
    const last = suited[suited.length - 1];
    await page.dragAndDrop(
      `${HAND} [data-drag-source='hand:${first}']`,
      `${HAND} [data-drag-source='hand:${last}']`,
      {
        targetPosition: { x: 60, y: 40 },
      },
    );
    const moved = [...suited.slice(1), first];
    await expect.poll(() => handCards(page)).toEqual(moved);
    expect(await page.locator(`${HAND} .hand-sort [aria-pressed=true]`).count()).toBe(0);
    // Nothing was played: the table's moves are not the hand's order.
    expect((await handCards(page)).length).toBe(dealt.length);
    await page.reload();
    await page.locator(`${HAND} [data-card]`).first().waitFor();
    await expect.poll(() => handCards(page)).toEqual(moved);
    // From the keyboard: Shift+Right moves the card you are on a place along, and it keeps the focus.
    await page.locator(`${HAND} button.card-slot`).first().waitFor();
    const [a, b] = moved;
    await page.locator(`${HAND} [data-drag-source='hand:${a}']`).focus();
    await page.keyboard.press("Shift+ArrowRight");
    const stepped = [b, a, ...moved.slice(2)];
    await expect.poll(() => handCards(page)).toEqual(stepped);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-drag-source"))).toBe(
      `hand:${a}`,
    );
    await page.keyboard.press("Shift+ArrowLeft");
    await expect.poll(() => handCards(page)).toEqual(moved);
    // The moves by name follow the hand's order too, once a card can be played (the computer may be to
    // move first, or we to draw).
    await page.getByRole("button", { name: /^Every move by name/ }).click();
    const named = page.locator("#more-moves button[data-card-move]");
    const draw = page.locator("[data-shortcut=draw]:not([disabled])");
    for (const deadline = Date.now() + 60_000; !(await named.count()); await page.waitForTimeout(20)) {
      if (Date.now() > deadline) throw new Error("no card to play in a minute");
      if ((await phaseOf(page)) === "play" && (await draw.count())) await draw.click();
    }
    const held = await handCards(page);
    const at = (
      await named.evaluateAll((bs) =>
        bs.map((b) => b.querySelector("[data-card]")?.getAttribute("data-card") ?? ""),
      )
    ).map((c) => held.indexOf(c));
    expect(at, held.join(" ")).not.toContain(-1);
    expect(at, held.join(" ")).toEqual([...at].sort((x, y) => x - y));
  }, 60_000);
});

describe("a card carried by a finger", () => {
  it("follows the finger on a touch screen, and is played where it is let go", async () => {
    const page = await harness.newPage({ width: 390, height: 844, hasTouch: true });
    await againstComputer(page, harness.server.url, "crazy-eights");
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x = 0, y = 0): Promise<unknown> =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    const next = chooser(17);
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("no card to carry in two minutes");
      const phase = await phaseOf(page);
      if (phase === "matchover") throw new Error("the match ended before a card could be carried");
      if (phase === "handover") {
        await nextHand(page);
        continue;
      }
      if (phase !== "play") {
        await page.waitForTimeout(20);
        continue;
      }
      // A card with one move (an Eight asks for its suit).
      const single = (
        await page
          .locator(`${HAND} button.legal:not([aria-pressed]) [data-card]`)
          .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!))
      ).find((c) => c[0] !== "8");
      const seq = await seqOf(page);
      if (!single) {
        // Not our turn yet, or nothing but an Eight or a draw: the computer moves, or we do by name.
        if (await clickMove(page, next()))
          await expect.poll(() => seqOf(page), { timeout: 30_000 }).toBeGreaterThan(seq);
        else await page.waitForTimeout(20);
        continue;
      }
      const slot = await page.locator(`${HAND} [data-drag-source='hand:${single}']`).boundingBox();
      const card = await page.locator(`${HAND} [data-card='${single}']`).boundingBox();
      const pile = await page
        .locator("[data-testid=crazy-eights-table] figure[aria-label='Discard pile']")
        .boundingBox();
      if (!slot || !card || !pile) throw new Error("the card or the pile is not drawn");
      const [x0, y0] = [slot.x + Math.min(10, slot.width / 2), slot.y + 30];
      await touch("touchStart", x0, y0);
      // Carried up and to the right: its copy under the finger all the way, moved as far as the finger.
      for (const [dx, dy] of [
        [15, -20],
        [40, -80],
        [70, -160],
      ]) {
        await touch("touchMove", x0 + dx, y0 + dy);
        // A browser hands pointer moves over once a frame: the copy follows by the next one.
        const offBy = async (): Promise<number> => {
          const ghost = await page.locator(".drag-ghost").boundingBox();
          if (!ghost) return Infinity;
          return Math.max(Math.abs(ghost.x - (card.x + dx)), Math.abs(ghost.y - (card.y + dy)));
        };
        await expect.poll(offBy, { message: `the card's copy at ${dx},${dy}` }).toBeLessThanOrEqual(2);
      }
      const [px, py] = [pile.x + pile.width / 2, pile.y + pile.height / 2];
      await touch("touchMove", px, py);
      await touch("touchEnd");
      // Let go over the pile: played, and its copy gone.
      await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
      expect(await handCards(page)).not.toContain(single);
      expect(await page.locator(".drag-ghost").count()).toBe(0);
      return;
    }
  }, 180_000);
});

describe("a replay", () => {
  it("moves each card as the live table does: a step forward flies its card onto the pile", async () => {
    // Two computers play a match to one point by themselves.
    const { url } = harness.server;
    const info = await api<TableInfo>(url, "/api/tables", {
      game: "crazy-eights",
      seats: [
        { kind: "computer", level: "easy" },
        { kind: "computer", level: "easy" },
      ],
      options: { target: 1 },
    });
    await expect.poll(() => harness.server.authority.isFinished(info.id), { timeout: 60_000 }).toBe(true);
    const { steps } = await api<ReplaySteps>(url, `/api/tables/${info.id}/steps`);
    const played = steps.findIndex(
      (s, k) =>
        k > 0 && s.events.some((e) => e.type === "move" && (e.move as { type?: string }).type === "play"),
    );
    expect(played).toBeGreaterThan(0);
    const card = (steps[played].events.find((e) => e.type === "move")!.move as { card: string }).card;
    // At the default pace (400 ms), as a person who never chose one.
    const page = await harness.newPage({ width: 1280, height: 800, paceMs: null });
    await page.goto(`${url}/replay/${info.id}?step=${played - 1}`);
    await expect.poll(() => page.getAttribute("main", "data-step")).toBe(String(played - 1));
    await page.getByRole("button", { name: "Forward", exact: true }).click();
    // The page's own record of each card landed on a pile (web/src/anim/motion.ts).
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByName("cardroom:landed")
            .map((e) => (e as PerformanceMark).detail as { card: string; pile: string }),
        ),
      )
      .toEqual([expect.objectContaining({ card, pile: "Discard pile" })]);
    expect(await page.getAttribute("main", "data-step")).toBe(String(played));
    expect(await axeFindings(page)).toEqual([]);
  }, 90_000);
});
