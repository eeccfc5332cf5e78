import { formatCard } from "../../engine/card-text.js";
import { type GameEvent, privateTo, publicEvent } from "../../engine/events.js";
import type { JsonObject, Move, Seat } from "../../engine/game.js";
import { DRAW, TAKE, moveToJson } from "./moves.js";
import { handMultiplier } from "./rules.js";
import type { GinState } from "./state.js";
import { knockView } from "./view.js";

/**
 * What a move showed, as each viewer may read it: the move (a card drawn
 * from the stock named to its drawer only, a card taken from the discard
 * pile named to all), the knocker's hand turned face up at the knock, the
 * other hands turned up at the hand's end, and the points scored.
 */
export function events(before: GinState, after: GinState, seat: Seat, move: Move): GameEvent[] {
  const json = moveToJson(move) as JsonObject;
  const out: GameEvent[] = [];
  if (move === DRAW) {
    const all = { type: "move", seat, move: json };
    const card = formatCard(before.stock[before.stock.length - 1]);
    out.push(privateTo(seat, after.players, all, { ...all, card }));
  } else if (move === TAKE) {
    out.push(publicEvent({ type: "move", seat, move: json, card: formatCard(before.discard.at(-1)!) }));
  } else {
    out.push(publicEvent({ type: "move", seat, move: json }));
  }
  if (before.knocker < 0 && after.knocker >= 0) {
    const k = knockView(after)!;
    out.push(
      publicEvent({
        type: "reveal",
        seat: k.knocker,
        why: k.gin ? "gin" : "knock",
        melds: k.melds,
        deadwoodCards: k.deadwoodCards,
        deadwood: k.deadwood,
      }),
    );
  }
  if (!before.handOver && after.handOver && after.result) {
    const r = after.result;
    const d = r.detail;
    for (let p = 0; p < after.players; p++) {
      if (p === after.knocker) continue; // shown at the knock
      out.push(
        publicEvent({
          type: "reveal",
          seat: p,
          why: "the hand is over",
          melds: d.melds[p],
          deadwoodCards: d.deadwoodCards[p],
          deadwood: d.deadwood[p],
        }),
      );
    }
    for (let p = 0; p < after.players; p++) {
      if (r.points[p] > 0) {
        out.push(publicEvent({ type: "score", seat: p, points: r.points[p], why: scoreWhy(after, p) }));
      }
    }
    const b = d.matchBonuses;
    if (b) {
      for (let p = 0; p < after.players; p++) {
        const won = after.handsWon[p];
        if (b.boxes[p] > 0) {
          const why = `box bonus: ${won} hand${won === 1 ? "" : "s"} won`;
          out.push(publicEvent({ type: "score", seat: p, points: b.boxes[p], why }));
        }
        if (b.game[p] > 0) out.push(publicEvent({ type: "score", seat: p, points: b.game[p], why: "game" }));
        const doubled = b.totals[p] - (b.points[p] + b.boxes[p] + b.game[p]);
        if (b.shutout && doubled > 0) {
          out.push(publicEvent({ type: "score", seat: p, points: doubled, why: "shutout: doubled" }));
        }
      }
    }
  }
  return out;
}

/**
 * Why seat `p` scored the hand, as a player says it, with the deadwood
 * counted and the cards the defender laid off: "knock: 36 in deadwood (9C JD
 * KS ...) against 7 (3H 4H); laid off 5S".
 */
function scoreWhy(s: GinState, p: Seat): string {
  const why = plainWhy(s, p);
  return handMultiplier(s.options.oklahoma, s.upcard) === 2
    ? `${why}; doubled: the knock card is a spade`
    : why;
}

function plainWhy(s: GinState, p: Seat): string {
  const d = s.result!.detail;
  const k = s.knocker;
  const counted = (seat: Seat): string => {
    const cards = d.deadwoodCards[seat];
    return cards.length ? `${d.deadwood[seat]} (${cards.join(" ")})` : "0";
  };
  const laid = d.layoffs.length ? `; laid off ${d.layoffs.map((l) => l.card).join(" ")}` : "";
  const bonus = (p === k ? s.options.ginBonus : s.options.undercutBonus) > 0;
  switch (s.result!.reason) {
    case "gin":
      return `gin: ${counted(1 - k)} in deadwood${bonus ? `, plus ${s.options.ginBonus} for gin` : ""}`;
    case "undercut":
      return `undercut: ${counted(1 - k)} against ${counted(k)}${laid}${bonus ? `, plus ${s.options.undercutBonus}` : ""}`;
    default:
      return `knock: ${counted(1 - k)} in deadwood against ${counted(k)}${laid}`;
  }
}
