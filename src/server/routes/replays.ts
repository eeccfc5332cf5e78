/**
 * Replays and proofs: a match move by move as a viewer may see it (the
 * input of `cardroom verify`), a finished match step by step (the web
 * client's replay viewer), a finished match's review of a seat, a seat's
 * coach note at a hand's end, and the replay page.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SPECTATOR } from "../../engine/game.js";
import type { Authority, Credential } from "../authority.js";
import {
  coachReply,
  errorReply,
  reviewMaking,
  reviewReady,
  secret,
  tableId,
  tableInfo,
  tryPosition,
  tryReply,
} from "../messages.js";
import { pageRoute } from "./page-route.js";
import { valueOr } from "./refusals.js";
import { tableRef } from "./tables.js";

export interface ReplaysOptions {
  readonly authority: Authority;
  readonly webDir: string | null;
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

/**
 * The credential for a seat's own review or coach note: the secret header, for the seat the
 * x-cardroom-seat header names or else the `seat` asked for; a spectator without a secret.
 */
function seatCredential(req: { headers: z.infer<typeof seatHeaders>; query: { seat: number } }): Credential {
  const secret = req.headers["x-cardroom-secret"];
  if (secret === undefined) return SPECTATOR;
  const named = req.headers["x-cardroom-seat"];
  return { seat: named !== undefined ? Number(named) : req.query.seat, secret };
}

const replaySteps = z.object({
  info: tableInfo,
  viewer: z.union([z.number(), z.literal(SPECTATOR)]),
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
});

export const replaysRoutes: FastifyPluginAsyncZod<ReplaysOptions> = async (app, { authority, webDir }) => {
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
          "A finished match step by step as the caller saw it (the web client's replay viewer): a seat with the x-cardroom-seat and x-cardroom-secret headers sees its own cards, anyone else as a spectator saw it (`viewer` says which); one step per move or deal, with the viewer's events of the step, view after it and status; at most 200 steps from step `from` (0 unless given), of `total`",
        params: tableRef,
        headers: seatHeaders,
        querystring: z.object({ from: z.coerce.number().int().min(0).max(1_000_000).optional() }).strict(),
        response: { 200: replaySteps, 403: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (req) =>
      valueOr(await authority.replays.steps(req.params.id, req.query.from ?? 0, credentialOf(req.headers))),
  );

  app.get(
    "/api/tables/:id/review",
    {
      schema: {
        description:
          "Seat `seat`'s review of a finished match (docs/REVIEW.md): its own decisions judged, its accuracy and its chances hand by hand, for that seat's secret (x-cardroom-secret; x-cardroom-seat, if sent, must be the same seat). Made once in the background as the match ends and stored: 200 with `state: ready` and the review, or 202 with `state: making` and how many decisions are judged so far, until it is made. Refused while the match is played (409), for another seat or without the secret (403)",
        params: tableRef,
        headers: seatHeaders,
        querystring: z.object({ seat: z.coerce.number().int().min(0).max(7) }).strict(),
        response: {
          200: reviewReady,
          202: reviewMaking,
          400: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (req, reply) => {
      const r = valueOr(await authority.reviews.review(req.params.id, req.query.seat, seatCredential(req)));
      if (r.state === "making") return reply.code(202).send(r);
      return { ...r, review: r.review as unknown as Record<string, unknown> };
    },
  );

  app.get(
    "/api/tables/:id/coach",
    {
      schema: {
        description:
          "Seat `seat`'s coach note for hand `hand`, once that hand is over (during the match or after), for that seat's secret (x-cardroom-secret; x-cardroom-seat, if sent, the same seat): the seat's own decisions of the hand judged from what it could see, and the costliest (`note`, with its better choice; null when none lost anything). Another seat or no secret: 403; a hand not over: 400 `hand_not_over`",
        params: tableRef,
        headers: seatHeaders,
        querystring: z
          .object({
            seat: z.coerce.number().int().min(0).max(7),
            hand: z.coerce.number().int().min(1).max(100_000),
          })
          .strict(),
        response: { 200: coachReply, 400: errorReply, 403: errorReply, 404: errorReply, 503: errorReply },
      },
    },
    async (req) => {
      const r = valueOr(
        await authority.reviews.coach(req.params.id, req.query.seat, req.query.hand, seatCredential(req)),
      );
      return { ...r, note: r.note as unknown as Record<string, unknown> | null };
    },
  );

  const tryQuery = z.object({ seat: z.coerce.number().int().min(0).max(7) });
  const tryIndex = z.coerce.number().int().min(0).max(10_000_000);

  app.get(
    "/api/tables/:id/review/try",
    {
      schema: {
        description:
          "\"Try it again\" at seat `seat`'s judged decision `index` (its place in the log: the replay's step `index` is the table before it) of a finished match, for that seat's secret: the seat's legal moves then, to choose again among (POST the choice). Only the seat's own moves: no card it could not see. A decision the review did not judge: 400; another seat or no secret: 403; a match not over: 409; a review not made yet: 503",
        params: tableRef,
        headers: seatHeaders,
        querystring: tryQuery.extend({ index: tryIndex }).strict(),
        response: {
          200: tryPosition,
          400: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (req) =>
      valueOr(
        await authority.reviews.tryPosition(
          req.params.id,
          req.query.seat,
          req.query.index,
          seatCredential(req),
        ),
      ),
  );

  app.post(
    "/api/tables/:id/review/try",
    {
      schema: {
        description:
          "\"Try it again\": seat `seat`'s new choice at its judged decision `index` (`moves`: one move, or a Cribbage discard's cards laid away together, judged as that way), for that seat's secret: its value beside the move played and the best, and whether it is better, worse or the same as the move played (`verdict`). Its value is the stored review's where the review judged that move (`from: review`), else the decision judged again now with the review's own seed, from the seat's own information, on the review's thread (`from: search`). A move that was not legal then: 400 `illegal_move`; a choice asked while the seat's last one is still being judged: 429 `rate_limited`",
        params: tableRef,
        headers: seatHeaders,
        querystring: tryQuery.strict(),
        body: z
          .object({
            index: tryIndex,
            moves: z
              .array(z.object({ type: z.string() }).passthrough())
              .min(1)
              .max(4),
          })
          .strict(),
        response: {
          200: tryReply,
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
      const r = valueOr(
        await authority.reviews.tryAgain(
          req.params.id,
          req.query.seat,
          req.body.index,
          req.body.moves,
          seatCredential(req),
        ),
      );
      return r;
    },
  );

  pageRoute(
    app,
    webDir,
    "/replay/:id",
    "A finished match's replay viewer for a browser (add ?step=N for a step); for a client that prefers JSON, the spectator's replay (the input of `cardroom verify`)",
    z.object({ id: tableId }),
    ({ id }) => replayFor(id, SPECTATOR),
  );
};
