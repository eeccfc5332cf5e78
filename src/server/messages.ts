/**
 * The server's wire shapes, as zod schemas: they validate what comes in,
 * type the authority's and the client's code, and make the OpenAPI
 * document served at /docs. Written once, here.
 */
import { z } from "zod";
import type { JsonObject, MoveJson } from "../engine/game.js";
import type { Judgement } from "../review/judge.js";
import type { Review } from "../review/review.js";
import type { ReplayStep } from "./replay-steps.js";
import { CHAT_MAX, NAME_MAX } from "./text-limits.js";

/**
 * Printable text without control characters (a name, a chat line), and
 * valid Unicode: JSON's `\ud800` escapes can spell a lone surrogate, which
 * no encoding can carry on to the other players.
 */
const plain = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !/\p{Cs}/u.test(s), "text must be valid Unicode (a lone surrogate is not)")
    .refine((s) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(s), "control characters are not allowed")
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, "must not be empty");

export { CHAT_MAX, NAME_MAX };

export const secret = z.string().regex(/^[0-9a-f]{64}$/, "a secret is 64 hex digits");
export const tableId = z.string().regex(/^[0-9a-f]{32}$/, "a table id is 32 hex digits");
export const tableCode = z
  .string()
  .regex(/^[A-Za-z0-9]{6}$/, "a table code is 6 letters and digits")
  .transform((c) => c.toUpperCase());

export const guestRequest = z.object({ name: plain(NAME_MAX) }).strict();
export const guestReply = z.object({ id: z.string(), name: z.string(), token: secret });

/** What a bot account's owner lets it take besides invitations (storage.ts `BotAllow`). */
export const botAllow = z
  .object({
    /** Whether it takes open seats at tables that let bots in (default true). */
    openSeats: z.boolean().optional(),
    /** The games it takes open seats at (default: every game). */
    games: z.array(z.string().max(40)).max(20).optional(),
  })
  .strict();
export const botRequest = z
  .object({
    owner: secret.describe("the owner's guest token"),
    name: plain(NAME_MAX),
    allow: botAllow.optional(),
  })
  .strict();
export const botReply = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  allow: z.object({ openSeats: z.boolean(), games: z.array(z.string()).nullable() }),
  /** The bot's only key: shown once, stored only as a hash. */
  token: secret,
});

export const playerId = z.string().regex(/^[0-9a-f]{32}$/, "a player id is 32 hex digits");

export const seatSpec = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("open") }).strict(),
  z.object({ kind: z.literal("computer"), level: z.string().max(20).optional() }).strict(),
  /** An open seat kept for one bot account (its invitation): only that bot may take it. */
  z.object({ kind: z.literal("bot"), id: playerId }).strict(),
]);

export const createTableRequest = z
  .object({
    game: z.string().max(40),
    /** One entry per seat; its length is the number of players. */
    seats: z.array(seatSpec).min(1).max(8),
    options: z.record(z.string().max(40), z.union([z.number(), z.boolean(), z.string().max(40)])).optional(),
    /** Seconds a person has for a move before the computer moves for the seat (0 or none: no timer). */
    turnSeconds: z.number().int().min(0).max(3600).optional(),
    /** Whether bot accounts may take its open seats (default true); a bot invited to a seat always may. */
    bots: z.boolean().optional(),
  })
  .strict();
export type CreateTableRequest = z.infer<typeof createTableRequest>;

export const seatInfo = z.object({
  seat: z.number(),
  kind: z.enum(["open", "computer"]),
  level: z.string().nullable(),
  /** The display name of the person (or bot account) in the seat, or null when nobody holds it. */
  name: z.string().nullable(),
  /** True when the seat is held by a bot account (a program), not a person. */
  bot: z.boolean(),
  /** The bot account an open seat is kept for (invited), by name; null for any other seat. */
  invited: z.string().nullable(),
  /** True while the seat's person is gone past the grace period and the computer plays for them. */
  away: z.boolean(),
  again: z.boolean(),
  /** True once the seat's person said no to playing again: they went back to the lobby. */
  left: z.boolean(),
});

export const tableInfo = z.object({
  id: z.string(),
  code: z.string(),
  game: z.string(),
  gameName: z.string(),
  players: z.number(),
  options: z.record(z.string(), z.unknown()),
  status: z.enum(["playing", "finished"]),
  turnSeconds: z.number(),
  /** Whether bot accounts may take its open seats (its creator may refuse them). */
  bots: z.boolean(),
  seats: z.array(seatInfo),
  /** The latest event number. */
  seq: z.number(),
  /** The "play again" table, once every person at this one asked for it. */
  againId: z.string().nullable(),
  invite: z.string(),
});
export type TableInfo = z.infer<typeof tableInfo>;

export const sitRequest = z.object({ token: secret }).strict();
export const sitReply = z.object({ table: z.string(), seat: z.number(), secret });

export const errorReply = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** `rate_limited` (HTTP 429): how long to wait before sending the request again, ms. */
    retryMs: z.number().optional(),
  }),
});

// ---- The realtime channel (one WebSocket per client) ----

/** Who a client is at a table: a seat with its secret, or a spectator. */
export const asSeat = z.object({ seat: z.number().int().min(0).max(7), secret }).strict();
export const viewerSpec = z.union([z.literal("spectator"), asSeat]);

const moveJson = z
  .object({ type: z.string().max(40) })
  .catchall(z.union([z.string().max(40), z.number(), z.boolean(), z.null()]));

export const clientMessage = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("watch"),
      table: tableId,
      as: viewerSpec,
      /** The last event number the client has; it gets what it missed (or the whole view). */
      since: z.number().int().min(0).optional(),
    })
    .strict(),
  z.object({ type: z.literal("move"), move: moveJson }).strict(),
  z.object({ type: z.literal("next"), hand: z.number().int().min(1) }).strict(),
  z.object({ type: z.literal("chat"), text: plain(CHAT_MAX) }).strict(),
  // `yes: false`: no, back to the lobby (the others waiting to play again are told).
  z.object({ type: z.literal("again"), yes: z.boolean().optional() }).strict(),
  z.object({ type: z.literal("leave") }).strict(),
  /**
   * The seat gives the match up: it ends at once, every other seat winning (`cardroom bot` sends it
   * when its program fails). `reason` says why, in the table's history.
   */
  z.object({ type: z.literal("forfeit"), reason: plain(CHAT_MAX).optional() }).strict(),
  z.object({ type: z.literal("ping") }).strict(),
  /** A bot account signs in on this connection: it is told the seats it may take (`offer`). */
  z.object({ type: z.literal("bot"), token: secret }).strict(),
  /** A signed-in bot takes a seat it was offered; the answer (`seated`) carries the seat's secret. */
  z.object({ type: z.literal("take"), table: tableId, seat: z.number().int().min(0).max(7) }).strict(),
  /** A signed-in bot asks for every seat it may take now. */
  z.object({ type: z.literal("offers") }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** A table's match as its `status` reads in an update: who is to act, the hand, the scores, its end. */
export interface MatchStatus {
  readonly toAct: number[];
  readonly handOver: boolean;
  readonly matchOver: boolean;
  readonly hand: number;
  readonly scores: number[];
  readonly winners?: number[];
  /** The seat that gave the match up, and why, once one did. */
  readonly forfeit?: { readonly seat: number; readonly reason: string };
}

/** What a client needs to play on: its events since its number, its view, its legal moves, the status. */
export interface Update {
  readonly type: "update";
  readonly table: string;
  /** The latest event number: the client keeps it for a reconnect. */
  readonly seq: number;
  /** Events numbered after the client's last, as its viewer may read them. */
  readonly events: readonly JsonObject[];
  /** True when the events start at the match's first (a whole resync). */
  readonly full: boolean;
  readonly view: JsonObject;
  readonly legal: readonly Record<string, unknown>[];
  readonly status: Record<string, unknown>;
  /**
   * When the events hold several moves or deals (the computers answered before this was sent), the
   * table as the viewer saw it after each but the last, by its event number: a client shows every
   * move in turn. Absent from a whole resync.
   */
  readonly frames?: readonly { seq: number; view: JsonObject; status: Record<string, unknown> }[];
  readonly info: TableInfo;
}

/**
 * An update as the server writes it: `info` only when the table's
 * information (seats, names, status; not its `seq`) changed since the last
 * update on the connection, and always in the first after a `watch`. The
 * client keeps the last one (`InfoKeeper`): about 400 of an update's 1,000
 * bytes stay off the wire on most moves.
 */
export type UpdateMessage = Omit<Update, "info"> & { readonly info?: TableInfo };

/**
 * A seat a signed-in bot may take: `invited` (kept for it), `open` (a free seat its owner allows at a
 * table that lets bots in), or `held` (its own already: taking it again gives a new secret).
 */
export interface BotOffer {
  readonly type: "offer";
  readonly table: TableInfo;
  readonly seat: number;
  readonly why: "invited" | "open" | "held";
}

/** A seat's review of a finished match (GET /api/tables/ID/review?seat=K), 200: made. */
export const reviewReady = z.object({
  state: z.literal("ready"),
  seat: z.number(),
  /** Deals drawn a decision. */
  budget: z.number(),
  /** How long the match's review took to make, ms. */
  ms: z.number(),
  madeAt: z.string(),
  /** `Review` (src/review/review.ts). */
  review: z.record(z.string(), z.unknown()),
});

/** 202: the review is being made; decisions judged so far, of `total` (the match's reviewed seats together). */
export const reviewMaking = z.object({
  state: z.literal("making"),
  seat: z.number(),
  done: z.number(),
  total: z.number(),
  message: z.string(),
});

/** A seat's review, or word that it is being made (the review typed as the review module makes it). */
export type ReviewReply =
  (Omit<z.infer<typeof reviewReady>, "review"> & { readonly review: Review }) | z.infer<typeof reviewMaking>;

/** A seat's coach note for a hand that is over (GET /api/tables/ID/coach?seat=K&hand=H). */
export const coachReply = z.object({
  seat: z.number(),
  hand: z.number(),
  /** The seat's decisions of the hand that were judged (forced ones left out). */
  judged: z.number(),
  /** The costliest of them (a `Judgement`, src/review/judge.ts), or null when none lost anything. */
  note: z.record(z.string(), z.unknown()).nullable(),
});

export type CoachReply = Omit<z.infer<typeof coachReply>, "note"> & { readonly note: Judgement | null };

/** "Try it again" at a seat's judged decision (GET /api/tables/ID/review/try?seat=K&index=I): its moves then. */
export const tryPosition = z.object({
  seat: z.number(),
  /** The decision's place in the log; its position is the replay's step `step` (the table before the move). */
  index: z.number(),
  step: z.number(),
  /** The move played then, in the game's words. */
  played: z.string(),
  /** The seat's legal moves then, each as the server writes it and in the game's words. */
  legal: z.array(z.object({ move: z.object({ type: z.string() }).passthrough(), said: z.string() })),
});
export type TryPosition = z.infer<typeof tryPosition>;

const judgedMove = z.object({
  move: z.object({ type: z.string() }).passthrough(),
  said: z.string(),
  value: z.number(),
});

/** The new choice judged (POST /api/tables/ID/review/try?seat=K): `TryResult` (src/review/try-again.ts). */
export const tryReply = z.object({
  index: z.number(),
  choice: judgedMove,
  played: judgedMove,
  best: judgedMove,
  unit: z.enum(["win chance", "hand value"]),
  verdict: z.enum(["better", "worse", "same"]),
  from: z.enum(["review", "search"]),
  worlds: z.number(),
});

/** A hint from the hard player (POST /api/tables/ID/hint). */
export interface HintReply {
  /** The event number the hint is for: a later move makes it stale. */
  readonly seq: number;
  /** One of the seat's legal moves, as the server lists them. */
  readonly move: MoveJson;
  /** The move and why, in one line. */
  readonly text: string;
}

/** A page of a finished match's steps as a seat or a spectator saw it (GET /api/tables/ID/steps?from=N). */
export interface ReplaySteps {
  readonly info: TableInfo;
  /** Whose view the steps are: the seat whose secret came with the request, else the spectator's. */
  readonly viewer: number | "spectator";
  /** Steps in the match: step 0 is the first deal, step k the table after k moves or deals. */
  readonly total: number;
  /** The first step in `steps`. */
  readonly from: number;
  readonly steps: ReplayStep[];
}

export type { ReplayStep };

/** The server's limits, as told to a bot when it signs in. */
export interface BotLimits {
  /** Messages a second each connection and each seat may send (the bot's own connection too). */
  readonly messagesPerSecond: number;
  /** Messages that may come at once before the rate holds (a full bucket). */
  readonly burst: number;
  /** The largest message read, bytes. */
  readonly messageBytes: number;
  /** At a table with no person, how long after a hand's end the server deals if no bot did, ms. */
  readonly dealMs: number;
}

/** A message from the server as a client reads it: updates with the table's information filled in. */
export type ServerMessage = Update | OtherMessage;
/** A message from the server as it is written on the channel. */
export type WireMessage = UpdateMessage | OtherMessage;

type OtherMessage =
  | { readonly type: "welcome"; readonly viewer: number | "spectator" }
  | {
      readonly type: "chat";
      readonly table: string;
      readonly name: string;
      readonly text: string;
      readonly at: string;
    }
  | { readonly type: "ok"; readonly for: string; readonly seq: number }
  | { readonly type: "pong" }
  | {
      readonly type: "bot";
      readonly id: string;
      readonly name: string;
      /** What the server allows a bot's connections (docs/BOTS.md, "Limits"). */
      readonly limits?: BotLimits;
    }
  | BotOffer
  | { readonly type: "seated"; readonly table: string; readonly seat: number; readonly secret: string }
  | {
      readonly type: "error";
      readonly code: string;
      readonly message: string;
      /** `rate_limited`: how long to wait before sending the refused message again, ms. */
      readonly retryMs?: number;
      /** `rate_limited`: the refused message's type and the table it named, when it said them. */
      readonly for?: string;
      readonly table?: string;
    };

/**
 * Where a parsed message holds an own `__proto__` key (JSON.parse makes one
 * from `"__proto__":...`), as zod's one line for an unexpected field says
 * it (`move: Unrecognized key: "__proto__"`); null when it holds none. zod
 * passes such a key inside a move (the object of any fields) without a word
 * and leaves it out of what it gives, so it is refused here first.
 */
export function protoKeyIssue(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value !== "object" || value === null) return null;
  if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, "__proto__"))
    return `${path.length ? `${path.join(".")}: ` : ""}Unrecognized key: "__proto__"`;
  for (const [k, v] of Object.entries(value)) {
    const found = protoKeyIssue(v, [...path, Array.isArray(value) ? Number(k) : k]);
    if (found) return found;
  }
  return null;
}

/** One line for what is wrong with a message zod refused. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "the message is malformed";
  const path = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${path}${issue.message}`;
}
