/**
 * The web client at a server that allows a message a second
 * (`MESSAGES_PER_SECOND=1`), in Chromium: a person who moves faster than
 * that has moves refused as too fast (`rate_limited`), which the page sends
 * again, unchanged, after the server's stated wait (web/src/TablePage.tsx),
 * so that every click is played and the hand goes on, with no word of it
 * to the person.
 */
import { describe, expect, it } from "vitest";
import { againstComputer, clickMove, phaseOf, seqOf, useBrowser } from "./web-browser.js";

const harness = useBrowser({ messagesPerSecond: 1 });

/** A WebSocket frame as the page sent or received it, in the order seen. */
interface Frame {
  readonly sent: boolean;
  readonly m: { type?: string; code?: string; for?: string; move?: unknown };
}

describe("a move refused as too fast, in Chromium", () => {
  it("is sent again after the server's stated wait, and the hand goes on", async () => {
    const page = await harness.newPage();
    const frames: Frame[] = [];
    const heard = (sent: boolean) => (f: { payload: string | Buffer }) =>
      frames.push({ sent, m: JSON.parse(String(f.payload)) as Frame["m"] });
    page.on("websocket", (ws) => {
      ws.on("framesent", heard(true));
      ws.on("framereceived", heard(false));
    });
    await againstComputer(page, harness.server.url, "crazy-eights");

    const refusedMoves = () =>
      frames.filter(
        (f) => !f.sent && f.m.type === "error" && f.m.code === "rate_limited" && f.m.for === "move",
      );
    // Moves as fast as the page takes them, each waited for on the table, until some were refused.
    let clicks = 0;
    for (let r = 0; clicks < 4 || refusedMoves().length < 2; r++) {
      expect(clicks, "clicks without a move refused as too fast").toBeLessThan(40);
      await expect.poll(() => phaseOf(page), { timeout: 60_000 }).toMatch(/^(play|handover)$/);
      if ((await phaseOf(page)) === "handover") break; // the hand ended: it went on to its end
      const seq = await seqOf(page);
      if ((await clickMove(page, r)) === null) {
        await page.waitForTimeout(20);
        continue;
      }
      clicks++;
      // Played, refused or not: the table moves on past it.
      await expect.poll(() => seqOf(page), { timeout: 60_000 }).toBeGreaterThan(seq);
    }
    expect(refusedMoves().length).toBeGreaterThanOrEqual(1);

    // Each refused move was sent again as it was, and each click's move went in once.
    const sent = frames.filter((f) => f.sent && f.m.type === "move");
    for (const [i, f] of frames.entries()) {
      if (!refusedMoves().includes(f)) continue;
      const before = frames
        .slice(0, i)
        .filter((x) => x.sent && x.m.type === "move")
        .at(-1);
      const after = frames.slice(i + 1).find((x) => x.sent && x.m.type === "move");
      expect(after?.m).toEqual(before?.m);
    }
    expect(sent.length).toBe(clicks + refusedMoves().length);
    // Nothing said to the person of it.
    expect(await page.textContent("main")).not.toMatch(/too many|rate_limited/i);
  });
});
