import { newMatchSeed } from "../engine/seeds.js";
import { type Player, findBot } from "../bots/index.js";
import type { AnyGame } from "../engine/game.js";
import { parseOptions } from "../engine/options.js";
import { type GameEntry, findEntry } from "../games/index.js";
import { type OutsideLevel, isOutsideLevel, outsideCommand } from "../players/level.js";
import type { OutsideSettings } from "../players/seats.js";

/** Commander's way of taking a repeatable flag (`--option a=1 --option b=2`). */
export const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** Bad input (a command line, a file): one line for the user, then exit code 2. */
export class UsageError extends Error {}

/** Every flag's error in one wording: `--players: expected a whole number, got "two"`. */
export const flagError = (flag: string, problem: string): UsageError => new UsageError(`${flag}: ${problem}`);

/** "2 players", "2 to 5 players". */
export const playerRange = (game: AnyGame): string =>
  game.minPlayers === game.maxPlayers
    ? `${game.minPlayers} players`
    : `${game.minPlayers} to ${game.maxPlayers} players`;

/** The game's options from `--option name=value` flags, checked one by one so that each error names its flag. */
export function optionFlags(game: AnyGame, pairs: readonly string[]): Record<string, unknown> {
  const raw: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw flagError("--option", `expected name=value, got "${pair}"`);
    const name = pair.slice(0, eq).trim();
    if (!Object.hasOwn(game.options, name)) {
      const known = Object.keys(game.options);
      throw flagError(
        `--option ${name}`,
        `${game.name} has no such option` + (known.length ? ` (options: ${known.join(", ")})` : ""),
      );
    }
    raw[name] = pair.slice(eq + 1).trim();
    const one = parseOptions(game.options, { [name]: raw[name] });
    if (!one.ok) throw flagError(`--option ${name}`, one.error.replace(`option "${name}": `, ""));
  }
  const options = parseOptions(game.options, raw);
  if (!options.ok) throw new UsageError(options.error);
  return options.value;
}

export function entryOrFail(id: string): GameEntry {
  const e = findEntry(id);
  if (!e.ok) throw new UsageError(e.error);
  return e.value;
}

export function botOrFail(entry: GameEntry, flag: string, level: string): Player {
  const bot = findBot(entry, level);
  if (!bot.ok) throw flagError(flag, bot.error);
  return bot.value;
}

/** A built-in level's player, or an outside program's command (`cmd:PROGRAM`). */
export function levelOrFail(entry: GameEntry, flag: string, level: string): Player | OutsideLevel {
  if (!isOutsideLevel(level)) return botOrFail(entry, flag, level);
  const command = outsideCommand(level);
  if (!command.ok) throw flagError(flag, command.error);
  return { command: command.value };
}

/** The times `cmd:` programs get, from `--cmd-move-ms` and `--cmd-match-ms` (the host's defaults otherwise). */
export function outsideTimes(o: { cmdMoveMs?: string; cmdMatchMs?: string }): OutsideSettings {
  const times: { moveMs?: number; matchMs?: number } = {};
  if (o.cmdMoveMs !== undefined) times.moveMs = wholeNumber("--cmd-move-ms", o.cmdMoveMs, 0);
  if (o.cmdMatchMs !== undefined) times.matchMs = wholeNumber("--cmd-match-ms", o.cmdMatchMs, 0);
  for (const [flag, v] of [
    ["--cmd-move-ms", times.moveMs],
    ["--cmd-match-ms", times.matchMs],
  ] as const)
    if (v !== undefined && v < 1) throw flagError(flag, `expected milliseconds, at least 1, got ${v}`);
  return times;
}

/** The most a searching computer (`hard`, `expert`) thinks a move: an hour, far past any person's patience. */
export const MAX_THINK_MS = 3_600_000;

/** `--think MS`: the most milliseconds a searching computer takes a move (1 to MAX_THINK_MS), or none given. */
export function thinkFlag(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const ms = wholeNumber("--think", text, 0);
  if (ms < 1 || ms > MAX_THINK_MS)
    throw flagError("--think", `expected milliseconds, 1 to ${MAX_THINK_MS} (an hour), got "${text}"`);
  return ms;
}

/** Digits only: `Number()` would also take "", "0x10", "1e3" and " ", which nobody means as a count. */
export function wholeNumber(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = /^\s*[+-]?\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) throw flagError(flag, `expected a whole number, got "${text}"`);
  return n;
}

/** The longest pause between the computers' moves: a minute (a timer takes no more than 24.8 days). */
export const MAX_PACE_MS = 60_000;

/** Milliseconds between the computers' moves: a whole number, 0 to MAX_PACE_MS. */
export function paceFlag(text: string | undefined, fallback: number): number {
  const pace = wholeNumber("--pace", text, fallback);
  if (pace < 0 || pace > MAX_PACE_MS)
    throw flagError("--pace", `expected milliseconds, 0 to ${MAX_PACE_MS} (a minute), got "${text}"`);
  return pace;
}

/** The number of players, checked against the game. */
export function playersFlag(game: AnyGame, text: string | undefined): number {
  const players = wholeNumber("--players", text, game.minPlayers);
  if (players < game.minPlayers || players > game.maxPlayers) {
    throw flagError("--players", `${game.name} is for ${playerRange(game)}, not ${players}`);
  }
  return players;
}

/**
 * A seed as typed: digits that fit a number exactly are that number, anything
 * else is text, so the seed printed at the table replays the same shuffles.
 */
export function seedOf(text: string | undefined): number | string {
  if (text === undefined) return newMatchSeed();
  if (text.trim() === "") throw flagError("--seed", "must not be empty");
  const n = /^-?\d+$/.test(text) ? Number(text) : NaN;
  return Number.isSafeInteger(n) ? n : text;
}

export interface SimFlags {
  game: string;
  games: string;
  players?: string;
  seed?: string;
  bots?: string;
  iterations?: string;
  ms?: string;
  threads?: string;
  cmdMoveMs?: string;
  cmdMatchMs?: string;
  option: string[];
  json?: boolean;
  queue?: string;
  lease?: string;
}
