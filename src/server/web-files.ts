/**
 * Where the built web client is (web/dist, made by `vite build web`), found
 * from this module in `src/server` or `dist/src/server`; null when it has
 * not been built, and then the server serves the API alone.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const PACKAGE_ROOT = new URL(import.meta.url.includes("/dist/") ? "../../../" : "../../", import.meta.url);

export function webClientDir(): string | null {
  const dir = fileURLToPath(new URL("web/dist/", PACKAGE_ROOT));
  return existsSync(`${dir}index.html`) ? dir : null;
}

/**
 * Whether a request's Accept header prefers a page to JSON: a browser
 * following a link does, `curl` and the API clients do not.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = (type: string): number => {
    let best = -1;
    for (const part of accept.split(",")) {
      const [media, ...params] = part.trim().toLowerCase().split(";");
      if (media.trim() !== type) continue;
      const p = params.map((x) => x.trim()).find((x) => x.startsWith("q="));
      best = Math.max(best, p ? Number(p.slice(2)) || 0 : 1);
    }
    return best;
  };
  const html = q("text/html");
  return html > 0 && html > q("application/json");
}
