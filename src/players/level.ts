/**
 * The level `cmd:PROGRAM` (CONTRACT "Command line"): an outside program
 * plays the seat. Wherever a level is chosen (`--vs`, `--bots`, the room).
 */
import { type Result, err, ok } from "../engine/result.js";

export const OUTSIDE_PREFIX = "cmd:";

export const isOutsideLevel = (level: string): boolean => level.startsWith(OUTSIDE_PREFIX);

/** The command line of a `cmd:` level (quotes round it dropped), or what is wrong with it. */
export function outsideCommand(level: string): Result<string, string> {
  let command = level.slice(OUTSIDE_PREFIX.length).trim();
  if (/^"[^"]*"$/.test(command) || /^'[^']*'$/.test(command)) command = command.slice(1, -1).trim();
  if (!command) return err(`${JSON.stringify(level)}: cmd: needs a program, e.g. cmd:"python3 mybot.py"`);
  return ok(command);
}

/**
 * Levels separated by commas, a comma inside quotes kept:
 * `hard,cmd:"python3 my,bot.py"` is two levels.
 */
export function splitLevels(text: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ",") {
      out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += c;
  }
  out.push(cur.trim());
  return out;
}

/** A seat played by an outside program: the command that starts it. */
export interface OutsideLevel {
  readonly command: string;
}

export const isOutside = (p: object): p is OutsideLevel => "command" in p;
