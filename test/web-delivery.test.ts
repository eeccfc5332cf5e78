/**
 * What a browser receives from a real server serving the built client: each
 * hashed file in brotli or gzip as the request's Accept-Encoding takes it
 * (the same bytes once decoded), kept a year (`immutable`); index.html and
 * the pages asked for each time (`no-cache`); the API's JSON compressed too.
 * And in Chromium: the lobby loads no game's rules, and a table loads its own
 * game's rules and table and no other game's.
 */
import { readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GAMES } from "../src/games/index.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { guestSeat } from "./guests.js";
import { ROOT, useBrowser } from "./web-browser.js";

const harness = useBrowser();
const DIST = join(ROOT, "web/dist");

interface Raw {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** The data block the server writes into a page (src/server/web-files.ts `sendPageWith`). */
const DATA_BLOCK = /<script type="application\/json" id="cardroom-page">(.*?)<\/script>/;
const pageData = (page: string): { table?: TableInfo } =>
  JSON.parse(DATA_BLOCK.exec(page)![1]) as { table?: TableInfo };

/** A GET whose body is kept as sent (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(new URL(path, harness.server.url), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    }).on("error", reject);
  });
}

const decode = (r: Raw): Buffer =>
  r.headers["content-encoding"] === "br"
    ? brotliDecompressSync(r.body)
    : r.headers["content-encoding"] === "gzip"
      ? gunzipSync(r.body)
      : r.body;

/** The build's manifest: each source file's chunk (`file`), by its path from web/. */
const manifest = (): Record<string, { file: string }> =>
  JSON.parse(readFileSync(join(DIST, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;

/** The files only game `id` needs: its rules and its table. */
const gameFiles = (id: string): string[] => {
  const m = manifest();
  return [m[`../src/games/${id}/game.ts`]?.file, m[`src/tables/${id}.tsx`]?.file].filter(
    (f): f is string => f !== undefined,
  );
};

describe("what a browser receives", () => {
  it("sends a hashed file as brotli or gzip by Accept-Encoding, the same bytes decoded, kept a year", async () => {
    const entry = manifest()["index.html"].file;
    const plain = readFileSync(join(DIST, entry));
    for (const [accept, encoding] of [
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["identity", undefined],
    ] as const) {
      const r = await rawGet(`/${entry}`, { "accept-encoding": accept });
      expect(r.status, accept).toBe(200);
      expect(r.headers["content-encoding"], accept).toBe(encoding);
      expect(String(r.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(r.headers["content-type"], accept).toMatch(/javascript/);
      expect(r.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(decode(r).equals(plain), accept).toBe(true);
      if (encoding) expect(r.body.length, accept).toBeLessThan(plain.length / 2);
    }
    const none = await rawGet(`/${entry}`, {});
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
  });

  it("asks again for index.html and the pages each time (no-cache), compressed as well", async () => {
    const info = await api<TableInfo>(harness.server.url, "/api/tables", {
      game: "crazy-eights",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const index = readFileSync(join(DIST, "index.html"));
    for (const path of ["/", "/index.html", `/t/${info.code}`, "/rules/cribbage"]) {
      const r = await rawGet(path, { accept: "text/html", "accept-encoding": "gzip" });
      expect(r.status, path).toBe(200);
      expect(r.headers["cache-control"], path).toBe("no-cache");
      expect(r.headers["content-type"], path).toMatch(/text\/html/);
      // A table link's page carries the table's information (pageData below); the rest are the file.
      if (!path.startsWith("/t/")) expect(decode(r).equals(index), path).toBe(true);
      else expect(decode(r).toString().replace(DATA_BLOCK, "")).toBe(index.toString());
    }
    // A client that prefers JSON still gets the table's JSON at the invite link.
    const json = await rawGet(`/t/${info.code}`, { accept: "application/json" });
    expect(JSON.parse(json.body.toString()).id).toBe(info.id);
  });

  it("writes a table's information into its link's page, as data no name can break out of", async () => {
    const info = await api<TableInfo>(harness.server.url, "/api/tables", {
      game: "gin-rummy",
      seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
    });
    const sneaky = "</script><script>x()</script>";
    await guestSeat(harness.server.url, info.id, 0, sneaky);
    const page = decode(await rawGet(`/t/${info.code}`, { accept: "text/html" })).toString();
    expect(page).not.toContain(sneaky);
    const data = pageData(page);
    expect([data.table?.id, data.table?.game, data.table?.seats[0].name]).toEqual([
      info.id,
      "gin-rummy",
      sneaky,
    ]);
    // A link to no table gets the page without one (the client says there is no such table).
    expect(pageData(decode(await rawGet("/t/ZZZZZZ", { accept: "text/html" })).toString())).toEqual({});
  });

  it("compresses the API's JSON when it pays, and sends it plain to a client that takes no encoding", async () => {
    const plain = await rawGet("/api/games", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const games = JSON.parse(plain.body.toString()) as { games: { id: string }[] };
    expect(games.games.map((g) => g.id)).toEqual(GAMES.map((g) => g.id));
    for (const encoding of ["br", "gzip"]) {
      const r = await rawGet("/api/games", { "accept-encoding": encoding });
      expect(r.headers["content-encoding"]).toBe(encoding);
      expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decode(r).toString())).toEqual(games);
    }
    // A reply under a kilobyte is not worth it.
    const small = await rawGet("/healthz", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString()).ok).toBe(true);
  });

  it("an unknown file is still a JSON 404, whatever the encoding asked", async () => {
    const r = await rawGet("/assets/nothing-here.js", { "accept-encoding": "br" });
    expect(r.status).toBe(404);
    expect(JSON.parse(decode(r).toString()).error.code).toBe("not_found");
  });
});

describe("a chunk per game", () => {
  /** The paths of the scripts a page asks for while `load` runs. */
  async function scriptsDuring(
    load: (page: import("playwright-core").Page) => Promise<void>,
  ): Promise<string[]> {
    const page = await harness.newPage();
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") asked.push(new URL(r.url()).pathname.slice(1));
    });
    await load(page);
    await page.waitForLoadState("networkidle");
    await page.close();
    return asked;
  }

  it("the lobby loads no game's rules or table", async () => {
    const asked = await scriptsDuring(async (page) => {
      await page.goto(harness.server.url);
      await page.waitForSelector("button.game-tile[data-game=hyrule]");
    });
    expect(asked).toContain(manifest()["index.html"].file);
    for (const { id } of GAMES) for (const f of gameFiles(id)) expect(asked, id).not.toContain(f);
  });

  it.each(GAMES.map((g) => g.id))(
    "a %s table loads its own game's chunks and no other game's",
    async (id) => {
      expect(gameFiles(id)).toHaveLength(2);
      const info = await api<TableInfo>(harness.server.url, "/api/tables", {
        game: id,
        seats: [{ kind: "open" }, { kind: "computer", level: "easy" }],
      });
      const seat = await guestSeat(harness.server.url, info.id, 0, "Pat");
      const asked = await scriptsDuring(async (page) => {
        await page.addInitScript(
          ([table, key]) => localStorage.setItem(`cardroom:seat:${table}`, key),
          [info.id, JSON.stringify({ seat: 0, secret: seat.secret })],
        );
        await page.goto(`${harness.server.url}/t/${info.code}`);
        await page.locator("section[aria-label='Your hand'] [data-card]").first().waitFor();
      });
      for (const f of gameFiles(id)) expect(asked).toContain(f);
      for (const other of GAMES.filter((g) => g.id !== id))
        for (const f of gameFiles(other.id)) expect(asked, other.id).not.toContain(f);
    },
  );
});
