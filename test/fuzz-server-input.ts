/**
 * The server fuzzer's inputs (test/fuzz-server.ts plays them): hostile
 * messages of every WebSocket type and requests to every HTTP route, as
 * data with references ("$T" the run's table, "$S1" seat 1's secret, "$OLD"
 * a move from the finished first hand...) that the run fills in.
 */
import fc from "fast-check";
import { ENTRIES } from "../src/games/index.js";
import { type Ref, asText, bentRecord, hostileValue, mutated, rawBytes } from "./hostile-values.js";

/** What a reference may name: the run's two tables (X is fuzzed, Y is another), their seats and moves. */
export const SERVER_REFS: Ref[] = [
  "$T",
  "$Y",
  "$CODE",
  "$UNKNOWN_T",
  "$S0",
  "$S1",
  "$YS0",
  "$TOKEN",
  "$PLAYER",
  "$OLD",
  "$LEGAL",
  "$SEQ",
  "$SEQ_OLD",
  "$SEQ_FUTURE",
  "$HAND",
  "$HAND_OLD",
];

const refs = SERVER_REFS;
const bent = (shape: Record<string, unknown>, fields: string[]) =>
  bentRecord(shape, ["type", ...fields], refs);

/** A WebSocket frame: what it carries and on which connection (the seat's, or one that watches nothing). */
export interface WsInput {
  readonly kind: "ws";
  /** 0: the connection watching the table as seat 0; 1: a connection that watches nothing yet. */
  readonly conn: 0 | 1;
  /** A message (JSON-encoded when sent), a text frame as it is, or bytes sent as a binary frame. */
  readonly message?: unknown;
  readonly text?: string;
  readonly bytes?: Uint8Array;
}

const watch = fc.oneof(
  bent({ type: "watch", table: "$T", as: { seat: 0, secret: "$S0" } }, ["table", "as", "since"]),
  bent({ type: "watch", table: "$T", as: "spectator", since: "$SEQ_OLD" }, ["since", "as"]),
  // Other seats' secrets, another table's, a number from the future or the past.
  fc.constantFrom(
    { type: "watch", table: "$T", as: { seat: 1, secret: "$S0" } },
    { type: "watch", table: "$T", as: { seat: 0, secret: "$YS0" } },
    { type: "watch", table: "$Y", as: { seat: 0, secret: "$S0" } },
    { type: "watch", table: "$UNKNOWN_T", as: "spectator" },
    { type: "watch", table: "$CODE", as: "spectator" },
    { type: "watch", table: "$T", as: { seat: 0, secret: "$TOKEN" } },
    { type: "watch", table: "$T", as: { seat: 0, secret: "$S0" }, since: "$SEQ_FUTURE" },
    { type: "watch", table: "$T", as: { seat: 7, secret: "$S0" } },
  ),
);

const move = fc.oneof(
  { arbitrary: bent({ type: "move", move: "$LEGAL" }, ["move"]), weight: 3 },
  { arbitrary: fc.constant({ type: "move", move: "$OLD" }), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...refs.filter((r) => r !== "$LEGAL")), hostileValue(refs))
      .map(([k, v]) => ({ type: "move", move: { type: "play", card: k, [asText(v).slice(0, 40)]: v } })),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 60 }), hostileValue(refs))
      .map(([t, card]) => ({ type: "move", move: { type: t, card } })),
    weight: 2,
  },
);

const chatText = fc.oneof(
  fc.constantFrom(301, 1000, 4097, 20_000, 60_000).map((n) => "c".repeat(n)),
  fc.constantFrom("", "   ", "\u0000", "a\nb", "\u202e", "\u200b", "\u2028"),
  hostileValue(refs),
);

export const wsInput: fc.Arbitrary<WsInput> = fc
  .tuple(
    fc.oneof(
      { arbitrary: watch.map((message) => ({ message })), weight: 4 },
      { arbitrary: move.map((message) => ({ message })), weight: 8 },
      {
        arbitrary: fc.oneof(
          bent({ type: "next", hand: "$HAND" }, ["hand"]),
          fc.constantFrom({ type: "next", hand: "$HAND_OLD" }, { type: "next", hand: 999 }),
        ),
        weight: 3,
      },
      { arbitrary: chatText.map((text) => ({ message: { type: "chat", text } })), weight: 3 },
      {
        arbitrary: bent({ type: "chat", text: "hello" }, ["text"]).map((message) => ({ message })),
        weight: 1,
      },
      // A bot's messages: signing in with a person's token (or a bent one), taking and asking unsigned.
      {
        arbitrary: fc
          .oneof(
            bent({ type: "bot", token: "$TOKEN" }, ["token"]),
            bent({ type: "take", table: "$T", seat: 1 }, ["table", "seat"]),
            fc.constant({ type: "offers" }),
          )
          .map((message) => ({ message })),
        weight: 1,
      },
      // A lone surrogate escaped in the JSON text itself.
      { arbitrary: fc.constant({ text: '{"type":"chat","text":"a\\ud800b"}' }), weight: 1 },
      {
        arbitrary: fc
          .constantFrom("again", "leave", "ping", "pong", "update", "welcome", "error", "", "MOVE")
          .chain((type) => bent({ type }, ["table", "seat"]))
          .map((message) => ({ message })),
        weight: 2,
      },
      {
        arbitrary: mutated(
          fc.constantFrom(
            '{"type":"move","move":{"type":"play","card":"AS"}}',
            '{"type":"watch","table":"$T","as":{"seat":0,"secret":"$S0"}}',
            '{"type":"next","hand":1}',
            '{"type":"chat","text":"hi"}',
          ),
        ).map((text) => ({ text })),
        weight: 3,
      },
      { arbitrary: fc.string({ maxLength: 80 }).map((text) => ({ text })), weight: 1 },
      { arbitrary: rawBytes.map((bytes) => ({ bytes })), weight: 1 },
      { arbitrary: hostileValue(refs).map((message) => ({ message })), weight: 1 },
    ),
    fc.constantFrom<0 | 1>(0, 0, 0, 1),
  )
  .map(([m, conn]) => ({ kind: "ws", conn, ...m }));

/** An HTTP request: method, path (references filled in, then sent as they are), headers, a body. */
export interface HttpInput {
  readonly kind: "http";
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** A value sent as JSON, or text sent as it is. */
  readonly body?: unknown;
  readonly raw?: string;
}

/** Text escaped for a URL as a client would (a lone surrogate becomes U+FFFD, as a browser sends it). */
const escape = (text: string): string => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"));

/** A path parameter: the run's tables, unknown ones, and text no id looks like (escaped as a client would). */
const param = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      "$T",
      "$Y",
      "$CODE",
      "$UNKNOWN_T",
      "$PLAYER",
      ...ENTRIES.map((e) => e.game.id),
    ),
    weight: 4,
  },
  { arbitrary: hostileValue().map((v) => escape(asText(v)).slice(0, 3000)), weight: 2 },
  {
    arbitrary: fc.constantFrom("..%2f..%2fetc%2fpasswd", "%00", "%", "a".repeat(5000), "%F0%9F", "%ED%A0%80"),
    weight: 1,
  },
);

const seatHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc.constantFrom<Record<string, string>>(
    { "x-cardroom-seat": "1", "x-cardroom-secret": "$S0" },
    { "x-cardroom-seat": "0", "x-cardroom-secret": "$YS0" },
    { "x-cardroom-seat": "0", "x-cardroom-secret": "$S0" },
    { "x-cardroom-seat": "9", "x-cardroom-secret": "$S0" },
    { "x-cardroom-seat": "-1" },
    { "x-cardroom-secret": "zz" },
  ),
);

const body = (shape: Record<string, unknown>, fields: string[]) =>
  fc.oneof(
    { arbitrary: bentRecord(shape, fields, refs).map((b) => ({ body: b as unknown })), weight: 6 },
    { arbitrary: hostileValue(refs).map((b) => ({ body: b })), weight: 2 },
    { arbitrary: mutated(fc.constant(JSON.stringify(shape))).map((raw) => ({ raw })), weight: 2 },
    {
      arbitrary: fc.constantFrom(17_000, 100_000).map((n) => ({ raw: `{"name":"${"n".repeat(n)}"}` })),
      weight: 1,
    },
    { arbitrary: fc.constant({ raw: "" }), weight: 1 },
  );

const routes: fc.Arbitrary<Omit<HttpInput, "kind" | "method"> & { method?: string }>[] = [
  fc.tuple(param, seatHeaders).map(([p, headers]) => ({ path: `/api/tables/${p}/replay`, headers })),
  fc.tuple(param, hostileValue()).map(([p, q]) => ({
    path: `/api/tables/${p}/steps?from=${escape(asText(q)).slice(0, 200)}`,
    headers: {},
  })),
  ...[
    "/api/tables/",
    "/t/",
    "/api/leaderboard/",
    "/api/players/",
    "/rules/",
    "/replay/",
    "/players/",
    "/leaderboard/",
  ].map((prefix) =>
    fc.tuple(param, fc.boolean()).map(([p, html]) => ({
      path: prefix + p,
      headers: html ? { accept: "text/html" } : {},
    })),
  ),
  fc
    .constantFrom(
      "/api/lobby",
      "/api/games",
      "/healthz",
      "/api",
      "/api/",
      "/ws",
      "/api/tables",
      "/nope",
      "//",
      "/api/tables/$T/",
    )
    .map((path) => ({ path, headers: {} })),
  body({ name: "Ann" }, ["name"]).map((b) => ({ method: "POST", path: "/api/guests", headers: {}, ...b })),
  body({ game: "cribbage", seats: [{ kind: "open" }, { kind: "computer" }] }, [
    "game",
    "seats",
    "options",
    "turnSeconds",
  ]).map((b) => ({ method: "POST", path: "/api/tables", headers: {}, ...b })),
  fc
    .tuple(param, fc.constantFrom("0", "1", "2", "8", "-1", "x", "1e3"), body({ token: "$TOKEN" }, ["token"]))
    .map(([p, seat, b]) => ({ method: "POST", path: `/api/tables/${p}/seats/${seat}`, headers: {}, ...b })),
  fc
    .tuple(param, body({ seat: 1, secret: "$S0" }, ["seat", "secret"]))
    .map(([p, b]) => ({ method: "POST", path: `/api/tables/${p}/leave`, headers: {}, ...b })),
  fc
    .tuple(param, body({ seat: 0, secret: "$S0" }, ["seat", "secret"]))
    .map(([p, b]) => ({ method: "POST", path: `/api/tables/${p}/hint`, headers: {}, ...b })),
];

export const httpInput: fc.Arbitrary<HttpInput> = fc
  .tuple(
    fc.oneof(...routes),
    fc.constantFrom("GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
    fc.constantFrom(
      "application/json",
      "application/json",
      "text/plain",
      "application/x-www-form-urlencoded",
      "",
    ),
  )
  .map(([r, method, type]) => {
    const m = r.method ?? method;
    const sends = r.body !== undefined || r.raw !== undefined;
    return {
      kind: "http" as const,
      ...r,
      method: m,
      headers: { ...r.headers, ...(sends && type ? { "content-type": type } : {}) },
    };
  });

export type Input = WsInput | HttpInput;

/** A run: the game of its fuzzed table, how far into the match it is played first, and its inputs. */
export interface ServerRun {
  readonly game: number;
  readonly seed: number;
  readonly warmup: number;
  readonly inputs: Input[];
}

export const serverRun = (perRun: number, httpShare = 0.2): fc.Arbitrary<ServerRun> =>
  fc.record({
    game: fc.nat({ max: ENTRIES.length - 1 }),
    seed: fc.nat(),
    warmup: fc.nat({ max: 120 }),
    inputs: fc.array(
      fc.oneof(
        { arbitrary: wsInput as fc.Arbitrary<Input>, weight: Math.round((1 - httpShare) * 100) },
        { arbitrary: httpInput as fc.Arbitrary<Input>, weight: Math.round(httpShare * 100) },
      ),
      { minLength: perRun, maxLength: perRun },
    ),
  });
