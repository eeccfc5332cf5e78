/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * The games' own tables in a real browser: a whole Cribbage match with
 * muggins against the computer (the discard picked two at a time, each
 * claim picked from the counts listed), the pegs on the board where the scores say
 * and each show counted aloud; a Royal Corners card dragged and a pile
 * moved by choosing it and then its corner, each ending in the move the
 * server listed; the computer's moves shown one at a time; the four-colour
 * deck kept across a reload.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ENTRIES } from "../src/games/index.js";
import { CORNER_PLACES, cornerName } from "../src/games/royal-corners/words.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import {
  ARTIFACTS,
  againstComputer,
  choosePicked,
  chooser,
  nextHand,
  phaseOf,
  playFromLobby,
  seqOf,
  useBrowser,
} from "./web-browser.js";

const harness = useBrowser();
/** How long a page may take to show the server's answer on a machine busy with the whole suite. */
const SETTLE = { timeout: 15_000 } as const;
const cribbageCount = ENTRIES.find((e) => e.game.id === "cribbage")!.count!;

/**
 * Where each seat's pegs stand against the board's holes: for every seat,
 * whether the front peg is drawn on the hole of the score in the seats'
 * list (the game hole for a score past the target), and the back peg on
 * the hole it names, behind the front.
 */
function pegReport(
  page: Page,
  target = 61,
): Promise<{ seat: number; score: number; front: boolean; back: boolean; at: unknown; holes: unknown }[]> {
  return page.evaluate((target) => {
    const centre = (e: Element): [number, number] => {
      const r = e.getBoundingClientRect();
      return [r.x + r.width / 2, r.y + r.height / 2];
    };
    const near = (a: Element, b: Element | null): boolean => {
      if (!b) return false;
      const [ax, ay] = centre(a);
      const [bx, by] = centre(b);
      return Math.abs(ax - bx) < 1 && Math.abs(ay - by) < 1;
    };
    const board = document.querySelector("[data-testid=cribbage-board]")!;
    return [0, 1].map((seat) => {
      const score = Number(document.querySelector(`[data-testid=score-${seat}]`)?.textContent);
      const front = board.querySelector(`.peg.front[data-seat='${seat}']`)!;
      const back = board.querySelector(`.peg.back[data-seat='${seat}']`)!;
      const hole = (n: number): Element | null =>
        board.querySelector(`.hole[data-seat='${seat}'][data-hole='${n}']`);
      const backAt = Number(back.getAttribute("data-points"));
      return {
        seat,
        score,
        // A score past the target stops in the game hole.
        front:
          Number(front.getAttribute("data-points")) === score && near(front, hole(Math.min(score, target))),
        back: backAt <= score && near(back, hole(backAt)),
        at: [front.getAttribute("data-points"), centre(front), backAt, centre(back)],
        holes: [centre(hole(Math.min(score, target)) ?? front), centre(hole(backAt) ?? back)],
      };
    });
  }, target);
}

/** The seats whose pegs are not where their score puts them (none, when all is well). */
const pegsAway = async (page: Page): Promise<string[]> =>
  (await pegReport(page)).flatMap((r) => (r.front && r.back ? [] : [JSON.stringify(r)]));

// A real browser beside a real server on a small shared machine: a test that fails once for timing is
// run once more; one that fails twice fails.
describe("the games' own tables in Chromium", { retry: 1 }, () => {
  it("plays a whole Cribbage match with muggins from the lobby: pegs at the scores, shows counted aloud", async () => {
    const page = await harness.newPage();
    await playFromLobby(page, harness.server.url, {
      name: "Cy",
      game: "cribbage",
      options: { "Points to win": "61", Muggins: true },
    });
    await page.locator("[data-testid=cribbage-board]").waitFor();
    expect(await pegsAway(page)).toEqual([]);
    const next = chooser(61);
    const deadline = Date.now() + 150_000;
    const spoken = new Map<string, string>();
    let claims = 0;
    let lastScores = "";
    let shotShow = false;
    for (;;) {
      if (Date.now() > deadline) throw new Error("the match did not end in time");
      const phase = await phaseOf(page);
      // Every show on the table, in words, as the engine counts those cards.
      for (const li of await page.locator("[data-testid=show]").all()) {
        // The hand's (or crib's) cards, then the starter: the combinations under them show the same cards again.
        const cards = await li
          .locator(".show-cards [data-card]")
          .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
        spoken.set(cards.join(" "), (await li.locator("[data-testid=spoken]").textContent()) ?? "");
      }
      if (!shotShow && spoken.size > 0) {
        shotShow = true;
        await page.screenshot({ path: join(ARTIFACTS, "cribbage-show.png"), fullPage: true });
      }
      // When the scores change, the pegs follow them to their holes (after their slide).
      const scores = await page.locator("section[aria-label='Seats']").textContent();
      if (scores !== lastScores) {
        lastScores = scores ?? "";
        await expect.poll(() => pegsAway(page), SETTLE).toEqual([]);
      }
      if (phase === "matchover") break;
      if (phase === "handover") {
        await nextHand(page);
        continue;
      }
      if (phase !== "play") {
        await page.waitForTimeout(20);
        continue;
      }
      const seq = await seqOf(page);
      const claim = page.locator("[data-testid=claim]");
      if (await claim.count()) {
        // Muggins: count the hand (or crib) and type it; every third claim is one short.
        const cards = await page
          .locator("[data-testid=claiming] [data-card]")
          .evaluateAll((es) => es.map((e) => e.getAttribute("data-card")!));
        const crib = /crib/.test((await page.locator("[data-testid=claiming]").textContent()) ?? "");
        const answer = cribbageCount({ hand: cards.slice(0, 4), starter: cards[4], crib });
        if (!answer.ok) throw new Error(answer.error);
        const total = answer.value.json.total as number;
        const wrong = claims % 3 === 2 && total > 0;
        await claim.getByLabel(/Your count for the/).selectOption(String(wrong ? total - 1 : total));
        await claim.getByRole("button", { name: "Claim" }).click();
        claims++;
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        // The log says the claim, and (one short) the opponent's muggins.
        // (The page may draw the update's lines a moment after its number.)
        const log = (): Promise<string | null> => page.textContent("[role=log]");
        await expect.poll(log, SETTLE).toMatch(/claimed \d+/);
        // Unless the short claim itself reached the target: the match ends there, before any muggins.
        if (wrong && (await phaseOf(page)) !== "matchover") await expect.poll(log, SETTLE).toMatch(/muggins/);
        continue;
      } else if (await page.locator("button[data-crib]").count()) {
        // The discard: two cards picked, then sent together.
        const cards = page.locator("section[aria-label='Your hand'] button.legal:not([disabled])");
        const n = await cards.count();
        const first = next() % n;
        await cards.nth(first).click();
        await cards.nth((first + 1 + (next() % (n - 1))) % n).click();
        await page.getByRole("button", { name: "To the crib" }).click();
      } else {
        const legalCards = page.locator("section[aria-label='Your hand'] button.legal:not([disabled])");
        const n = await legalCards.count();
        if (n > 0) await legalCards.nth(next() % n).click();
        else await page.locator("[data-moves] button[data-move]:not([disabled])").first().press("Enter");
      }
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
    }
    await expect
      .poll(() => page.textContent("[data-testid=turn]"), SETTLE)
      .toMatch(/Match over: (you win|[A-Z][a-z]+ wins)/);
    expect(await pegsAway(page)).toEqual([]);
    // The winner's front peg is in the game hole.
    const final = await pegReport(page);
    expect(Math.max(...final.map((r) => r.score))).toBeGreaterThanOrEqual(61);
    expect(await page.locator(".peg.front[data-hole='61']").count()).toBeGreaterThan(0);
    // Each show on the table said its count as the engine says it for those cards.
    expect(spoken.size).toBeGreaterThan(0);
    for (const [cards, said] of spoken) {
      const cs = cards.split(" ");
      const starter = cs[cs.length - 1];
      for (const crib of [false, true]) {
        const a = cribbageCount({ hand: cs.slice(0, 4), starter, crib });
        if (!a.ok) throw new Error(a.error);
        const words = a.value.text.split("\n")[0];
        if (said.includes(`“${words}”`)) break;
        if (crib) throw new Error(`the show ${cards} was said "${said}", not "${words}"`);
      }
    }
    expect(claims).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, "cribbage-match-over.png"), fullPage: true });
  }, 200_000);

  it("deals five-card cribbage from the lobby: 61 follows the choice, two of five to the crib, three kept", async () => {
    const page = await harness.newPage();
    await playFromLobby(page, harness.server.url, {
      name: "Fi",
      game: "cribbage",
      options: { "Cards dealt": "five" },
    });
    await page.locator("[data-testid=cribbage-board]").waitFor();
    await expect
      .poll(() => page.textContent("[data-testid=five-card]"), SETTLE)
      .toMatch(/Five-card cribbage/);
    // The target followed the deal's default: 61, never chosen by hand.
    await expect.poll(() => page.textContent("ul.peg-scores"), SETTLE).toMatch(/of 61/);
    const cards = page.locator("section[aria-label='Your hand'] button.legal:not([disabled])");
    await expect.poll(() => cards.count(), SETTLE).toBe(5);
    await expect.poll(() => page.textContent(".crib-pick"), SETTLE).toMatch(/Pick 2 cards/);
    const seq = await seqOf(page);
    await cards.nth(0).click();
    await cards.nth(1).click();
    await page.getByRole("button", { name: "To the crib" }).click();
    await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
    // The computer lays away too; then the pegging, with three cards in hand.
    await expect.poll(() => page.locator("[data-testid=pegging]").count(), SETTLE).toBe(1);
    await expect
      .poll(() => page.locator("section[aria-label='Your hand'] [data-card]").count(), SETTLE)
      .toBeLessThanOrEqual(3);
    await expect.poll(() => page.textContent("[data-testid=crib]"), SETTLE).toMatch(/4 cards/);
  }, 60_000);

  it("moves a Royal Corners card by dragging it (mouse and finger) and a pile or the stock's card by choosing it, then its corner", async () => {
    const page = await harness.newPage();
    await againstComputer(page, harness.server.url, "royal-corners");
    await page.locator("[data-testid=royal-corners-square]").waitFor();
    const topOf = (k: number): Promise<string | null> =>
      page
        .locator(`[data-corner='${k}'] .corner-pile [data-card]`)
        .getAttribute("data-card")
        .catch(() => null);
    // A drag begun while the table redraws (an update landing) never drops, for a player as for
    // this test: then it drags again, as a player would, until the page shows the drop was taken.
    const dragUntil = async (card: string, corner: number, taken: () => Promise<boolean>): Promise<void> => {
      for (let attempt = 0; attempt < 3 && !(await taken()); attempt++) {
        await page.dragAndDrop(
          `section[aria-label='Your hand'] button.legal:has([data-card='${card}'])`,
          `[data-corner='${corner}']`,
        );
        await expect
          .poll(taken, SETTLE)
          .toBe(true)
          .catch(() => undefined);
      }
    };
    let dragged = false;
    let chosen = false;
    let refused = false;
    let touched = false;
    const deadline = Date.now() + 120_000;
    while (!(dragged && chosen && refused && touched)) {
      if (Date.now() > deadline)
        throw new Error(`not done in time: dragged ${dragged}, touched ${touched}, chosen ${chosen}`);
      const phase = await phaseOf(page);
      if (phase === "handover") {
        await nextHand(page);
        continue;
      }
      if (phase === "matchover") throw new Error("the match ended first");
      if (phase !== "play") {
        await page.waitForTimeout(20);
        continue;
      }
      const seq = await seqOf(page);
      // A card of the hand with one listed move says where it goes: "play the 5 of hearts from hand onto
      // the bottom-right corner".
      const singles = await page.locator("section[aria-label='Your hand'] button.legal").evaluateAll(
        (bs, places) =>
          bs.flatMap((b) => {
            const m = /play .+ from hand onto the (\S+) corner/.exec(b.textContent ?? "");
            const card = b.querySelector("[data-card]")?.getAttribute("data-card");
            return m && card ? [{ card, corner: places.indexOf(m[1]) }] : [];
          }),
        [...CORNER_PLACES] as string[],
      );
      if (!refused && singles.length) {
        // Dropped where it does not go: one line says so, and nothing is sent.
        const { card, corner } = singles[0];
        const wrong = [0, 1, 2, 3].find((k) => k !== corner)!;
        const hasOther = await page
          .locator(`section[aria-label='Your hand'] button.legal:has([data-card='${card}'])`)
          .count();
        expect(hasOther).toBe(1);
        const said = async (): Promise<boolean> =>
          ((await page.textContent("[role=status]")) ?? "").includes(`does not go on ${cornerName(wrong)}`);
        await dragUntil(card, wrong, said);
        expect(await said()).toBe(true);
        expect(await seqOf(page)).toBe(seq);
        refused = true;
        continue;
      }
      if (!touched && singles.length) {
        // A finger: pointer events that are not a mouse's, from the card to its corner.
        const { card, corner } = singles[0];
        await page.evaluate(
          ({ card, corner }) => {
            const from = document.querySelector(
              `section[aria-label='Your hand'] [data-drag-source='hand:${card}']`,
            )!;
            // The finger lifts over the corner: in the viewport, where the page looks for what is under it.
            const target = document.querySelector(`[data-corner='${corner}']`)!;
            target.scrollIntoView({ block: "center" });
            const to = target.getBoundingClientRect();
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
          },
          { card, corner },
        );
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        expect(await topOf(corner)).toBe(card);
        touched = true;
        continue;
      }
      if (!dragged && singles.length) {
        const { card, corner } = singles[0];
        await dragUntil(card, corner, async () => (await seqOf(page)) > seq);
        expect(await seqOf(page)).toBeGreaterThan(seq);
        expect(await topOf(corner)).toBe(card);
        dragged = true;
        continue;
      }
      const source = page.locator("[data-source]").first();
      if (!chosen && (await source.count())) {
        const from = (await source.getAttribute("data-source"))!;
        const moving =
          from === "stock" ? await source.locator("[data-card]").getAttribute("data-card") : null;
        const pileTop = from === "stock" ? null : await topOf(Number(from.slice(7)));
        await source.click();
        const target = page.locator("[data-target]").first();
        const k = Number(await target.getAttribute("data-target"));
        await target.click();
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
        // The stock's card, or the moved pile's top card, is now on top of the chosen corner.
        expect(await topOf(k)).toBe(moving ?? pileTop);
        chosen = true;
        continue;
      }
      await page.locator("[data-moves] button[data-move=end]").click();
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
    }
    await page.screenshot({ path: join(ARTIFACTS, "royal-corners-moved.png"), fullPage: true });
  }, 150_000);

  it("shows the computer's moves one at a time, each as its own table, at the pace set, and ends at the table as it stands", async () => {
    const page = await harness.newPage({ paceMs: 400 });
    // When each update reaches the page (its WebSocket), and when the page shows it (data-seq); an
    // update's frames (the table after each move it brings but the last) arrive with it. `moves`:
    // the event number each move or deal brought by an update (after the first) ends at.
    await page.addInitScript(() => {
      const w = window as unknown as {
        arrived: [number, number][];
        shown: [number, number][];
        moves: number[];
        yours: number[];
      };
      w.arrived = [];
      w.shown = [];
      w.moves = [];
      w.yours = [];
      const Socket = WebSocket;
      window.WebSocket = class extends Socket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          // Moves heard on the seat's own channel only: sitAt opens the table link as a spectator, then
          // sits, and the page closes that channel; what the computer played meanwhile comes whole with
          // the seat's first table (a resync), not one step at a time.
          let seat = false;
          this.addEventListener("message", (e: MessageEvent<string>) => {
            const m = JSON.parse(e.data) as {
              type: string;
              viewer?: unknown;
              seq?: number;
              full?: boolean;
              frames?: { seq: number }[];
              events?: { seq: number; type: string; seat?: number }[];
            };
            if (m.type === "welcome") seat = m.viewer === 0;
            if (m.type !== "update") return;
            for (const f of m.frames ?? []) w.arrived.push([f.seq, performance.now()]);
            w.arrived.push([m.seq!, performance.now()]);
            if (m.full || !seat) return;
            const events = m.events ?? [];
            // Your own moves (seat 0): the event number each step of yours ends at, or when the server
            // kept no table for it, the first step after it that has one (shown with it).
            const framed = new Set([...(m.frames ?? []).map((f) => f.seq), m.seq!]);
            let yours = false;
            const ends = (seq: number): void => {
              w.moves.push(seq);
              if (yours && framed.has(seq)) {
                w.yours.push(seq);
                yours = false;
              }
            };
            events.forEach((x, i) => {
              if (i > 0 && (x.type === "move" || x.type === "deal")) ends(events[i - 1].seq);
              if (x.type === "move" && x.seat === 0) yours = true;
            });
            if (events.length) ends(m.seq!);
          });
        }
      };
      addEventListener("DOMContentLoaded", () =>
        new MutationObserver(() => {
          const seq = Number(document.querySelector("main")?.dataset.seq);
          if (seq && seq !== w.shown[w.shown.length - 1]?.[0]) w.shown.push([seq, performance.now()]);
        }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ["data-seq"] }),
      );
    });
    const times = (): Promise<{
      arrived: [number, number][];
      shown: [number, number][];
      yours: number[];
      moves: number[];
    }> =>
      page.evaluate(() => {
        const w = window as unknown as {
          arrived: [number, number][];
          shown: [number, number][];
          yours: number[];
          moves: number[];
        };
        return { arrived: w.arrived, shown: w.shown, yours: w.yours, moves: w.moves };
      });
    const info = await againstComputer(page, harness.server.url, "crazy-eights");
    expect(await page.getByLabel("Show each computer move for").inputValue()).toBe("400");
    const next = chooser(3);
    let held = 0;
    let heard = 0;
    const deadline = Date.now() + 90_000;
    // Until updates were held back and enough moves were heard one at a time to check each was shown
    // (a busy machine holds the first updates back at once, before three moves have come).
    while (held < 2 || heard <= 2) {
      if (Date.now() > deadline)
        throw new Error(`in time, ${held} updates held back and ${heard} moves heard`);
      // The table as it stands: the last update that arrived is the one shown.
      await expect
        .poll(async () => {
          const t = await times();
          return t.arrived.length > 0 && t.shown.at(-1)?.[0] === t.arrived.at(-1)?.[0];
        }, SETTLE)
        .toBe(true);
      const phase = await phaseOf(page);
      if (phase === "handover") {
        await nextHand(page);
        continue;
      }
      if (phase !== "play") break;
      const seq = await seqOf(page);
      const legalCards = page.locator("section[aria-label='Your hand'] button.legal:not([disabled])");
      const n = await legalCards.count();
      if (n > 0) {
        await legalCards.nth(next() % n).click();
        if ((await page.locator("button.picked").count()) > 0) await choosePicked(page);
      } else await page.locator("[data-moves] button[data-move]:not([disabled])").first().press("Enter");
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
      const { arrived, shown, yours, moves } = await times();
      heard = moves.length;
      // Shown in order, each after it arrived and about a pace after the one before, but your own
      // move, shown as it comes (it follows your click, not the computer's move). The times are
      // when the page drew them, which a busy machine delays unevenly (the first table, drawn
      // whole, the most): 250 ms of a 400 ms pace, where unpaced moves come milliseconds apart.
      // An update may come again with the same number (the answer to a watch): its first coming counts.
      const arrival = new Map([...arrived].reverse());
      const mine = new Set(yours);
      for (let i = 1; i < shown.length; i++) {
        expect(shown[i][0]).toBeGreaterThan(shown[i - 1][0]);
        expect(shown[i][1]).toBeGreaterThanOrEqual(arrival.get(shown[i][0])!);
        if (i > 1 && !mine.has(shown[i][0]))
          expect(shown[i][1] - shown[i - 1][1]).toBeGreaterThanOrEqual(250);
      }
      // Your moves are among those shown.
      expect(yours.length).toBeGreaterThan(0);
      // Updates that came too soon after the one before waited for their turn.
      held = shown.filter(([s, t]) => t - arrival.get(s)! >= 200).length;
    }
    // Updates were held back for the pace, and the page ends at the table the server has.
    expect(held).toBeGreaterThanOrEqual(2);
    const now = await api<TableInfo>(harness.server.url, `/api/tables/${info.id}`);
    await expect.poll(() => seqOf(page), SETTLE).toBe(now.seq);
    // Every move was shown as a table of its own: each computer's card on the pile before the next.
    const { shown, moves } = await page.evaluate(() => {
      const w = window as unknown as { shown: [number, number][]; moves: number[] };
      return { shown: w.shown.map(([seq]) => seq), moves: w.moves };
    });
    expect(moves.length).toBeGreaterThan(2);
    expect(shown).toEqual(expect.arrayContaining(moves));
  }, 120_000);

  it("plays Gin by its melds until a knock, then lays both hands out with melds, lay-offs and deadwood", async () => {
    const page = await harness.newPage();
    await againstComputer(page, harness.server.url, "gin-rummy", { options: { target: 500 } });
    const deadline = Date.now() + 150_000;
    let knockedBy = "";
    for (;;) {
      if (Date.now() > deadline) throw new Error("nobody knocked in time");
      const phase = await phaseOf(page);
      if (phase === "handover" || phase === "matchover") {
        const laid = page.locator("[data-testid=gin-hands-laid-out]");
        await laid.waitFor();
        const heads = await laid.locator("h4").allTextContents();
        knockedBy = heads.find((h) => /\((knocked|gin)\)/.test(h)) ?? "";
        if (knockedBy) {
          // Both hands, each with its deadwood; the knock's melds drawn as melds.
          expect(heads.length).toBe(2);
          for (const h of heads) expect(h).toMatch(/deadwood \d+, -?\d+ points/);
          expect(await laid.locator(".meld:not(.deadwood-cards)").count()).toBeGreaterThan(0);
          break;
        }
        await nextHand(page);
        continue;
      }
      if (phase !== "play") {
        await page.waitForTimeout(20);
        continue;
      }
      const seq = await seqOf(page);
      const knock = page.locator("[data-testid=knock] button:not([disabled])");
      const moves = page.locator("[data-moves] button[data-move]:not([disabled])");
      const types = await moves.evaluateAll((bs) => bs.map((b) => b.getAttribute("data-move")));
      if (await knock.count()) {
        // "Knock" (or "Gin"), then the card discarded face down: the first the knock takes.
        await knock.first().click();
        await page.locator("section[aria-label='Your hand'] button.legal:not([disabled])").first().click();
      } else if (types.includes("layoff"))
        await moves.and(page.locator("[data-move=layoff]")).first().press("Enter");
      else if (types.includes("done")) await moves.and(page.locator("[data-move=done]")).click();
      else if (types.includes("discard")) {
        // The discard the melds set apart, clicked: the one that leaves the least deadwood.
        await page.locator(".best-discard button.legal").click();
      } else if (types.includes("draw")) await page.locator("[data-shortcut=draw]").click();
      else await moves.first().press("Enter");
      await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
    }
    expect(knockedBy).not.toBe("");
    await page.screenshot({ path: join(ARTIFACTS, "gin-rummy-knock.png"), fullPage: true });
  }, 200_000);

  it("paces at 400 ms by default, and not at all for a person whose system asks for less motion", async () => {
    const pace = async (reducedMotion: "reduce" | "no-preference"): Promise<string> => {
      const page = await harness.newPage({ paceMs: null, reducedMotion });
      await againstComputer(page, harness.server.url, "roy");
      return page.getByLabel("Show each computer move for").inputValue();
    };
    expect(await pace("no-preference")).toBe("400");
    expect(await pace("reduce")).toBe("0");
  });

  it("keeps the four-colour deck across a reload: clubs green, diamonds blue", async () => {
    const page = await harness.newPage();
    await againstComputer(page, harness.server.url, "gin-rummy");
    await page.locator("[data-testid=gin-melds]").waitFor();
    const fills = (): Promise<Record<string, string>> =>
      page.evaluate(() => {
        const out: Record<string, string> = {};
        for (const s of ["C", "D", "H", "S"]) {
          const t = document.querySelector(`svg.card.suit-${s} text`);
          if (t) out[s] = getComputedStyle(t).fill;
        }
        return out;
      });
    const two = await fills();
    for (const s of ["C", "S"] as const) if (two[s]) expect(two[s]).toBe("rgb(17, 17, 17)");
    for (const s of ["D", "H"] as const) if (two[s]) expect(two[s]).toBe("rgb(176, 0, 0)");
    await page.getByLabel("Four-colour deck (clubs green, diamonds blue)").check();
    const four = await fills();
    expect(Object.keys(four).filter((s) => s === "C" || s === "D").length).toBeGreaterThan(0);
    const expected: Record<string, string> = {
      C: "rgb(13, 107, 44)",
      D: "rgb(11, 70, 176)",
      H: "rgb(176, 0, 0)",
      S: "rgb(17, 17, 17)",
    };
    for (const [s, fill] of Object.entries(four)) expect(fill).toBe(expected[s]);
    await page.reload();
    await page.locator("[data-testid=gin-melds]").waitFor();
    expect(await page.getByLabel("Four-colour deck (clubs green, diamonds blue)").isChecked()).toBe(true);
    for (const [s, fill] of Object.entries(await fills())) expect(fill).toBe(expected[s]);
    await page.screenshot({ path: join(ARTIFACTS, "gin-rummy-four-colour.png"), fullPage: true });
  });
});
