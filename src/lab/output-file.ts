import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Writes `data` to `file` whole or not at all: into a temporary file beside
 * it, renamed over `file` once written, so a reader (or a run stopped half
 * way) never sees a half-written file under the name asked for.
 */
export function writeWhole(file: string, data: string | Uint8Array): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.part`);
  try {
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
