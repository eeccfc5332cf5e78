/**
 * Dragging with a finger. Touch screens mostly do not do HTML5 drag and
 * drop, so a source (a card, a pile) carried by a pointer that is not a
 * mouse is dropped on what lies under the finger where it lifts: the
 * nearest `[data-drop-target]` there receives a `carddrop` event naming the
 * source, the same words HTML5's drop carries (`hand:5H`, `stock`,
 * `corner:2`). A touch that moved less than a few pixels is a tap, and
 * stays the click it is. A target takes both kinds of drop through
 * `useDropTarget`.
 */
import {
  type DragEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useRef,
} from "react";
import { DRAG_TYPE } from "./table.js";

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

/** What an element needs to take drops: a mouse's HTML5 drag and a finger's `carddrop`. */
export interface DropTarget {
  ref: (el: HTMLElement | null) => (() => void) | undefined;
  "data-drop-target": true;
  onDragOver: (e: DragEvent<HTMLElement>) => void;
  onDrop: (e: DragEvent<HTMLElement>) => void;
}

/**
 * The one drop helper every table uses: an element that takes a dragged
 * source (`hand:5H`, `stock`...) from a mouse (HTML5 drag and drop, the
 * data under DRAG_TYPE) or a finger (`carddrop`, above), and hands it to
 * `onDrop`; null while it takes nothing.
 */
export function useDropTarget(onDrop: ((source: string) => void) | null): DropTarget | Record<string, never> {
  const handler = useRef(onDrop);
  useEffect(() => {
    handler.current = onDrop;
  });
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    const on = (e: Event): void => {
      const source = (e as CustomEvent<string>).detail;
      if (typeof source === "string" && handler.current) handler.current(source);
    };
    el.addEventListener(DROP_EVENT, on);
    return () => el.removeEventListener(DROP_EVENT, on);
  }, []);
  if (!onDrop) return {};
  return {
    ref,
    "data-drop-target": true,
    onDragOver: (e) => {
      if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e) => {
      const source = e.dataTransfer.getData(DRAG_TYPE);
      if (!source) return;
      e.preventDefault();
      handler.current?.(source);
    },
  };
}

/** What a dragged source carries, for the HTML5 drag that starts on it. */
export function dragData(source: string): (e: DragEvent<HTMLElement>) => void {
  return (e) => {
    e.dataTransfer.setData(DRAG_TYPE, source);
    e.dataTransfer.effectAllowed = "move";
  };
}
