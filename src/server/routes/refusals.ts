/**
 * How the HTTP API refuses: one status and one line of JSON,
 * `{"error":{"code","message"}}`, for a route's refusal, a malformed
 * request, an unknown page, and a request too broken to reach a route
 * (headers too large, not HTTP at all).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ServerError } from "../authority.js";

const STATUS: Record<string, number> = {
  not_found: 404,
  forbidden: 403,
  seat_taken: 409,
  stale: 409,
  unavailable: 503,
  rate_limited: 429,
  not_over: 409,
};

export const errorBody = (e: ServerError | { code: string; message: string }) => ({
  error: { code: e.code, message: e.message },
});

/** An expected failure on its way to the error handler: one status, one line. */
export class Refusal extends Error {
  constructor(readonly refusal: ServerError) {
    super(refusal.message);
  }
}

export function valueOr<T>(r: { ok: true; value: T } | { ok: false; error: ServerError }): T {
  if (!r.ok) throw new Refusal(r.error);
  return r.value;
}

export function found<T>(x: T | undefined): T {
  if (x === undefined) throw new Refusal({ code: "not_found", message: "no such table" });
  return x;
}

/** The error handler: a refusal, a schema's first issue, fastify's own 4xx in words, else "internal". */
export function sendRefusal(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof Refusal)
    return reply.code(STATUS[error.refusal.code] ?? 400).send(errorBody(error.refusal));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const where = issue?.instancePath ? `${issue.instancePath.replace(/^\//, "").replace(/\//g, ".")}: ` : "";
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
  req.log.error({ err: error }, "a request failed");
  return reply.code(500).send(errorBody({ code: "internal", message: "the server could not do that" }));
}

export function sendNotFound(_req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody({ code: "not_found", message: "no such page (the API is under /api, see /docs)" }));
}

/**
 * A request Node's parser refused before any route saw it: the same one line
 * of JSON, then the connection closes (what follows on it cannot be read).
 */
export function refuseBrokenRequest(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, code, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "too_large", "the request's headers are too large (16 KB at most)"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "timeout", "the request took too long to arrive"]
        : [400, "bad_request", "the request is not valid HTTP"];
  const body = JSON.stringify(errorBody({ code, message }));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy();
}
