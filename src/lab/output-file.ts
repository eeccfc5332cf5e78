import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Why `file` cannot be written, in a few words, or null when it can: its
 * folder must exist and take files, and the name must not be a folder. The
 * lab asks before it plays, so a long run never ends on a path it cannot use.
 */
export function unwritable(file: string): string | null {
  const dir = dirname(resolve(file));
  let folder;
  try {
    folder = statSync(dir);
  } catch {
    return `no folder ${dirname(file)}`;
  }
  if (!folder.isDirectory()) return `${dirname(file)} is not a folder`;
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    return `cannot write in ${dirname(file)}`;
  }
  try {
    if (statSync(file).isDirectory()) return `${file} is a folder`;
  } catch {
    // No file of that name yet: it will be made.
  }
  return null;
}

/**
 * Makes `file` whole or not at all: `fill` writes a temporary file beside
 * it, renamed over `file` once complete, so a reader (or a run stopped half
 * way) never sees a half-written file under the name asked for.
 */
export function writeThrough(file: string, fill: (temp: string) => void): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.part`);
  try {
    fill(temp);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    throw new Error(`cannot write ${file}: ${why}`, { cause: e });
  }
}

/** Writes `data` to `file` whole or not at all (writeThrough). */
export function writeWhole(file: string, data: string | Uint8Array): void {
  writeThrough(file, (temp) => writeFileSync(temp, data));
}
