/**
 * `cardroom verify FILE|URL`: reads a replay and checks it with
 * `verifyReplay` (src/protocol/verify-replay.ts; the check itself,
 * replay-proof.ts, is shared with the web client). The source is a file (`join --proof`), a replay URL
 * (`/replay/ID`, `/api/tables/ID/replay`) or a table's invite link (`/t/CODE`,
 * whose table's replay is then read as a spectator's). One line says what
 * held or what did not; exit 0 holds, 1 fails, 2 not a proof.
 */
import { readFileSync } from "node:fs";
import { verifyReplay } from "../../protocol/verify-replay.js";
import { UsageError } from "../args.js";

export type { Verdict } from "../../protocol/replay-proof.js";
export { verifyReplay } from "../../protocol/verify-replay.js";

async function fetchJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(15_000) });
  } catch {
    throw new UsageError(`cannot fetch ${url}`);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const why = typeof body?.error?.message === "string" ? `: ${body.error.message}` : "";
    throw new UsageError(`${url}: HTTP ${res.status}${why}`);
  }
  try {
    return await res.json();
  } catch {
    throw new UsageError(`${url} is not JSON`);
  }
}

/** The replay a URL leads to: itself, or for an invite link the table's replay as a spectator sees it. */
export async function replayAt(url: string): Promise<unknown> {
  const got = await fetchJson(url);
  const table = got as { id?: unknown; events?: unknown; invite?: unknown };
  if (
    table &&
    typeof table === "object" &&
    table.events === undefined &&
    typeof table.id === "string" &&
    /^[0-9a-f]{32}$/.test(table.id)
  )
    return fetchJson(new URL(`/api/tables/${table.id}/replay`, url).href);
  return got;
}

export function readReplay(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not JSON`);
  }
}

export async function verifyCommand(source: string): Promise<number> {
  const raw = /^https?:\/\//i.test(source) ? await replayAt(source) : readReplay(source);
  const v = verifyReplay(raw);
  if (v.kind === "malformed") throw new UsageError(`${source}: ${v.line}`);
  (v.ok ? process.stdout : process.stderr).write(`${v.ok ? "" : "cardroom: verify: "}${v.line}\n`);
  return v.ok ? 0 : 1;
}
