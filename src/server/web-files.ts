/**
 * What a browser receives: the built web client (web/dist, made by `vite
 * build web`), found from this module in `src/server` or `dist/src/server`
 * (null when it has not been built, and then the server serves the API
 * alone), sent as the browser accepts it, and cached as long as it can be.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

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

/** The id of the page's data block (`sendPageWith`); the client reads it by this id (web/src/main.tsx). */
export const PAGE_DATA_ID = "cardroom-page";

/**
 * The client's page with what its first request would ask for written into it, as a JSON data
 * block (never run as a script, so the content security policy stands): a table link carries
 * the table's information, and the page starts its game's chunks and channel as it loads instead
 * of after a round trip. `<` is escaped so no value can close the block. Asked again each time.
 */
export async function sendPageWith(
  reply: FastifyReply,
  webDir: string,
  data: unknown,
): Promise<FastifyReply> {
  const page = await readFile(join(webDir, "index.html"), "utf8");
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  const block = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  return reply
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-cache")
    .send(page.replace("</head>", `${block}</head>`));
}

/** A year: what a browser may keep a file whose name changes with its content. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The client's files at `/`, each file a route (so unknown paths stay JSON
 * 404s). The build wrote each beside its brotli and gzip forms (x.js.br,
 * x.js.gz; web/vite.config.ts): a browser gets the one its Accept-Encoding
 * takes, with `Vary: Accept-Encoding`. Everything under assets/ is named by
 * its content's hash, so a browser keeps it a year without asking again;
 * index.html and the rest keep their names across builds, so a browser asks
 * each time (`no-cache`: a 304 when unchanged) and a new build is seen at once.
 */
export async function serveWebFiles(app: FastifyInstance, root: string): Promise<void> {
  const assets = `${root.replace(/[\\/]$/, "")}${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    schemaHide: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : "no-cache"),
  });
}

/**
 * The API's JSON compressed when it is over a kilobyte and the client takes
 * brotli or gzip (a replay's steps, the lobby's list; a table's own messages go
 * by the WebSocket). Registered before the routes (it hooks each one as it is
 * added); the client's files are compressed already and pass untouched.
 * Compressed request bodies are not taken: nothing sends them.
 */
export async function compressReplies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    globalDecompression: false,
  });
}
