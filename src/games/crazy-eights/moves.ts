import { z } from "zod";
import {
  CARD_CALL_END,
  NO_CALL,
  SUIT_LETTERS,
  calledCard,
  calledSuit,
  cardCall,
  cardCallJson,
  isCardCall,
} from "../../engine/card-call.js";
import { formatCard, parseCard, parseSuit, suitName } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";
import { isEight } from "./rules.js";

/**
 * Moves as integers: a play is the engine's card-call encoding (`card * 8 +
 * call`, the suit an Eight announces or NO_CALL); drawing and passing come
 * after all plays.
 */
export { NO_CALL };
export const DRAW: Move = CARD_CALL_END;
export const PASS: Move = DRAW + 1;

export const playMove = cardCall;
export const isPlay = isCardCall;
export const moveCard = calledCard;
export const moveCall = calledSuit;

/** The wire forms of the moves: the one source of their type. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardText, suit: z.enum(SUIT_LETTERS).optional() }),
  z.object({ type: z.literal("draw") }),
  z.object({ type: z.literal("pass") }),
]);
export type EightsMoveJson = z.infer<typeof moveSchema>;

export function moveToJson(m: Move): EightsMoveJson {
  if (m === DRAW) return { type: "draw" };
  if (m === PASS) return { type: "pass" };
  return cardCallJson(m);
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "draw":
      return ok(DRAW);
    case "pass":
      return ok(PASS);
    case "play": {
      const c = parseCard(json.card);
      if (!c.ok) return c;
      if (c.value >= 52) return err("Crazy Eights is played without jokers");
      if (!isEight(c.value)) {
        if (json.suit !== undefined) return err("only an Eight announces a suit");
        return ok(playMove(c.value));
      }
      if (json.suit === undefined) return err('an Eight announces a suit: add "suit": "C", "D", "H" or "S"');
      const s = parseSuit(json.suit);
      return s.ok ? ok(playMove(c.value, s.value)) : s;
    }
    default:
      return err(`unknown move type "${json.type}" (moves: play, draw, pass)`);
  }
}

export function describeMove(m: Move): string {
  if (m === DRAW) return "draw a card";
  if (m === PASS) return "pass";
  const call = moveCall(m);
  const c = formatCard(moveCard(m));
  return call === NO_CALL ? `play ${c}` : `play ${c} and call ${suitName(call)}`;
}
