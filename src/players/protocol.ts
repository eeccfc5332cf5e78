/**
 * The player protocol's messages (docs/PLAYER-PROTOCOL.md): what Cardroom
 * sends a program that plays a seat, and what the program answers. One
 * source for the types, for the host's checks of every answer, for the
 * server's WebSocket (online bots carry the same messages) and for the
 * page's reference (`npm run docs:players`).
 */
import { z } from "zod";
import { handResultSchema, jsonObject } from "../engine/schemas.js";

/** The protocol's version: a program names the one it speaks in its hello. */
export const PLAYER_PROTOCOL = 1;

const seat = z.number().int().min(0);
const ms = z.number().int().min(0);

/** A move as the engine protocol writes it: an object with a `type`, cards as text (docs/PROTOCOL.md). */
export const moveJson = z.looseObject({ type: z.string() }).describe("a move: an object with a type");

/** The time the seat has: this move's limit and what is left of the match's. */
export const timeLeft = z.object({
  moveMs: ms.describe(
    "milliseconds for this answer (the per-move limit, or less when the match's time is shorter)",
  ),
  matchMs: ms.describe("milliseconds left of the match's time"),
});

// ---- Cardroom to the program ----

export const helloMessage = z.object({
  type: z.literal("hello"),
  protocol: z.literal(PLAYER_PROTOCOL).describe("the protocol's version"),
  game: z.string().describe("the game's id (cardroom games lists them)"),
  players: z.number().int().min(1).describe("how many seats the table has"),
  seat: seat.describe("the program's seat, 0 to players - 1"),
  options: jsonObject.describe("the game's options, every one with its value"),
  time: timeLeft.describe("the per-move limit and the match's whole time"),
});

export const eventMessage = z.object({
  type: z.literal("event"),
  event: jsonObject.describe(
    "one event as the seat may read it, numbered by seq (the engine protocol's events)",
  ),
});

export const turnMessage = z.object({
  type: z.literal("turn"),
  id: z.number().int().min(1).describe("the decision's number; the answer echoes it"),
  view: jsonObject.describe("the seat's view (the engine protocol's view for this seat)"),
  legal: z.array(moveJson).min(1).describe("the legal moves, exactly as the engine protocol lists them"),
  time: timeLeft.describe("the time the seat has"),
});

export const handEndMessage = z.object({
  type: z.literal("handEnd"),
  hand: z.number().int().min(1).describe("the hand's number in the match"),
  result: handResultSchema.describe("the hand's result as the seat's view shows it"),
  scores: z.array(z.number()).describe("match scores after the hand, per seat"),
});

export const matchEndMessage = z.object({
  type: z.literal("matchEnd"),
  winners: z.array(seat).describe("the match's winners (empty when it was stopped unfinished)"),
  scores: z.array(z.number()).describe("match scores, per seat"),
  forfeit: z
    .object({ seat, reason: z.string() })
    .optional()
    .describe("present when a seat forfeited the match: which, and why"),
});

export const toPlayer = z.discriminatedUnion("type", [
  helloMessage,
  eventMessage,
  turnMessage,
  handEndMessage,
  matchEndMessage,
]);

// ---- The program to Cardroom ----

export const helloAnswer = z.object({
  type: z.literal("hello"),
  protocol: z.number().int().describe(`the version the program speaks: ${PLAYER_PROTOCOL}`),
  name: z.string().min(1).max(100).describe("the program's name, for logs and tables"),
  games: z.array(z.string()).describe('the game ids it plays, or ["*"] for every game'),
});

export const moveAnswer = z.object({
  type: z.literal("move"),
  id: z.number().int().describe("the turn's id"),
  move: moveJson.describe("one of the turn's legal moves, as it was listed"),
});

export const fromPlayer = z.discriminatedUnion("type", [helloAnswer, moveAnswer]);

export type HelloMessage = z.infer<typeof helloMessage>;
export type EventMessage = z.infer<typeof eventMessage>;
export type TurnMessage = z.infer<typeof turnMessage>;
export type HandEndMessage = z.infer<typeof handEndMessage>;
export type MatchEndMessage = z.infer<typeof matchEndMessage>;
export type ToPlayer = z.infer<typeof toPlayer>;
export type HelloAnswer = z.infer<typeof helloAnswer>;
export type MoveAnswer = z.infer<typeof moveAnswer>;
export type TimeLeft = z.infer<typeof timeLeft>;

/** The messages in the order the page lists them, with the direction each goes. */
export const MESSAGES = [
  { name: "hello", from: "cardroom", schema: helloMessage },
  { name: "hello", from: "program", schema: helloAnswer },
  { name: "event", from: "cardroom", schema: eventMessage },
  { name: "turn", from: "cardroom", schema: turnMessage },
  { name: "move", from: "program", schema: moveAnswer },
  { name: "handEnd", from: "cardroom", schema: handEndMessage },
  { name: "matchEnd", from: "cardroom", schema: matchEndMessage },
] as const;

/**
 * Why a seat's program lost the match: the closed set of faults the host
 * tells apart (the result names one, with a sentence).
 */
export type FaultKind =
  | "start" // it could not be started, or its hello was missing, wrong or late
  | "declined" // its hello does not list the game
  | "late" // no answer within the move's time
  | "match_time" // the match's time ran out
  | "not_json" // a line that is not JSON
  | "bad_answer" // JSON, but not a move answer for this turn
  | "illegal" // a move that is not among the legal ones
  | "out_of_turn" // a line when nothing was asked
  | "exit"; // the program ended before the match did

export interface Fault {
  readonly kind: FaultKind;
  /** One line saying what happened. */
  readonly reason: string;
  /** The file its stderr went to. */
  readonly log: string;
}
