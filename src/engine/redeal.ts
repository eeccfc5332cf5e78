import type { AnyGame, MatchState, Seat } from "./game.js";
import { parseOptions } from "./options.js";
import { type Result, err } from "./result.js";
import { isHandSeed } from "./seeds.js";

export interface HandDeal {
  readonly players: number;
  readonly dealer: Seat;
  readonly handSeed: string;
  readonly options?: unknown;
}

/**
 * A hand's deal from its seed alone: a pure function of game, options,
 * players, dealer and hand seed (docs/FAIRNESS.md). `cardroom deal` prints
 * it; a verifier compares it with what each seat saw.
 */
export function dealFromSeed(game: AnyGame, d: HandDeal): Result<MatchState, string> {
  if (!isHandSeed(d.handSeed)) return err("a hand seed is 64 hex digits (0-9, a-f)");
  if (!(Number.isInteger(d.players) && d.players >= game.minPlayers && d.players <= game.maxPlayers))
    return err(`${game.name} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${d.players}`);
  if (!(Number.isInteger(d.dealer) && d.dealer >= 0 && d.dealer < d.players))
    return err(`the dealer must be a seat from 0 to ${d.players - 1}`);
  const options = parseOptions(game.options, d.options);
  if (!options.ok) return options;
  return game.start(
    { players: d.players, seed: "redeal", options: options.value, handSeed: d.handSeed },
    { dealer: d.dealer },
  );
}
