/**
 * The zod shapes every game's state and view start from: one source for a
 * game's types (`z.infer`), for restoring positions, and for docs/PROTOCOL.md.
 */
import { z } from "zod";

/** Any JSON value (results' details are plain JSON). */
export const json: z.ZodType<import("./game.js").Json> = z.lazy(() =>
  z.union([z.null(), z.boolean(), z.number(), z.string(), z.array(json), z.record(z.string(), json)]),
);
export const jsonObject = z.record(z.string(), json);

export const handResultSchema = z.object({
  points: z.array(z.number()),
  winners: z.array(z.number().int()),
  reason: z.string(),
  detail: jsonObject.optional(),
});

const int = z.number().int();
const word = z.number().int().min(0).max(0xffffffff);

/** The fields of `MatchState`, in the order every state starts with: spread into a game's `z.object`. */
export const matchStateFields = {
  players: int.min(1).max(12),
  seed: z.string(),
  handSeed: z.string(),
  rng: z.array(word).length(4),
  dealer: int.min(0),
  hand: int.min(0),
  scores: z.array(z.number()),
  handOver: z.boolean(),
  matchOver: z.boolean(),
  moves: int.min(0),
  result: handResultSchema.nullable(),
};

/** A card's integer code. */
export const cardCode = int.min(0).max(53);
/** A card as text ("AS", "TD", "RJ"). */
export const cardText = z.string().regex(/^(?:[A2-9TJQK][CDHS]|RJ|BJ)$/);
export const viewerSchema = z.union([int.min(0), z.literal("spectator")]);

/** The fields every view has, named alike in every game; spread into a game's view `z.object`. */
export const viewFields = {
  game: z.string(),
  seat: viewerSchema,
  /** The viewer's own cards; null for a spectator. */
  hand: z.array(cardText).nullable(),
  /** How many cards each seat holds. */
  handSizes: z.array(int.min(0)),
  /** Seats to act now (empty once the hand is over). */
  toAct: z.array(int.min(0)),
  dealer: int.min(0),
  handNumber: int.min(1),
  scores: z.array(z.number()),
  result: handResultSchema.nullable(),
};
