/**
 * Dragging with a finger. Touch screens mostly do not do HTML5 drag and
 * drop, so a source (a card, a pile) carried by a pointer that is not a
 * mouse is dropped on what lies under the finger where it lifts: the
 * nearest `[data-drop-target]` there receives a `carddrop` event naming the
 * source, the same words HTML5's drop carries (`hand:5H`, `stock`,
 * `corner:2`). While it is carried, a copy of it follows the finger (the
 * source itself stays, faded, where it was). A touch that moved less than a
 * few pixels is a tap, and stays the click it is. A target takes both kinds
 * of drop through `useDropTarget`, with the point where it was dropped.
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

/** Where each finger's drop was let go (a `carddrop` carries only its source, as HTML5's drop does). */
const dropPoints = new WeakMap<Event, { x: number; y: number }>();

/**
 * The copy of a carried source that follows the finger: fixed over the page, under no pointer (so
 * that what lies under the finger is the target), centred where the finger first held the source.
 */
function ghostOf(
  from: HTMLElement,
  x0: number,
  y0: number,
): { to(x: number, y: number): void; remove(): void } {
  // The card drawn, not its slot (overlapped in a full hand, a slot is narrower than its card).
  const shown = from.querySelector<SVGElement | HTMLElement>(".card") ?? from;
  const box = shown.getBoundingClientRect();
  const ghost = shown.cloneNode(true) as HTMLElement;
  for (const el of [ghost, ...ghost.querySelectorAll("*")])
    for (const a of ["id", "data-card", "data-drag-source", "data-drop-target", "tabindex", "role"])
      el.removeAttribute(a);
  ghost.classList.remove("dragging");
  ghost.classList.add("drag-ghost");
  ghost.setAttribute("aria-hidden", "true");
  Object.assign(ghost.style, {
    position: "fixed",
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    margin: "0",
    pointerEvents: "none",
    zIndex: "50",
  });
  document.body.append(ghost);
  return {
    to: (x, y) => {
      ghost.style.transform = `translate(${x - x0}px, ${y - y0}px)`;
    },
    remove: () => ghost.remove(),
  };
}

export function pointerDragStart(e: ReactPointerEvent<HTMLElement>, source: string): void {
  if (e.pointerType === "mouse" || !e.isPrimary) return;
  const from = e.currentTarget;
  const [x0, y0] = [e.clientX, e.clientY];
  let moved = false;
  let ghost: ReturnType<typeof ghostOf> | null = null;
  const move = (m: PointerEvent): void => {
    if (!moved && Math.hypot(m.clientX - x0, m.clientY - y0) > SLOP) {
      moved = true;
      from.classList.add("dragging");
      ghost = ghostOf(from, x0, y0);
    }
    ghost?.to(m.clientX, m.clientY);
  };
  const stop = (): void => {
    removeEventListener("pointermove", move);
    removeEventListener("pointerup", up);
    removeEventListener("pointercancel", stop);
    from.classList.remove("dragging");
    ghost?.remove();
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
    const dropped = new CustomEvent(DROP_EVENT, { detail: source, bubbles: true });
    dropPoints.set(dropped, { x: u.clientX, y: u.clientY });
    target?.dispatchEvent(dropped);
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
export function useDropTarget(
  onDrop: ((source: string, at: { x: number; y: number } | null) => void) | null,
): DropTarget | Record<string, never> {
  const handler = useRef(onDrop);
  useEffect(() => {
    handler.current = onDrop;
  });
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    const on = (e: Event): void => {
      const source = (e as CustomEvent<string>).detail;
      if (typeof source === "string" && handler.current) handler.current(source, dropPoints.get(e) ?? null);
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
      handler.current?.(source, { x: e.clientX, y: e.clientY });
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
