/** Where each seat sits round the felt, as seen from your chair (TableSeats draws them there). */

export type Place = "bottom" | "left" | "top" | "right";

/**
 * Where seat `seat` sits as seen from `from`'s chair (a spectator's is seat 0's), the others
 * following in the order of play: with three, left and right; with four, left, top and right; with
 * two, across (top). Null for more: they sit in a row.
 */
export function placeOf(seat: number, from: number, players: number): Place | null {
  const order: Record<number, readonly Place[]> = {
    2: ["bottom", "top"],
    3: ["bottom", "left", "right"],
    4: ["bottom", "left", "top", "right"],
  };
  const places = order[players];
  if (!places) return null;
  const anchor = from >= 0 && from < players ? from : 0;
  return places[(seat - anchor + players) % players];
}
