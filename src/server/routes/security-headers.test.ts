/**
 * Security headers on every kind of answer of a real running server: the
 * client's page, an API route, a static asset, a refusal.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../serve.js";
import { webClientDir } from "../web-files.js";

let server: RunningServer;
let dir: string;
const root = webClientDir();

beforeAll(async () => {
  if (!root) throw new Error("web/dist is missing: `npm run build` first");
  dir = mkdtempSync(join(tmpdir(), "cardroom-headers-"));
  server = await startServer({ port: 0, host: "127.0.0.1", databaseUrl: join(dir, "db.sqlite"), graceMs: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const CSP =
  "default-src 'self';base-uri 'self';connect-src 'self';font-src 'self';form-action 'self';" +
  "frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';" +
  "script-src-attr 'none';style-src 'self'";

describe("security headers", () => {
  it("are on the HTML page, an API route, a static asset and a refusal", async () => {
    const asset = readdirSync(join(root!, "assets")).find((f) => f.endsWith(".css"));
    const answers = {
      page: await fetch(`${server.url}/t/ABCDEF`, { headers: { accept: "text/html" } }),
      api: await fetch(`${server.url}/api/games`),
      asset: await fetch(`${server.url}/assets/${asset}`),
      refusal: await fetch(`${server.url}/api/tables/nope`),
    };
    expect(answers.page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answers.asset.status).toBe(200);
    expect(answers.refusal.status).toBe(400);
    for (const [what, res] of Object.entries(answers)) {
      const h = res.headers;
      expect(h.get("content-security-policy"), what).toBe(CSP);
      expect(h.get("x-content-type-options"), what).toBe("nosniff");
      expect(h.get("x-frame-options"), what).toBe("SAMEORIGIN");
      expect(h.get("referrer-policy"), what).toBe("no-referrer");
      expect(h.get("cross-origin-opener-policy"), what).toBe("same-origin");
      expect(h.get("strict-transport-security"), what).toMatch(/^max-age=\d+/);
      expect(h.get("x-powered-by"), what).toBeNull();
    }
  });
});
