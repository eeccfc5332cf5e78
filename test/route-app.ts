/**
 * One route group alone, as its test sees it: a fastify instance with the
 * server's zod compilers and refusals, the group's plugin and nothing else,
 * over a real authority on a temporary SQLite file. `inject` speaks HTTP to
 * it without a port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll } from "vitest";
import { Authority } from "../src/server/authority.js";
import { sendNotFound, sendRefusal } from "../src/server/routes/refusals.js";
import { openStorage } from "../src/server/storage.js";

export interface RouteApp {
  readonly app: FastifyInstance;
  readonly authority: Authority;
}

/** Starts the group before the file's tests and stops it after; `options` gets the authority. */
export function useRouteApp<O extends object>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each group's plugin has its own options type
  plugin: FastifyPluginAsync<any>,
  options: (authority: Authority) => O,
): RouteApp {
  let app: FastifyInstance | undefined;
  let authority: Authority | undefined;
  let dir = "";
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cardroom-routes-"));
    authority = new Authority(await openStorage(join(dir, "db.sqlite")), { graceMs: 60_000 });
    authority.setPublicUrl("http://cardroom.test");
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(sendRefusal);
    app.setNotFoundHandler(sendNotFound);
    await app.register(plugin, options(authority));
    await app.ready();
  });
  afterAll(async () => {
    authority?.close();
    await app?.close();
    await authority?.storage.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get app(): FastifyInstance {
      if (!app) throw new Error("the routes have not started");
      return app;
    },
    get authority(): Authority {
      if (!authority) throw new Error("the routes have not started");
      return authority;
    },
  };
}
