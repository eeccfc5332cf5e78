import { formatCard } from "../../engine/card-text.js";
import { type GameEvent, publicEvent } from "../../engine/events.js";
import type { Move, Seat } from "../../engine/game.js";
import { END, moveToJson } from "./moves.js";
import type { CornersState } from "./state.js";

const top = (s: CornersState): number => (s.stock.length ? s.stock[s.stock.length - 1] : -1);

/**
 * What a move showed, the same for everyone (every move is public): the
 * move, the card taken from the face-up stock at a turn's end, the stock's
 * next card turned up, and at the hand's end every hand shown and each
 * seat's penalty points.
 */
export function events(before: CornersState, after: CornersState, seat: Seat, move: Move): GameEvent[] {
  const json = moveToJson(move);
  const took = move === END && before.stock.length > after.stock.length ? top(before) : -1;
  const out: GameEvent[] = [
    publicEvent(
      took >= 0
        ? { type: "move", seat, move: json, took: formatCard(took) }
        : { type: "move", seat, move: json },
    ),
  ];
  if (after.stock.length < before.stock.length && after.stock.length > 0)
    out.push(publicEvent({ type: "reveal", stockTop: formatCard(top(after)) }));
  const r = after.result;
  if (after.handOver && !before.handOver && r) {
    out.push(publicEvent({ type: "reveal", hands: (r.detail?.hands ?? []) as string[][] }));
    r.points.forEach((points, p) => {
      if (points > 0) {
        const why = `${points} penalty point${points === 1 ? "" : "s"} of cards left in hand`;
        out.push(publicEvent({ type: "score", seat: p, points, why }));
      }
    });
  }
  return out;
}
