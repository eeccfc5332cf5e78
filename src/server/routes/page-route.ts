/**
 * The client's pages: a browser gets the web client (which asks the API for
 * what the page shows), an API client the same JSON as the API.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { prefersHtml } from "../web-files.js";

export function pageRoute<P extends z.ZodTypeAny>(
  app: FastifyInstance,
  /** The built web client's folder, or null when only the API is served. */
  webDir: string | null,
  path: string,
  description: string,
  params: P,
  json: (params: z.infer<P>) => Promise<unknown>,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(path, { schema: { description, params } }, async (req, reply) => {
      if (webDir && prefersHtml(req.headers.accept)) return reply.type("text/html").sendFile("index.html");
      return json(req.params as z.infer<P>);
    });
}
