import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";
import { CORNERS } from "./rules.js";
import { cornerName } from "./words.js";

const corner = z
  .number()
  .int()
  .min(0)
  .max(CORNERS - 1);

/** The moves' wire forms: a card onto a corner, a pile onto another, ending the turn. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardText, from: z.enum(["hand", "stock"]), corner }),
  z.object({ type: z.literal("move"), from: corner, to: corner }),
  z.object({ type: z.literal("end") }),
]);
export type CornersMoveJson = z.infer<typeof moveSchema>;

/**
 * Moves as integers: a play is `(card * 2 + source) * 4 + corner` (source 0
 * the hand, 1 the centre stock); pile moves come after every play as
 * `PILE + from * 4 + to`; then ending the turn.
 */
export const FROM_HAND = 0;
export const FROM_STOCK = 1;
export const PILE: Move = 52 * 8;
export const END: Move = PILE + 16;

export const playMove = (c: Card, source: number, corner: number): Move => (c * 2 + source) * 4 + corner;
export const pileMove = (from: number, to: number): Move => PILE + from * 4 + to;
export const isPlay = (m: Move): boolean => m < PILE;
export const isPileMove = (m: Move): boolean => m >= PILE && m < END;
export const moveCard = (m: Move): Card => m >> 3;
export const moveSource = (m: Move): number => (m >> 2) & 1;
/** The corner a play goes to, or the corner a pile moves onto. */
export const moveCorner = (m: Move): number => m & 3;
export const pileFrom = (m: Move): number => (m - PILE) >> 2;

const SOURCES = ["hand", "stock"] as const;

export function moveToJson(m: Move): CornersMoveJson {
  if (m === END) return { type: "end" };
  if (isPileMove(m)) return { type: "move", from: pileFrom(m), to: moveCorner(m) };
  return { type: "play", card: formatCard(moveCard(m)), from: SOURCES[moveSource(m)], corner: moveCorner(m) };
}

function cornerNumber(v: unknown, field: string): Result<number, string> {
  if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < CORNERS) return ok(v);
  return err(`"${field}" must be a corner number from 0 to ${CORNERS - 1}, got ${JSON.stringify(v)}`);
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "end":
      return ok(END);
    case "move": {
      const from = cornerNumber(json.from, "from");
      if (!from.ok) return from;
      const to = cornerNumber(json.to, "to");
      if (!to.ok) return to;
      if (from.value === to.value) return err("a pile moves onto another corner");
      return ok(pileMove(from.value, to.value));
    }
    case "play": {
      const c = parseCard(json.card);
      if (!c.ok) return c;
      if (c.value >= 52) return err("Royal Corners has no jokers");
      const source = SOURCES.indexOf(json.from as (typeof SOURCES)[number]);
      if (source < 0) return err(`"from" must be "hand" or "stock", got ${JSON.stringify(json.from)}`);
      const corner = cornerNumber(json.corner, "corner");
      if (!corner.ok) return corner;
      return ok(playMove(c.value, source, corner.value));
    }
    default:
      return err(`unknown move type "${json.type}" (moves: play, move, end)`);
  }
}

export function describeMove(m: Move): string {
  if (m === END) return "end the turn";
  if (isPileMove(m)) return `move the pile of ${cornerName(pileFrom(m))} onto ${cornerName(moveCorner(m))}`;
  const where = moveSource(m) === FROM_STOCK ? "from the stock" : "from hand";
  return `play ${formatCard(moveCard(m))} ${where} onto ${cornerName(moveCorner(m))}`;
}
