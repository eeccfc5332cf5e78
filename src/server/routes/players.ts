/**
 * People and bot accounts: a guest identity, a bot account for a person,
 * a player's record, a game's leaderboards (people's, and bots' apart),
 * and the pages that show the record and the people's leaderboard.
 */
import { DEFAULT_LEVEL } from "../../bots/index.js";
import { ENTRIES } from "../../games/index.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Authority } from "../authority.js";
import { botReply, botRequest, errorReply, guestReply, guestRequest } from "../messages.js";
import type { MatchResult, SeatRow } from "../storage.js";
import { pageRoute } from "./page-route.js";
import { Refusal, valueOr } from "./refusals.js";
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

/** Every seat of a finished match: a person or bot account by name (null: nobody held it), or a computer by level. */
const matchSeat = z.object({
  seat: z.number(),
  kind: z.enum(["person", "bot", "computer"]),
  name: z.string().nullable(),
  level: z.string().nullable(),
});

/** The player's matches against computers only, by game and the computers' level. */
const versusComputer = z.object({
  game: z.string(),
  /** The computers' level; levels joined by "+" when the computers at a table differed. */
  level: z.string(),
  played: z.number(),
  wins: z.number(),
  losses: z.number(),
  /** Matches whose win was shared with another seat. */
  draws: z.number(),
});

const playerRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** A bot account (rated on the bots' leaderboard), not a person. */
  bot: z.boolean(),
  games: z.array(standing),
  versusComputer: z.array(versusComputer),
  matches: z.array(
    z.object({
      table: z.string(),
      code: z.string(),
      game: z.string(),
      players: z.number(),
      seat: z.number(),
      finishedAt: z.string(),
      /** "won", "lost" or "drew" (a win shared with another seat); null if the result is not known. */
      outcome: z.enum(["won", "lost", "drew"]).nullable(),
      /** Each seat's final score, by seat. */
      scores: z.array(z.number()).nullable(),
      /** The seat that gave the match up and why (its program failed, or it resigned); null if none did. */
      forfeit: z.object({ seat: z.number(), reason: z.string() }).nullable(),
      seats: z.array(matchSeat),
    }),
  ),
});

/** The matches a record lists; its figures against the computer count up to `COUNTED` matches. */
const LISTED = 50;
const COUNTED = 10_000;

const outcomeOf = (result: MatchResult | null, seat: number): "won" | "lost" | "drew" | null =>
  !result ? null : !result.winners.includes(seat) ? "lost" : result.winners.length === 1 ? "won" : "drew";

export const playersRoutes: FastifyPluginAsyncZod<PlayersOptions> = async (app, { authority, webDir }) => {
  const leaderboardOf = async (game: string, bots = false) => ({
    game,
    players: (await authority.storage.leaderboard(game, 50, bots)).map((r) => ({
      name: r.name,
      rating: Math.round(r.rating),
      rd: Math.round(r.rd),
      wins: r.wins,
      losses: r.losses,
      draws: r.draws,
    })),
  });

  const recordOf = async (id: string) => {
    const { storage } = authority;
    const [player] = await storage.playersById([id]);
    if (!player) throw new Refusal({ code: "not_found", message: "no such player" });
    const [rows, tables] = await Promise.all([
      storage.ratingsOf(player.id),
      storage.finishedTablesOf(player.id, COUNTED),
    ]);
    const seats = new Map<string, SeatRow[]>();
    for (const s of await storage.seatsOf(tables.map((t) => t.id))) {
      const at = seats.get(s.table_id);
      if (at) at.push(s);
      else seats.set(s.table_id, [s]);
    }
    const held = await storage.playersById([
      ...new Set([...seats.values()].flat().flatMap((s) => s.player_id ?? [])),
    ]);
    const people = new Map(held.map((p) => [p.id, p.name]));
    const bots = new Set(held.filter((p) => p.bot).map((p) => p.id));
    // One after another: a match that ended before results were stored is replayed for its result
    // (once: it is stored then), and a record of thousands of those must not replay them all at once.
    const results: (MatchResult | null)[] = [];
    for (const t of tables) results.push(await authority.finishing.resultOf(t));
    const versus = new Map<string, z.infer<typeof versusComputer>>();
    tables.forEach((t, i) => {
      const others = (seats.get(t.id) ?? []).filter((s) => s.seat !== t.seat);
      const outcome = outcomeOf(results[i], t.seat);
      if (!outcome || others.length === 0 || others.some((s) => s.kind !== "computer")) return;
      const level = [...new Set(others.map((s) => s.level ?? DEFAULT_LEVEL))].sort().join("+");
      const key = `${t.game} ${level}`;
      const v = versus.get(key) ?? { game: t.game, level, played: 0, wins: 0, losses: 0, draws: 0 };
      versus.set(key, {
        ...v,
        played: v.played + 1,
        wins: v.wins + (outcome === "won" ? 1 : 0),
        losses: v.losses + (outcome === "lost" ? 1 : 0),
        draws: v.draws + (outcome === "drew" ? 1 : 0),
      });
    });
    return {
      id: player.id,
      name: player.name,
      bot: player.bot === 1,
      games: rows.map((r) => ({
        game: r.game,
        rating: Math.round(r.rating),
        rd: Math.round(r.rd),
        wins: r.wins,
        losses: r.losses,
        draws: r.draws,
      })),
      versusComputer: [...versus.values()].sort(
        (a, b) => a.game.localeCompare(b.game) || a.level.localeCompare(b.level),
      ),
      matches: tables.slice(0, LISTED).map((t, i) => ({
        table: t.id,
        code: t.code,
        game: t.game,
        players: t.players,
        seat: t.seat,
        finishedAt: t.finished_at ?? t.created_at,
        outcome: outcomeOf(results[i], t.seat),
        scores: results[i] ? [...results[i].scores] : null,
        forfeit: results[i]?.forfeit ? { ...results[i].forfeit } : null,
        seats: (seats.get(t.id) ?? [])
          .sort((a, b) => a.seat - b.seat)
          .map((s) => ({
            seat: s.seat,
            kind:
              s.kind === "computer"
                ? ("computer" as const)
                : s.player_id && bots.has(s.player_id)
                  ? ("bot" as const)
                  : ("person" as const),
            name: s.player_id ? (people.get(s.player_id) ?? null) : null,
            level: s.level,
          })),
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

  app.post(
    "/api/bots",
    {
      schema: {
        description:
          "A bot account for the person whose guest token is `owner`: a program plays as it with `npx cardroom bot --token T`. The token is answered once (only its hash is kept). `allow` says what it takes besides invitations: open seats (default true) at these games (default all)",
        body: botRequest,
        response: { 200: botReply, 400: errorReply, 403: errorReply },
      },
    },
    async (req) => {
      const bot = valueOr(await authority.players.createBot(req.body.owner, req.body.name, req.body.allow));
      return { ...bot, allow: { ...bot.allow, games: bot.allow.games && [...bot.allow.games] } };
    },
  );

  app.get(
    "/api/bots",
    {
      schema: {
        description: 'Bot accounts, newest first: invite one to a seat with {"kind":"bot","id":ID}',
        response: {
          200: z.object({
            bots: z.array(z.object({ id: z.string(), name: z.string(), owner: z.string().nullable() })),
          }),
        },
      },
    },
    async () => ({
      bots: (await authority.storage.bots(200)).map((b) => ({ id: b.id, name: b.name, owner: b.owner_id })),
    }),
  );

  app.get(
    "/api/leaderboard/:game/bots",
    {
      schema: {
        description: "The best-rated bot accounts at a game (Glicko-2; a leaderboard of their own)",
        params: z.object({ game: z.string().max(40) }),
      },
    },
    async (req) => leaderboardOf(req.params.game, true),
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
  for (const path of ["/leaderboard", "/leaderboard/"])
    pageRoute(
      app,
      webDir,
      path,
      "The leaderboards for a browser (a game's at a click); for a client that prefers JSON, every game's leaderboard of people",
      z.object({}),
      async () => ({ leaderboards: await Promise.all(ENTRIES.map((e) => leaderboardOf(e.game.id))) }),
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
