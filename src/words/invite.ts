/**
 * What a friend reads on arriving by an invite link: who asked them and to what ("Ann invites you to
 * Cribbage."), and the one button that sits them down.
 */

/** The button at a table with one open seat; a spectator choosing among several picks "Sit at seat N". */
export const TAKE_YOUR_SEAT = "Take your seat";

/**
 * The host of a table as a newcomer sees it: the first seat a person holds (the one who made the
 * table sits at seat 0), never a computer or a bot account; null while nobody sits there.
 */
export function hostOf(
  seats: readonly { readonly kind: string; readonly name: string | null; readonly bot?: boolean }[],
): string | null {
  return seats.find((s) => s.kind === "open" && s.name !== null && !s.bot)?.name ?? null;
}

/** "Ann invites you to Cribbage." or, with nobody seated yet, "A table of Cribbage has a seat for you." */
export function inviteLine(host: string | null, gameName: string): string {
  return host ? `${host} invites you to ${gameName}.` : `A table of ${gameName} has a seat for you.`;
}
