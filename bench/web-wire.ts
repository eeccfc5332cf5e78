/// <reference lib="dom" />
// The function passed to addInitScript runs in the page.
/**
 * What a page costs a browser, read from Chromium's own network events
 * (the DevTools protocol): each script's bytes on the wire (its encoded
 * body and headers, as the browser received them, whatever encoding it
 * accepted), where it came from (the server, or the browser's cache), and
 * the moment the table was first drawn, timed in the page from the
 * navigation's start.
 */
import type { CDPSession, Page } from "playwright-core";

export interface Script {
  readonly url: string;
  /** Bytes received: headers and the body as sent (compressed when it was). */
  readonly wire: number;
  /** The body's length once decoded. */
  readonly decoded: number;
  readonly encoding: string;
  /** Served by the browser's cache without asking the server. */
  readonly cached: boolean;
  readonly status: number;
}

/** Records the scripts a page loads; `scripts()` once the page is done. */
export async function watchScripts(page: Page): Promise<{ cdp: CDPSession; scripts(): Script[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  interface Seen {
    url: string;
    encoding: string;
    status: number;
    decoded: number;
    cached: boolean;
    wire: number;
    done: boolean;
  }
  const seen = new Map<string, Seen>();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (e.type === "Script" || /\.js(\?|$)/.test(e.request.url))
      seen.set(e.requestId, {
        url: e.request.url,
        encoding: "",
        status: 0,
        decoded: 0,
        cached: false,
        wire: 0,
        done: false,
      });
  });
  cdp.on("Network.requestServedFromCache", (e) => {
    const s = seen.get(e.requestId);
    if (s) s.cached = true;
  });
  cdp.on("Network.responseReceived", (e) => {
    const s = seen.get(e.requestId);
    if (!s) return;
    const h = e.response.headers;
    s.encoding = h["content-encoding"] ?? h["Content-Encoding"] ?? "identity";
    s.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) s.cached = true;
  });
  cdp.on("Network.dataReceived", (e) => {
    const s = seen.get(e.requestId);
    if (s) s.decoded += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const s = seen.get(e.requestId);
    if (!s) return;
    s.wire = s.cached ? 0 : e.encodedDataLength;
    s.done = true;
  });
  return {
    cdp,
    scripts: () =>
      [...seen.values()]
        .filter((s) => s.done)
        .map(({ url, wire, decoded, encoding, cached, status }) => ({
          url,
          wire,
          decoded,
          encoding,
          cached,
          status,
        })),
  };
}

/** The path of a script's URL: `/assets/TablePage-Bx1.js`. */
export const pathOf = (url: string): string => new URL(url).pathname;

/**
 * Marks in the page the first moment a seat's table is drawn (its hand of
 * cards and its phase, to play or to wait), from the navigation's start:
 * read with `drawnAt(page)`. Set before the page loads.
 */
export async function markDrawn(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const check = (): boolean => {
      if (!document.querySelector("section[aria-label='Your hand'] [data-card]")) return false;
      if (!document.querySelector("main[data-phase=play], main[data-phase=wait]")) return false;
      (window as unknown as { cardroomDrawn: number }).cardroomDrawn = performance.now();
      return true;
    };
    new MutationObserver((_, obs) => check() && obs.disconnect()).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  });
}

/** Milliseconds from the navigation's start to the table first drawn. */
export async function drawnAt(page: Page): Promise<number> {
  await page.waitForFunction(
    () => typeof (window as unknown as { cardroomDrawn?: number }).cardroomDrawn === "number",
  );
  return page.evaluate(() => (window as unknown as { cardroomDrawn: number }).cardroomDrawn);
}
