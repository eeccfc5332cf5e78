/**
 * `cardroom verify FILE|URL`: reads a replay and checks its hands with
 * `checkReplay` (src/protocol/replay-proof.ts, shared with the web
 * client) over every game. One line says which; the exit code is 0 only when every check passed.
 */
import { readFileSync } from "node:fs";
import { ok } from "../engine/result.js";
import { findEntry } from "../games/index.js";
import { type Verdict, checkReplay } from "../protocol/replay-proof.js";
import { UsageError } from "./args.js";

export type { Verdict } from "../protocol/replay-proof.js";

/** A replay of any game checked, every finished hand or only hand `only`. */
export function verifyReplay(raw: unknown, only?: number): Verdict {
  return checkReplay(
    raw,
    (id) => {
      const e = findEntry(id);
      return e.ok ? ok(e.value.game) : e;
    },
    only,
  );
}

export async function verifyCommand(source: string): Promise<number> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    try {
      const res = await fetch(source, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new UsageError(`${source}: HTTP ${res.status}`);
      text = await res.text();
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`cannot fetch ${source}`);
    }
  } else {
    try {
      text = readFileSync(source, "utf8");
    } catch {
      throw new UsageError(`cannot read ${source}`);
    }
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not JSON`);
  }
  const v = verifyReplay(raw);
  (v.ok ? process.stdout : process.stderr).write(`${v.ok ? "" : "cardroom: verify: "}${v.line}\n`);
  return v.ok ? 0 : 1;
}
