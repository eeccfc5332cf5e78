import { type Card } from "../../engine/cards.js";
import { formatCard, parseCard, parseSuit, suitName, suitText } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { isEight } from "./rules.js";

/**
 * Moves as integers: a play is `card * 8 + call`, where `call` is the suit an
 * Eight announces (0..3) or NO_CALL; drawing and passing come after all plays.
 */
export const NO_CALL = 4;
export const DRAW: Move = 54 * 8;
export const PASS: Move = DRAW + 1;

export const playMove = (c: Card, call: number = NO_CALL): Move => c * 8 + call;
export const isPlay = (m: Move): boolean => m < DRAW;
export const moveCard = (m: Move): Card => m >> 3;
export const moveCall = (m: Move): number => m & 7;

export function moveToJson(m: Move): MoveJson {
  if (m === DRAW) return { type: "draw" };
  if (m === PASS) return { type: "pass" };
  const call = moveCall(m);
  return call === NO_CALL
    ? { type: "play", card: formatCard(moveCard(m)) }
    : { type: "play", card: formatCard(moveCard(m)), suit: suitText(call) };
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
