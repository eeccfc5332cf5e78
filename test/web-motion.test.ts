/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions passed to page.evaluate run in the page.
/**
 * The table that moves (web/src/anim/): a computer's card flies from its
 * seat to the pile while its move's frame is shown, before the next move;
 * with less motion asked for nothing moves yet every move is still drawn;
 * a seat's callout shows by its plate; your own card leaves your hand at
 * the click and comes back with the server's word when it is refused.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
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

/** A callout as it appeared: who said what, on whose plate, whether it moved, and what it lay over. */
interface Said {
  readonly seat: string;
  readonly text: string;
  readonly plate: string | null;
  readonly moving: number;
  readonly covers: string[];
}
const SETTLE = { timeout: 15_000 } as const;

/**
 * Gives the page `coveredBy(callout)`: what round its plate a callout lies over, each as
 * "tag \"its words\"" (none, where it stands as it should).
 */
async function watchCovers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // What a callout must never lie over: a button or link, the line that says whose turn it is,
    // the log's lines (a phone's row of them above the felt), a card, the hand-end panel, its own
    // plate's cards and score (it stands over the seat's name alone, on two lines on a phone).
    // Each as much of it as shows (a log line scrolled out of its box is not there to cover).
    const shown = (e: Element): DOMRect | null => {
      let r = e.getBoundingClientRect();
      for (let a = e.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflow === "visible") continue;
        const c = a.getBoundingClientRect();
        const [l, t] = [Math.max(r.left, c.left), Math.max(r.top, c.top)];
        const [rt, b] = [Math.min(r.right, c.right), Math.min(r.bottom, c.bottom)];
        if (rt <= l || b <= t) return null;
        r = new DOMRect(l, t, rt - l, b - t);
      }
      return r.width > 0 && r.height > 0 ? r : null;
    };
    const covered = (n: HTMLElement): string[] => {
      const b = n.getBoundingClientRect();
      return [
        ...document.querySelectorAll(
          "button, a[href], [data-testid=turn], .log-lines li, [data-card], .hand-end, .seat-count, .seat-score, .fan",
        ),
      ]
        .filter((e) => !e.closest(".flights, .callout"))
        .filter((e) => {
          const r = shown(e);
          // Overlapping by more than a pixel's rounding.
          return (
            r && r.left < b.right - 1 && b.left < r.right - 1 && r.top < b.bottom - 1 && b.top < r.bottom - 1
          );
        })
        .map(
          (e) =>
            `${e.tagName.toLowerCase()} "${(e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 40)}"`,
        );
    };
    (window as unknown as { coveredBy: typeof covered }).coveredBy = covered;
  });
}

interface Sighting {
  readonly id: string;
  /** The frame shown while it ran (main's data-seq). */
  readonly seq: number;
  /** The card the flight lands on, and the pile's top card then. */
  readonly landsOn: string | null;
  readonly pileTop: string | null;
  /** How far the flying copy's centre is from the pile's (px). */
  readonly fromPile: number;
  /** How far the seat's fan reaches from the pile's centre: its farthest corner (px). */
  readonly seatFromPile: number;
}

/**
 * Records, at every animation frame, each card flight running (the Web Animations the table
 * starts), and every animation of any kind that runs; and which frames the page shows and which
 * moves the server's updates bring (as the pacing test does).
 */
async function recordMotion(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {
      sightings: Sighting[];
      running: string[];
      shown: number[];
      moves: number[];
    };
    w.sightings = [];
    w.running = [];
    w.shown = [];
    w.moves = [];
    const Socket = WebSocket;
    window.WebSocket = class extends Socket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener("message", (e: MessageEvent<string>) => {
          const m = JSON.parse(e.data) as {
            type: string;
            seq?: number;
            full?: boolean;
            events?: { seq: number; type: string }[];
            frames?: { seq: number }[];
          };
          if (m.type !== "update") return;
          // A whole table (the seat taken): what came before it is not shown move by move.
          if (m.full) w.moves = w.moves.filter((q) => q > m.seq!);
          if (m.full) return;
          // Each move (or deal) the update brings ends at an event; the server sends the table after it
          // (a frame) for the last few, and the update itself is the table after the last.
          const events = m.events ?? [];
          const framed = new Set((m.frames ?? []).map((f) => f.seq));
          events.forEach((x, i) => {
            const end = events[i - 1]?.seq;
            if (i > 0 && (x.type === "move" || x.type === "deal") && framed.has(end)) w.moves.push(end);
          });
          if (events.length) w.moves.push(m.seq!);
        });
      }
    };
    const centre = (el: Element | null): [number, number] | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    };
    const apart = (a: [number, number] | null, b: [number, number] | null): number =>
      a && b ? Math.hypot(a[0] - b[0], a[1] - b[1]) : NaN;
    /** How far from `to` the farthest corner of `el` is. */
    const reach = (el: Element | null, to: [number, number] | null): number => {
      if (!el || !to) return NaN;
      const r = el.getBoundingClientRect();
      return Math.max(
        ...[r.left, r.right].flatMap((x) => [r.top, r.bottom].map((y) => Math.hypot(x - to[0], y - to[1]))),
      );
    };
    const look = (): void => {
      const seq = Number(document.querySelector("main")?.dataset.seq);
      if (seq && seq !== w.shown.at(-1)) w.shown.push(seq);
      const running = document.getAnimations().filter((a) => a.playState === "running");
      for (const a of running) w.running.push(a.id || a.constructor.name);
      const pile = document.querySelector("[data-anim-felt] figure[aria-label='Discard pile']");
      const top = pile?.querySelector("[data-card]") ?? null;
      for (const a of running) {
        const from = /^flight play from seat (\d+)$/.exec(a.id);
        if (!from) continue;
        const landing = running.find((b) => b.id === `${a.id} landing`);
        const target = (landing?.effect as KeyframeEffect | null)?.target ?? null;
        const ghost = (a.effect as KeyframeEffect | null)?.target ?? null;
        w.sightings.push({
          id: a.id,
          seq,
          landsOn: target?.getAttribute("data-card") ?? null,
          pileTop: top?.getAttribute("data-card") ?? null,
          fromPile: apart(centre(ghost), centre(top)),
          seatFromPile: reach(document.querySelector(`[data-anim-seat="${from[1]}"] .fan`), centre(top)),
        });
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

const recorded = (
  page: Page,
): Promise<{ sightings: Sighting[]; running: string[]; shown: number[]; moves: number[] }> =>
  page.evaluate(() => {
    const w = window as unknown as {
      sightings: Sighting[];
      running: string[];
      shown: number[];
      moves: number[];
    };
    return { sightings: w.sightings, running: w.running, shown: w.shown, moves: w.moves };
  });

/**
 * Crazy Eights to 1,000 points, so that the match goes on while a test watches it: a hand can score
 * the default target of 100 by itself (an Eight left in a hand is 50), and one did, in CI.
 */
const LONG_MATCH = { target: 1000 };

/** Plays this seat's moves (a card when one plays) until `enough` says so, dealing on as hands end. */
async function playUntil(page: Page, enough: () => Promise<boolean>, seed: number): Promise<void> {
  const next = chooser(seed);
  const deadline = Date.now() + 100_000;
  while (!(await enough())) {
    if (Date.now() > deadline) throw new Error("the match did not show it in time");
    const phase = await phaseOf(page);
    if (phase === "handover") await nextHand(page);
    else if (phase === "matchover") throw new Error("the match ended first");
    else if (phase === "play") {
      const seq = await seqOf(page);
      if ((await clickMove(page, next())) !== null)
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
    } else await page.waitForTimeout(50);
  }
}

describe("the table that moves", () => {
  it("flies each computer's card from its seat to the pile while its move's frame shows, before the next", async () => {
    const page = await harness.newPage({ paceMs: 800, width: 1280, height: 800 });
    await recordMotion(page);
    await againstComputer(page, harness.server.url, "crazy-eights", { computers: 3, options: LONG_MATCH });
    const seen = async (): Promise<boolean> => {
      const { sightings } = await recorded(page);
      return new Set(sightings.map((s) => s.id)).size >= 2;
    };
    // Three opponents round the felt from your chair: left, across, right, in the order of play.
    const plates = await page.evaluate(() => {
      const felt = document.querySelector("[data-anim-felt]")!.getBoundingClientRect();
      return [1, 2, 3].map((k) => {
        const p = document.querySelector(`li[data-seat="${k}"]`)!;
        const b = p.getBoundingClientRect();
        const inside =
          b.left >= felt.left && b.right <= felt.right && b.top >= felt.top && b.bottom <= felt.bottom;
        return {
          place: p.getAttribute("data-place"),
          x: b.left + b.width / 2 - (felt.left + felt.width / 2),
          y: b.top - felt.top,
          inside,
          fan: p.querySelectorAll(".fan-back").length,
        };
      });
    });
    expect(plates.map((p) => p.place)).toEqual(["left", "top", "right"]);
    expect(plates.every((p) => p.inside && p.fan > 0)).toBe(true);
    expect(plates[0].x).toBeLessThan(-200);
    expect(Math.abs(plates[1].x)).toBeLessThan(10);
    expect(plates[2].x).toBeGreaterThan(200);
    expect(plates[1].y).toBeLessThan(plates[0].y);
    await playUntil(page, seen, 7);
    // Nothing in the air is named or reachable: axe finds the table as clean as at rest.
    expect(await axeFindings(page)).toEqual([]);
    const { sightings, shown } = await recorded(page);
    expect(sightings.length).toBeGreaterThan(0);
    for (const s of sightings) {
      // A computer's card (seats 1 to 3), landing on the pile's top card of the frame that shows its move...
      expect(s.id).toMatch(/^flight play from seat [123]$/);
      expect(s.landsOn).not.toBeNull();
      expect(s.landsOn).toBe(s.pileTop);
      // ...on its way from the seat: never farther from the pile than the seat's fan reaches, nor on it
      // until it lands. (The fan is measured as the step redraws it, one card fewer, so its far corner and
      // not its centre: a first sighting at the flight's start was 8 px past the centre's 20 px slack.)
      expect(s.fromPile).toBeLessThanOrEqual(s.seatFromPile);
    }
    expect(sightings.some((s) => s.fromPile > 1)).toBe(true);
    // In flight while its own frame showed: the page had not yet drawn a later one.
    for (const s of sightings) expect(shown.indexOf(s.seq)).toBeGreaterThanOrEqual(0);
    const firstShown = new Map(shown.map((q, i) => [q, i]));
    expect(
      sightings.every((s, i) => i === 0 || firstShown.get(s.seq)! >= firstShown.get(sightings[i - 1].seq)!),
    ).toBe(true);
  }, 150_000);

  it("moves nothing for a person who asks for less motion, yet draws every move as its own frame", async () => {
    const page = await harness.newPage({ paceMs: 400, reducedMotion: "reduce" });
    await recordMotion(page);
    const info = await againstComputer(page, harness.server.url, "crazy-eights", {
      computers: 3,
      options: LONG_MATCH,
    });
    await playUntil(page, async () => (await recorded(page)).moves.length > 12, 11);
    // The page ends at the table the server has: every move brought so far has had its turn.
    const { seq } = await api<TableInfo>(harness.server.url, `/api/tables/${info.id}`);
    await expect.poll(async () => (await seqOf(page)) >= seq, SETTLE).toBe(true);
    const { running, shown, moves, sightings } = await recorded(page);
    expect(moves.length).toBeGreaterThan(3);
    expect(shown).toEqual(expect.arrayContaining(moves));
    expect(sightings).toEqual([]);
    expect(running).toEqual([]);
  }, 150_000);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    it(`shows a seat's callout on its plate at ${size.width}x${size.height}: cribbage's Go, its points as pegged and the last card, at no pace without moving, over nothing round the plate`, async () => {
      const page = await harness.newPage({ paceMs: 0, ...size });
      await watchCovers(page);
      await page.addInitScript(() => {
        const w = window as unknown as { callouts: Said[]; coveredBy: (n: HTMLElement) => string[] };
        w.callouts = [];
        addEventListener("DOMContentLoaded", () =>
          new MutationObserver((changes) => {
            for (const c of changes)
              for (const n of c.addedNodes)
                if (n instanceof HTMLElement && n.classList.contains("callout")) {
                  const moving = n.getAnimations().length;
                  // Where it stands once it has popped up.
                  for (const a of n.getAnimations()) a.finish();
                  w.callouts.push({
                    seat: n.dataset.seat ?? "",
                    text: n.textContent ?? "",
                    plate: n.closest("li.seat")?.getAttribute("data-seat") ?? null,
                    moving,
                    covers: w.coveredBy(n),
                  });
                }
          }).observe(document.body, { childList: true, subtree: true }),
        );
      });
      await againstComputer(page, harness.server.url, "cribbage");
      const said = (): Promise<Said[]> =>
        page.evaluate(() => (window as unknown as { callouts: Said[] }).callouts);
      const says = (callouts: Said[], what: RegExp): boolean =>
        callouts.some((c) => c.text.split(" · ").some((part) => what.test(part)));
      await playUntil(
        page,
        async () => {
          const callouts = await said();
          return (
            says(callouts, /^Go$/) &&
            says(callouts, /^\d+ for \d+$/) &&
            says(callouts, /^Last card for 1$/) &&
            // The hand's end: "Last card" said as its line and the panel come.
            (await phaseOf(page)) === "handover"
          );
        },
        5,
      );
      const callouts = await said();
      for (const c of callouts) {
        // By the plate of the seat that said it, in the game's words, standing still at no pace.
        expect(c.plate).toBe(c.seat);
        for (const part of c.text.split(" · "))
          expect(part).toMatch(
            /^(Go|15 for 2|31 for 2|(Double pair royal|Pair royal|Pair) for \d+|Run of \d for \d|1 for the go|Last card for 1|His heels for 2)$/,
          );
        expect(c.moving).toBe(0);
        expect(c.covers, `"${c.text}" at ${size.width}`).toEqual([]);
      }
      // The log says it in full.
      expect(await page.locator(".log-lines").textContent()).toMatch(/pegs? \d+ for/);
    }, 150_000);

  // The longest things a seat says at once, which random play brings seldom: each on every plate, as
  // TableSeats draws a callout (each thing said, a dot ending all but the last), at a wide screen and a phone's.
  for (const [game, players] of [
    ["cribbage", 2],
    ["crazy-eights", 4],
  ] as const)
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ])
      it(`keeps the longest callouts over nothing round the plate: ${players} at the table at ${size.width}x${size.height}`, async () => {
        const page = await harness.newPage({ paceMs: 0, ...size });
        await watchCovers(page);
        await againstComputer(page, harness.server.url, game, { computers: players - 1 });
        await page.locator("li.seat").first().waitFor();
        const longest = [
          ["Run of 3 for 3", "1 for the go"],
          ["Double pair royal for 12", "Last card for 1"],
          ["15 for 2", "Run of 5 for 5", "Last card for 1"],
          ["Eight: diamonds", "Last card"],
        ];
        const covering = await page.evaluate((said) => {
          const w = window as unknown as { coveredBy: (n: HTMLElement) => string[] };
          const found: string[] = [];
          for (const plate of document.querySelectorAll<HTMLElement>("li.seat"))
            for (const parts of said) {
              const callout = document.createElement("span");
              callout.className = "callout";
              parts.forEach((part, i) => {
                if (i > 0) callout.append(" ");
                const said = Object.assign(document.createElement("span"), {
                  className: "callout-part",
                  textContent: part,
                });
                if (i < parts.length - 1)
                  said.append(
                    Object.assign(document.createElement("span"), {
                      className: "callout-sep",
                      textContent: " ·",
                    }),
                  );
                callout.append(said);
              });
              plate.append(callout);
              const covers = w.coveredBy(callout);
              if (covers.length)
                found.push(`seat ${plate.dataset.seat} "${parts.join(" · ")}" over ${covers.join(", ")}`);
              // Broken between two things said, no line starts with the dot between them: each dot stands
              // on the line of the words before it.
              const glyph = (text: Node, at: number): DOMRect => {
                const r = document.createRange();
                r.setStart(text, at);
                r.setEnd(text, at + 1);
                return r.getBoundingClientRect();
              };
              for (const sep of callout.querySelectorAll<HTMLElement>(".callout-sep")) {
                // A narrow plate's callout says each thing on its own line, with no dots.
                if (getComputedStyle(sep).display === "none") continue;
                const words = (sep.closest(".callout-part") ?? sep.previousElementSibling)!.firstChild!;
                const dot = glyph(sep.firstChild!, sep.textContent!.indexOf("·"));
                if (Math.abs(dot.top - glyph(words, words.textContent!.length - 1).top) > 2)
                  found.push(`seat ${plate.dataset.seat} "${parts.join(" · ")}": a line starts with its dot`);
              }
              callout.remove();
            }
          return found;
        }, longest);
        expect(covering).toEqual([]);
      }, 60_000);

  it("takes your card from your hand at the click, and puts it back with the server's word when it is refused", async () => {
    const page = await harness.newPage({ paceMs: 400 });
    // The next move this browser sends names a card it does not hold: the server refuses it.
    await page.addInitScript(() => {
      const w = window as unknown as { spoil: boolean };
      w.spoil = false;
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data: string) {
        const m = JSON.parse(data) as { type: string; move?: { card?: string } };
        if (w.spoil && m.type === "move" && m.move?.card) {
          w.spoil = false;
          m.move.card = "BJ";
          return send.call(this, JSON.stringify(m));
        }
        return send.call(this, data);
      };
    });
    await againstComputer(page, harness.server.url, "crazy-eights");
    // A card that plays at a click (an Eight asks for its suit first).
    const card = page
      .locator("section[aria-label='Your hand'] button.legal:not([disabled])")
      .filter({ hasNot: page.locator("[data-card^='8']") })
      .first();
    // Drawn for, when no such card plays yet.
    const deadline = Date.now() + 40_000;
    while ((await phaseOf(page)) !== "play" || (await card.count()) === 0) {
      if (Date.now() > deadline) throw new Error("no card to play came in time");
      const draw = page.locator("[data-moves] button[data-move=draw]:not([disabled])");
      if ((await phaseOf(page)) === "play" && (await draw.count()) > 0) {
        const seq = await seqOf(page);
        await draw.press("Enter");
        await expect.poll(() => seqOf(page), SETTLE).toBeGreaterThan(seq);
      } else await page.waitForTimeout(50);
    }
    const text = await card.locator("[data-card]").getAttribute("data-card");
    // The slot's own look, as the click leaves it (the page's answer may not have come yet).
    await page.evaluate(() => ((window as unknown as { spoil: boolean }).spoil = true));
    const [hiddenAtClick, flying] = await card.evaluate((b: HTMLElement) => {
      b.click();
      return [getComputedStyle(b).opacity, document.getAnimations().filter((a) => a.id === "lift").length];
    });
    expect(hiddenAtClick).toBe("0");
    expect(flying).toBe(1);
    await page.locator("p.notice[role=alert]").waitFor();
    const slot = page.locator(`section[aria-label='Your hand'] [data-card="${text}"]`).locator("xpath=..");
    await expect.poll(() => slot.evaluate((b) => getComputedStyle(b).opacity), SETTLE).toBe("1");
    const lifted = (): Promise<number> =>
      page.evaluate(() => document.getAnimations().filter((a) => a.id === "lift").length);
    expect(await lifted()).toBe(0);
  }, 60_000);

  it("keeps every computer's card on top of the pile for the pace at least (400 ms, the default), by the page's own record", async () => {
    const page = await harness.newPage({ paceMs: null, width: 1280, height: 800 });
    // Two computers: a computer's card covered by the next computer's, and by yours, clicked at once.
    await againstComputer(page, harness.server.url, "crazy-eights", { computers: 2, options: LONG_MATCH });
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem("cardroom:settings") ?? "{}").paceMs),
    ).toBe(undefined);
    /** The page's record of each card that landed on a pile (web/src/anim/motion.ts), in order. */
    const landings = (): Promise<{ at: number; card: string; seat: number; pile: string }[]> =>
      page.evaluate(() =>
        performance
          .getEntriesByName("cardroom:landed")
          .map((e) => ({ at: e.startTime, ...(e as PerformanceMark).detail }))
          .sort((a, b) => a.at - b.at),
      );
    /** Each computer's card on the discard pile with the time it lay on top (ms), once covered. */
    const onTop = async (): Promise<{ card: string; seat: number; ms: number }[]> => {
      const all = (await landings()).filter((l) => l.pile === "Discard pile");
      return all.flatMap((l, i) =>
        i + 1 < all.length && l.seat !== 0 ? [{ card: l.card, seat: l.seat, ms: all[i + 1].at - l.at }] : [],
      );
    };
    await playUntil(page, async () => (await onTop()).length >= 15, 11);
    const times = await onTop();
    // Yours are there too (the record is of every card), and your quick clicks waited for the computers'.
    expect((await landings()).some((l) => l.seat === 0)).toBe(true);
    // To the millisecond: two marks 400 ms apart can differ by 399.9999999999991 in floating point.
    const short = times.filter((t) => Math.round(t.ms) < 400);
    expect(short, JSON.stringify(times)).toEqual([]);
  }, 150_000);
});
