/**
 * What `cardroom serve` logs (fastify's pino, JSON lines on stdout) and what
 * it never does: a seat's secret or a guest's token travels in request
 * bodies, WebSocket messages and the x-cardroom-secret header, none of which
 * a log line carries: a request is logged by method and path only (no
 * headers, no query string, no body), and the headers that hold keys are
 * hidden should anything log them whole.
 */
import type { FastifyServerOptions } from "fastify";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The level when LOG_LEVEL is not set: what needs an operator's eye, not every request. */
export const DEFAULT_LOG_LEVEL: LogLevel = "warn";

export const isLogLevel = (s: string): s is LogLevel => (LOG_LEVELS as readonly string[]).includes(s);

const pathOnly = (url: string | undefined): string => (url ?? "").split("?")[0];

export function serverLogger(level: LogLevel = DEFAULT_LOG_LEVEL): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        'req.headers["x-cardroom-secret"]',
        "req.headers.authorization",
        "req.headers.cookie",
        "req.body",
        "body",
      ],
      censor: "[hidden]",
    },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: pathOnly(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}
