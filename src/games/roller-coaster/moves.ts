import { z } from "zod";
import { type Card } from "../../engine/cards.js";
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";

/** The moves' wire forms: play a card of the run, end the run, draw and pass, pass. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardText }),
  z.object({ type: z.literal("end") }),
  z.object({ type: z.literal("draw") }),
  z.object({ type: z.literal("pass") }),
]);
export type CoasterMoveJson = z.infer<typeof moveSchema>;

/**
 * Moves as integers: playing a card is the card itself (0..53); ending the
 * run, drawing and passing come after every card.
 */
export const END: Move = 54;
export const DRAW: Move = 55;
export const PASS: Move = 56;

export const playMove = (c: Card): Move => c;
export const isPlay = (m: Move): boolean => m < END;
export const moveCard = (m: Move): Card => m;

export function moveToJson(m: Move): CoasterMoveJson {
  if (m === END) return { type: "end" };
  if (m === DRAW) return { type: "draw" };
  if (m === PASS) return { type: "pass" };
  return { type: "play", card: formatCard(moveCard(m)) };
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "end":
      return ok(END);
    case "draw":
      return ok(DRAW);
    case "pass":
      return ok(PASS);
    case "play": {
      const c = parseCard(json.card);
      return c.ok ? ok(playMove(c.value)) : c;
    }
    default:
      return err(`unknown move type "${json.type}" (moves: play, end, draw, pass)`);
  }
}

export function describeMove(m: Move): string {
  if (m === END) return "end the run";
  if (m === DRAW) return "draw a card and pass";
  if (m === PASS) return "pass (nothing to draw)";
  return `play ${formatCard(moveCard(m))}`;
}
