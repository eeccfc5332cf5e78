import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The chart libraries a report carries inside itself (so it opens offline):
 * the browser builds (UMD, minified) that vega, vega-lite and vega-embed ship
 * in their packages, read from wherever the installed package put them.
 */
const BUNDLES = [
  ["vega", "vega.min.js"],
  ["vega-lite", "vega-lite.min.js"],
  ["vega-embed", "vega-embed.min.js"],
] as const;

const require = createRequire(import.meta.url);

/** The package's folder: its entry resolves inside `build/`, which holds the browser build too. */
function buildDir(pkg: string): string {
  return dirname(require.resolve(pkg));
}

export interface ChartScript {
  readonly name: string;
  readonly version: string;
  readonly source: string;
}

let cached: ChartScript[] | undefined;

/** The three scripts, in the order a page loads them (vega-lite and vega-embed need vega). */
export function chartScripts(): readonly ChartScript[] {
  cached ??= BUNDLES.map(([name, file]) => {
    const dir = buildDir(name);
    const { version } = JSON.parse(readFileSync(join(dir, "..", "package.json"), "utf8")) as {
      version: string;
    };
    return { name, version, source: readFileSync(join(dir, file), "utf8") };
  });
  return cached;
}
