/** Gin Rummy in its players' words: the knock and its melds shown, deadwood counted, lay-offs. */
import type { Json, JsonObject, Seat } from "../../engine/game.js";
import type { GameWords, Reader } from "../../engine/words.js";
import { capital, seatsByName } from "../../words/reader.js";
import type { GinView } from "./view.js";

const cardsOf = (v: Json | undefined): string => (Array.isArray(v) ? v.join(" ") : "");
const meldsOf = (v: Json | undefined): string =>
  Array.isArray(v) && v.length ? v.map(cardsOf).join(" · ") : "none";

/** A hand shown: "seat 1 knocks: melds AH 2H 3H · 7C 7D 7H; deadwood 2 (2C)". */
function shownLine(e: JsonObject, r: Reader): string {
  const seat = e.seat as Seat;
  const dead = cardsOf(e.deadwoodCards);
  const deadwood = `deadwood ${String(e.deadwood)}${dead ? ` (${dead})` : ""}`;
  const melds = `melds ${meldsOf(e.melds)}`;
  if (e.why === "gin") return `${r.does(seat, "go")} gin: ${melds}`;
  if (e.why === "knock") return `${r.does(seat, "knock")}: ${melds}; ${deadwood}`;
  return `${r.whose(seat)} hand: ${melds}; ${deadwood}`;
}

/** What a player says as the hand is shown: "Knock!", "Gin!". */
function ginCallout(e: JsonObject): string | null {
  if (e.type !== "reveal") return null;
  if (e.why === "gin") return "Gin!";
  if (e.why === "knock") return "Knock!";
  return null;
}

/**
 * The Oklahoma knock card and what it sets, for the terminal's board and the
 * browser's table: "Knock card 7S: knock with 7 or less; a spade: points
 * double this hand". Null without the house rule.
 */
export function knockCardLine(v: Pick<GinView, "knockCard" | "knockLimit" | "doubled">): string | null {
  if (!v.knockCard) return null;
  const limit = v.knockLimit === 0 ? "gin only" : `knock with ${v.knockLimit} or less`;
  return `Knock card ${v.knockCard}: ${limit}${v.doubled ? "; a spade: points double this hand" : ""}`;
}

export const ginWords: GameWords = {
  callout: (e) => ginCallout(e),
  event: (e, r) =>
    e.type === "reveal" && typeof e.seat === "number" && "melds" in e ? [shownLine(e, r)] : null,
  score: (e, r) => {
    const why = typeof e.why === "string" ? seatsByName(e.why, r) : "";
    const head = /^(knock|gin|undercut): (.*)$/.exec(why);
    if (!head) return null;
    const scores = `${r.does(e.seat as Seat, "score")} ${String(e.points)}`;
    return `${scores} for ${head[1] === "gin" ? "gin" : `the ${head[1]}`}: ${head[2]}`;
  },
  // Melds and deadwood were shown as the hand ended, the points with their reasons; the lay-offs are left.
  handDetail: (result, r) => {
    const d = result.detail ?? {};
    const layoffs = Array.isArray(d.layoffs) ? (d.layoffs as JsonObject[]) : [];
    if (!layoffs.length || typeof d.knocker !== "number") return [];
    const knocker = d.knocker;
    const melds = Array.isArray(d.melds) ? (d.melds[knocker] as Json[]) : [];
    const laid = layoffs.map((l) => `${String(l.card)} on ${cardsOf(melds[l.meld as number])}`);
    return [`${capital(r.name(1 - knocker))} laid off ${laid.join(", ")}.`];
  },
  whyNot: (view, card) => {
    const v = view as unknown as GinView;
    if (v.phase === "offer") return "First take the up-card or pass.";
    if (v.phase === "draw-stock") return "First draw from the stock.";
    if (v.phase === "draw") return "First draw: the top discard or the stock's top card.";
    if (v.phase === "discard" && card === v.mayNotDiscard)
      return `You took ${card} from the discard pile: it can't go back this turn.`;
    return null;
  },
};
