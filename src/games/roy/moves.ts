import { type Card } from "../../engine/cards.js";
import { formatCard, parseCard, parseSuit, suitName, suitText } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { isJack } from "./rules.js";

/**
 * Moves as integers: a play is `card * 8 + call`, where `call` is the suit a
 * wild Jack announces (0..3) or NO_CALL for a card played normally; drawing
 * and ending the turn come after all plays.
 */
export const NO_CALL = 4;
export const DRAW: Move = 54 * 8;
export const END: Move = DRAW + 1;

export const playMove = (c: Card, call: number = NO_CALL): Move => c * 8 + call;
export const isPlay = (m: Move): boolean => m < DRAW;
export const moveCard = (m: Move): Card => m >> 3;
export const moveCall = (m: Move): number => m & 7;
export const isWild = (m: Move): boolean => m < DRAW && (m & 7) !== NO_CALL;

export function moveToJson(m: Move): MoveJson {
  if (m === DRAW) return { type: "draw" };
  if (m === END) return { type: "end" };
  const call = moveCall(m);
  return call === NO_CALL
    ? { type: "play", card: formatCard(moveCard(m)) }
    : { type: "play", card: formatCard(moveCard(m)), suit: suitText(call) };
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
