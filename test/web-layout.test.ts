/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * The table fits the screen: for every game, on a laptop (1280x800) and a
 * phone (390x844), a hand against the computer played through every phase
 * it reaches (Cribbage's discard, pegging and show; Gin's draw, discard and
 * the knock; both of Hyrule's modes), and at each one the page does not
 * scroll, the felt does not scroll, your hand's cards, the game's board
 * and your move controls all lie inside the viewport, no line of words on
 * the felt lies over another or over a card; axe finds nothing.
 * Through the hand the table never moves under the player: the hand, the
 * moves, the piles (the square, the trick, the cribbage board) and the seats'
 * plates stay where they were at its first move (within 2 px).
 * Screenshots go to test-artifacts/web/layout-*.png.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import {
  ARTIFACTS,
  againstComputer,
  axeFindings,
  chooser,
  clickMove,
  nextHand,
  phaseOf,
  seqOf,
  sitAt,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();

/** The part of each game's board that must be in sight (the pile, the square, the pegs, the trick). */
const BOARD: Readonly<Record<string, string>> = {
  roy: "[data-testid=roy-table] figure[aria-label='Discard pile']",
  "royal-corners": "[data-testid=royal-corners-square]",
  "roller-coaster": "[data-testid=roller-coaster-table] figure[aria-label=Pile]",
  "crazy-eights": "[data-testid=crazy-eights-table] figure[aria-label='Discard pile']",
  "gin-rummy": "[data-testid=gin-rummy-table] figure[aria-label='Discard pile']",
  cribbage: "[data-testid=cribbage-board]",
  hyrule: "[data-testid=trick]",
};

/** The places that never move during a hand: the piles (or the game's square, its trick), the board. */
const PLACES: Readonly<Record<string, readonly string[]>> = {
  roy: ["[data-testid=roy-table] .piles"],
  "royal-corners": ["[data-testid=royal-corners-square]"],
  "roller-coaster": ["[data-testid=roller-coaster-table] .piles"],
  "crazy-eights": ["[data-testid=crazy-eights-table] .piles"],
  "gin-rummy": ["[data-testid=gin-rummy-table] .piles"],
  cribbage: ["[data-testid=cribbage-board]", "[data-testid=cribbage-table] .piles"],
  hyrule: ["[data-testid=trick]"],
};

/**
 * The games whose piles (board, square) keep their places into the hand's end on a wide screen, with
 * two at the table (the hands laid out take your hand's room) and round the felt (Crazy Eights' four:
 * they take the row under the piles).
 */
const KEEPS_PILES: readonly string[] = ["roy", "roller-coaster", "royal-corners", "cribbage", "crazy-eights"];
/**
 * And on a phone, with two at the table: the hands laid out under the piles are zoomed alone. (Roller
 * Coaster's run said beside its pile, and four at the table, leave them too little room: there the
 * whole table is zoomed.)
 */
const KEEPS_PILES_ON_A_PHONE: readonly string[] = ["roy"];

/**
 * Where the hand and the moves are (left, top, width, height) and where the game's places and the
 * seats' plates start (left, top: a trick grows as cards are played into it), rounded: one line each
 * ("hand 10,560,950,184"), so that a move is seen in a diff.
 */
function placesOf(page: Page, places: readonly string[]): Promise<string[]> {
  return page.evaluate((places) => {
    const box = (what: string, e: Element | null, sized = false): string => {
      if (!e) return `${what} missing`;
      const b = e.getBoundingClientRect();
      return `${what} ${(sized ? [b.left, b.top, b.width, b.height] : [b.left, b.top]).map(Math.round).join(",")}`;
    };
    return [
      box("hand", document.querySelector("section[aria-label='Your hand']"), true),
      box("moves", document.querySelector("[data-moves]"), true),
      ...places.map((p) => box(p, document.querySelector(p))),
      ...[...document.querySelectorAll(".seats li")].map((e, i) => box(`seat ${i}`, e)),
    ];
  }, places);
}

/** Whether two lists of places agree within 2 px. */
const samePlaces = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length &&
  a.every((line, i) => {
    const [what, at] = [line.slice(0, line.lastIndexOf(" ")), line.slice(line.lastIndexOf(" ") + 1)];
    const other = b[i];
    if (other.slice(0, other.lastIndexOf(" ")) !== what) return false;
    const xs = at.split(",").map(Number);
    const ys = other
      .slice(other.lastIndexOf(" ") + 1)
      .split(",")
      .map(Number);
    return xs.length === ys.length && xs.every((x, k) => Math.abs(x - ys[k]) <= 2);
  });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface Case {
  readonly game: string;
  readonly label: string;
  readonly players: number;
  readonly options: Record<string, unknown>;
}

const CASES: readonly Case[] = ENTRIES.flatMap((e): Case[] => {
  const game = e.game.id;
  if (game === "hyrule")
    return ["chance", "strategy"].map((mode) => ({
      game,
      label: `hyrule-${mode}`,
      players: 2,
      options: { mode },
    }));
  // Crazy Eights with four at the table: three opponents round the felt.
  if (game === "crazy-eights") return [{ game, label: game, players: 4, options: {} }];
  // Gin with the highest knock limit, so that a hand reaches the knock and its lay-offs soon.
  if (game === "gin-rummy") return [{ game, label: game, players: 2, options: { knockLimit: 10 } }];
  // Roller Coaster to three hands won, so that a hand over in two moves (the match with it, by default)
  // is followed by another in which a later stage is seen.
  if (game === "roller-coaster") return [{ game, label: game, players: 2, options: { handsToWin: 3 } }];
  return [{ game, label: game, players: 2, options: {} }];
});

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Each drawn line of words on the felt (its text node's number, its words, its box; the cards' own
 * indices, drawn in them, are the cards'), less the words inside `apart`'s elements; the boxes of
 * `apart`'s elements, anywhere on the page; and the boxes of the felt's cards.
 */
function feltWords(
  page: Page,
  apart = ":not(*)",
): Promise<{
  lines: { node: number; text: string; box: Box }[];
  apart: { text: string; box: Box }[];
  cards: { card: string; box: Box }[];
}> {
  return page.evaluate((apart) => {
    const boxOf = ({ left, top, right, bottom }: DOMRect): Box => ({ left, top, right, bottom });
    const felt = document.querySelector("section[aria-label='The table']");
    const chips = [...document.querySelectorAll(apart)];
    const lines: { node: number; text: string; box: Box }[] = [];
    const walker = felt ? document.createTreeWalker(felt, NodeFilter.SHOW_TEXT) : null;
    for (let n = walker?.nextNode(), k = 0; n; n = walker?.nextNode(), k++) {
      const text = n.textContent?.trim();
      const parent = n.parentElement;
      // Words not drawn (a closed "The table in words") are crossed by nothing.
      if (!text || !parent || parent.closest("svg, .visually-hidden") || !parent.checkVisibility()) continue;
      // Nor words kept for screen readers alone in a clipped box of a pixel (a phone's show's sentence).
      const own = parent.getBoundingClientRect();
      if (own.width <= 1 && own.height <= 1) continue;
      if (chips.some((c) => c.contains(n))) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const box of range.getClientRects())
        if (box.width > 1 && box.height > 1) lines.push({ node: k, text, box: boxOf(box) });
    }
    return {
      lines,
      apart: chips.map((c) => ({ text: c.textContent?.trim() ?? "", box: boxOf(c.getBoundingClientRect()) })),
      cards: [...(felt?.querySelectorAll("svg.card") ?? [])].map((c) => ({
        card: c.getAttribute("data-card") ?? "back",
        box: boxOf(c.getBoundingClientRect()),
      })),
    };
  }, apart);
}

/** Whether two boxes overlap by more than `by` px each way. */
const overlap = (a: Box, b: Box, by: number): boolean =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > by &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > by;

/**
 * What lies outside the viewport, or scrolls, at this moment, and any line of words on the felt over
 * another or over a card: one line each.
 */
async function layoutProblems(page: Page, board: string): Promise<string[]> {
  const { lines, cards } = await feltWords(page);
  // Lines set close may touch by a pixel or two.
  const crosses = (a: Box, b: Box): boolean =>
    overlap(a, b, 2) &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >
      0.25 * Math.min(a.bottom - a.top, b.bottom - b.top);
  const words = lines.flatMap((a, i) => [
    ...lines
      .slice(i + 1)
      .filter((b) => a.node !== b.node && crosses(a.box, b.box))
      .map((b) => `on the felt, "${a.text.slice(0, 30)}" lies over "${b.text.slice(0, 30)}"`),
    ...cards
      .filter((c) => crosses(a.box, c.box))
      .map((c) => `on the felt, "${a.text.slice(0, 30)}" lies over the card ${c.card}`),
  ]);
  return [...(await placeProblems(page, board)), ...words];
}

/** What lies outside the viewport, or scrolls, at this moment: one line each. */
function placeProblems(page: Page, board: string): Promise<string[]> {
  return page.evaluate((board) => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollHeight > innerHeight)
      problems.push(`the page scrolls: ${doc.scrollHeight} > ${innerHeight}`);
    if (doc.scrollWidth > innerWidth) problems.push(`the page scrolls sideways: ${doc.scrollWidth}`);
    const outside = (what: string, e: Element): void => {
      const b = e.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) problems.push(`${what} is not drawn`);
      else if (b.left < -0.5 || b.top < -0.5 || b.right > innerWidth + 0.5 || b.bottom > innerHeight + 0.5)
        problems.push(
          `${what} lies outside the viewport: ${[b.left, b.top, b.right, b.bottom].map(Math.round).join(",")}`,
        );
    };
    const felt = document.querySelector("section[aria-label='The table']");
    if (!felt) problems.push("no table");
    else {
      outside("the felt", felt);
      if (felt.scrollHeight > felt.clientHeight + 1)
        problems.push(`the felt scrolls: ${felt.scrollHeight} > ${felt.clientHeight}`);
    }
    const key = document.querySelector(board);
    if (key) outside(`the board (${board})`, key);
    // At a hand's end that takes your hand's room (its cards laid out on the felt) the hand is not
    // drawn, nor its sorting, which has nothing to sort.
    const handGone = !document
      .querySelector<HTMLElement>("section[aria-label='Your hand']")
      ?.checkVisibility();
    const hand = handGone
      ? []
      : [...document.querySelectorAll("section[aria-label='Your hand'] [data-card]")];
    for (const c of hand) outside(`your card ${c.getAttribute("data-card")}`, c);
    // At a hand's end the moves are the hand-end panel's ("Next hand", "Play again?").
    const moves = document.querySelector(".hand-end") ?? document.querySelector("[data-moves]");
    if (!moves) problems.push("no moves section");
    else {
      outside("your moves", moves);
      if (moves.scrollHeight > moves.clientHeight + 1) problems.push("your moves scroll");
    }
    const controls = document.querySelectorAll(
      "[data-moves] button, [data-moves] input, .hand-end button, section[aria-label='Your hand'] button:not(.card-slot), section[aria-label='The table'] form button",
    );
    // A move folded away under "Every move by name" is there for whoever opens it (the cards make it).
    for (const b of controls) {
      if (b.closest(".more-moves:not(.open)")) continue;
      if (handGone && b.closest("section[aria-label='Your hand']")) continue;
      outside(`the control "${b.textContent?.trim()}"`, b);
    }
    return problems;
  }, board);
}

/** Where the hand stands: its phase, and the game's own stage where its view names one. */
const stageOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const m = document.querySelector("main");
    return [m?.dataset.phase, m?.dataset.stage].filter(Boolean).join(":");
  });

describe("the table fits the screen", { retry: 1 }, () => {
  for (const size of SIZES)
    for (const c of CASES)
      it(`${c.label} at ${size.width}x${size.height}: hand, board and moves on screen in every phase`, async () => {
        const info = await api<TableInfo>(harness.server.url, "/api/tables", {
          game: c.game,
          seats: [
            { kind: "open" },
            ...Array.from({ length: c.players - 1 }, () => ({ kind: "computer", level: "easy" })),
          ],
          options: c.options,
        });
        const page = await harness.newPage(size);
        await sitAt(page, harness.server.url, info.code, 0, "Lee");
        const next = chooser(c.label.length * 31 + size.width);
        const checked = new Set<string>();
        // A guard against a hand that never ends, not a pace: Roller Coaster's hand at random took
        // 46 s on a quiet machine, and more than 90 on a busy one.
        const deadline = Date.now() + 200_000;
        let scanned = false;
        let moves = 0;
        // Where the hand, the piles and the seats stand at the hand's first move: every move after keeps them.
        let first: { stage: string; places: string[] } | null = null;
        for (;;) {
          if (Date.now() > deadline)
            throw new Error(`the hand did not end in time (checked ${[...checked]})`);
          const phase = await phaseOf(page);
          if (phase === "play" || phase === "handover" || phase === "matchover") {
            const named = await stageOf(page);
            // A game whose view names no stage: its opening, and again once six moves are made.
            const stage = named === "play" && moves >= 6 ? "play:later" : named;
            if (!checked.has(stage)) {
              checked.add(stage);
              const problems = await layoutProblems(page, BOARD[c.game]);
              await page.screenshot({
                path: join(ARTIFACTS, `layout-${c.label}-${size.width}-${stage.replace(/:/g, "-")}.png`),
              });
              expect(problems, `${c.label} at ${stage}`).toEqual([]);
              if (!scanned || phase !== "play") {
                scanned = true;
                expect(await axeFindings(page), `${c.label} at ${stage}`).toEqual([]);
              }
            }
          }
          if (phase === "handover" || phase === "matchover") {
            // Into the hand's end the piles (the board, the square) keep their places: the hands laid
            // out take your hand's room or the felt's under the piles, not theirs (ROY's piles went 46 px
            // up at 1280x800, 23 px on a phone; Crazy Eights' round the felt 77 px). Gin lays its hands
            // out beside its piles, which go left for them. Hands laid out under the piles that would
            // be drawn too small alone (a seat with many cards left) give way to the whole table zoomed,
            // its piles with it (fit.ts): then they may move.
            const keeps = size.width > 900 ? KEEPS_PILES : KEEPS_PILES_ON_A_PHONE;
            if (first && keeps.includes(c.game)) {
              const piles = (lines: readonly string[]): string[] =>
                lines.filter((l) => PLACES[c.game].some((p) => l.startsWith(`${p} `)));
              const was = piles(first.places);
              const gaveWay = (): Promise<boolean> =>
                page.evaluate(() => {
                  const content = document.querySelector<HTMLElement>(".felt-content");
                  return (
                    !!content?.style.zoom && !!content.querySelector(":scope > .hands-laid-out[data-fit]")
                  );
                });
              await expect
                .poll(async () => samePlaces(was, piles(await placesOf(page, PLACES[c.game]))) || gaveWay(), {
                  message: `${c.label}: the piles moved into the hand's end`,
                  timeout: 5_000,
                })
                .toBe(true);
            }
            // A hand over before a later stage was seen (Roller Coaster's in two moves): on to the
            // next, its own first move the places to keep.
            if (checked.size >= 3 || phase === "matchover") break;
            await nextHand(page);
            first = null;
            continue;
          }
          if (phase === "play") {
            const places = await placesOf(page, PLACES[c.game]);
            const stage = `${await stageOf(page)} after ${moves} moves`;
            if (!first) first = { stage, places };
            // Measured as soon as the move is numbered: on a loaded machine the page may not have
            // laid the move out yet, so a difference must still stand once the page has settled.
            else if (!samePlaces(first.places, places))
              await expect
                .poll(() => placesOf(page, PLACES[c.game]), {
                  message: `${c.label}: the table moved between ${first.stage} and ${stage}`,
                  timeout: 5_000,
                })
                .toEqual(first.places);
          }
          const seq = await seqOf(page);
          if ((await clickMove(page, next())) && ++moves > 0)
            await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
          else await page.waitForTimeout(20);
        }
        // The opening, at least one later stage, and the hand's end.
        expect(checked.size, [...checked].join(", ")).toBeGreaterThanOrEqual(3);
        if (c.game === "cribbage")
          expect([...checked]).toEqual(expect.arrayContaining(["play:discard", "play:pegging"]));
        if (c.game === "gin-rummy") expect([...checked]).toEqual(expect.arrayContaining(["play:discard"]));
      }, 240_000);
});

describe("cards sized to the felt", { retry: 1 }, () => {
  /** The felt's height, a card's box in it and your hand's first card's width, and any zoom the fit set. */
  const sizesOf = (
    page: Page,
    card: string,
  ): Promise<{
    felt: number;
    scrolls: boolean;
    card: { width: number; height: number } | null;
    hand: number;
    zoomed: string[];
  }> =>
    page.evaluate((card) => {
      const felt = document.querySelector<HTMLElement>("section[aria-label='The table']");
      const c = document.querySelector(card)?.getBoundingClientRect();
      return {
        felt: felt?.clientHeight ?? 0,
        scrolls: felt ? felt.scrollHeight > felt.clientHeight + 1 : true,
        card: c ? { width: c.width, height: c.height } : null,
        hand:
          document.querySelector("section[aria-label='Your hand'] [data-card]")?.getBoundingClientRect()
            .width ?? 0,
        zoomed: [...document.querySelectorAll<HTMLElement>("[style*=zoom]")].map(
          (e) => `${e.className} at ${e.style.zoom}`,
        ),
      };
    }, card);

  it("Gin at 1280x800: the stock and the discard pile, alone on the felt, take half its height", async () => {
    const page = await harness.newPage({ width: 1280, height: 800 });
    await againstComputer(page, harness.server.url, "gin-rummy");
    const sizes = await sizesOf(page, "[data-testid=gin-rummy-table] .piles .card.pile");
    expect(sizes.card).not.toBeNull();
    // With the caption under it, as large as the felt leaves room for: more than the hand's cards.
    expect(sizes.card?.height ?? 0).toBeGreaterThanOrEqual(0.45 * sizes.felt);
    expect(sizes.card?.width ?? 0).toBeGreaterThan(1.2 * sizes.hand);
    expect(sizes.scrolls).toBe(false);
    expect(sizes.zoomed).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "cards-gin-rummy-1280.png") });
  });

  // The games played onto a pile, two at the table: the stock and the pile grow into the felt (Gin's
  // on a phone: its wide felt's are above).
  for (const size of SIZES)
    for (const [game, table] of [
      ["roy", "roy-table"],
      ["roller-coaster", "roller-coaster-table"],
      ["crazy-eights", "crazy-eights-table"],
      ...(size.width < 900 ? ([["gin-rummy", "gin-rummy-table"]] as const) : []),
    ] as const)
      it(`${game} at ${size.width}x${size.height}: the stock and the pile as large as the felt leaves room for`, async () => {
        const page = await harness.newPage(size);
        // Left of the first dealer, where play starts: in Roller Coaster a computer there may run its
        // five cards at once and end the match before the piles are measured.
        await againstComputer(page, harness.server.url, game, { seat: 1 });
        await expect.poll(() => phaseOf(page)).toBe("play");
        const sizes = await sizesOf(page, `[data-testid=${table}] .piles :is(.card.pile, .pile-empty)`);
        await page.screenshot({ path: join(ARTIFACTS, `cards-${game}-${size.width}.png`) });
        // Their captions under them, what is said beside (or under, on a phone) them: at 1280x800
        // more than half the felt's height (0.4 before), on a phone 0.38 of it (0.31 before).
        expect(sizes.card?.height ?? 0).toBeGreaterThanOrEqual((size.width > 900 ? 0.5 : 0.38) * sizes.felt);
        expect(sizes.card?.width ?? 0).toBeGreaterThan(1.4 * sizes.hand);
        expect(sizes.scrolls).toBe(false);
      });

  for (const size of SIZES)
    for (const mode of ["chance", "strategy"])
      it(`Hyrule (${mode}) at ${size.width}x${size.height}: the trick's cards as large as your hand's, through a hand, the felt unzoomed`, async () => {
        const page = await harness.newPage(size);
        await againstComputer(page, harness.server.url, "hyrule", { options: { mode } });
        const next = chooser(size.width + mode.length);
        const seen: string[] = [];
        for (let tricks = 0; (await phaseOf(page)) === "play";) {
          const sizes = await sizesOf(page, "[data-testid=trick] :is(.card, .card-space)");
          if (sizes.card && sizes.hand) {
            const trick = await page.textContent("[data-testid=hyrule-table] > p");
            seen.push(trick ?? "");
            expect(sizes.card.width, `${trick}`).toBeGreaterThanOrEqual(0.9 * sizes.hand);
            expect(sizes.scrolls, `${trick}`).toBe(false);
            expect(sizes.zoomed, `${trick}`).toEqual([]);
            if (++tricks === 4)
              await page.screenshot({ path: join(ARTIFACTS, `cards-hyrule-${mode}-${size.width}.png`) });
          }
          const seq = await seqOf(page);
          if ((await clickMove(page, next())) !== null)
            await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
          else await page.waitForTimeout(20);
        }
        expect(seen.length).toBeGreaterThanOrEqual(5);
      }, 120_000);
});

describe("the log on a phone", { retry: 1 }, () => {
  it("shows its last lines under the seats, and the rest in a drawer over the table", async () => {
    const info = await api<TableInfo>(harness.server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const page = await harness.newPage({ width: 390, height: 844 });
    await sitAt(page, harness.server.url, info.code, 0, "Ola");
    await expect
      .poll(() => page.textContent("[role=log][aria-label='What happened']"))
      .toMatch(/Hand 1 dealt/);
    const chat = page.getByLabel("Your message");
    expect(await chat.isVisible()).toBe(false);
    const open = page.getByRole("button", { name: "Log and chat" });
    expect(await open.getAttribute("aria-expanded")).toBe("false");
    await open.click();
    await chat.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, "layout-drawer-390.png") });
    await page.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => chat.isVisible()).toBe(false);
    // Escape closes it too.
    await open.click();
    await chat.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => chat.isVisible()).toBe(false);
    expect(await layoutProblems(page, BOARD["crazy-eights"])).toEqual([]);
  });
});

describe("your turn, noticed from another tab", { retry: 1 }, () => {
  it("the tab's title and icon say when it is your move; the sounds are on until muted", async () => {
    const icon = await fetch(`${harness.server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const info = await api<TableInfo>(harness.server.url, "/api/tables", {
      game: "cribbage",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const page = await harness.newPage();
    const watcher = await harness.newPage();
    await sitAt(page, harness.server.url, info.code, 0, "Max");
    await watcher.goto(`${harness.server.url}/t/${info.code}`);
    const tab = (p: Page): Promise<{ title: string; icon: string | null }> =>
      p.evaluate(() => ({
        title: document.title,
        icon: document.querySelector("link[rel=icon]")?.getAttribute("href") ?? null,
      }));
    // The discard: both seats choose, so it is this seat's move at once.
    await expect.poll(() => phaseOf(page)).toBe("play");
    await expect
      .poll(() => tab(page))
      .toEqual({ title: "Your turn · Cribbage · Cardroom", icon: "/favicon-turn.svg" });
    // A spectator's tab never says so.
    await expect.poll(() => watcher.textContent("[data-testid=turn]")).toMatch(/^Watching/);
    expect(await tab(watcher)).toEqual({ title: "Cribbage · Cardroom", icon: "/favicon.svg" });
    // The sounds are a setting, on until muted, kept across a reload.
    const sound = page.getByLabel("Sounds: the cards, your turn, a hand won");
    expect(await sound.isChecked()).toBe(true);
    await sound.uncheck();
    await page.reload();
    await expect
      .poll(() => page.getByLabel("Sounds: the cards, your turn, a hand won").isChecked())
      .toBe(false);
    // Back at the lobby, the plain title and icon.
    await page.getByRole("link", { name: "Lobby" }).first().click();
    await expect.poll(() => tab(page)).toEqual({ title: "Cardroom", icon: "/favicon.svg" });
  });
});

describe("the seats' plates hold what they say", { retry: 1 }, () => {
  /** Each plate's backs outside its box and each plate whose words run past it: one line each. */
  const spills = (page: Page): Promise<string[]> =>
    page.evaluate(() => {
      const problems: string[] = [];
      const plates = [...document.querySelectorAll<HTMLElement>(".seats li")];
      for (const [i, plate] of plates.entries()) {
        const p = plate.getBoundingClientRect();
        const inside = (b: DOMRect): boolean =>
          b.left >= p.left - 0.5 &&
          b.right <= p.right + 0.5 &&
          b.top >= p.top - 0.5 &&
          b.bottom <= p.bottom + 0.5;
        const backs = [...plate.querySelectorAll(".fan-back")].filter(
          (b) => !inside(b.getBoundingClientRect()),
        );
        if (backs.length > 0) problems.push(`plate ${i}: ${backs.length} backs outside it`);
        if (plate.scrollWidth > plate.clientWidth + 1)
          problems.push(`plate ${i}: its words run past it (${plate.scrollWidth} > ${plate.clientWidth})`);
        for (const t of plate.querySelectorAll(".seat-name, .seat-count, .seat-score, .away"))
          if (!inside(t.getBoundingClientRect()))
            problems.push(`plate ${i}: "${t.textContent?.trim()}" runs past it`);
        // A score on a line of its own under the count starts with the score, not with the dot that
        // joins the two on one line (a four-seat phone's plates wrapped "· score 0" so).
        const count = plate.querySelector(".seat-count")?.getBoundingClientRect();
        const score = plate.querySelector<HTMLElement>(".seat-score");
        const first = score?.getClientRects()[0];
        if (count && score && first && first.top >= count.bottom - 2 && /^\s*·/.test(score.innerText))
          problems.push(`plate ${i}: "${score.innerText.trim()}" starts a line with its dot`);
        // No two plates overlap.
        for (const other of plates.slice(i + 1)) {
          const o = other.getBoundingClientRect();
          if (
            o.left < p.right - 0.5 &&
            p.left < o.right - 0.5 &&
            o.top < p.bottom - 0.5 &&
            p.top < o.bottom - 0.5
          )
            problems.push(`plate ${i} overlaps plate ${plates.indexOf(other)}`);
        }
      }
      return problems;
    });

  for (const size of SIZES)
    for (const e of ENTRIES)
      for (let players = 2; players <= Math.min(4, e.game.maxPlayers); players++)
        it(`${e.game.id}, ${players} at the table, at ${size.width}x${size.height}: every back and word inside its plate`, async () => {
          const page = await harness.newPage(size);
          // The seat left of the first dealer (seat 0), which plays first: in Roller Coaster a computer
          // there may run its five cards at once and end the match before the plates are looked at.
          await againstComputer(page, harness.server.url, e.game.id, {
            computers: players - 1,
            seat: 1,
            name: "Lee",
          });
          await expect.poll(() => phaseOf(page)).toBe("play");
          await expect.poll(() => page.locator(".fan-back").count()).toBeGreaterThan(0);
          const problems = await spills(page);
          if (problems.length > 0)
            await page.screenshot({
              path: join(ARTIFACTS, `plates-${e.game.id}-${players}-${size.width}.png`),
            });
          expect(problems).toEqual([]);
        });
});

describe("Cribbage's felt used", { retry: 1 }, () => {
  for (const { size, players } of [
    { size: SIZES[1], players: 2 },
    { size: SIZES[1], players: 3 },
    { size: SIZES[0], players: 2 },
  ])
    it(`${players} at the table at ${size.width}x${size.height}: the hand's heading, the pick's line and the piles' captions cross no words on the felt; the count's cards readable, the hand under the felt`, async () => {
      const page = await harness.newPage(size);
      await againstComputer(page, harness.server.url, "cribbage", { computers: players - 1 });
      await expect.poll(() => phaseOf(page)).toBe("play");
      /** The words on the felt that a caption, the hand's heading or the pick's line crosses: one line each. */
      const crossed = async (): Promise<string[]> => {
        const { lines, apart } = await feltWords(
          page,
          "[data-testid=cribbage-table] .piles figcaption, .hand-head, .crib-pick",
        );
        return lines.flatMap((l) =>
          apart.filter((c) => overlap(l.box, c.box, 0.5)).map((c) => `"${c.text}" over "${l.text}"`),
        );
      };
      await expect.poll(() => page.locator("[data-testid=cut-for-deal]").count()).toBe(1);
      await page.screenshot({ path: join(ARTIFACTS, `cribbage-captions-${size.width}-${players}.png`) });
      expect(await crossed()).toEqual([]);
      // Through the pegging too.
      const next = chooser(size.width);
      for (let seen = 0; seen < 3 && (await phaseOf(page)) === "play";) {
        if ((await page.locator("[data-testid=pegging] [data-card]").count()) > 0) {
          seen++;
          expect(await crossed()).toEqual([]);
          expect(await layoutProblems(page, BOARD.cribbage)).toEqual([]);
          // The count's cards as large as the space allows (on a phone they were zoomed to 20-25 px,
          // at 1280x800 to 39 px beside a hand of 109), and no empty row between the felt and your
          // hand (the discard's line kept 70 px: at 1280x800 the hand's cards stood 92 px under the felt).
          const sizes = await page.evaluate(() => ({
            played: Math.min(
              ...[...document.querySelectorAll("[data-testid=pegging] svg.card")].map(
                (c) => c.getBoundingClientRect().width,
              ),
            ),
            hand:
              document.querySelector("section[aria-label='Your hand'] [data-card]")?.getBoundingClientRect()
                .width ?? 0,
            gap:
              (document.querySelector("section[aria-label='Your hand'] [data-card]")?.getBoundingClientRect()
                .top ?? 0) -
              (document.querySelector("section[aria-label='The table']")?.getBoundingClientRect().bottom ??
                0),
          }));
          expect(sizes.played).toBeGreaterThanOrEqual(Math.max(40, 0.75 * sizes.hand));
          expect(sizes.gap).toBeLessThanOrEqual(40);
          await page.screenshot({ path: join(ARTIFACTS, `cribbage-pegging-${size.width}-${players}.png`) });
        }
        const seq = await seqOf(page);
        if ((await clickMove(page, next())) !== null)
          await expect.poll(() => seqOf(page), { timeout: 10_000 }).toBeGreaterThan(seq);
        else await page.waitForTimeout(20);
      }
    }, 120_000);
});
