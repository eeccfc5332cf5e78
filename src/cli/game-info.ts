/**
 * Games described for players: their options with the values they take and
 * their defaults, player counts and move types. Shared by `cardroom games`,
 * `cardroom play GAME --help` and the room.
 */
import type { OptionSpec } from "../engine/options.js";
import type { GameEntry } from "../games/index.js";

/** The values an option takes: "50..500", "true or false", "telecards or standard". */
export function optionValues(spec: OptionSpec): string {
  switch (spec.kind) {
    case "int":
      return `${spec.min}..${spec.max}`;
    case "bool":
      return "true or false";
    case "enum":
      return spec.values.join(" or ");
  }
}

/** "target=N (1..100000, default 100): points that win the match". */
export function optionLine(name: string, spec: OptionSpec): string {
  return `${name} (${optionValues(spec)}; default ${String(spec.default)}): ${spec.doc}`;
}

export const playerCount = ({ game }: GameEntry): string =>
  game.minPlayers === game.maxPlayers
    ? `${game.minPlayers} players`
    : `${game.minPlayers}-${game.maxPlayers} players`;

/** A game for `cardroom games` and `play GAME --help`: players, options, move types. */
export function gameLines(entry: GameEntry): string[] {
  const { game } = entry;
  const options = Object.entries(game.options);
  return [
    `${game.id}: ${game.name}, ${playerCount(entry)}`,
    ...(options.length
      ? options.map(([name, spec]) => `  --option ${optionLine(name, spec)}`)
      : ["  no options"]),
    ...(entry.moveTypes ? [`  moves: ${entry.moveTypes.join(", ")}`] : []),
  ];
}
