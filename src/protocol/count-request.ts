import type { Result } from "../engine/result.js";
import type { CountAnswer, GameEntry } from "../games/index.js";

export interface CountOutcome {
  readonly answer: Result<CountAnswer, string>;
  /** Fields the request gave that the counting tool never looked at: cards after `--all`, a starter for gin. */
  readonly unused: readonly string[];
}

/**
 * Runs a game's counting tool and notes which of the request's fields it
 * read. A field it never read was given by mistake, and answering as if it
 * were not there would hide the mistake; the faces refuse it by name.
 */
export function runCount(
  count: NonNullable<GameEntry["count"]>,
  request: Readonly<Record<string, unknown>>,
): CountOutcome {
  const read = new Set<string | symbol>();
  const watched = new Proxy(request, {
    get(target, key, receiver) {
      read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const answer = count(watched);
  const unused = Object.keys(request).filter((k) => request[k] !== undefined && !read.has(k));
  return { answer, unused };
}
