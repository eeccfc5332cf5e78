/** The docs route group: the OpenAPI document names the routes registered after it, and /healthz. */
import { describe, expect, it } from "vitest";
import { useRouteApp } from "../../../test/route-app.js";
import { docsRoutes } from "./docs.js";
import { tablesRoutes } from "./tables.js";

const r = useRouteApp(
  async (app: import("fastify").FastifyInstance, o: { authority: import("../authority.js").Authority }) => {
    await app.register(docsRoutes, o);
    await app.register(tablesRoutes, { authority: o.authority, webDir: null });
  },
  (authority) => ({ authority }),
);

describe("the docs routes", () => {
  it("document the routes of the groups registered after them, and answer /healthz", async () => {
    const doc = (await r.app.inject({ url: "/docs/json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/games", "/api/tables", "/api/tables/{id}/hint", "/healthz"]),
    );
    expect(doc.paths["/api/tables"].post.requestBody).toBeDefined();
    expect((await r.app.inject({ url: "/docs" })).statusCode).toBeLessThan(400);
    expect((await r.app.inject({ url: "/healthz" })).json()).toEqual({ ok: true, database: "sqlite" });
  });
});
