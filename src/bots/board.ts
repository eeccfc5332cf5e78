/**
 * Playing to the board (`expert`): near a match's end the search values a
 * hand's outcome by the chance of winning the match from the scores it
 * leaves, from the game's win-chance model (src/bots/win-chance/, the same
 * model the review judges by), not by its points. Where a game has no model
 * the level plays for points, as `hard` does.
 */
import type { AnyGame, MatchState } from "../engine/game.js";
import type { HandReward } from "./ismcts.js";
import { type MatchFacts, winChance } from "./win-chance/index.js";

/** How close to the target (in points) either seat must be for the board's value to take over. */
export const NEAR_END = 40;

/** The public facts of a state between hands: its scores, the next hand's dealer, its options. */
function factsAfterHand(s: MatchState): MatchFacts {
  return {
    players: s.players,
    scores: s.scores,
    dealer: (s.dealer + 1) % s.players,
    options: (s as MatchState & { options?: Record<string, unknown> }).options ?? {},
  };
}

/**
 * The board's reward from `root` on (a search's position), or null where
 * the game has no model for this match or neither seat is near the target:
 * once a hand is over, each seat's chance of winning the match from the
 * scores it left; once the match is over, its winners share 1.
 */
export function boardReward(game: AnyGame, root: MatchState): HandReward | null {
  const facts = factsAfterHand(root);
  const target = facts.options.target;
  if (typeof target !== "number" || !facts.scores.some((x) => x >= target - NEAR_END)) return null;
  // A model for this match at all (the players, the options): asked once, at the root.
  if (!winChance(game.id, { ...facts, dealer: root.dealer }, 0).ok) return null;
  return (s, out) => {
    if (s.matchOver) {
      const winners = game.matchWinners(s);
      for (let p = 0; p < s.players; p++) out[p] = winners.includes(p) ? 1 / winners.length : 0;
      return;
    }
    const after = factsAfterHand(s);
    for (let p = 0; p < s.players; p++) {
      const c = winChance(game.id, after, p);
      out[p] = c.ok ? c.value : 1 / s.players;
    }
  };
}
