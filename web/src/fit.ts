/**
 * The game's table fitted to the felt: when what a game draws (a hand's
 * end with both hands laid out, a long show) is taller or wider than the
 * felt, it is zoomed down until it fits, as a card site scales its table to
 * the window, so that nothing on the felt needs a scroll. It is never
 * zoomed up: the cards are sized for the screen already.
 */
import { type RefObject, useLayoutEffect, useRef } from "react";

/** The smallest zoom: below it the felt scrolls rather than draw unreadable cards. */
const LEAST = 0.45;
/**
 * The smallest zoom of the hands laid out under a table that keeps its size, and of what is said
 * beside its piles then: below it their small cards are hard to read, and the whole table is zoomed
 * instead (its piles a little smaller).
 */
const LEAST_BESIDE = 0.75;

/** The felt's size, as the fit last saw it. */
const sizeOf = (felt: HTMLElement): string => `${felt.clientWidth}x${felt.clientHeight}`;

function fit(felt: HTMLElement, content: HTMLElement): void {
  // A table whose piles stand at fixed places marks what is said beside them (`data-fit`): only
  // that is zoomed, so that the piles never move; else the whole table is.
  // Every zoom set before, a part no longer marked (a hand's end zooms the whole table) included.
  for (const el of [content, ...content.querySelectorAll<HTMLElement>("[data-fit], [style*=zoom]")])
    if (el.style.zoom) el.style.zoom = "";
  // At a hand's end on a wide screen with two at the table (the hands laid out in your hand's room),
  // the whole of it is zoomed.
  if (content.hasAttribute("data-fit-all")) {
    zoomToFit(felt, content, content);
    return;
  }
  const within = content.querySelector<HTMLElement>(":scope > * [data-fit]");
  // The hands laid out under the table (on a phone, round a wide felt): zoomed alone, after the part
  // of the table said beside its piles, unless that would draw either too small (Roller Coaster's run
  // on a phone), when the whole table is.
  const beside = content.querySelector<HTMLElement>(":scope > [data-fit]");
  if (beside) {
    const apart =
      (!within || zoomToFit(felt, content, within, LEAST_BESIDE)) &&
      zoomToFit(felt, content, beside, LEAST_BESIDE);
    if (!apart) {
      for (const el of [within, beside]) if (el) el.style.zoom = "";
      // The hands keep to their row and clip what runs past it: the whole table fits when they do.
      zoomToFit(felt, content, content, LEAST, beside);
    }
    return;
  }
  zoomToFit(felt, content, within ?? content);
}

/**
 * Zooms `inner` to the largest zoom at which the felt holds it, and `part` (a part within it) its own
 * place too: whether even the least did.
 */
function zoomToFit(
  felt: HTMLElement,
  content: HTMLElement,
  inner: HTMLElement,
  least = LEAST,
  part: HTMLElement = inner,
): boolean {
  // Fitted when the felt does not scroll and what is zoomed does not run out of its own place (below
  // it, "The table in words" sits on the felt).
  const holds = (e: HTMLElement): boolean => e.scrollHeight <= e.clientHeight + 1;
  const fits = (): boolean =>
    felt.scrollHeight - felt.clientHeight <= 0 &&
    felt.scrollWidth - felt.clientWidth <= 0 &&
    holds(inner) &&
    holds(part) &&
    holds(content);
  if (fits()) return true;
  // A first guess from how far it runs over (what it draws may overflow its own box, as a grid row
  // that does not grow: measured by its scroll size too)...
  const over = felt.scrollHeight - felt.clientHeight;
  const wide = felt.scrollWidth - felt.clientWidth;
  const height = Math.max(inner.getBoundingClientRect().height, inner.scrollHeight);
  const width = Math.max(inner.getBoundingClientRect().width, inner.scrollWidth);
  const byHeight = height > 0 ? (height - Math.max(0, over)) / height : 1;
  const byWidth = width > 0 ? (width - Math.max(0, wide)) / width : 1;
  let guess = Math.min(1, Math.max(least, Math.min(byHeight, byWidth) - 0.01));
  const zoomTo = (z: number): boolean => {
    inner.style.zoom = String(z);
    return fits();
  };
  // ...then halved toward the largest zoom that fits, as zooming rewraps the content (a few layouts,
  // only when the table runs over the felt).
  let [lo, hi] = zoomTo(guess) ? [guess, 1] : [least, guess];
  if (lo === least && !zoomTo(least)) return false;
  for (let k = 0; k < 5 && hi - lo > 0.01; k++) {
    const mid = (lo + hi) / 2;
    if (zoomTo(mid)) lo = mid;
    else hi = mid;
  }
  guess = lo;
  inner.style.zoom = String(guess);
  return true;
}

/**
 * Keeps `inner` zoomed to fit `felt`, after every render and whenever the felt changes size;
 * `drawn` turns true once the page draws them (the observer starts then). The fit after a render
 * waits for the next frame, before it is painted: a page drawn in several renders (the table,
 * then its game's chunk, then the seat's view) is measured once, not laid out once per render.
 */
export function useFitToFelt(
  felt: RefObject<HTMLElement | null>,
  inner: RefObject<HTMLElement | null>,
  drawn: boolean,
): void {
  // The felt's size at the last fit: the observer's first report (its size when observed) is
  // already fitted, and a second fit would lay the whole page out again.
  const fitted = useRef("");
  const frame = useRef(0);
  useLayoutEffect(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const f = felt.current;
      const i = inner.current;
      if (!f || !i) return;
      fit(f, i);
      fitted.current = sizeOf(f);
    });
  });
  useLayoutEffect(() => () => cancelAnimationFrame(frame.current), []);
  useLayoutEffect(() => {
    const f = felt.current;
    const i = inner.current;
    if (!f || !i || typeof ResizeObserver !== "function") return;
    const observer = new ResizeObserver(() => {
      // Zooming changes the content's size too: refit only when the felt's own size changed.
      const size = sizeOf(f);
      if (size !== fitted.current) {
        fitted.current = size;
        fit(f, i);
      }
    });
    observer.observe(f);
    return () => observer.disconnect();
  }, [felt, inner, drawn]);
}
