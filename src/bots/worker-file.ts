import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Piscina's options for the worker module `name` beside `here` (the
 * caller's `import.meta.url`): the compiled `.js` when it exists, else, running
 * from the sources, a loader that registers tsx and imports the `.ts`.
 */
export function workerOptions(
  name: string,
  here: string,
): { filename: string; workerData?: { file: string } } {
  const built = new URL(`./${name}.js`, here);
  if (existsSync(fileURLToPath(built))) return { filename: built.href };
  return {
    filename: new URL("./ts-worker.mjs", import.meta.url).href,
    workerData: { file: new URL(`./${name}.ts`, here).href },
  };
}
