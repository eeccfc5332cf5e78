/** The static files group alone: the built client's files at `/`, an unknown path a JSON 404. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useRouteApp } from "../../../test/route-app.js";
import { webClientDir } from "../web-files.js";
import { staticFilesRoutes } from "./static-files.js";

const root = webClientDir();
if (!root) throw new Error("web/dist is missing: `npm run build` first");
const r = useRouteApp(staticFilesRoutes, () => ({ root }));

describe("the static files routes", () => {
  it("serve the client's page and its assets, and no path outside them", async () => {
    const page = await r.app.inject({ url: "/" });
    expect([page.statusCode, page.headers["content-type"]]).toEqual([200, "text/html; charset=utf-8"]);
    expect(page.body).toContain('<div id="root">');
    const asset = readdirSync(join(root, "assets")).find((f) => f.endsWith(".js"));
    expect((await r.app.inject({ url: `/assets/${asset}` })).statusCode).toBe(200);
    for (const url of ["/nothing-here", "/assets/../package.json", "/%2e%2e/package.json"]) {
      const none = await r.app.inject({ url });
      expect([none.statusCode, none.json().error.code], url).toEqual([404, "not_found"]);
    }
  });
});
