/**
 * A finished match's result as its record lists it, from one seat's side: "Won 121 to 98",
 * "Lost 98 to 121", "Shared the win 61 to 61", and for a match someone gave up, "Won by forfeit"
 * or "Lost by forfeit": the scores of a forfeited match are where play stopped, never its result.
 */
export type Outcome = "won" | "lost" | "drew";

const OUTCOME: Record<Outcome, string> = { won: "Won", lost: "Lost", drew: "Shared the win" };

export function matchOutcomeLine(
  outcome: Outcome | null,
  scores: readonly number[] | null,
  seat: number,
  forfeit: { readonly seat: number } | null = null,
): string {
  if (!outcome) return "Result not known";
  if (forfeit) return `${OUTCOME[outcome]} by forfeit`;
  if (!scores) return "Result not known";
  const others = scores.filter((_, s) => s !== seat);
  return `${OUTCOME[outcome]} ${scores[seat]} to ${others.join(" to ")}`;
}
