/**
 * Dragging with a finger. Touch screens mostly do not do HTML5 drag and
 * drop, so a source (a card, a pile) carried by a pointer that is not a
 * mouse is dropped on what lies under the finger where it lifts: the
 * nearest `[data-drop-target]` there receives a `carddrop` event naming the
 * source, the same words HTML5's drop carries (`hand:5H`, `stock`,
 * `corner:2`). A touch that moved less than a few pixels is a tap, and
 * stays the click it is.
 */
import type { PointerEvent as ReactPointerEvent } from "react";

export const DROP_EVENT = "carddrop";
const SLOP = 10;

export function pointerDragStart(e: ReactPointerEvent<HTMLElement>, source: string): void {
  if (e.pointerType === "mouse" || !e.isPrimary) return;
  const from = e.currentTarget;
  const [x0, y0] = [e.clientX, e.clientY];
  let moved = false;
  const move = (m: PointerEvent): void => {
    if (!moved && Math.hypot(m.clientX - x0, m.clientY - y0) > SLOP) {
      moved = true;
      from.classList.add("dragging");
    }
  };
  const stop = (): void => {
    removeEventListener("pointermove", move);
    removeEventListener("pointerup", up);
    removeEventListener("pointercancel", stop);
    from.classList.remove("dragging");
  };
  const up = (u: PointerEvent): void => {
    stop();
    if (!moved) return;
    // A click a browser may send on the source after the lift is not a tap on it (a tap elsewhere is).
    const swallow = (c: Event): void => {
      if (!(c.target instanceof Node) || !from.contains(c.target)) return;
      c.stopPropagation();
      c.preventDefault();
    };
    addEventListener("click", swallow, { capture: true });
    setTimeout(() => removeEventListener("click", swallow, { capture: true }), 400);
    const target = document.elementFromPoint(u.clientX, u.clientY)?.closest("[data-drop-target]");
    target?.dispatchEvent(new CustomEvent(DROP_EVENT, { detail: source, bubbles: true }));
  };
  addEventListener("pointermove", move);
  addEventListener("pointerup", up);
  addEventListener("pointercancel", stop);
}
