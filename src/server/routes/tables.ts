/**
 * Tables: the games they can hold, the lobby, making one, finding it by id
 * or code (and its invite link), taking and giving up a seat, and a seat's
 * hint from the hard player.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { botLevels } from "../../bots/index.js";
import { ENTRIES } from "../../games/index.js";
import type { Authority } from "../authority.js";
import { asSeat, createTableRequest, errorReply, secret, sitReply, tableId, tableInfo } from "../messages.js";
import { RateLimiter } from "../rate.js";
import { prefersHtml, sendPageWith } from "../web-files.js";
import { pageRoute } from "./page-route.js";
import { Refusal, found, valueOr } from "./refusals.js";

/** How long the hard player searches for a hint (ms): a person waits for it. */
export const HINT_MS = 300;

export interface TablesOptions {
  readonly authority: Authority;
  readonly webDir: string | null;
}

/** A table by its id or its short code. */
export const tableRef = z.object({
  id: z.string().regex(/^([0-9a-f]{32}|[A-Za-z0-9]{6})$/, "a table id or a 6-letter code"),
});

export const gameParam = z.object({
  game: z.string().regex(/^[a-z0-9-]{1,40}$/, "a game id is lower-case letters, digits and dashes"),
});

/** What an option says to a player: a label and a line of help (`doc` is the help, kept for older clients). */
const optionWords = {
  label: z.string().describe('the option in words: "Points to win"'),
  help: z.string().describe("what it does, in one line"),
  doc: z.string().describe("the same line as `help`, kept for older clients"),
};

/** An option as the engine declares it (src/engine/options.ts), with its words. */
const optionSpec = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("int"),
    default: z.number(),
    min: z.number(),
    max: z.number(),
    seat: z.boolean().optional().describe("the value names a seat, 0 to players - 1"),
    defaultWith: z
      .object({
        option: z.string(),
        value: z.union([z.number(), z.boolean(), z.string()]),
        default: z.number(),
      })
      .optional()
      .describe("another option's value that brings its own default (five-card cribbage: a game to 61)"),
    ...optionWords,
  }),
  z.object({ kind: z.literal("bool"), default: z.boolean(), ...optionWords }),
  z.object({
    kind: z.literal("enum"),
    default: z.string(),
    values: z.array(z.string()),
    labels: z.record(z.string(), z.string()).describe("each value in words"),
    ...optionWords,
  }),
]);

const gameSummary = z.object({
  id: z.string(),
  name: z.string(),
  minPlayers: z.number(),
  maxPlayers: z.number(),
  levels: z.array(z.string()),
  /** Each option's kind, default, range or values, and what it means in words. */
  options: z.record(z.string(), optionSpec),
});

const summaryOf = (e: (typeof ENTRIES)[number]) => ({
  id: e.game.id,
  name: e.game.name,
  minPlayers: e.game.minPlayers,
  maxPlayers: e.game.maxPlayers,
  levels: botLevels(e),
  options: Object.fromEntries(
    Object.entries(e.game.options).map(([name, spec]) => [
      name,
      spec.kind === "enum"
        ? { ...spec, values: [...spec.values], doc: spec.help }
        : { ...spec, doc: spec.help },
    ]),
  ),
});

export const tablesRoutes: FastifyPluginAsyncZod<TablesOptions> = async (app, { authority, webDir }) => {
  // A hint takes a search worker for HINT_MS: a seat asks for one a second, with bursts of three.
  const hintsPerSeat = new RateLimiter(1, 3);

  app.get(
    "/api/games",
    {
      schema: {
        description: "The games, their player counts, options and computer levels",
        response: { 200: z.object({ games: z.array(gameSummary) }) },
      },
    },
    async () => ({ games: ENTRIES.map(summaryOf) }),
  );

  app.get(
    "/api/lobby",
    {
      schema: {
        description: "Tables being played with a seat free",
        response: { 200: z.object({ tables: z.array(tableInfo) }) },
      },
    },
    async () => ({ tables: await authority.lobby.list() }),
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

  app.get(
    "/api/tables/:id",
    {
      schema: {
        description: "A table by id or short code",
        params: tableRef,
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
        params: tableRef,
      },
    },
    async (req, reply) => {
      const known = await authority.info(req.params.id);
      // A browser gets the client with the table's information in it (the client says when there is none).
      if (webDir && prefersHtml(req.headers.accept))
        return sendPageWith(reply, webDir, known ? { table: known } : {});
      const info = found(known);
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
      valueOr(await authority.seats.leave(req.params.id, { seat: req.body.seat, secret: req.body.secret }));
      return { ok: true };
    },
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
      return valueOr(await authority.hints.hint(req.params.id, { seat, secret: key }, HINT_MS));
    },
  );

  for (const path of ["/rules", "/rules/"])
    pageRoute(
      app,
      webDir,
      path,
      "Every game's rules, listed, for a browser; for a client that prefers JSON, the games as /api/games lists them",
      z.object({}),
      async () => ({ games: ENTRIES.map(summaryOf) }),
    );
  pageRoute(
    app,
    webDir,
    "/rules/:game",
    "A game's rules page for a browser; for a client that prefers JSON, the game as /api/games lists it",
    gameParam,
    async ({ game }) => {
      const e = ENTRIES.find((x) => x.game.id === game);
      if (!e) throw new Refusal({ code: "not_found", message: `no game "${game}" (see /api/games)` });
      return summaryOf(e);
    },
  );
};
