import { z } from "zod";
import { type Card, CARD_SPACE } from "../../engine/cards.js";
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";

/**
 * Moves as integers: playing a card is the card itself (0..53); FLIP, the
 * one move of the `blind` option (the engine picks the card at random from
 * the hand), comes after them.
 */
export const FLIP: Move = CARD_SPACE;

export const playMove = (c: Card): Move => c;
export const isPlay = (m: Move): boolean => m >= 0 && m < CARD_SPACE;
export const moveCard = (m: Move): Card => m;

/** The moves' wire forms: one source for their type, the protocol docs and the tests. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardText }),
  z.object({ type: z.literal("flip") }),
]);
export type HyruleMoveJson = z.infer<typeof moveSchema>;

export function moveToJson(m: Move): HyruleMoveJson {
  return m === FLIP ? { type: "flip" } : { type: "play", card: formatCard(m) };
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "play": {
      const c = parseCard(json.card);
      return c.ok ? ok(playMove(c.value)) : c;
    }
    case "flip":
      return ok(FLIP);
    default:
      return err(`unknown move type "${json.type}" (moves: play, flip)`);
  }
}

export function describeMove(m: Move): string {
  if (m === FLIP) return "flip a card at random from your hand";
  return isPlay(m) ? `play ${formatCard(m)}` : `move ${m}`;
}
