import type { JsonObject, Seat, Viewer } from "./game.js";
import { SPECTATOR } from "./game.js";

/**
 * Something that happened at the table, as each viewer may read it: `all` is
 * what spectators (and any seat without a form of its own) see; `seats[k]`,
 * when present and not null, is what seat k sees instead. A card drawn from
 * the stock is named in the drawer's form only; a face-down choice is masked
 * in everyone's form but the chooser's until a later event turns it.
 *
 * Every event has a `type`: "deal", "move", "reveal", "score", "handOver",
 * "matchOver", "forfeit", or a game's own.
 */
export interface GameEvent {
  readonly all: JsonObject;
  readonly seats?: readonly (JsonObject | null)[];
}

/** An event as a viewer receives it, numbered: `seq` rises by one per event across the match. */
export type NumberedEvent = JsonObject & { readonly seq: number };

/** The event as `viewer` may read it. */
export function eventFor(e: GameEvent, viewer: Viewer): JsonObject {
  return viewer === SPECTATOR ? e.all : (e.seats?.[viewer] ?? e.all);
}

/** An event everyone reads alike. */
export const publicEvent = (all: JsonObject): GameEvent => ({ all });

/** An event one seat reads with more in it than everyone else (a drawn card, its own secret choice). */
export function privateTo(seat: Seat, players: number, all: JsonObject, mine: JsonObject): GameEvent {
  const seats: (JsonObject | null)[] = new Array<JsonObject | null>(players).fill(null);
  seats[seat] = mine;
  return { all, seats };
}
