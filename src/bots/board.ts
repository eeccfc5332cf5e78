/**
 * A hand's end valued by the match: the chance of winning the match from the
 * scores a hand leaves, from the game's win-chance model
 * (src/bots/win-chance/). The review's search reads it at every drawn
 * deal's end (`modelReward`); `expert` plays to the board with it near a
 * match's end (`boardReward`). Where a game has no model for the match both
 * give null, and the caller values hands by points, as `hard` does.
 */
import type { AnyGame, MatchState } from "../engine/game.js";
import type { HandReward } from "./ismcts.js";
import { type MatchFacts, winChance } from "./win-chance/index.js";

/** How close to the target (in points) either seat must be for the board's value to take over. */
export const NEAR_END = 40;

/**
 * The public facts of a state: its scores, its options and the dealer of the hand the chance is read
 * in, by default the next hand's (the deal passes to the left once a hand is over).
 */
export function matchFacts(s: MatchState, dealer = (s.dealer + 1) % s.players): MatchFacts {
  return {
    players: s.players,
    scores: s.scores,
    dealer,
    options: (s as MatchState & { options?: Record<string, unknown> }).options ?? {},
  };
}

/**
 * Each seat's chance of winning the match at a hand's end, from the scores it left and the next
 * hand's dealer (once the match is over, its winners share 1), or null where `game` has no model for
 * the match of `state` (its players, its options).
 */
export function modelReward(game: AnyGame, state: MatchState): HandReward | null {
  if (!winChance(game.id, matchFacts(state, state.dealer), 0).ok) return null;
  return (s, out) => {
    if (s.matchOver) {
      const winners = game.matchWinners(s);
      for (let p = 0; p < s.players; p++) out[p] = winners.includes(p) ? 1 / winners.length : 0;
      return;
    }
    const after = matchFacts(s);
    for (let p = 0; p < s.players; p++) {
      const c = winChance(game.id, after, p);
      out[p] = c.ok ? c.value : 1 / s.players;
    }
  };
}

/**
 * The board's reward from `root` on (a search's position): `modelReward`, once either seat is within
 * `NEAR_END` of the target; null before, or where the game has no model.
 */
export function boardReward(game: AnyGame, root: MatchState): HandReward | null {
  const { scores, options } = matchFacts(root);
  const target = options.target;
  if (typeof target !== "number" || !scores.some((x) => x >= target - NEAR_END)) return null;
  return modelReward(game, root);
}
