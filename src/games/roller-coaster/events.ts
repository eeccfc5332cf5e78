import { type Card, CARD_SPACE } from "../../engine/cards.js";
import { formatCard, formatCards } from "../../engine/card-text.js";
import { type GameEvent, privateTo, publicEvent } from "../../engine/events.js";
import type { Move, Seat } from "../../engine/game.js";
import { DRAW, moveToJson } from "./moves.js";
import { type CoasterState, HELD } from "./state.js";

/** The card the seat gained between two states (a draw). */
function drawnCard(before: CoasterState, after: CoasterState, seat: Seat): Card {
  const base = seat * HELD;
  for (let c = 0; c < CARD_SPACE; c++) if (after.held[base + c] > before.held[base + c]) return c;
  return -1;
}

/**
 * What a move showed: the move (a drawn card named to its drawer only), the
 * pile turned into a new stock, and at the hand's end every hand shown and a
 * point to each winner.
 */
export function events(before: CoasterState, after: CoasterState, seat: Seat, move: Move): GameEvent[] {
  const out: GameEvent[] = [];
  const json = moveToJson(move);
  if (move === DRAW) {
    if (after.reshuffles !== before.reshuffles) {
      const turned = formatCards(after.turned);
      // A flipped stock (house rule `newStock`) lies as the pile lay: its order, top first, as it was before the draw.
      const flipped = after.options.newStock === "flip";
      const stock = flipped ? formatCards([...after.stock, drawnCard(before, after, seat)].reverse()) : null;
      out.push(publicEvent(stock ? { type: "reshuffle", turned, stock } : { type: "reshuffle", turned }));
    }
    const all = { type: "move", seat, move: json };
    out.push(
      privateTo(seat, after.players, all, { ...all, card: formatCard(drawnCard(before, after, seat)) }),
    );
  } else {
    out.push(publicEvent({ type: "move", seat, move: json }));
  }
  const r = after.result;
  if (after.handOver && !before.handOver && r) {
    const hands = (r.detail?.hands ?? []) as string[][];
    out.push(publicEvent({ type: "reveal", hands }));
    const why = r.reason === "went out" ? "went out" : "fewest cards in a blocked hand";
    for (const w of r.winners) out.push(publicEvent({ type: "score", seat: w, points: r.points[w], why }));
  }
  return out;
}
