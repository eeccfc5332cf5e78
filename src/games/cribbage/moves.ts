import { z } from "zod";
import type { Card } from "../../engine/cards.js";
import { formatCard, parseCard } from "../../engine/card-text.js";
import type { Move, MoveJson } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import { cardText } from "../../engine/schemas.js";

/**
 * Moves as integers: a discard to the crib is the card (0..51), a play in the
 * pegging is PLAY + card, "go" is GO, and a muggins claim of N points is CLAIM + N.
 */
export const PLAY = 64;
export const GO: Move = 128;
export const CLAIM = 256;
/** Claims run from 0 to 29, the highest possible show. */
export const MAX_CLAIM = 29;

export const discardMove = (c: Card): Move => c;
export const playMove = (c: Card): Move => PLAY + c;
export const claimMove = (points: number): Move => CLAIM + points;

export const isDiscard = (m: Move): boolean => m < 52;
export const isPlay = (m: Move): boolean => m >= PLAY && m < PLAY + 52;
export const isClaim = (m: Move): boolean => m >= CLAIM && m <= CLAIM + MAX_CLAIM;
export const moveCard = (m: Move): Card => (m >= PLAY ? m - PLAY : m);
export const claimPoints = (m: Move): number => m - CLAIM;

/** The moves' wire forms: one source for their type, docs/PROTOCOL.md and the tests. */
export const moveSchema = z.discriminatedUnion("type", [
  /** A card put face down in the crib (all seats with cards to put away act at once). */
  z.object({ type: z.literal("discard"), card: cardText }),
  /** A card played in the pegging. */
  z.object({ type: z.literal("play"), card: cardText }),
  /** No card can be played without passing 31. */
  z.object({ type: z.literal("go") }),
  /** Muggins: the count claimed for the hand or crib being shown. */
  z.object({ type: z.literal("claim"), points: z.number().int().min(0).max(29) }),
]);
export type CribbageMoveJson = z.infer<typeof moveSchema>;

export function moveToJson(m: Move): CribbageMoveJson {
  if (isDiscard(m)) return { type: "discard", card: formatCard(m) };
  if (isPlay(m)) return { type: "play", card: formatCard(m - PLAY) };
  if (m === GO) return { type: "go" };
  return { type: "claim", points: m - CLAIM };
}

export function moveFromJson(json: MoveJson): Result<Move, string> {
  switch (json.type) {
    case "discard":
    case "play": {
      const c = parseCard(json.card);
      if (!c.ok) return c;
      if (c.value >= 52) return err("there are no jokers in cribbage");
      return ok(json.type === "play" ? playMove(c.value) : discardMove(c.value));
    }
    case "go":
      return ok(GO);
    case "claim": {
      const p = json.points;
      if (typeof p !== "number" || !Number.isInteger(p) || p < 0 || p > MAX_CLAIM)
        return err(`a claim is "points": a whole number from 0 to ${MAX_CLAIM}`);
      return ok(claimMove(p));
    }
    default:
      return err(`unknown move type "${json.type}" (moves: discard, play, go, claim)`);
  }
}

export function describeMove(m: Move): string {
  if (isDiscard(m)) return `put ${formatCard(m)} in the crib`;
  if (isPlay(m)) return `play ${formatCard(m - PLAY)}`;
  if (m === GO) return 'say "go"';
  return `claim ${m - CLAIM} points`;
}
