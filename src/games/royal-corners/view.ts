import type { Card } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { type JsonObject, type Viewer, SPECTATOR, historyView } from "../../engine/game.js";
import { moveToJson } from "./moves.js";
import { NONE } from "./rules.js";
import type { CornersState } from "./state.js";

const sorted = (cards: readonly Card[]): string[] => formatCards(cards.slice().sort((a, b) => a - b));

/**
 * What a viewer may know, built up from what it sees: its own hand, the
 * corners (face up), the stock's top card and size, every hand's size, and
 * the cards each player took from the face-up stock and still holds (everybody
 * saw them taken). Every move is public.
 */
export function view(s: CornersState, viewer: Viewer): JsonObject {
  const own = viewer === SPECTATOR ? null : s.hands[viewer];
  return {
    game: "royal-corners",
    seat: viewer,
    hand: own ? sorted(own) : null,
    handSizes: s.hands.map((h) => h.length),
    known: s.hands.map((h) => sorted(h.filter((c) => s.seen[c] === 1))),
    out: s.out.slice(),
    stock: s.stock.length,
    stockTop: s.stock.length > 0 ? formatCard(s.stock[s.stock.length - 1]) : null,
    corners: s.corners.map((p) => formatCards(p)),
    freedCorner: s.freed === NONE ? null : s.freed,
    moved: s.moved,
    idleEnds: s.idleEnds,
    turn: s.turn,
    toAct: s.handOver ? [] : [s.turn],
    dealer: s.dealer,
    handNumber: s.hand,
    scores: s.scores.slice(),
    limit: s.options.limit,
    history: historyView(s, (_seat, m) => moveToJson(m)),
    result: s.result as JsonObject | null,
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
    rng: [...s.rng.state()],
  };
}

export function board(v: JsonObject): string[] {
  const seat = v.seat as Viewer;
  const name = (p: number) => (p === seat ? "you" : `seat ${p}`);
  const sizes = v.handSizes as number[];
  const scores = v.scores as number[];
  const known = v.known as string[][];
  const out = v.out as boolean[];
  const corners = v.corners as string[][];
  const lines = [
    `Hand ${v.handNumber} · dealer ${name(v.dealer as number)} · match ends at ${v.limit} penalty points`,
    `Penalties: ${scores.map((x, p) => `${name(p)} ${x}`).join(", ")}`,
    `Stock: ${v.stockTop ?? "empty"}${(v.stock as number) > 1 ? ` (+${(v.stock as number) - 1} unseen)` : ""}`,
    ...corners.map(
      (p, k) =>
        `Corner ${k}: ${p.length ? p.join(" ") : "(empty)"}${v.freedCorner === k ? "  <- just freed: any card" : ""}`,
    ),
    ...sizes.flatMap((n, p) =>
      p === seat
        ? []
        : [
            `${name(p)}: ${out[p] ? "out" : `${n} cards`}${known[p].length ? ` (holds ${known[p].join(" ")})` : ""}`,
          ],
    ),
  ];
  if (v.hand) lines.push(`Your hand: ${(v.hand as string[]).join(" ")}`);
  return lines;
}
