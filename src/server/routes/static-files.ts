/**
 * The web client's built files at `/` (`serveWebFiles`: each file its own
 * route so that an unknown path stays a JSON 404, precompressed, cached).
 * Unencapsulated (fastify-plugin): the pages of the other route groups
 * answer a browser with `reply.sendFile`.
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { serveWebFiles } from "../web-files.js";

export interface StaticFilesOptions {
  /** The built web client's folder (web/dist). */
  readonly root: string;
}

const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (app, { root }) => {
  await serveWebFiles(app, root);
};

export const staticFilesRoutes = fp(staticFiles, { name: "cardroom-static-files" });
