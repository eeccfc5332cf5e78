/**
 * What a server's refusal means to a client playing a seat over a SeatLink
 * (`cardroom join`, `cardroom bot`): one reading for both, so that a seat
 * that is no longer ours and a move sent too fast are told apart alike.
 */
import { retryDelay } from "../../server/client.js";

export type Refusal =
  /** The message awaiting an answer came too fast: the same again in RETRY_MS. */
  | "retry"
  /** Nothing was awaiting an answer and the seat is refused: the server no longer knows it as ours. */
  | "seat_lost"
  /** The message awaiting an answer was refused (the table had moved past it, or it was wrong). */
  | "refused"
  /** Something else refused, nothing awaiting an answer: said, nothing changes. */
  | "other";

/** Reads an error's code; `awaiting`: whether a move or deal sent is still awaiting its answer. */
export function readRefusal(code: string, awaiting: boolean): Refusal {
  if (awaiting) return code === "rate_limited" ? "retry" : "refused";
  return code === "forbidden" || code === "not_found" ? "seat_lost" : "other";
}

/** Waits the server's stated wait (`retryMs` of its refusal), else RETRY_MS (not holding the process open). */
export const retryWait = (retryMs?: unknown): Promise<void> =>
  new Promise((r) => setTimeout(r, retryDelay(retryMs)).unref());
