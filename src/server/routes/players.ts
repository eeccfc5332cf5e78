/**
 * People: a guest identity, a player's record, a game's leaderboard, and
 * the pages that show the last two.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Authority } from "../authority.js";
import { errorReply, guestReply, guestRequest } from "../messages.js";
import { pageRoute } from "./page-route.js";
import { Refusal } from "./refusals.js";
import { gameParam } from "./tables.js";

export interface PlayersOptions {
  readonly authority: Authority;
  readonly webDir: string | null;
}

const playerParam = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, "a player id is 32 hex digits"),
});

const standing = z.object({
  game: z.string(),
  rating: z.number(),
  rd: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
});

const playerRecord = z.object({
  id: z.string(),
  name: z.string(),
  games: z.array(standing),
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
});

export const playersRoutes: FastifyPluginAsyncZod<PlayersOptions> = async (app, { authority, webDir }) => {
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
    "/api/leaderboard/:game",
    {
      schema: {
        description: "The best-rated people at a game (Glicko-2)",
        params: z.object({ game: z.string().max(40) }),
      },
    },
    async (req) => leaderboardOf(req.params.game),
  );

  app.get(
    "/api/players/:id",
    {
      schema: {
        description:
          "A player's record: their rating, wins, losses and draws at each game rated, and their latest finished matches (each replayable at /replay/TABLE)",
        params: playerParam,
        response: { 200: playerRecord, 404: errorReply },
      },
    },
    async (req) => recordOf(req.params.id),
  );

  pageRoute(
    app,
    webDir,
    "/players/:id",
    "A player's record for a browser; for a client that prefers JSON, the record as /api/players/ID gives it",
    playerParam,
    ({ id }) => recordOf(id),
  );
  pageRoute(
    app,
    webDir,
    "/leaderboard/:game",
    "A game's leaderboard for a browser; for a client that prefers JSON, the leaderboard as /api/leaderboard/GAME gives it",
    gameParam,
    ({ game }) => leaderboardOf(game),
  );
};
