/**
 * The HTTP API (fastify, typed and validated by the zod schemas in
 * messages.ts, documented as OpenAPI at /docs) and the realtime channel:
 * one WebSocket per client at /ws. Both only carry what the authority
 * builds for the caller's viewer. The routes are fastify plugins by group
 * (routes/): tables, players, replays and proofs, docs, static files.
 */
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Authority } from "./authority.js";
import { FRAME_BYTES, attachChannel } from "./channel.js";
import type { Hub } from "./hub.js";
import { firstIssue } from "./messages.js";
import { RateLimiter } from "./rate.js";
import { docsRoutes } from "./routes/docs.js";
import { playersRoutes } from "./routes/players.js";
import { errorBody, refuseBrokenRequest, sendNotFound, sendRefusal } from "./routes/refusals.js";
import { replaysRoutes } from "./routes/replays.js";
import { securityHeadersPlugin } from "./routes/security-headers.js";
import { staticFilesRoutes } from "./routes/static-files.js";
import { tablesRoutes } from "./routes/tables.js";
import { compressReplies, webClientDir } from "./web-files.js";

import { DEFAULT_LIMITS, type ServerLimits } from "./defaults.js";

export { HINT_MS } from "./routes/tables.js";

export async function buildServer(
  authority: Authority,
  hub: Hub,
  limits: ServerLimits = DEFAULT_LIMITS,
  /** The built web client's folder, served at `/`; null serves the API alone. */
  webDir: string | null = webClientDir(),
  /** fastify's logger (pino) options; off unless given (`cardroom serve` gives them). */
  logger: FastifyServerOptions["logger"] = false,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 16 * 1024,
    clientErrorHandler: refuseBrokenRequest,
    // A path that is not valid percent-encoded UTF-8 never reaches a route: the same one line as any refusal.
    frameworkErrors: (error, _req, reply) =>
      void (reply as FastifyReply).code(400).send(errorBody({ code: "bad_request", message: error.message })),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(securityHeadersPlugin);

  const perAddress = new RateLimiter(limits.requestsPerSecond);
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.startsWith("/docs") || req.url.startsWith("/assets/") || req.url === "/healthz") return;
    if (!perAddress.take(req.ip)) {
      // The wait in whole seconds for any client (Retry-After), to the millisecond for ours (retryMs).
      const retryMs = perAddress.waitMs(req.ip);
      const body = errorBody({
        code: "rate_limited",
        message: `too many requests: send it again in ${retryMs} ms`,
      });
      await reply
        .code(429)
        .header("retry-after", String(Math.ceil(retryMs / 1000)))
        .send({ error: { ...body.error, retryMs } });
    }
  });
  app.setErrorHandler(sendRefusal);
  app.setNotFoundHandler(sendNotFound);

  await compressReplies(app); // before the routes: it hooks each one as it is added
  await app.register(docsRoutes, { authority });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: FRAME_BYTES },
    // A frame ws refused (too large, not UTF-8) was the client's fault: ws closes the connection
    // cleanly after the channel's one-line error; cutting it here would lose that line.
    errorHandler: (error: Error & { code?: string }, socket) => {
      if (!error.code?.startsWith("WS_ERR_")) socket.terminate();
    },
  });
  if (webDir) await app.register(staticFilesRoutes, { root: webDir });
  await app.register(tablesRoutes, { authority, webDir });
  await app.register(playersRoutes, { authority, webDir });
  await app.register(replaysRoutes, { authority, webDir });

  attachChannel(app, authority, hub, limits);
  return app;
}

export { firstIssue };
