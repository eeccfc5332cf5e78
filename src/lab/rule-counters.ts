/**
 * How often each game's special rules fire, read from the events a table
 * would send (`moveEvents`: the game's events, then the hand's end): only
 * the public wire shapes of docs/PROTOCOL.md, never a game's state, so the
 * lab knows no game's internals. Keys are the column names' tails
 * (`rule_<key>`); docs/LAB.md says what each counts.
 */
import type { JsonObject } from "../engine/game.js";

/** Counts one event into `counts`. */
type Counter = (event: JsonObject, counts: Record<string, number>) => void;

const add = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

const moveOf = (e: JsonObject): JsonObject | null =>
  e.type === "move" && e.move !== null && typeof e.move === "object" && !Array.isArray(e.move)
    ? (e.move as JsonObject)
    : null;

const reasonOf = (e: JsonObject): string | null => {
  if (e.type !== "handOver" || e.result === null || typeof e.result !== "object" || Array.isArray(e.result))
    return null;
  const r = (e.result as JsonObject).reason;
  return typeof r === "string" ? r : null;
};

/** Whether a card's text ("10H", "AS") has this rank, read without a new string (a counter runs every move). */
const hasRank = (card: unknown, rank: string): boolean =>
  typeof card === "string" && card.length === rank.length + 1 && card.startsWith(rank);

/** ROY's King of Spades makes the next player draw 7; a run of Aces 2 a card (2, 4, 6, 8): rules 5 and 6. */
const ROY_KING_DRAW = 7;
/** The hand's memory of which seats drew the King of Spades' 7 (a bit a seat), cleared at its end: not a column. */
const KING_DRAWERS = "~king_of_spades_drawers";

const winnersOf = (e: JsonObject): readonly unknown[] => {
  const r = e.type === "handOver" ? e.result : null;
  const w = r !== null && typeof r === "object" && !Array.isArray(r) ? (r as JsonObject).winners : null;
  return Array.isArray(w) ? w : [];
};

/**
 * `moves`: the counter reads only each move's own wire form and the hand's end, which the lab makes
 * without the game's events (no copy of the position before each move); `events`: it needs them.
 */
type Reads = "moves" | "events";

const COUNTERS: Readonly<
  Record<string, { readonly keys: readonly string[]; readonly reads: Reads; readonly count: Counter }>
> = {
  roy: {
    keys: ["aces_played", "ace_penalty", "king_of_spades", "king_of_spades_drawer_won"],
    reads: "events",
    count: (e, c) => {
      if (e.type === "handOver") {
        for (const w of winnersOf(e))
          if (typeof w === "number" && ((c[KING_DRAWERS] ?? 0) >> w) & 1) add(c, "king_of_spades_drawer_won");
        c[KING_DRAWERS] = 0;
      }
      const m = moveOf(e);
      if (!m) return;
      if (m.type === "play" && hasRank(m.card, "A")) add(c, "aces_played");
      const drawn = typeof e.drawn === "number" ? e.drawn : 0;
      if (m.type === "draw" && drawn === ROY_KING_DRAW) {
        add(c, "king_of_spades");
        if (typeof e.seat === "number") c[KING_DRAWERS] = (c[KING_DRAWERS] ?? 0) | (1 << e.seat);
      } else if (m.type === "draw" && drawn >= 2) add(c, "ace_penalty");
    },
  },
  "crazy-eights": {
    keys: ["eights_played", "blocked"],
    reads: "moves",
    count: (e, c) => {
      const m = moveOf(e);
      if (m?.type === "play" && hasRank(m.card, "8")) add(c, "eights_played");
      if (reasonOf(e) === "blocked") add(c, "blocked");
    },
  },
  "gin-rummy": {
    keys: ["gin", "undercut", "knock", "dead_hand"],
    reads: "moves",
    count: (e, c) => {
      const r = reasonOf(e);
      if (r === "gin" || r === "undercut" || r === "knock") add(c, r);
      else if (r?.startsWith("dead hand")) add(c, "dead_hand");
    },
  },
  // Where the house rule `newStock` acts: each time the pile became a new stock (shuffled or flipped).
  "roller-coaster": {
    keys: ["reshuffles", "blocked"],
    reads: "events",
    count: (e, c) => {
      if (e.type === "reshuffle") add(c, "reshuffles");
      if (reasonOf(e)?.startsWith("blocked")) add(c, "blocked");
    },
  },
  "royal-corners": {
    keys: ["pile_moves"],
    reads: "moves",
    count: (e, c) => {
      if (moveOf(e)?.type === "move") add(c, "pile_moves");
    },
  },
  hyrule: {
    keys: ["tricks", "untaken_tricks"],
    reads: "events",
    count: (e, c) => {
      if (typeof e.trick !== "number" || !("winner" in e)) return;
      add(c, "tricks");
      if (e.winner === null) add(c, "untaken_tricks");
    },
  },
};

/** The special rules the lab counts for a game (none for a game without any listed). */
export const ruleKeys = (game: string): readonly string[] => COUNTERS[game]?.keys ?? [];

/** Whether the game's counters need the full events (else a move's wire form and the hand's end do). */
export const rulesNeedEvents = (game: string): boolean => COUNTERS[game]?.reads === "events";

/** Counts a move's events into `counts`. */
export function countRules(
  game: string,
  events: readonly JsonObject[],
  counts: Record<string, number>,
): void {
  for (const e of events) countRule(game, e, counts);
}

/** `countRules` of one event (a move's, where the counters read only the moves: no list made a move). */
export function countRule(game: string, event: JsonObject, counts: Record<string, number>): void {
  COUNTERS[game]?.count(event, counts);
}
