/**
 * Proofs of real matches played through the engine's `Table` (the same
 * events the server sends and `cardroom join --proof` saves): random legal
 * moves from a seeded generator, seats that choose at once taking turns at
 * random, every hand to the match's end.
 */
import { type AnyGame, type JsonObject, type Viewer } from "../src/engine/game.js";
import { Rng } from "../src/engine/rng.js";
import { Table } from "../src/engine/table.js";
import type { Replay } from "../src/protocol/replay-proof.js";

export interface PlayedProof extends Replay {
  readonly table: Table;
}

export function playedProof(
  game: AnyGame,
  o: { seed: string; viewer: Viewer; players?: number; options?: JsonObject },
): PlayedProof {
  const started = Table.start(game, {
    players: o.players ?? game.minPlayers,
    seed: o.seed,
    options: o.options,
  });
  if (!started.ok) throw new Error(started.error.message);
  const table = started.value;
  const rng = Rng.fromSeed(`${o.seed}:moves`);
  while (!table.state.matchOver) {
    if (table.state.handOver) {
      const next = table.next();
      if (!next.ok) throw new Error(next.error.message);
      continue;
    }
    const toAct = table.status().toAct;
    const seat = toAct[rng.int(toAct.length)];
    const legal = table.legal(seat);
    const played = table.play(seat, legal[rng.int(legal.length)]);
    if (!played.ok) throw new Error(played.error.message);
  }
  const log = table.log();
  return {
    table,
    game: game.id,
    players: log.players,
    options: log.options,
    viewer: o.viewer,
    events: table.eventsFor(o.viewer),
  };
}
