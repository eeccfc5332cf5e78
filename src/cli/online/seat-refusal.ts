/**
 * What a server's refusal means to a client playing a seat over a SeatLink
 * (`cardroom join`, `cardroom bot`): one reading for both, so that a seat
 * that is no longer ours and a move sent too fast are told apart alike.
 */

/** How long to wait before sending again a message the server said came too fast, when it says no wait. */
export const RETRY_MS = 1000;
/** The longest wait taken from a server's word (a wrong one must not hold a seat for long). */
const LONGEST_RETRY_MS = 10_000;

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

/** How long to wait before sending a refused message again: the server's stated wait (`retryMs`), else RETRY_MS. */
export function retryDelay(retryMs: unknown): number {
  return typeof retryMs === "number" && Number.isFinite(retryMs) && retryMs >= 0
    ? Math.min(Math.ceil(retryMs), LONGEST_RETRY_MS)
    : RETRY_MS;
}

/** Waits the server's stated wait (`retryMs` of its refusal), else RETRY_MS (not holding the process open). */
export const retryWait = (retryMs?: unknown): Promise<void> =>
  new Promise((r) => setTimeout(r, retryDelay(retryMs)).unref());
