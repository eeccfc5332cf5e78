/**
 * The table's motion, with the Web Animations API: each step's cards fly
 * from where they were to where they land, and cards turned up flip. As in
 * chessground's src/anim.ts, the plan (./plan.ts) is made from the step's
 * events alone; the places are read from the page as it stands before the
 * step is drawn (`before`) and after (`after`, in a layout effect), and the
 * flight is drawn over the new table, FLIP style: a copy of the card set
 * where it lands, its transform eased from where it started. The real card
 * stays hidden under it until it lands.
 *
 * The tables take part only by marking their elements:
 * - `data-anim-seat="K"`: seat K's place (its plate, its fanned backs);
 * - `data-anim-hand`: your own hand;
 * - `data-anim-felt`: the felt, where a card put down is looked for by its
 *   `data-card`;
 * - `data-anim-from="draw take"`: a place moves of those types take from
 *   (the stock, Gin's discard pile): the card flies from it to the seat;
 * - `data-anim-to="play discard"`: where moves of those types land when the
 *   card itself is not drawn there (a crib face down, the pile's top).
 * A game's table with no marks still gets its cards flown to where they
 * show on the felt, and the generic table's chips are such cards.
 */
import type { JsonObject, MoveJson } from "../../../src/engine/game.js";
import { type MoveMotion, stepMotion } from "./plan.js";

interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** A flight planned before the step is drawn: where from, and how to find where to. */
interface Flight {
  readonly from: Box;
  /** The landing element after the step is drawn, or a box to land on. */
  to(): Element | Box | null;
  /** The card's face when the landing element is not a card (a face-down crib: null, a back). */
  readonly id: string;
  /** Lands at the seat (drawn into a hand): shrinks as it goes. */
  readonly toSeat: boolean;
  /** The seat whose move it is. */
  readonly seat: number;
}

/** A pile's top card as it stood before the step: drawn under the card flying onto it until that lands. */
interface Top {
  readonly card: string;
  readonly copy: HTMLElement;
}

/**
 * The name of the page's record of each card landed on a pile (`performance.mark`, its `startTime`
 * the moment the flight ends, its `detail` a `Landing`): how long each card lay on top is read from it.
 */
export const LANDED = "cardroom:landed";
export interface Landing {
  readonly card: string;
  readonly seat: number;
  /** The pile's name (its `aria-label`). */
  readonly pile: string;
}

/** A card of your own lifted out of the hand at the click, until the server takes or refuses it. */
interface Held {
  readonly card: string;
  readonly ghost: HTMLElement;
  readonly hide: Animation;
}

/** Chessground's easing (easeInOutCubic): a card leaves gently and settles gently. */
const EASING = "cubic-bezier(0.65, 0, 0.35, 1)";
/** The longest flight, and its share of the pace: a card lands well before the next move shows. */
const LONGEST_MS = 450;
const SHARE_OF_PACE = 0.6;
/** How long your own card takes to leave the hand: at once, to a person's eye. */
const LIFT_MS = 120;

const boxOf = (el: Element): Box => {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
};
const isBox = (x: Element | Box): x is Box => !(x instanceof Element);
const sized = (b: Box): boolean => b.w > 0 && b.h > 0;

/** How long a flight takes at this pace; 0 (no motion) at no pace or when the system asks for less motion. */
export function flightMs(paceMs: number, reducedMotion: boolean): number {
  if (reducedMotion || paceMs <= 0) return 0;
  return Math.min(LONGEST_MS, Math.round(paceMs * SHARE_OF_PACE));
}

/**
 * The document timeline's time: flights start at it (their start set, not left to the next frame), so
 * that when each lands is known exactly, and the next on the same pile is timed from it.
 */
const timelineNow = (): number => {
  const t = document.timeline.currentTime;
  return typeof t === "number" ? t : performance.now();
};

const reducedMotion = (): boolean =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export class TableMotion {
  private planned: Flight[] = [];
  private reveals: string[] = [];
  private held: Held | null = null;
  /** The lifted card's ghost, once its move is shown: removed when the step is drawn. */
  private landed: HTMLElement | null = null;
  /** Each pile's top card before the step being drawn. */
  private tops = new Map<Element, Top>();
  /**
   * When the last card flown onto each pile lands (the document timeline's time): the next card lands a
   * pace after it at the earliest, so that every card is seen on top of the pile for the pace.
   */
  private readonly lands = new WeakMap<Element, number>();

  constructor(
    private readonly root: () => HTMLElement | null,
    private readonly layer: () => HTMLElement | null,
    private readonly pace: () => number,
  ) {}

  private ms(): number {
    return flightMs(this.pace(), reducedMotion());
  }

  private find(selector: string): Element | null {
    return this.root()?.querySelector(selector) ?? null;
  }

  /** The card's element on the felt (the largest drawing of it: the pile's top over a chip). */
  private onFelt(card: string): Element | null {
    const all = this.root()?.querySelectorAll(`[data-anim-felt] [data-card="${card}"]`) ?? [];
    let best: Element | null = null;
    let area = 0;
    for (const el of all) {
      const b = boxOf(el);
      if (b.w * b.h > area) [best, area] = [el, b.w * b.h];
    }
    return best;
  }

  private inHand(card: string): Element | null {
    return this.find(`[data-anim-hand] [data-card="${card}"]`);
  }

  private seatPlace(seat: number): Element | null {
    return this.find(`[data-anim-seat="${seat}"] .fan`) ?? this.find(`[data-anim-seat="${seat}"]`);
  }

  private place(kind: "from" | "to", type: string): Element | null {
    return this.find(`[data-anim-felt] [data-anim-${kind}~="${CSS.escape(type)}"]`);
  }

  /**
   * Your own card played: lifted out of the hand at once and set on where the move lands, before the
   * server answers. `putBack` returns it if the server refuses the move.
   */
  lift(move: MoveJson): void {
    this.putBack();
    const card = move.card;
    if (typeof card !== "string" || (move.from !== undefined && move.from !== "hand")) return;
    const face = this.inHand(card);
    const slot = face?.closest(".card-slot") ?? face;
    const layer = this.layer();
    if (!face || !slot || !layer) return;
    const from = boxOf(face);
    const spot = this.place("to", String(move.type)) ?? this.find("[data-anim-felt]");
    if (!sized(from) || !spot) return;
    const ghost = this.ghost(face, from);
    layer.append(ghost);
    const to = boxOf(spot);
    const dx = to.x + to.w / 2 - (from.x + from.w / 2);
    const dy = to.y + to.h / 2 - (from.y + from.h / 2);
    // Not on the pile before the card on top of it has been seen there for the pace.
    const ms = this.ms() ? Math.max(LIFT_MS, this.earliest(spot) - timelineNow()) : 0;
    ghost.animate([{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px)` }], {
      duration: ms,
      easing: EASING,
      fill: "forwards",
      id: "lift",
    });
    // Hidden in the hand, not taken out: React still owns the hand, and the server may refuse.
    const hide = slot.animate([{ opacity: 0 }, { opacity: 0 }], { duration: 0, fill: "forwards" });
    this.held = { card, ghost, hide };
  }

  /** The lifted card back in the hand (the server refused it, or the table was drawn again whole). */
  putBack(): void {
    if (!this.held) return;
    this.held.hide.cancel();
    this.held.ghost.remove();
    this.held = null;
  }

  /**
   * A step is about to be drawn: what it moves, and where from, read from the table as it stands.
   * `drawn`: false for a step that only adds to the log (no frame of its own: nothing flies), or
   * a whole table drawn again; your lifted card is let go all the same once its move comes.
   */
  before(events: readonly JsonObject[], you: number, drawn = true): void {
    const plan = stepMotion(events);
    const ms = drawn ? this.ms() : 0;
    this.planned = [];
    this.tops = ms && plan.moves.length ? this.pileTops() : new Map();
    this.reveals = ms ? [...plan.reveals] : [];
    for (const m of plan.moves) {
      if (m.seat === you && this.held) {
        // Your lifted card: it flies on from where it was set, and its ghost goes once the step is drawn.
        const { ghost, card } = this.held;
        this.held = null;
        this.landed?.remove();
        this.landed = ghost;
        if (ms) this.planned.push(...this.flightsOf({ ...m, cards: [card] }, you, boxOf(ghost)));
        continue;
      }
      if (ms) this.planned.push(...this.flightsOf(m, you, null));
    }
  }

  private flightsOf(m: MoveMotion, you: number, start: Box | null): Flight[] {
    const seat = m.seat === you ? this.find("[data-anim-hand]") : this.seatPlace(m.seat);
    const taken = this.place("from", m.type);
    if (taken) {
      // Into a hand: from the place (the stock) to your hand's card, or to the seat, face down.
      const from = boxOf(taken);
      if (m.seat === you && m.cards.length)
        return m.cards.map((c) => ({
          from,
          to: () => this.inHand(c),
          id: `flight ${m.type} to you`,
          toSeat: false,
          seat: m.seat,
        }));
      if (!seat) return [];
      const to = (): Box | null => {
        const s = m.seat === you ? this.find("[data-anim-hand]") : this.seatPlace(m.seat);
        return s ? boxOf(s) : null;
      };
      return Array.from({ length: m.cards.length || m.backs }, () => ({
        from,
        to,
        id: `flight ${m.type} to seat ${m.seat}`,
        toSeat: true,
        seat: m.seat,
      }));
    }
    // Put down: from the seat (or your hand's card) to where the card now shows, or to the move's mark.
    const id = `flight ${m.type} from ${m.seat === you ? "you" : `seat ${m.seat}`}`;
    const fromOf = (c: string | null): Box | null => {
      if (start) return start;
      const own = m.seat === you && c ? this.inHand(c) : null;
      return own ? boxOf(own) : seat ? boxOf(seat) : null;
    };
    const cards = m.cards.length ? m.cards : null;
    if (!cards) {
      const from = fromOf(null);
      if (!from || !this.place("to", m.type)) return [];
      return [{ from, to: () => this.place("to", m.type), id, toSeat: false, seat: m.seat }];
    }
    return cards.flatMap((c) => {
      const from = fromOf(c);
      if (!from) return [];
      return [
        { from, to: () => this.onFelt(c) ?? this.place("to", m.type), id, toSeat: false, seat: m.seat },
      ];
    });
  }

  /** The step is drawn (a layout effect, before the browser paints it): its cards fly, its reveals flip. */
  after(): void {
    this.landed?.remove();
    this.landed = null;
    const flights = this.planned;
    const reveals = this.reveals;
    const tops = this.tops;
    this.planned = [];
    this.reveals = [];
    this.tops = new Map();
    const ms = this.ms();
    const layer = this.layer();
    if (!ms || !layer) return;
    const flown = new Set<Element>();
    for (const f of flights) {
      const target = f.to();
      if (!target) continue;
      const to = isBox(target) ? target : boxOf(target);
      if (!sized(to) || !sized(f.from)) continue;
      // A card put on a pile, over the card on top of it: that one stays in sight until it lands,
      // and it lands a pace after that one did at the earliest.
      const pile = isBox(target) ? null : target.closest("[data-anim-to]");
      const top = pile ? tops.get(pile) : undefined;
      const covers =
        pile && top && !pile.querySelector(`[data-card="${CSS.escape(top.card)}"]`) ? pile : null;
      const duration = covers ? Math.max(ms, this.earliest(covers) - timelineNow()) : ms;
      this.fly(layer, f, target, to, duration, pile, covers ? top!.copy : null);
      if (!isBox(target)) flown.add(target);
    }
    for (const card of reveals) {
      const el = this.onFelt(card);
      if (!el || flown.has(el)) continue;
      el.animate([{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }], {
        duration: ms,
        easing: EASING,
        id: `flip ${card}`,
      });
    }
  }

  /** The pile's top cards as they stand, each with a copy to lay over its place while it is covered. */
  private pileTops(): Map<Element, Top> {
    const tops = new Map<Element, Top>();
    for (const pile of this.root()?.querySelectorAll("[data-anim-felt] [data-anim-to]") ?? []) {
      let best: Element | null = null;
      let area = 0;
      for (const el of pile.querySelectorAll("[data-card]")) {
        const b = boxOf(el);
        if (b.w * b.h > area) [best, area] = [el, b.w * b.h];
      }
      const card = best?.getAttribute("data-card");
      if (best && card) tops.set(pile, { card, copy: this.ghost(best, boxOf(best)) });
    }
    return tops;
  }

  /** The earliest a card may land on this pile: a pace after the card on it landed. */
  private earliest(pile: Element | null): number {
    const landed = pile ? this.lands.get(pile) : undefined;
    return landed === undefined ? 0 : landed + this.pace();
  }

  private fly(
    layer: HTMLElement,
    f: Flight,
    target: Element | Box,
    to: Box,
    ms: number,
    pile: Element | null = null,
    under: HTMLElement | null = null,
  ): void {
    const card = isBox(target) ? null : target.closest("[data-card]") ? target : null;
    // A card lands as itself; one going into a seat's hand, or onto a face-down place, as a back.
    const size = card ? to : this.cardSize();
    const anchor = f.toSeat ? f.from : to;
    const at: Box = card
      ? to
      : {
          x: anchor.x + anchor.w / 2 - size.w / 2,
          y: anchor.y + anchor.h / 2 - size.h / 2,
          w: size.w,
          h: size.h,
        };
    const ghost = card ? this.ghost(card, at) : this.back(at);
    if (under) layer.append(under);
    layer.append(ghost);
    const other = f.toSeat ? to : f.from;
    const dx = other.x + other.w / 2 - (at.x + at.w / 2);
    const dy = other.y + other.h / 2 - (at.y + at.h / 2);
    const s = Math.max(0.3, Math.min(1, other.h / at.h));
    const away = `translate(${dx}px, ${dy}px) scale(${s})`;
    const frames = f.toSeat
      ? [{ transform: "none" }, { transform: away }]
      : [{ transform: away }, { transform: "none" }];
    const start = timelineNow();
    const flight = ghost.animate(frames, { duration: ms, easing: EASING, id: f.id });
    flight.startTime = start;
    // The card itself shows once its copy has landed on it.
    if (card) {
      const hide = card.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms, id: `${f.id} landing` });
      hide.startTime = start;
    }
    const done = (): void => {
      ghost.remove();
      under?.remove();
    };
    if (pile) {
      const end = start + ms;
      this.lands.set(pile, end);
      const landing: Landing = {
        card: card?.getAttribute("data-card") ?? "",
        seat: f.seat,
        pile: pile.getAttribute("aria-label") ?? "",
      };
      // The page's own record of the landing, once it has landed: the moment the flight ended.
      flight.addEventListener("finish", () => performance.mark(LANDED, { startTime: end, detail: landing }));
    }
    flight.addEventListener("finish", done);
    flight.addEventListener("cancel", done);
  }

  /** The size of a card on the felt (a back flown to or from a seat is drawn that size). */
  private cardSize(): { w: number; h: number } {
    const card = this.find("[data-anim-felt] svg.card");
    const b = card ? boxOf(card) : null;
    return b && sized(b) ? { w: b.w, h: b.h } : { w: 48, h: 67 };
  }

  /** A copy of a card for its flight, laid over the page at `at`: nothing in it is named or found. */
  private ghost(card: Element, at: Box): HTMLElement {
    const box = document.createElement("div");
    box.className = "flight";
    Object.assign(box.style, {
      left: `${at.x}px`,
      top: `${at.y}px`,
      width: `${at.w}px`,
      height: `${at.h}px`,
    });
    const copy = card.cloneNode(true) as Element;
    for (const el of [copy, ...copy.querySelectorAll("*")])
      for (const a of ["data-card", "role", "aria-label", "id", "tabindex"]) el.removeAttribute(a);
    copy.setAttribute("width", "100%");
    copy.setAttribute("height", "100%");
    box.append(copy);
    return box;
  }

  private back(at: Box): HTMLElement {
    const box = document.createElement("div");
    box.className = "flight flight-back";
    Object.assign(box.style, {
      left: `${at.x}px`,
      top: `${at.y}px`,
      width: `${at.w}px`,
      height: `${at.h}px`,
    });
    return box;
  }

  /** Everything in the air dropped (the page leaves the table). */
  close(): void {
    this.putBack();
    this.landed?.remove();
    for (const a of this.layer()?.getAnimations({ subtree: true }) ?? []) a.cancel();
  }
}
