/**
 * Gin Rummy's facts for a judged decision: what the hand's deadwood and
 * melds would be after the better move and after the move played.
 */
import { formatCards } from "../engine/card-text.js";
import type { Card } from "../engine/cards.js";
import type { AnyGame, Move } from "../engine/game.js";
import { parseCards } from "../engine/card-text.js";
import { bestArrangement } from "../games/gin-rummy/melds.js";
import { isCardMove, isLayoff, moveCard } from "../games/gin-rummy/moves.js";
import type { Decision } from "./decisions.js";

/** "12 deadwood, melds 4H 5H 6H and 7C 7D 7S", of the hand less `card`. */
function handWords(hand: readonly Card[], card: Card): string {
  const a = bestArrangement(hand.filter((c) => c !== card));
  const melds = a.melds.map((m) => formatCards(m).join(" "));
  const list = melds.length === 0 ? "no melds" : `melds ${melds.join(" and ")}`;
  return `${a.deadwood} deadwood, ${list}`;
}

/**
 * The deadwood and melds each move leaves, for a discard or a knock (the better move as "it": the faces
 * name it beside the why); null for other decisions.
 */
export function ginWhy(game: AnyGame, d: Decision, best: Move): string | null {
  if (game.id !== "gin-rummy") return null;
  const played = d.move;
  if (!isCardMove(played) || isLayoff(played) || !isCardMove(best) || isLayoff(best)) return null;
  const view = game.view(d.state, d.seat) as { hand: string[] | null };
  const hand = parseCards(view.hand ?? []);
  if (!hand.ok) return null;
  const after = handWords(hand.value, moveCard(played));
  if (best === played) return `it leaves ${after}`;
  return `it leaves ${handWords(hand.value, moveCard(best))}; the move played left ${after}`;
}
