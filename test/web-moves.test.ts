/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * Moves as players make them, in a real browser: the stock clicked to draw
 * and a card dragged onto the pile, by a mouse and by a finger (Crazy Eights); a card that can't be
 * played saying why, with nothing sent; the hint glowing on the card it
 * names; Cribbage's discard picked two cards at a time, changed, and sent
 * only with "To the crib"; the muggins claim picked from its counts; and a
 * whole Crazy Eights match played from the keyboard alone (number keys,
 * Tab and Enter), the focus never dropped to the page after a move; the
 * keys' sheet a dialog that axe finds nothing wrong with.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import {
  ARTIFACTS,
  againstComputer,
  axeFindings,
  cardsIn,
  choosePicked,
  nextHand,
  phaseOf,
  seqOf,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();
const SETTLE = { timeout: 15_000 } as const;
const HAND = "section[aria-label='Your hand']";
const cribbageCount = ENTRIES.find((e) => e.game.id === "cribbage")!.count!;

/** Waits until it is this seat's move (dealing the next hand when one ends); false once the match is over. */
async function myTurn(page: Page): Promise<boolean> {
  for (;;) {
    const phase = await phaseOf(page);
    if (phase === "matchover") return false;
    if (phase === "handover") await nextHand(page);
    else if (phase === "play") return true;
    else await page.waitForTimeout(20);
  }
}

/** Makes some move (the first playable card, else the first move listed) and waits for the table to move on. */
async function anyMove(page: Page): Promise<void> {
  const seq = await seqOf(page);
  const card = page.locator(`${HAND} button.legal:not([disabled])`);
  if (await card.count()) {
    // Where a person taps it: its corner, in sight where the next card of a close fan (a phone's
    // Gin hand of eleven) lies over its middle.
    await card.first().click({ position: { x: 6, y: 12 } });
    if (await page.locator("button.picked").count()) await choosePicked(page);
  } else await page.locator("[data-moves] button[data-move]:not([disabled])").first().press("Enter");
  await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
}

describe("moves as players make them, in Chromium", { retry: 1 }, () => {
  it("Crazy Eights: a click on the stock draws, a card dragged onto the discard pile (mouse or finger) is played", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights");
    let drew = false;
    let dragged = false;
    let touched = false;
    const deadline = Date.now() + 90_000;
    while (!(drew && dragged && touched)) {
      if (Date.now() > deadline)
        throw new Error(`not done in time: drew ${drew}, dragged ${dragged}, touched ${touched}`);
      if (!(await myTurn(page))) throw new Error("the match ended first");
      const seq = await seqOf(page);
      const before = await cardsIn(page, HAND);
      // A card with one move (not an Eight, which asks for its suit).
      const single = (
        await page
          .locator(`${HAND} button.legal:not([aria-pressed]) [data-card]`)
          .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!))
      ).find((c) => c[0] !== "8");
      if (!dragged && single) {
        await page.dragAndDrop(
          `${HAND} button.legal:has([data-card='${single}'])`,
          "[data-testid=crazy-eights-table] figure[aria-label='Discard pile']",
        );
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        // The card left the hand: played (nothing else takes a card from it).
        expect(await cardsIn(page, HAND)).not.toContain(single);
        dragged = true;
        continue;
      }
      if (!touched && single) {
        // A finger: pointer events that are not a mouse's, lifted over the pile.
        await page.evaluate((card) => {
          const from = document.querySelector(
            `section[aria-label='Your hand'] [data-drag-source='hand:${card}']`,
          )!;
          const to = document
            .querySelector("[data-testid=crazy-eights-table] figure[aria-label='Discard pile']")!
            .getBoundingClientRect();
          const a = from.getBoundingClientRect();
          const at = (type: string, x: number, y: number, on: EventTarget): boolean =>
            on.dispatchEvent(
              new PointerEvent(type, {
                pointerType: "touch",
                isPrimary: true,
                clientX: x,
                clientY: y,
                bubbles: true,
              }),
            );
          at("pointerdown", a.x + 5, a.y + 5, from);
          at("pointermove", a.x + 40, a.y - 40, document);
          at("pointerup", to.x + to.width / 2, to.y + to.height / 2, document);
        }, single);
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        expect(await cardsIn(page, HAND)).not.toContain(single);
        touched = true;
        continue;
      }
      const stock = page.locator("[data-shortcut=draw]:not([disabled])");
      if (!drew && (await stock.count())) {
        expect(await stock.getAttribute("aria-keyshortcuts")).toBe("d");
        await stock.click();
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        // One card more in the hand: the stock's top.
        await expect.poll(async () => (await cardsIn(page, HAND)).length, SETTLE).toBe(before.length + 1);
        drew = true;
        continue;
      }
      await anyMove(page);
    }
  }, 120_000);

  it("a card that can't be played says why (the game's words), and nothing is sent", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights");
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("no card that can't be played came in time");
      if (!(await myTurn(page))) throw new Error("the match ended first");
      const no = page.locator(`${HAND} button.unplayable`);
      if (!(await no.count())) {
        await anyMove(page);
        continue;
      }
      const seq = await seqOf(page);
      expect(await no.first().getAttribute("aria-disabled")).toBe("true");
      // Marked aria-disabled (so Playwright will not click it unforced), yet a person's click reaches it.
      await no.first().click({ force: true });
      // "Play an 8 or match 7♣: clubs or a 7." (the card drawn as a card), or the Eight's call.
      await expect
        .poll(() => page.textContent("[data-testid=why-not]"), SETTLE)
        .toMatch(
          /^(Play an 8 or match \S+: [a-z]+ or an? \w+\.|The Eight called [a-z]+: play [a-z]+ or an 8\.)$/,
        );
      expect(await page.getAttribute("[data-testid=why-not]", "role")).toBe("status");
      await page.screenshot({ path: join(ARTIFACTS, "moves-why-not.png") });
      await page.waitForTimeout(200);
      expect(await seqOf(page)).toBe(seq);
      expect(await axeFindings(page)).toEqual([]);
      break;
    }
  }, 120_000);

  it("the hint glows on the card it names (asked with the h key)", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights");
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("no hint named a card in time");
      if (!(await myTurn(page))) throw new Error("the match ended first");
      const seq = await seqOf(page);
      await page.locator(HAND).focus();
      await page.keyboard.press("h");
      await expect.poll(() => page.textContent("[data-testid=hint]"), SETTLE).toMatch(/^(Hint|No hint)/);
      const glowing = page.locator(`${HAND} button.card-slot.hinted`);
      if ((await seqOf(page)) === seq && (await glowing.count()) === 1) {
        // The card the hint's move puts down, glowing on the card itself.
        const card = await glowing.locator("[data-card]").getAttribute("data-card");
        const hint = (await page.textContent("[data-testid=hint]")) ?? "";
        expect(hint).toMatch(/^Hint: /);
        expect(await glowing.textContent()).toContain("(the hint)");
        const shadow = await glowing
          .locator("svg.card")
          .evaluate((e) => getComputedStyle(e).boxShadow + getComputedStyle(e).outlineStyle);
        expect(shadow).toMatch(/rgba?\(255, 210, 31.*solid/);
        expect(card).toBeTruthy();
        await page.screenshot({ path: join(ARTIFACTS, "moves-hint-glow.png") });
        break;
      }
      // A hint to draw glows on the stock instead.
      if ((await page.locator(".pile-button.hinted").count()) === 1)
        expect(await page.locator(".pile-button.hinted").getAttribute("data-shortcut")).toBe("draw");
      await anyMove(page);
      // The hint is asked for at most about once a second.
      await page.waitForTimeout(1000);
    }
  }, 120_000);

  it("Cribbage: two cards picked, the pick changed, and nothing goes until To the crib", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "cribbage");
    await expect.poll(() => page.getAttribute("main", "data-stage"), SETTLE).toBe("discard");
    await expect.poll(() => phaseOf(page), SETTLE).toBe("play");
    const seq = await seqOf(page);
    const cards = page.locator(`${HAND} button.legal`);
    expect(await cards.count()).toBe(6);
    // No move buttons send a card to the crib one at a time.
    expect(await page.locator("[data-moves] button[data-move=discard]").count()).toBe(0);
    const send = page.getByRole("button", { name: "To the crib" });
    const codes = await cards
      .locator("[data-card]")
      .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
    const pressed = (i: number): Promise<string | null> => cards.nth(i).getAttribute("aria-pressed");
    await cards.nth(0).click();
    await cards.nth(1).click();
    expect([await pressed(0), await pressed(1)]).toEqual(["true", "true"]);
    expect(await send.isEnabled()).toBe(true);
    // Changed: the first put back, the third picked instead.
    await cards.nth(0).click();
    expect(await pressed(0)).toBe("false");
    expect(await send.isEnabled()).toBe(false);
    await cards.nth(2).click();
    expect([await pressed(0), await pressed(1), await pressed(2)]).toEqual(["false", "true", "true"]);
    // Those picked stand above the rest, and under the hand's heading and its sort buttons.
    const tops = await cards.evaluateAll((es) => es.map((e) => e.getBoundingClientRect().top));
    expect(Math.max(tops[1], tops[2])).toBeLessThan(Math.min(tops[0], ...tops.slice(3)) - 4);
    const heading = await page.locator(".hand-head").boundingBox();
    expect(Math.min(tops[1], tops[2])).toBeGreaterThanOrEqual((heading?.y ?? NaN) + (heading?.height ?? NaN));
    await page.waitForTimeout(200);
    expect(await seqOf(page)).toBe(seq);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "moves-crib-pick.png") });
    await send.click();
    // Both went to the crib, the others stayed in the hand.
    await expect
      .poll(() => cardsIn(page, "[data-testid=crib]"), SETTLE)
      .toEqual(expect.arrayContaining([codes[1], codes[2]]));
    const kept = await cardsIn(page, HAND);
    expect(kept).not.toContain(codes[1]);
    expect(kept).not.toContain(codes[2]);
    expect(kept).toContain(codes[0]);
  }, 60_000);

  it("muggins: the count is picked from the claims listed, with one Claim button", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "cribbage", { options: { muggins: true } });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("no claim came in time");
      if (!(await myTurn(page))) throw new Error("the match ended first");
      const claim = page.locator("[data-testid=claim]");
      if (!(await claim.count())) {
        const send = page.locator("button[data-crib]");
        if (await send.count()) {
          const seq = await seqOf(page);
          const cards = page.locator(`${HAND} button.legal`);
          await cards.nth(0).click();
          await cards.nth(1).click();
          await send.click();
          await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        } else await anyMove(page);
        continue;
      }
      // One picker and one button, not a button per count.
      expect(await page.locator("[data-moves] button[data-move=claim]").count()).toBe(0);
      const picker = claim.getByLabel(/Your count for the/);
      const values = await picker
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(values).toEqual(["", ...Array.from({ length: 30 }, (_, i) => String(i))]);
      const shown = await page
        .locator("[data-testid=claiming] [data-card]")
        .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
      const crib = /crib/.test((await page.textContent("[data-testid=claiming]")) ?? "");
      const answer = cribbageCount({ hand: shown.slice(0, 4), starter: shown[4], crib });
      if (!answer.ok) throw new Error(answer.error);
      const total = answer.value.json.total as number;
      const seq = await seqOf(page);
      // Claim with nothing picked: one line says so, nothing is sent.
      await claim.getByRole("button", { name: "Claim" }).click();
      await expect.poll(() => page.textContent("[data-testid=why-not]"), SETTLE).toMatch(/Choose your count/);
      expect(await seqOf(page)).toBe(seq);
      expect(await axeFindings(page)).toEqual([]);
      await picker.selectOption(String(total));
      await claim.getByRole("button", { name: "Claim" }).click();
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
      await expect.poll(() => page.textContent("[role=log]"), SETTLE).toMatch(new RegExp(`claimed ${total}`));
      break;
    }
  }, 150_000);

  it("plays a whole Crazy Eights match from the keyboard alone, the focus never dropped to the page", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "crazy-eights", { options: { target: 200 } });
    // The keys' sheet: opened with ?, a modal dialog, closed with Escape.
    await expect.poll(() => phaseOf(page), SETTLE).not.toBe("loading");
    await page.keyboard.press("?");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    expect(await sheet.textContent()).toMatch(/1 – 9.*h.*d/s);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => sheet.isVisible()).toBe(false);
    // Typing in the chat: the keys are the message's, not shortcuts.
    await expect.poll(() => phaseOf(page), SETTLE).toBe("play");
    const typed = await seqOf(page);
    const chat = page.getByLabel("Your message");
    await chat.focus();
    await page.keyboard.type("1d?h2");
    expect(await chat.inputValue()).toBe("1d?h2");
    expect(await sheet.isVisible()).toBe(false);
    expect(await page.textContent("[data-testid=hint]")).toBe("");
    expect(await seqOf(page)).toBe(typed);
    await chat.fill("");
    await page.locator(HAND).focus();
    /** What has the focus: "body" when it was dropped. */
    const focused = (): Promise<string> =>
      page.evaluate(() => {
        const e = document.activeElement;
        if (!e || e === document.body) return "body";
        return e.closest("section[aria-label='Your hand']") ? "hand" : (e.textContent ?? e.tagName).trim();
      });
    // A guard against a match that never ends, not a pace: a busy machine took more than 150 s.
    const deadline = Date.now() + 270_000;
    let moves = 0;
    let byTab = 0;
    let hands = 1;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the match did not end in time (${moves} moves)`);
      const phase = await phaseOf(page);
      if (phase === "matchover") break;
      if (phase === "handover") {
        // The focus waits on "Next hand".
        await expect.poll(focused, SETTLE).toBe("Next hand");
        await page.keyboard.press("Enter");
        await expect.poll(() => phaseOf(page), SETTLE).not.toBe("handover");
        hands++;
        continue;
      }
      const mine = await page.locator("[data-moves] button[data-move]:not([disabled])").count();
      if (phase !== "play" || mine === 0) {
        await page.waitForTimeout(20);
        continue;
      }
      const seq = await seqOf(page);
      const onCard = await page.evaluate(
        () => !!document.activeElement?.matches("section[aria-label='Your hand'] button.legal"),
      );
      if (moves % 2 === 1 && onCard) {
        // Tab and Enter: the focus is on the first playable card; Tab on and back, then Enter.
        await page.keyboard.press("Tab");
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Enter");
        byTab++;
      } else {
        // The number keys: the 1st choice, or every third move the 2nd when there is one.
        const choices = await page
          .locator(
            `${HAND} button.legal:not([disabled]), [data-moves] button[data-move]:not([data-card-move]):not([disabled])`,
          )
          .count();
        await page.keyboard.press(moves % 3 === 2 && choices > 1 ? "2" : "1");
      }
      // An Eight asks for its suit: its moves are the number keys' now.
      await expect
        .poll(
          async () => (await seqOf(page)) > seq || (await page.locator("button.picked").count()) > 0,
          SETTLE,
        )
        .toBe(true);
      if ((await seqOf(page)) === seq) await page.keyboard.press("1");
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
      moves++;
      // After the move the focus is on the hand (a card, or the hand itself), or "Next hand": never the page.
      expect(await focused()).not.toBe("body");
    }
    expect(moves).toBeGreaterThan(0);
    expect(byTab).toBeGreaterThan(0);
    // More than one hand (to 200 points): "Next hand" was reached from the keyboard.
    expect(hands).toBeGreaterThan(1);
    await expect.poll(() => page.textContent("[data-testid=turn]"), SETTLE).toMatch(/Match over/);
    expect(await focused()).not.toBe("body");
  }, 300_000);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`Gin's knock turn at ${size.width}x${size.height}: a card clicked discards, "Knock" then a card knocks, at most 3 move buttons`, async () => {
      const page = await harness.newPage(size);
      // A knock limit of 60: the knock is legal on almost every discard.
      await againstComputer(page, harness.server.url, "gin-rummy", {
        options: { knockLimit: 60, target: 500 },
      });
      const deadline = Date.now() + 90_000;
      const knock = page.locator("[data-testid=knock] button[data-knock]:not([disabled])");
      for (;;) {
        if (Date.now() > deadline) throw new Error("no knock came in time");
        if (!(await myTurn(page))) throw new Error("the match ended first");
        if (!(await knock.count())) {
          const seq = await seqOf(page);
          const drawn = page.locator("[data-shortcut=draw]:not([disabled])");
          // The discard the melds set apart stands alone (the meld's cards overlap on a phone).
          const discard = page.locator(".best-discard button.legal:not([disabled])");
          if (await drawn.count()) await drawn.click();
          else if (await discard.count()) await discard.click();
          else await anyMove(page);
          await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
          continue;
        }
        // The buttons in sight: "Knock" (and "Gin" when a discard leaves no deadwood), "Every move by
        // name" and the hint; the discards and knocks by name are folded under "Every move by name".
        const inSight = await page.evaluate(() =>
          [
            ...document.querySelectorAll<HTMLElement>(
              "[data-moves] button:not([data-shortcut=hint]), section[aria-label='Your hand'] button:not(.card-slot)",
            ),
          ]
            // The folded list is clipped to nothing until opened (or one of its buttons has the focus).
            .filter((b) => !b.closest(".more-moves:not(.open)") && b.getBoundingClientRect().width > 0)
            .map((b) => b.textContent?.trim() ?? ""),
        );
        expect(inSight.length, inSight.join(" | ")).toBeLessThanOrEqual(3);
        expect(
          inSight.some((t) => /^Every move by name/.test(t)),
          inSight.join(" | "),
        ).toBe(true);
        // Every knock is still there by name, for keyboards and screen readers.
        expect(
          await page.locator("[data-moves] .more-moves button[data-move=knock]").count(),
        ).toBeGreaterThan(0);
        await page.screenshot({ path: join(ARTIFACTS, `gin-knock-${size.width}.png`) });
        // "Knock" (or "Gin"), pressed: it waits for the card, and says so.
        const seq = await seqOf(page);
        await knock.first().click();
        expect(await knock.first().getAttribute("aria-pressed")).toBe("true");
        await expect.poll(() => page.textContent("[data-testid=why-not]"), SETTLE).toMatch(/click the card/);
        expect(await seqOf(page)).toBe(seq);
        await page.screenshot({ path: join(ARTIFACTS, `gin-knock-card-${size.width}.png`) });
        const card = page.locator(`${HAND} button.legal:not([disabled])`).first();
        const discard = await card.locator("[data-card]").getAttribute("data-card");
        // Where a person clicks an overlapped card: its corner in sight.
        await card.click({ position: { x: 6, y: 30 } });
        // The knock is made with that card: the hand's end lays both hands out, or the knock is shown for lay-offs.
        await expect
          .poll(async () => (await page.textContent("[role=log]")) ?? "", SETTLE)
          .toMatch(/knock|gin/i);
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        expect(await cardsIn(page, HAND)).not.toContain(discard);
        break;
      }
    }, 120_000);
});
