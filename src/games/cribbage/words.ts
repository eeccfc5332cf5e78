/** Cribbage in its players' words: "you peg 2 for fifteen", the show counted aloud, the cut. */
import type { JsonObject, Seat } from "../../engine/game.js";
import type { GameWords, Reader } from "../../engine/words.js";
import { listed, seatsByName } from "../../words/reader.js";
import type { CribbageView } from "./view.js";

/** The pegging's scores as a player calls them after "pegs 2 for ...". */
const PEGGING_WORDS: Readonly<Record<string, string>> = {
  "fifteen two": "fifteen",
  "31 for 2": "thirty-one",
  "a pair for 2": "a pair",
  "a pair royal for 6": "a pair royal",
  "a double pair royal for 12": "a double pair royal",
  // Five-card cribbage: the first non-dealer's start against the dealer's first crib.
  "three for last": "last (the non-dealer's start in five-card cribbage)",
};

/** Cards turned up: "The cut: 8S", "seat 1's crib: 5H 5C JD 4S". */
export function revealLine(e: JsonObject, r: Reader): string {
  if (e.what === "starter") return `The cut: ${String(e.card)}`;
  const cards = Array.isArray(e.cards) ? e.cards.join(" ") : "";
  return `${r.whose(e.seat as Seat)} ${String(e.what)}: ${cards}`;
}

function scoreLine(e: JsonObject, r: Reader): string {
  const pegs = `${r.does(e.seat as Seat, "peg")} ${String(e.points)}`;
  const why = seatsByName(typeof e.why === "string" ? e.why : "", r);
  const claimed = /^claims (\d+)/.exec(why);
  if (claimed) return `${pegs} for the ${String(e.for)} (claimed ${claimed[1]})`;
  if (typeof e.for === "string") return `${pegs} for the ${e.for}: ${why}`;
  if (why.startsWith("muggins: ")) return `${pegs} for muggins (${why.slice(9)})`;
  return `${pegs} for ${PEGGING_WORDS[why] ?? why}`;
}

/** The pegging's scores as a player calls them aloud as they peg: "15 for 2", "Pair for 2". */
const PEGGING_CALLS: Readonly<Record<string, string>> = {
  "fifteen two": "15 for 2",
  "31 for 2": "31 for 2",
  "a pair for 2": "Pair for 2",
  "a pair royal for 6": "Pair royal for 6",
  "a double pair royal for 12": "Double pair royal for 12",
  go: "1 for the go",
  "last card": "Last card for 1",
  "his heels": "His heels for 2",
  "three for last": "Three for last",
};

/** "Go" as a player cannot play; the pegging's points as they are pegged (the show is counted aloud). */
function cribbageCallout(e: JsonObject): string | null {
  if (e.type === "move") return (e.move as JsonObject | undefined)?.type === "go" ? "Go" : null;
  if (e.type !== "score" || typeof e.why !== "string" || "for" in e) return null;
  const run = /^a run of (\d+)$/.exec(e.why);
  if (run) return `Run of ${run[1]} for ${run[1]}`;
  return PEGGING_CALLS[e.why] ?? null;
}

export const cribbageWords: GameWords = {
  callout: (e) => cribbageCallout(e),
  event: (e, r) => (e.type === "reveal" && typeof e.what === "string" ? [revealLine(e, r)] : null),
  score: (e, r) => scoreLine(e, r),
  // The show and the crib were counted aloud as they were scored; what is left is the games won.
  handDetail: (result, r) => {
    const games = result.detail?.games;
    if (!Array.isArray(games)) return [];
    // Rule 8 counts a double skunk as a skunk (two games); the reason names which it was.
    const skunk = result.reason.includes("double skunk") ? "a double skunk" : "a skunk";
    const won = games.flatMap((g, p) =>
      typeof g === "number" && g > 0
        ? [`${r.name(p)} ${g === 1 ? "one game" : `${g} games (${skunk})`}`]
        : [],
    );
    return won.length ? [`Games won: ${listed(won)}.`] : [];
  },
  whyNot: (view, card) => {
    const v = view as unknown as CribbageView;
    if (v.phase !== "pegging") return null;
    const value = "TJQK".includes(card[0]) ? 10 : card[0] === "A" ? 1 : Number(card[0]);
    if (v.count + value <= 31) return null;
    return `${card} would take the count past 31 (it is ${v.count}).`;
  },
};
