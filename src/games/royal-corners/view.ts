import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { formatCard, formatCards, cardCount } from "../../engine/card-text.js";
import { type JsonObject, type Viewer, SPECTATOR } from "../../engine/game.js";
import { cardText, viewFields } from "../../engine/schemas.js";
import { NONE } from "./rules.js";
import { cornerLabel } from "./words.js";
import type { CornersState } from "./state.js";

const int = z.number().int();

/** What a seat may know (docs/rules/royal-corners.md, "Views"). */
export const viewSchema = z.object({
  ...viewFields,
  game: z.literal("royal-corners"),
  /** Per seat: the cards it took from the face-up stock and still holds (everybody saw them taken). */
  known: z.array(z.array(cardText)),
  /** Per seat: gone out this hand. */
  out: z.array(z.boolean()),
  /** Cards in the centre stock. */
  stock: int.min(0),
  /** The stock's top card, face up; null when the stock is empty. */
  stockTop: cardText.nullable(),
  /** The four corner piles, bottom card first. */
  corners: z.array(z.array(cardText)),
  /** The corner a pile move just emptied, which takes any card next (rule 4d). */
  freedCorner: int.min(0).max(3).nullable(),
  moved: z.boolean(),
  idleEnds: int.min(0),
  turn: int.min(0),
  limit: int.min(1),
});
export type CornersView = z.infer<typeof viewSchema>;

const sorted = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort((a, b) => a - b));

/**
 * What a viewer may know, built up from what it sees: its own hand, the
 * corners (face up), the stock's top card and size, every hand's size, and
 * the cards each player took from the face-up stock and still holds (everybody
 * saw them taken). Every move is public.
 */
export function view(s: CornersState, viewer: Viewer): CornersView {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  return {
    game: "royal-corners",
    seat: viewer,
    hand: own ? sorted(own) : null,
    handSizes: s.hands.map((h) => h.length),
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    result: s.result,
    known: s.hands.map((h) => sorted(h.filter((c) => s.seen[c] === 1))),
    out: s.out.slice(),
    stock: s.stock.length,
    stockTop: s.stock.length > 0 ? formatCard(s.stock[s.stock.length - 1]) : null,
    corners: s.corners.map((p) => formatCards(p)),
    freedCorner: s.freed === NONE ? null : s.freed,
    moved: s.moved,
    idleEnds: s.idleEnds,
    turn: s.turn,
    limit: s.options.limit,
  };
}

/** Every card's place; the stock top first. */
export function dump(s: CornersState): JsonObject {
  return {
    hands: s.hands.map((h) => formatCards(h)),
    stock: formatCards(s.stock.slice().reverse()),
    corners: s.corners.map((p) => formatCards(p)),
    seen: s.hands.map((h) => h.filter((c) => s.seen[c] === 1).length),
    out: s.out.slice(),
    turn: s.turn,
    freed: s.freed,
    moved: s.moved,
    idleEnds: s.idleEnds,
    dealer: s.dealer,
    hand: s.hand,
    scores: s.scores.slice(),
  };
}

export function board(v: CornersView): string[] {
  const name = (p: number) => (p === v.seat ? "you" : `seat ${p}`);
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer)} · match ends at ${v.limit} penalty points`,
    `Penalties: ${v.scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Stock: ${v.stockTop ?? "empty"}${v.stock > 1 ? ` (+${v.stock - 1} unseen)` : ""}`,
    ...v.corners.map(
      (p, k) =>
        `${cornerLabel(k)}: ${p.length ? p.join(" ") : "(empty)"}${v.freedCorner === k ? "  <- just freed: any card" : ""}`,
    ),
    ...v.handSizes.flatMap((n, p) =>
      p === v.seat
        ? []
        : [
            `${name(p)}: ${v.out[p] ? "out" : cardCount(n)}${v.known[p].length ? ` (holds ${v.known[p].join(" ")})` : ""}`,
          ],
    ),
  ];
  if (v.hand) lines.push(`Your hand: ${v.hand.join(" ")}`);
  return lines;
}
