import { z } from "zod";
import {
  CARD_CALL_END,
  NO_CALL,
  SUIT_LETTERS,
  calledCard,
  calledSuit,
  callsSuit,
  cardCall,
  cardCallJson,
  isCardCall,
} from "../../engine/card-call.js";
import { formatCard, parseCard, parseSuit, suitName } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";
import { isJack } from "./rules.js";

/**
 * Moves as integers: a play is the engine's card-call encoding (`card * 8 +
 * call`, the suit a wild Jack announces or NO_CALL for a card played
 * normally); drawing and ending the turn come after all plays.
 */
export { NO_CALL };
export const DRAW: Move = CARD_CALL_END;
export const END: Move = DRAW + 1;

export const playMove = cardCall;
export const isPlay = isCardCall;
export const moveCard = calledCard;
export const moveCall = calledSuit;
export const isWild = callsSuit;

/** The wire forms of the moves: the one source of their type. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardText, suit: z.enum(SUIT_LETTERS).optional() }),
  z.object({ type: z.literal("draw") }),
  z.object({ type: z.literal("end") }),
]);
export type RoyMoveJson = z.infer<typeof moveSchema>;

export function moveToJson(m: Move): RoyMoveJson {
  if (m === DRAW) return { type: "draw" };
  if (m === END) return { type: "end" };
  return cardCallJson(m);
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "draw":
      return ok(DRAW);
    case "end":
      return ok(END);
    case "play": {
      const c = parseCard(json.card);
      if (!c.ok) return c;
      if (c.value >= 52) return err("ROY is played without jokers");
      if (json.suit === undefined) return ok(playMove(c.value));
      if (!isJack(c.value)) return err("only a Jack played as a wild card announces a suit");
      const s = parseSuit(json.suit);
      return s.ok ? ok(playMove(c.value, s.value)) : s;
    }
    default:
      return err(`unknown move type "${json.type}" (moves: play, draw, end)`);
  }
}

export function describeMove(m: Move): string {
  if (m === DRAW) return "draw (a card, or a penalty) and pass";
  if (m === END) return "end the turn";
  const call = moveCall(m);
  const c = formatCard(moveCard(m));
  return call === NO_CALL ? `play ${c}` : `play ${c} as a wild Jack and call ${suitName(call)}`;
}
