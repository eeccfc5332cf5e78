/**
 * Who is asking, and the server's refusals: a seat's secret (only its hash
 * is stored) or a spectator, checked against the table's seats in constant
 * time; the closed set of error codes every part of the authority answers
 * with.
 */
import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Seat, Viewer } from "../engine/game.js";
import { SPECTATOR } from "../engine/game.js";
import { type Result, err, ok } from "../engine/result.js";
import type { LiveTable } from "./live-table.js";

export type ServerErrorCode =
  | "bad_request"
  | "unknown_game"
  | "bad_option"
  | "not_found"
  | "forbidden"
  | "seat_taken"
  | "stale"
  | "not_your_turn"
  | "illegal_move"
  | "hand_over"
  | "hand_not_over"
  | "match_over"
  | "not_over"
  | "rate_limited"
  | "unavailable";

export interface ServerError {
  readonly code: ServerErrorCode;
  readonly message: string;
}

export const fail = (code: ServerErrorCode, message: string) => err<ServerError>({ code, message });

export type Credential = { readonly seat: Seat; readonly secret: string } | typeof SPECTATOR;

// One-shot: a `createHash` object per check would leave the collector a handle to sweep per message.
export const sha256 = (text: string): string => hash("sha256", text, "hex");
export const newSecret = (): string => randomBytes(32).toString("hex");
export const now = (): string => new Date().toISOString();

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Which viewer a credential is at the table: its seat when the secret is that seat's, or a spectator. */
export function viewerAt(t: LiveTable, cred: Credential): Result<Viewer, ServerError> {
  if (cred === SPECTATOR) return ok(SPECTATOR);
  const s = t.seats[cred.seat];
  if (!s || !s.secret_hash || !sameHash(s.secret_hash, sha256(cred.secret)))
    return fail("forbidden", `that is not seat ${cred.seat}'s secret`);
  return ok(cred.seat);
}
