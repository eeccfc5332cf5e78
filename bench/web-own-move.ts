/// <reference lib="dom" />
// The functions passed to addInitScript and waitForFunction run in the page.
/**
 * Your own move on screen: a Crazy Eights match against three computers at
 * the page's default pace, played in Chromium by clicking a card of the
 * hand; for each card played so, the milliseconds from the click (the
 * pointer event's time) to the frame in which that card is no longer drawn
 * in the hand (the requestAnimationFrame after the page's change: that
 * frame's start), and whether it is drawn on the discard pile in that frame.
 * Moves of another kind (a draw, a pass, an Eight's suit) are made with
 * their buttons and not timed.
 */
import type { Browser } from "playwright-core";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";

export interface OwnMove {
  /** From the click to the frame in which the card has left the hand. */
  readonly ms: number;
  /** In that frame the card is on the pile (else a computer's card already covers it, or it flies). */
  readonly onPile: boolean;
}

/** Each card played by a click, in play order. */
export async function ownMoves(browser: Browser, url: string, token: string): Promise<OwnMove[]> {
  const info = await api<TableInfo>(url, "/api/tables", {
    game: "crazy-eights",
    seats: [{ kind: "open" }, ...[0, 1, 2].map(() => ({ kind: "computer", level: "easy" }))],
    options: { target: 150 },
  });
  const sat = await api<{ secret: string }>(url, `/api/tables/${info.id}/seats/0`, { token });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    `localStorage.setItem("cardroom:seat:${info.id}", ${JSON.stringify(JSON.stringify({ seat: 0, secret: sat.secret }))})`,
  );
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { cardroomMoves: { ms: number; onPile: boolean }[] };
    w.cardroomMoves = [];
    const hand = "section[aria-label='Your hand']";
    let watch: MutationObserver | null = null;
    document.addEventListener(
      "click",
      (e) => {
        // A click before the last card left the hand (an Eight picked, not played): that one is not timed.
        watch?.disconnect();
        const slot = (e.target as Element).closest(`${hand} button.card-slot`);
        const card = slot?.querySelector("[data-card]")?.getAttribute("data-card");
        if (!card) return;
        const clicked = e.timeStamp;
        const gone = (): boolean => document.querySelector(`${hand} [data-card='${card}']`) === null;
        const seen = new MutationObserver(() => {
          if (!gone()) return;
          seen.disconnect();
          const onPile =
            document.querySelector(`figure.pile[aria-label='Discard pile'] [data-card='${card}']`) !== null;
          requestAnimationFrame((frame) => w.cardroomMoves.push({ ms: frame - clicked, onPile }));
        });
        seen.observe(document.body, { subtree: true, childList: true, attributes: true });
        watch = seen;
      },
      true,
    );
  });
  await page.goto(`${url}/t/${info.code}`);
  for (;;) {
    await page.waitForSelector(
      "main[data-phase=play], main[data-phase=handover], main[data-phase=matchover]",
    );
    const phase = await page.locator("main").getAttribute("data-phase");
    const seq = Number(await page.locator("main").getAttribute("data-seq"));
    if (phase === "matchover") break;
    if (phase === "handover") await page.getByRole("button", { name: "Next hand" }).click();
    else {
      // A card that plays at one click (an Eight asks for its suit: its buttons instead; a card that
      // cannot go is a button too, which only says why).
      const one = page.locator(
        "section[aria-label='Your hand'] button.card-slot:not([disabled]):not([aria-disabled='true']):not([aria-pressed])",
      );
      if (await one.count()) await one.first().click();
      else
        await page
          .locator("section[aria-label='Your moves'] .move-buttons button:not([disabled])")
          .first()
          .click();
    }
    await page.waitForFunction(
      (before) => Number(document.querySelector("main")?.getAttribute("data-seq")) > before,
      seq,
    );
  }
  // The last card's frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const moves = await page.evaluate(() => (window as unknown as { cardroomMoves: OwnMove[] }).cardroomMoves);
  await context.close();
  return moves;
}

/** The p-th percentile (0 to 100) of `xs`, the nearest rank. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
