/** Files of the package itself (its version, the rules pages), found from this module in `src/cli` or `dist/src/cli`. */
import { readFileSync } from "node:fs";

const PACKAGE_ROOT = new URL(import.meta.url.includes("/dist/") ? "../../../" : "../../", import.meta.url);

/** The package's version, as `--version` prints it. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("package.json", PACKAGE_ROOT), "utf8")) as { version: string };
  return pkg.version;
}

/** The game's rules page (docs/rules/ID.md), or null when the package has none for it. */
export function rulesPage(id: string): string | null {
  try {
    return readFileSync(new URL(`docs/rules/${id}.md`, PACKAGE_ROOT), "utf8");
  } catch {
    return null;
  }
}
