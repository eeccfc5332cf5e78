/**
 * Games described for players: their options with the values they take and
 * their defaults, player counts and move types. Shared by `cardroom games`,
 * `cardroom play GAME --help` and the room.
 */
import type { OptionSpec } from "../../engine/options.js";
import type { GameEntry } from "../../games/index.js";

/** The values an option takes: "1..100000", "true or false", "telecards or standard", "a seat, 0 (you) to 4". */
export function optionValues(spec: OptionSpec): string {
  switch (spec.kind) {
    case "int":
      return spec.seat ? `a seat, 0 (you) to ${spec.max}` : `${spec.min}..${spec.max}`;
    case "bool":
      return "true or false";
    case "enum":
      return spec.values.join(" or ");
  }
}

/** What `--option` takes for an option: "target=1..100000", "muggins=true|false". */
const optionForm = (name: string, spec: OptionSpec): string =>
  `${name}=${
    spec.kind === "int"
      ? `${spec.min}..${spec.max}`
      : spec.kind === "bool"
        ? "true|false"
        : spec.values.join("|")
  }`;

/** "auto: As the players need", or the label alone when it starts with the value and a colon ("Chance: ..."). */
const valueWords = (value: string, label: string): string =>
  label.toLowerCase().startsWith(`${value.toLowerCase()}:`) ? label : `${value}: ${label}`;

/** "; 61 with deal=five": the default another option's value brings. */
const defaultWithWords = (spec: OptionSpec): string =>
  spec.kind === "int" && spec.defaultWith
    ? `; ${spec.defaultWith.default} with ${spec.defaultWith.option}=${String(spec.defaultWith.value)}`
    : "";

/**
 * An option for `--option` help, in words, then its form: "Points to win:
 * --option target=1..100000 (default 100)", the help on the next line, and an
 * enum's values each with its words.
 */
export function optionLines(name: string, spec: OptionSpec): string[] {
  const lines = [
    `${spec.label}: --option ${optionForm(name, spec)} (default ${String(spec.default)}${defaultWithWords(spec)})`,
    `    ${spec.help}${spec.kind === "int" && spec.seat ? " Seat 0 is you; the others follow in turn." : ""}`,
  ];
  if (spec.kind === "enum")
    lines.push(`    ${spec.values.map((v) => valueWords(v, spec.labels[v] ?? v)).join("; ")}.`);
  return lines;
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
      ? options.flatMap(([name, spec]) => optionLines(name, spec).map((l) => `  ${l}`))
      : ["  no options"]),
    ...(entry.moveTypes ? [`  moves: ${entry.moveTypes.join(", ")}`] : []),
  ];
}
