import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";

/**
 * Moves as integers: four card-less moves, then a discard per card, a knock
 * (discard and knock) per card, and a lay-off per (meld, card).
 */
export const TAKE: Move = 0;
export const DRAW: Move = 1;
export const PASS: Move = 2;
export const DONE: Move = 3;
const DISCARD_BASE = 4;
const KNOCK_BASE = DISCARD_BASE + 52;
const LAYOFF_BASE = KNOCK_BASE + 52;
/** A knocker holds at most three melds (ten cards, three or more each). */
export const MAX_MELDS = 3;
const MOVE_END = LAYOFF_BASE + 52 * MAX_MELDS;

export const discardMove = (c: Card): Move => DISCARD_BASE + c;
export const knockMove = (c: Card): Move => KNOCK_BASE + c;
export const layoffMove = (c: Card, meld: number): Move => LAYOFF_BASE + meld * 52 + c;

/** A move that puts down a card: a discard, a knock or a lay-off. */
export const isCardMove = (m: Move): boolean => m >= DISCARD_BASE && m < MOVE_END;
export const isDiscard = (m: Move): boolean => m >= DISCARD_BASE && m < KNOCK_BASE;
export const isKnock = (m: Move): boolean => m >= KNOCK_BASE && m < LAYOFF_BASE;
export const isLayoff = (m: Move): boolean => m >= LAYOFF_BASE && m < MOVE_END;
/** The card a discard, knock or lay-off puts down. */
export const moveCard = (m: Move): Card =>
  isDiscard(m) ? m - DISCARD_BASE : isKnock(m) ? m - KNOCK_BASE : (m - LAYOFF_BASE) % 52;
export const layoffMeld = (m: Move): number => ((m - LAYOFF_BASE) / 52) | 0;

const SIMPLE = ["take", "draw", "pass", "done"] as const;

/** The moves' wire forms: the one source of their type. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("take") }),
  z.object({ type: z.literal("draw") }),
  z.object({ type: z.literal("pass") }),
  z.object({ type: z.literal("done") }),
  z.object({ type: z.literal("discard"), card: cardText }),
  z.object({ type: z.literal("knock"), card: cardText }),
  z.object({
    type: z.literal("layoff"),
    card: cardText,
    meld: z
      .number()
      .int()
      .min(0)
      .max(MAX_MELDS - 1),
  }),
]);
export type GinMoveJson = z.infer<typeof moveSchema>;

export function moveToJson(m: Move): GinMoveJson {
  if (m < DISCARD_BASE) return { type: SIMPLE[m] };
  const card = formatCard(moveCard(m));
  if (isDiscard(m)) return { type: "discard", card };
  if (isKnock(m)) return { type: "knock", card };
  return { type: "layoff", card, meld: layoffMeld(m) };
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  const simple = SIMPLE.indexOf(json.type as (typeof SIMPLE)[number]);
  if (simple >= 0) return ok(simple);
  if (json.type !== "discard" && json.type !== "knock" && json.type !== "layoff") {
    return err(`unknown move type "${json.type}" (moves: take, draw, pass, discard, knock, layoff, done)`);
  }
  const c = parseCard(json.card);
  if (!c.ok) return c;
  if (c.value >= 52) return err("Gin Rummy is played without jokers");
  if (json.type === "discard") return ok(discardMove(c.value));
  if (json.type === "knock") return ok(knockMove(c.value));
  const meld = json.meld;
  if (typeof meld !== "number" || !Number.isInteger(meld) || meld < 0 || meld >= MAX_MELDS) {
    return err(`a layoff names the knocker's meld by its number: "meld": 0 to ${MAX_MELDS - 1}`);
  }
  return ok(layoffMove(c.value, meld));
}

export function describeMove(m: Move): string {
  switch (m) {
    case TAKE:
      return "take the top discard";
    case DRAW:
      return "draw from the stock";
    case PASS:
      return "refuse the up-card";
    case DONE:
      return "finish laying off";
  }
  const card = formatCard(moveCard(m));
  if (isDiscard(m)) return `discard ${card}`;
  if (isKnock(m)) return `discard ${card} and knock`;
  return `lay off ${card} on meld ${layoffMeld(m)}`;
}
