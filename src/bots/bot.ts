import type { JsonObject, Move } from "../engine/game.js";
import type { Rng } from "../engine/rng.js";

/**
 * A computer player. It sees only what its seat may know (the seat's view)
 * and the legal moves, never the state: it cannot peek.
 */
export interface Bot {
  choose(view: JsonObject, legal: readonly Move[], rng: Rng): Move;
}

export const randomBot: Bot = {
  choose: (_view, legal, rng) => legal[rng.int(legal.length)],
};
