/**
 * The HTTP API (fastify, typed and validated by the zod schemas in
 * messages.ts, documented as OpenAPI at /docs) and the realtime channel:
 * one WebSocket per client at /ws. Both only carry what the authority
 * builds for the caller's viewer.
 */
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import {
  type ZodTypeProvider,
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { SPECTATOR } from "../engine/game.js";
import { ENTRIES } from "../games/index.js";
import { botLevels } from "../bots/index.js";
import type { Authority, Credential, ServerError } from "./authority.js";
import { attachChannel } from "./channel.js";
import type { Hub } from "./hub.js";
import {
  asSeat,
  createTableRequest,
  errorReply,
  firstIssue,
  guestReply,
  guestRequest,
  secret,
  sitReply,
  tableId,
  tableInfo,
} from "./messages.js";
import { RateLimiter } from "./rate.js";
import { prefersHtml, webClientDir } from "./web-files.js";

export interface ServerLimits {
  /** Largest WebSocket message read (bytes); larger ones get an error and change nothing. */
  readonly messageBytes: number;
  /** Messages a second per connection and per identity (a seat, or a guest token), with bursts of twice that. */
  readonly messagesPerSecond: number;
  /** HTTP requests a second per address. */
  readonly requestsPerSecond: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  messageBytes: 4096,
  messagesPerSecond: 20,
  requestsPerSecond: 50,
};

const STATUS: Record<string, number> = {
  not_found: 404,
  forbidden: 403,
  seat_taken: 409,
  stale: 409,
  unavailable: 503,
  rate_limited: 429,
  not_over: 409,
};

/** How long the hard player searches for a hint (ms): a person waits for it. */
export const HINT_MS = 300;

const errorBody = (e: ServerError | { code: string; message: string }) => ({
  error: { code: e.code, message: e.message },
});

/** An expected failure on its way to the error handler: one status, one line. */
class Refusal extends Error {
  constructor(readonly refusal: ServerError) {
    super(refusal.message);
  }
}

function valueOr<T>(r: { ok: true; value: T } | { ok: false; error: ServerError }): T {
  if (!r.ok) throw new Refusal(r.error);
  return r.value;
}

function found<T>(x: T | undefined): T {
  if (x === undefined) throw new Refusal({ code: "not_found", message: "no such table" });
  return x;
}

const seatHeaders = z.object({
  "x-cardroom-seat": z.string().regex(/^\d$/).optional(),
  "x-cardroom-secret": secret.optional(),
});

/** The credential from the seat headers: a seat with its secret, or a spectator without them. */
function credentialOf(h: z.infer<typeof seatHeaders>): Credential {
  return h["x-cardroom-seat"] !== undefined && h["x-cardroom-secret"] !== undefined
    ? { seat: Number(h["x-cardroom-seat"]), secret: h["x-cardroom-secret"] }
    : SPECTATOR;
}

export async function buildServer(
  authority: Authority,
  hub: Hub,
  limits: ServerLimits = DEFAULT_LIMITS,
  /** The built web client's folder, served at `/`; null serves the API alone. */
  webDir: string | null = webClientDir(),
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 16 * 1024,
    // A path that is not valid percent-encoded UTF-8 never reaches a route: the same one line as any refusal.
    frameworkErrors: (error, _req, reply) =>
      void (reply as FastifyReply).code(400).send(errorBody({ code: "bad_request", message: error.message })),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const perAddress = new RateLimiter(limits.requestsPerSecond);
  // A hint takes a search worker for HINT_MS: a seat asks for one a second, with bursts of three.
  const hintsPerSeat = new RateLimiter(1, 3);
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.startsWith("/docs") || req.url.startsWith("/assets/") || req.url === "/healthz") return;
    if (!perAddress.take(req.ip)) {
      await reply
        .code(429)
        .send(errorBody({ code: "rate_limited", message: "too many requests: slow down" }));
    }
  });

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof Refusal)
      return reply.code(STATUS[error.refusal.code] ?? 400).send(errorBody(error.refusal));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath
        ? `${issue.instancePath.replace(/^\//, "").replace(/\//g, ".")}: `
        : "";
      return reply
        .code(400)
        .send(errorBody({ code: "bad_request", message: `${where}${issue?.message ?? "malformed"}` }));
    }
    const e = error as { statusCode?: number; message?: string; code?: string };
    if (e.statusCode && e.statusCode < 500) {
      const message =
        e.code === "FST_ERR_CTP_INVALID_JSON_BODY" || e.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
          ? "the body is not valid JSON"
          : e.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? "the body is too large"
            : (e.message ?? "bad request");
      return reply.code(e.statusCode).send(errorBody({ code: "bad_request", message }));
    }
    return reply.code(500).send(errorBody({ code: "internal", message: "the server could not do that" }));
  });
  app.setNotFoundHandler((_req, reply) =>
    reply
      .code(404)
      .send(errorBody({ code: "not_found", message: "no such page (the API is under /api, see /docs)" })),
  );

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
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // The web client: its files at `/` (each file a route, so unknown paths stay JSON 404s).
  if (webDir) await app.register(fastifyStatic, { root: webDir, wildcard: false, schemaHide: true });

  app.get(
    "/healthz",
    { schema: { response: { 200: z.object({ ok: z.boolean(), database: z.string() }) } } },
    async () => ({
      ok: true,
      database: authority.storage.kind,
    }),
  );

  app.get(
    "/api/games",
    {
      schema: {
        description: "The games, their player counts, options and computer levels",
        response: {
          200: z.object({
            games: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                minPlayers: z.number(),
                maxPlayers: z.number(),
                levels: z.array(z.string()),
                /** Each option's kind, default, range or values, and what it means in a sentence. */
                options: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
        },
      },
    },
    async () => ({
      games: ENTRIES.map((e) => ({
        id: e.game.id,
        name: e.game.name,
        minPlayers: e.game.minPlayers,
        maxPlayers: e.game.maxPlayers,
        levels: botLevels(e),
        options: e.game.options,
      })),
    }),
  );

  app.post(
    "/api/guests",
    {
      schema: {
        description: "A guest identity: keep the token, it is the only key to your seats",
        body: guestRequest,
        response: { 200: guestReply },
      },
    },
    async (req) => authority.guest(req.body.name),
  );

  app.get(
    "/api/lobby",
    {
      schema: {
        description: "Tables being played with a seat free",
        response: { 200: z.object({ tables: z.array(tableInfo) }) },
      },
    },
    async () => ({ tables: await authority.lobby() }),
  );

  app.post(
    "/api/tables",
    {
      schema: {
        description:
          "A new table: the game, one entry per seat (open, or a computer at a level), options, a turn timer",
        body: createTableRequest,
        response: { 200: tableInfo, 400: errorReply },
      },
    },
    async (req) => valueOr(await authority.createTable(req.body)),
  );

  const idParam = z.object({
    id: z.string().regex(/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/, "a table id or a 6-letter code"),
  });

  app.get(
    "/api/tables/:id",
    {
      schema: {
        description: "A table by id or short code",
        params: idParam,
        response: { 200: tableInfo, 404: errorReply },
      },
    },
    async (req) => found(await authority.info(req.params.id)),
  );

  app.get(
    "/t/:id",
    {
      schema: {
        description:
          "An invite link: the table in the web client for a browser; for a client that prefers JSON, the table and how to join it from a terminal",
        params: idParam,
      },
    },
    async (req, reply) => {
      // A browser gets the client, which asks the API for the table (and says so when there is none).
      if (webDir && prefersHtml(req.headers.accept)) return reply.type("text/html").sendFile("index.html");
      const info = found(await authority.info(req.params.id));
      return { ...info, join: `npx cardroom join ${info.invite}` };
    },
  );

  app.post(
    "/api/tables/:id/seats/:seat",
    {
      schema: {
        description: "Take an open seat with your guest token; the answer's secret is the seat's key",
        params: z.object({
          id: z.string().regex(/^[0-9a-f]{32}$/),
          seat: z.coerce.number().int().min(0).max(7),
        }),
        body: z.object({ token: secret }).strict(),
        response: { 200: sitReply, 400: errorReply, 403: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (req) => {
      const sat = valueOr(await authority.sit(req.params.id, req.params.seat, req.body.token));
      return { table: req.params.id, seat: req.params.seat, secret: sat.secret };
    },
  );

  app.post(
    "/api/tables/:id/leave",
    {
      schema: {
        description: "Give up a seat",
        params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
        body: z.object({ seat: z.number().int().min(0).max(7), secret }).strict(),
        response: { 200: z.object({ ok: z.boolean() }), 403: errorReply, 404: errorReply },
      },
    },
    async (req) => {
      valueOr(await authority.leave(req.params.id, { seat: req.body.seat, secret: req.body.secret }));
      return { ok: true };
    },
  );

  /** The match as a viewer may see it: the input of `cardroom verify`. */
  const replayFor = async (id: string, cred: Credential) => {
    const u = valueOr(await authority.update(id, cred, 0));
    const { info } = u;
    return {
      cardroomReplay: 1,
      table: info.id,
      game: info.game,
      players: info.players,
      options: info.options,
      viewer: cred === SPECTATOR ? SPECTATOR : cred.seat,
      seq: u.seq,
      events: u.events,
    };
  };

  app.get(
    "/api/tables/:id/replay",
    {
      schema: {
        description:
          "The match move by move as the caller may see it (a seat with the x-cardroom-seat and x-cardroom-secret headers, else a spectator): the input of `cardroom verify`",
        params: z.object({ id: z.string().regex(/^[0-9a-f]{32}$/) }),
        headers: seatHeaders,
      },
    },
    async (req) => replayFor(req.params.id, credentialOf(req.headers)),
  );

  app.get(
    "/api/tables/:id/steps",
    {
      schema: {
        description:
          "A finished match step by step as a spectator saw it (the web client's replay viewer): one step per move or deal, with the spectator's events of the step, view after it and status; at most 200 steps from step `from` (0 unless given), of `total`",
        params: idParam,
        querystring: z.object({ from: z.coerce.number().int().min(0).max(1_000_000).optional() }).strict(),
        response: {
          200: z.object({
            info: tableInfo,
            total: z.number(),
            from: z.number(),
            steps: z.array(
              z.object({
                seq: z.number(),
                events: z.array(z.record(z.string(), z.unknown())),
                view: z.record(z.string(), z.unknown()),
                status: z.record(z.string(), z.unknown()),
              }),
            ),
          }),
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (req) => valueOr(await authority.replaySteps(req.params.id, req.query.from ?? 0)),
  );

  app.post(
    "/api/tables/:id/hint",
    {
      schema: {
        description: `The hard computer player's move for your seat, searched for ${HINT_MS} ms on what your seat knows, with its reason; nothing at the table changes. A seat may ask about once a second.`,
        params: z.object({ id: tableId }),
        body: asSeat,
        response: {
          200: z.object({ seq: z.number(), move: z.record(z.string(), z.unknown()), text: z.string() }),
          400: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (req) => {
      const { seat, secret: key } = req.body;
      if (!hintsPerSeat.take(`${req.ip} ${req.params.id} ${seat}`))
        throw new Refusal({ code: "rate_limited", message: "one hint a second: wait a moment" });
      return valueOr(await authority.hint(req.params.id, { seat, secret: key }, HINT_MS));
    },
  );

  const gameParam = z.object({
    game: z.string().regex(/^[a-z0-9-]{1,40}$/, "a game id is lower-case letters, digits and dashes"),
  });

  const leaderboardOf = async (game: string) => ({
    game,
    players: (await authority.storage.leaderboard(game, 50)).map((r) => ({
      name: r.name,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
    })),
  });

  app.get(
    "/api/leaderboard/:game",
    {
      schema: {
        description: "The best-rated people at a game (Glicko-2)",
        params: z.object({ game: z.string().max(40) }),
      },
    },
    async (req) => leaderboardOf(req.params.game),
  );

  const playerParam = z.object({
    id: z.string().regex(/^[0-9a-f]{32}$/, "a player id is 32 hex digits"),
  });

  const recordOf = async (id: string) => {
    const [player] = await authority.storage.playersById([id]);
    if (!player) throw new Refusal({ code: "not_found", message: "no such player" });
    const [rows, tables] = await Promise.all([
      authority.storage.ratingsOf(player.id),
      authority.storage.finishedTablesOf(player.id, 50),
    ]);
    return {
      id: player.id,
      name: player.name,
      games: rows.map((r) => ({
        game: r.game,
        rating: Math.round(r.rating),
        rd: Math.round(r.rd),
        wins: r.wins,
        losses: r.losses,
        draws: r.draws,
      })),
      matches: tables.map((t) => ({
        table: t.id,
        code: t.code,
        game: t.game,
        players: t.players,
        seat: t.seat,
        finishedAt: t.finished_at ?? t.created_at,
      })),
    };
  };

  app.get(
    "/api/players/:id",
    {
      schema: {
        description:
          "A player's record: their rating, wins, losses and draws at each game rated, and their latest finished matches (each replayable at /replay/TABLE)",
        params: playerParam,
        response: {
          200: z.object({
            id: z.string(),
            name: z.string(),
            games: z.array(
              z.object({
                game: z.string(),
                rating: z.number(),
                rd: z.number(),
                wins: z.number(),
                losses: z.number(),
                draws: z.number(),
              }),
            ),
            matches: z.array(
              z.object({
                table: z.string(),
                code: z.string(),
                game: z.string(),
                players: z.number(),
                seat: z.number(),
                finishedAt: z.string(),
              }),
            ),
          }),
          404: errorReply,
        },
      },
    },
    async (req) => recordOf(req.params.id),
  );

  // ---- The client's pages: a browser gets the client, an API client the same JSON as the API ----

  const page = <P extends z.ZodTypeAny>(
    path: string,
    description: string,
    params: P,
    json: (params: z.infer<P>) => Promise<unknown>,
  ): void => {
    app.get(path, { schema: { description, params } }, async (req, reply) => {
      if (webDir && prefersHtml(req.headers.accept)) return reply.type("text/html").sendFile("index.html");
      return json(req.params as z.infer<P>);
    });
  };

  page(
    "/rules/:game",
    "A game's rules page for a browser; for a client that prefers JSON, the game as /api/games lists it",
    gameParam,
    async ({ game }) => {
      const e = ENTRIES.find((x) => x.game.id === game);
      if (!e) throw new Refusal({ code: "not_found", message: `no game "${game}" (see /api/games)` });
      const g = e.game;
      const { id, name, minPlayers, maxPlayers, options } = g;
      return { id, name, minPlayers, maxPlayers, levels: botLevels(e), options };
    },
  );
  page(
    "/replay/:id",
    "A finished match's replay viewer for a browser (add ?step=N for a step); for a client that prefers JSON, the spectator's replay (the input of `cardroom verify`)",
    z.object({ id: tableId }),
    ({ id }) => replayFor(id, SPECTATOR),
  );
  page(
    "/players/:id",
    "A player's record for a browser; for a client that prefers JSON, the record as /api/players/ID gives it",
    playerParam,
    ({ id }) => recordOf(id),
  );
  page(
    "/leaderboard/:game",
    "A game's leaderboard for a browser; for a client that prefers JSON, the leaderboard as /api/leaderboard/GAME gives it",
    gameParam,
    ({ game }) => leaderboardOf(game),
  );

  attachChannel(app, authority, hub, limits);
  return app;
}

export { firstIssue };
