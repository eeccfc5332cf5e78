/**
 * What the lab output tests share: the built `cardroom lab` run in a
 * temporary folder with its files asked for, its `--json` answer read.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));

export interface LabRun {
  readonly dir: string;
  readonly args: readonly string[];
  /** The run's `--json` object. */
  readonly json: Record<string, unknown> & { matches: number; hands: number };
  readonly file: (name: string) => string;
  readonly remove: () => void;
}

/** The built `cardroom` with `args`, waited for (at most `timeoutMs`): its exit code and output. */
export function cardroom(
  args: readonly string[],
  timeoutMs = 120_000,
): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 256 << 20,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Runs `cardroom lab ARGS --json` with `{dir}` in ARGS replaced by a fresh temporary folder. */
export function runLab(args: readonly string[]): LabRun {
  const dir = mkdtempSync(join(tmpdir(), "cardroom-lab-"));
  const full = [...args.map((a) => a.replaceAll("{dir}", dir)), "--json"];
  const r = cardroom(["lab", ...full]);
  if (r.code !== 0) throw new Error(`cardroom lab ${full.join(" ")} exited ${r.code}: ${r.err}`);
  return {
    dir,
    args: full,
    json: JSON.parse(r.out) as LabRun["json"],
    file: (name) => join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
