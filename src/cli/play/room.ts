import { botLevels } from "../../bots/index.js";
import {
  defaultOptions,
  followDefaults,
  optionValueWords,
  optionDefault,
  parseOptions,
} from "../../engine/options.js";
import type { OptionValue } from "../../engine/options.js";
import { newMatchSeed } from "../../engine/seeds.js";
import { ENTRIES, type GameEntry } from "../../games/index.js";
import { levelOrFail } from "../args.js";
import { isOutsideLevel, outsideCommand } from "../../players/level.js";
import { optionValues, playerCount } from "./game-info.js";
import { readChoice } from "./room-choice.js";
import { type Terminal, playMatches } from "./play.js";
import type { Say } from "./table-prompts.js";
import { dressCards } from "../terminal.js";

const LEVEL_NOTES: Readonly<Record<string, string>> = {
  random: "plays any legal move, for a first game",
  easy: "sensible, with a slip now and then",
  medium: "takes the move that looks best now",
  hard: "thinks ahead over the cards it cannot see",
  expert: "thinks as long as a person would, and plays to the score",
};

/** `npm start` before the server exists: pick a game, its options, the players and the opponents, then play. */
export async function runRoom(term: Terminal, pace: number): Promise<number> {
  const say: Say = (line = "") => void term.out.write(dressCards(line, term.style) + "\n");
  say("Welcome to Cardroom. (q quits at any prompt.)");
  for (;;) {
    say();
    ENTRIES.forEach((e, i) => say(`  ${i + 1}. ${e.game.name} (${playerCount(e)})`));
    const pick = await chooseNamed(
      term,
      say,
      `Which game (1-${ENTRIES.length}, or its name)?`,
      ENTRIES.map((e) => [e.game.name, e.game.id]),
    );
    if (pick === null) return 0;
    const entry = ENTRIES[pick - 1];
    const { game } = entry;
    let players = game.minPlayers;
    if (game.maxPlayers > game.minPlayers) {
      const n = await choose(
        term,
        say,
        `How many players, you included (${game.minPlayers}-${game.maxPlayers})?`,
        game.minPlayers,
        game.maxPlayers,
      );
      if (n === null) return 0;
      players = n;
    }
    const levels = botLevels(entry);
    levels.forEach((l, i) => say(`  ${i + 1}. ${l}${LEVEL_NOTES[l] ? ` (${LEVEL_NOTES[l]})` : ""}`));
    say(`  or cmd:PROGRAM: a program of your own plays them (docs/PLAYER-PROTOCOL.md)`);
    const vs = await chooseLevel(
      term,
      say,
      `Computer opponents: how well should they play (1-${levels.length}, ${levels.join(", ")}, or cmd:PROGRAM)?`,
      levels,
    );
    if (vs === null) return 0;
    const options = await chooseOptions(term, say, entry);
    if (options === null) return 0;
    const played = await playMatches(
      { entry, players, bot: levelOrFail(entry, "level", vs), vs, seed: newMatchSeed(), options, pace },
      term,
    );
    if (played !== "done") return typeof played === "number" ? played : 0;
    say("Back in the room: pick another game, or q to leave.");
  }
}

/**
 * The game's options, each with a line saying what it does and its value;
 * Enter plays, a number changes that option. Null when the player quits.
 */
async function chooseOptions(
  term: Terminal,
  say: Say,
  entry: GameEntry,
): Promise<Record<string, OptionValue> | null> {
  const specs = Object.entries(entry.game.options);
  let options: Record<string, OptionValue> = defaultOptions(entry.game.options);
  if (!specs.length) return options;
  for (;;) {
    say(`${entry.game.name} options:`);
    specs.forEach(([name, spec], i) =>
      say(
        `  ${i + 1}. ${spec.label}: ${optionValueWords(spec, options[name])}  (${spec.help} ${name}: ${optionValues(spec)}, default ${String(optionDefault(spec, options))})`,
      ),
    );
    const n = await choose(
      term,
      say,
      `Change an option (1-${specs.length}), or press Enter to play:`,
      1,
      specs.length,
      true,
    );
    if (n === null) return null;
    if (n === 0) return options;
    const [name, spec] = specs[n - 1];
    for (;;) {
      say(`Change an option: ${spec.label} (${optionValues(spec)})?`);
      const line = await term.input.next();
      if (line === null || /^q(uit)?$/i.test(line.trim())) return goodbye(say);
      const value = parseOptions(entry.game.options, { [name]: line });
      if (value.ok) {
        const changed = { ...options, [name]: (value.value as Record<string, OptionValue>)[name] };
        options = followDefaults(entry.game.options, options, changed);
        break;
      }
      say(`${value.error.replace(`option "${name}": `, "")}; try again.`);
    }
  }
}

function goodbye(say: Say): null {
  say("Goodbye.");
  return null;
}

/** An entry of a list by its number or its name (`readChoice`); null when the player leaves. */
async function chooseNamed(
  term: Terminal,
  say: Say,
  prompt: string,
  names: readonly (readonly string[])[],
): Promise<number | null> {
  for (;;) {
    say(prompt);
    const line = await term.input.next();
    if (line === null || /^q(uit)?$/i.test(line.trim())) return goodbye(say);
    const n = readChoice(line, names);
    if (n !== null) return n;
    say(`Type a number from 1 to ${names.length} or a name from the list, or q to leave.`);
  }
}

/** A level by its number or name, or `cmd:PROGRAM` (an outside program); null when the player leaves. */
async function chooseLevel(
  term: Terminal,
  say: Say,
  prompt: string,
  levels: readonly string[],
): Promise<string | null> {
  for (;;) {
    say(prompt);
    const line = await term.input.next();
    if (line === null || /^q(uit)?$/i.test(line.trim())) return goodbye(say);
    const typed = line.trim();
    if (isOutsideLevel(typed)) {
      const command = outsideCommand(typed);
      if (command.ok) return typed;
      say(`${command.error}; try again.`);
      continue;
    }
    const n = readChoice(
      typed,
      levels.map((l) => [l]),
    );
    if (n !== null) return levels[n - 1];
    say(`Type a number from 1 to ${levels.length}, a level's name or cmd:PROGRAM, or q to leave.`);
  }
}

/** A number from min to max; 0 for an empty line when `enterIsZero`; null when the player leaves. */
async function choose(
  term: Terminal,
  say: Say,
  prompt: string,
  min: number,
  max: number,
  enterIsZero = false,
): Promise<number | null> {
  for (;;) {
    say(prompt);
    const line = await term.input.next();
    if (line === null || /^q(uit)?$/i.test(line.trim())) return goodbye(say);
    if (enterIsZero && line.trim() === "") return 0;
    const n = /^\d+$/.test(line.trim()) ? Number(line.trim()) : NaN;
    if (n >= min && n <= max) return n;
    say(`Type a number from ${min} to ${max}, or q to leave.`);
  }
}
