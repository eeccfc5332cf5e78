/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * A hand's end on the table, as a card player looks at it, on a laptop (1280x800) and a phone
 * (390x844): Cribbage's show and Gin's hands laid out on the felt, each scoring combination marked
 * with its points beside it, and the panel that sums the hand up beside them, never over them; it
 * folds away and keeps "Next hand". The cribbage board's pegs stay on the board when a score goes
 * past the last hole. Screenshots go to test-artifacts/web/hand-end-*.png.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import {
  ARTIFACTS,
  againstComputer,
  chooser,
  clickMove,
  nextHand,
  phaseOf,
  seqOf,
  sitAt,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A table of `game` against easy computers (one unless told), this page sat at seat 0. */
async function sitDown(page: Page, game: string, options: object, computers = 1): Promise<void> {
  const info = await api<TableInfo>(harness.server.url, "/api/tables", {
    game,
    seats: [
      { kind: "open" },
      ...Array.from({ length: computers }, () => ({ kind: "computer", level: "easy" })),
    ],
    options,
  });
  await sitAt(page, harness.server.url, info.code, 0, "Lee");
}

/** Plays this page's seat (seeded choices) until the hand is over, its panel drawn. */
async function playOn(page: Page, seed: number): Promise<void> {
  const next = chooser(seed);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("the hand did not end in time");
    const phase = await phaseOf(page);
    if (phase === "handover" || phase === "matchover") break;
    const seq = await seqOf(page);
    if (await clickMove(page, next()))
      await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
    else await page.waitForTimeout(20);
  }
  await page.locator("[data-hand-end]").waitFor();
}

async function playToHandEnd(page: Page, game: string, options: object, seed: number): Promise<void> {
  await sitDown(page, game, options);
  await playOn(page, seed);
}

/** Where the panel overlaps any of `selector`'s boxes, one line each (none: it lies beside them). */
function overlaps(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const panel = document.querySelector("[data-hand-end]")!.getBoundingClientRect();
    return [...document.querySelectorAll(selector)].flatMap((e, i) => {
      const b = e.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) return [`${selector} #${i} is not drawn`];
      const w = Math.min(panel.right, b.right) - Math.max(panel.left, b.left);
      const h = Math.min(panel.bottom, b.bottom) - Math.max(panel.top, b.top);
      return w > 0.5 && h > 0.5
        ? [`the panel lies over ${selector} #${i} (${Math.round(w)}x${Math.round(h)})`]
        : [];
    });
  }, selector);
}

/** Which of these (the board, the pegs' line, the show) overlap one another on the felt. */
function crossing(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const boxes = selectors.map((q) => [q, document.querySelector(q)?.getBoundingClientRect()] as const);
    const out: string[] = [];
    boxes.forEach(([q, a], i) =>
      boxes.slice(i + 1).forEach(([r, b]) => {
        if (!a || !b) return void out.push(`${a ? r : q} is missing`);
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) out.push(`${q} overlaps ${r} (${Math.round(w)}x${Math.round(h)})`);
      }),
    );
    return out;
  }, selectors);
}

/** Boxes of `selector` not inside the felt. */
function offFelt(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const felt = document.querySelector("section[aria-label='The table']")!.getBoundingClientRect();
    return [...document.querySelectorAll(selector)].flatMap((e, i) => {
      const b = e.getBoundingClientRect();
      return b.left < felt.left - 0.5 ||
        b.right > felt.right + 0.5 ||
        b.top < felt.top - 0.5 ||
        b.bottom > felt.bottom + 0.5
        ? [`${selector} #${i} lies off the felt`]
        : [];
    });
  }, selector);
}

/**
 * The panel sums the hand up: no list of the log's lines, no cards but the coach's, no "You win" for a
 * hand, and it folds. `folded`: it starts folded (a phone's Cribbage show takes the felt's room), its
 * "Next hand" in sight, and opens.
 */
async function panelSumsUp(page: Page, folded = false): Promise<void> {
  const panel = page.locator("[data-hand-end]");
  const body = panel.locator(".hand-end-body");
  // Folded, the panel keeps its "Next hand" (or "Play again?") in sight; Show opens it.
  const foldedWithNextInSight = async () => {
    expect(await body.isVisible()).toBe(false);
    const next = panel.getByRole("button", { name: /^(Next hand|Play again\?)$/ }).first();
    expect(await next.isVisible()).toBe(true);
    await panel.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => body.isVisible()).toBe(true);
  };
  if (folded) await foldedWithNextInSight();
  const text = (await panel.textContent()) ?? "";
  expect(text).not.toMatch(/You win|Cards left|Points this hand/);
  // The hands are on the felt; the only cards in the panel are those the coach's one line names.
  const cards = await panel.evaluate(
    (e) => [...e.querySelectorAll("[data-card], .card")].filter((c) => !c.closest(".coach-note")).length,
  );
  expect(cards).toBe(0);
  expect(await panel.locator("td[data-points]").count()).toBe(2);
  await panel.getByRole("button", { name: "Hide" }).click();
  await expect.poll(() => body.isVisible()).toBe(false);
  await foldedWithNextInSight();
}

describe("a hand's end laid out on the felt, the panel beside it", { retry: 1 }, () => {
  for (const size of SIZES)
    it(`Cribbage at ${size.width}x${size.height}: the show combination by combination, muggins claims said`, async () => {
      const page = await harness.newPage(size);
      // With muggins at one size, each show says its claim too.
      const muggins = size.width < 500;
      await playToHandEnd(page, "cribbage", { target: 500, muggins }, 11 + size.width);
      const shows = page.locator("[data-testid=show]");
      await expect.poll(() => shows.count()).toBe(3);
      for (let i = 0; i < 3; i++) {
        const show = shows.nth(i);
        const spoken = (await show.locator("[data-testid=spoken]").textContent()) ?? "";
        const total = Number(/: (\d+) points?$/.exec(spoken)?.[1]);
        const combos = await show.locator(".combo").evaluateAll((els) =>
          els.map((e) => ({
            points: Number(e.getAttribute("data-points")),
            said: e.querySelector(".combo-points strong")?.textContent,
            cards: e.querySelectorAll("[data-card], .card, .card-chip").length,
          })),
        );
        // Every combination marked, its points beside its cards: together the show's count.
        expect(
          combos.reduce((sum, c) => sum + c.points, 0),
          spoken,
        ).toBe(total);
        for (const c of combos) {
          expect(c.cards).toBeGreaterThan(0);
          expect(c.said).toBe(String(c.points));
        }
        if (muggins)
          expect(await show.locator("[data-testid=claimed]").textContent()).toMatch(
            /^(You|Milo) claimed \d+: /,
          );
      }
      expect(await offFelt(page, ".combo")).toEqual([]);
      expect(
        await crossing(page, ["[data-testid=cribbage-board]", ".peg-scores", "[data-testid=shows]"]),
      ).toEqual([]);
      expect(await overlaps(page, "[data-testid=show]")).toEqual([]);
      expect(await overlaps(page, "[data-testid=cribbage-board]")).toEqual([]);
      // Each hand and the crib laid down as cards, readable: at least 40 px wide as drawn, any fit
      // included (they were chips in a show zoomed to about 0.6 on a phone, 0.9 at 1280x800).
      const widths = (): Promise<number[]> =>
        page.$$eval("[data-testid=show] .show-cards svg.card", (cards) =>
          cards.map((c) => Math.round(c.getBoundingClientRect().width)),
        );
      await expect.poll(async () => (await widths()).length).toBeGreaterThanOrEqual(15);
      await expect.poll(async () => Math.min(...(await widths()))).toBeGreaterThanOrEqual(40);
      await page.screenshot({ path: join(ARTIFACTS, `hand-end-cribbage-${size.width}.png`) });
      // On a phone the panel starts folded under the show; opened, it is over the show no more than
      // folded, the show fitted into the felt it gives back.
      await panelSumsUp(page, size.width < 500);
      await expect.poll(() => overlaps(page, "[data-testid=show]")).toEqual([]);
      await expect.poll(() => offFelt(page, ".combo")).toEqual([]);
    });

  it("Cribbage with three at 1280x800: the show has the felt's width (the piles make way), every combination on the felt", async () => {
    const page = await harness.newPage(SIZES[0]);
    await sitDown(page, "cribbage", { target: 500 }, 2);
    await playOn(page, 5);
    // Three hands and the crib, each column naming the starter and the crib: the piles beside them
    // are gone (with them, four columns were zoomed to 24 px cards), the show runs across the felt.
    const shows = page.locator("[data-testid=show]");
    await expect.poll(() => shows.count()).toBe(4);
    expect(await page.locator("[data-testid=cribbage-table] > .piles").isVisible()).toBe(false);
    const [table, show] = await Promise.all(
      ["[data-testid=cribbage-table]", "[data-testid=shows]"].map(
        async (s) => (await page.locator(s).boundingBox()) ?? { x: NaN, width: NaN },
      ),
    );
    expect(show.x - table.x).toBeLessThanOrEqual(2);
    expect(await offFelt(page, ".combo")).toEqual([]);
    expect(await overlaps(page, "[data-testid=show]")).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "hand-end-cribbage-1280-three.png") });
  });

  for (const size of SIZES)
    it(`Gin at ${size.width}x${size.height}: both hands laid out, melds and deadwood with its count`, async () => {
      const page = await harness.newPage(size);
      await playToHandEnd(page, "gin-rummy", { knockLimit: 10, target: 500 }, 5 + size.width);
      const laid = page.locator("[data-testid=gin-hands-laid-out]");
      await laid.waitFor();
      const hands = await laid.locator(".laid-out").evaluateAll((els) =>
        els.map((e) => ({
          head: e.querySelector("h4")?.textContent ?? "",
          deadwood: e.querySelector(".deadwood-cards")?.getAttribute("data-points") ?? "0",
          said: e.querySelector(".deadwood-cards .meld-name")?.textContent ?? null,
        })),
      );
      expect(hands.length).toBe(2);
      for (const h of hands) {
        // The deadwood's count beside its cards, as the hand's heading says it.
        expect(h.head).toMatch(new RegExp(`deadwood ${h.deadwood}, -?\\d+ points`));
        if (h.deadwood !== "0") expect(h.said).toBe(`deadwood ${h.deadwood}`);
      }
      expect(await overlaps(page, "[data-testid=gin-hands-laid-out] .laid-out")).toEqual([]);
      expect(await offFelt(page, "[data-testid=gin-hands-laid-out] .meld")).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `hand-end-gin-${size.width}.png`) });
      await panelSumsUp(page);
    });

  it("Crazy Eights at 390x844: each seat's cards left laid out with what they count", async () => {
    const page = await harness.newPage({ width: 390, height: 844 });
    await playToHandEnd(page, "crazy-eights", { target: 500 }, 3);
    const laid = page.locator("[data-testid=hands-laid-out] .laid-out");
    await expect.poll(() => laid.count()).toBe(2);
    expect(await overlaps(page, "[data-testid=hands-laid-out] .laid-out")).toEqual([]);
    expect(await offFelt(page, "[data-testid=hands-laid-out] .laid-out")).toEqual([]);
    await panelSumsUp(page);
  });
});

describe("a hand's end with four at the table", { retry: 1 }, () => {
  for (const size of SIZES)
    it(`Crazy Eights at ${size.width}x${size.height}: the hands laid out under the piles, never over them, every seat's row of the panel in sight`, async () => {
      const page = await harness.newPage(size);
      await againstComputer(page, harness.server.url, "crazy-eights", {
        computers: 3,
        options: { target: 500 },
      });
      await playOn(page, 7 + size.width);
      const laid = page.locator("[data-testid=hands-laid-out] .laid-out");
      await expect.poll(() => laid.count()).toBe(4);
      // The piles, the hands laid out and the plate across the felt (on a wide screen) apart, once the
      // felt is fitted to what it holds now (on a loaded machine that can take a frame or two).
      const settled = { timeout: 10_000 };
      await expect
        .poll(
          () =>
            crossing(page, [
              "[data-testid=crazy-eights-table] .piles",
              "[data-testid=hands-laid-out]",
              ".seats li[data-place=top]",
            ]),
          settled,
        )
        .toEqual([]);
      await expect.poll(() => offFelt(page, "[data-testid=hands-laid-out] .laid-out"), settled).toEqual([]);
      await expect.poll(() => overlaps(page, "[data-testid=hands-laid-out] .laid-out"), settled).toEqual([]);
      // Each seat's row of the panel, and its "Next hand", in sight: not scrolled out of the panel's body.
      const hidden = (): Promise<string[]> =>
        page.evaluate(() => {
          const body = document.querySelector(".hand-end-body")!.getBoundingClientRect();
          const panel = document.querySelector(".hand-end")!.getBoundingClientRect();
          return [...document.querySelectorAll(".hand-end-seats tr, .hand-end-actions button")].flatMap(
            (e) => {
              const b = e.getBoundingClientRect();
              const within = e.closest(".hand-end-body") ? body : panel;
              return b.top < within.top - 0.5 || b.bottom > within.bottom + 0.5 || b.bottom > innerHeight
                ? [`${(e.textContent ?? "").trim()} lies out of sight`]
                : [];
            },
          );
        });
      await expect.poll(hidden, settled).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `hand-end-crazy-eights-4-${size.width}.png`) });
    });
});

describe("the cribbage board at the match's end", { retry: 1 }, () => {
  it("keeps every peg on the board when a score goes past the last hole", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    // A game to 31: the last points (a show, a crib) mostly go past it.
    await sitDown(page, "cribbage", { target: 31 });
    for (let hand = 1; ; hand++) {
      await playOn(page, 17 + hand);
      if ((await phaseOf(page)) === "matchover") break;
      await nextHand(page);
    }
    const pegs = await page.evaluate(() => {
      const board = document.querySelector("[data-testid=cribbage-board]")!;
      const box = board.getBoundingClientRect();
      const holes = Math.max(
        ...[...board.querySelectorAll("[data-hole]")].map((h) => Number(h.getAttribute("data-hole"))),
      );
      return [...board.querySelectorAll("circle.peg")].map((p) => {
        const b = p.getBoundingClientRect();
        return {
          points: Number(p.getAttribute("data-points")),
          hole: Number(p.getAttribute("data-hole")),
          holes,
          inside: b.left >= box.left && b.right <= box.right && b.top >= box.top && b.bottom <= box.bottom,
        };
      });
    });
    expect(pegs.length).toBe(4);
    for (const p of pegs) {
      expect(p.hole).toBeLessThanOrEqual(p.holes);
      expect(p.inside).toBe(true);
    }
    // The winner's score past 31 is said as pegged out, never "32 of 31".
    const said = (await page.locator(".peg-scores").textContent()) ?? "";
    expect(said).not.toMatch(/(3[2-9]|[4-9]\d) of 31/);
    expect(said).toMatch(/pegged out/);
    await page.screenshot({ path: join(ARTIFACTS, "hand-end-cribbage-pegged-out.png") });
  });
});
