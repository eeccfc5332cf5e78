/**
 * The web client's built files at `/`, each file its own route so that an
 * unknown path stays a JSON 404. Unencapsulated (fastify-plugin): the pages
 * of the other route groups answer a browser with `reply.sendFile`.
 */
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

export interface StaticFilesOptions {
  /** The built web client's folder (web/dist). */
  readonly root: string;
}

const staticFiles: FastifyPluginAsync<StaticFilesOptions> = async (app, { root }) => {
  await app.register(fastifyStatic, { root, wildcard: false, schemaHide: true });
};

export const staticFilesRoutes = fp(staticFiles, { name: "cardroom-static-files" });
