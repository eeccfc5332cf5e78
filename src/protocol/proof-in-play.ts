/**
 * The hand being played in a proof of a match not over: its seed comes at
 * its end, so its cards cannot be re-dealt yet, and it is checked as far as
 * it can be without them (docs/FAIRNESS.md, "Checking a hand you played").
 * Pure and browser-safe, as proof-replay.ts, which calls it.
 */
import {
  type AnyGame,
  type Json,
  type JsonObject,
  type MatchState,
  type MoveJson,
  givenSeeds,
} from "../engine/game.js";
import { isHandSeed } from "../engine/seeds.js";
import type { ProofEvent, ProofMatch } from "./proof-replay.js";
import { differenceWords, firstDifference, shortJson } from "./proof-words.js";

/** A seed that deals a placeholder hand: what the rules fix before the cards (the dealer, the hand's number). */
const PLACEHOLDER_SEED = "0".repeat(64);

/**
 * The hand in play, dealt at event index `pos` after the state `before` (the previous hand's end; none
 * for hand 1): its seed comes at its end, so its cards cannot be re-dealt yet. What can be checked
 * without them is: the deal is of the hand and dealer the rules give, with a commitment; every event
 * after it belongs to a hand still being played (no other deal, no end); every move is a seat's of the
 * table, and the viewer's own moves are moves of the game. What differs, or null.
 */
export function handInPlay(
  p: ProofMatch,
  before: MatchState | undefined,
  pos: number,
  hand: number,
  opening: string | undefined,
): string | null {
  const { game, events, viewer } = p;
  const d = events[pos];
  const at = (e: ProofEvent) => `hand ${hand}, event ${e.seq}`;
  let dealer: Json = d.dealer;
  if (before) {
    const next = game.clone(before);
    next.seed = givenSeeds(opening ?? "", PLACEHOLDER_SEED);
    const dealt = nextHand(game, next);
    if (dealt) return `${at(d)}: ${dealt}`;
    dealer = next.dealer;
  } else if (typeof dealer !== "number" || !Number.isInteger(dealer) || dealer < 0 || dealer >= p.players)
    return `${at(d)}: the deal names no dealer of the table`;
  const fixed = firstDifference({ hand, dealer }, { hand: d.hand, dealer: d.dealer });
  if (fixed) return `${at(d)}: ${differenceWords("deal", fixed)}`;
  if (typeof d.commitment !== "string" || !isHandSeed(d.commitment))
    return `${at(d)}: the deal's commitment is not 64 hex digits`;
  for (const e of events.slice(pos + 1)) {
    if (e.type === "deal" || e.type === "matchOver")
      return `${at(e)}: a ${e.type} event while hand ${hand} is being played (it never ended: no seed revealed)`;
    if (e.type === "handOver" || e.type === "forfeit")
      return `${at(e)}: the ${e.type} event reveals no seed of hand ${hand}`;
    if (e.type !== "move") continue;
    const seat = e.seat;
    if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= p.players)
      return `${at(e)}: a move of ${shortJson(seat)}, not a seat of the table`;
    const json = moveJson(e.move);
    if (!json) return `${at(e)}: seat ${seat}'s move ${shortJson(e.move)} is not a move`;
    // Another seat's move may reach the viewer masked ({"type":"discard"}); the viewer's own never does.
    if (seat === viewer && !game.moveFromJson(json).ok)
      return `${at(e)}: seat ${seat}'s move ${shortJson(e.move)} is not a move of ${game.name}`;
  }
  return null;
}

/** Deals the next hand in place; what went wrong, if it did not deal. */
export function nextHand(game: AnyGame, s: MatchState): string | null {
  try {
    game.nextHand(s);
    return null;
  } catch (e) {
    return `the seed does not deal: ${e instanceof Error ? e.message : String(e)}`;
  }
}

/** An event's `move` when it has a move's shape (an object with a `type`). */
export function moveJson(v: Json | undefined): MoveJson | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  return typeof (v as JsonObject).type === "string" ? (v as MoveJson) : null;
}
