/**
 * The API's own description: the OpenAPI document and its browsable page at
 * /docs (made from every route's zod schemas), and /healthz. Registered
 * unencapsulated (fastify-plugin), before the other routes, so that the
 * document sees every route the server has.
 */
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { type FastifyPluginAsyncZod, jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Authority } from "../authority.js";

export interface DocsOptions {
  readonly authority: Authority;
}

const docs: FastifyPluginAsyncZod<DocsOptions> = async (app, { authority }) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Cardroom server",
        version: "1",
        description:
          "Tables, seats and replays; the realtime channel is the WebSocket at /ws (docs/SERVER.md).",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs" });

  app.get(
    "/healthz",
    { schema: { response: { 200: z.object({ ok: z.boolean(), database: z.string() }) } } },
    async () => ({ ok: true, database: authority.storage.kind }),
  );
};

export const docsRoutes = fp(docs, { name: "cardroom-docs" });
