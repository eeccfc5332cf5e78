/**
 * Starting and stopping a server process: storage (SQLite file by default,
 * PostgreSQL with DATABASE_URL), the hub (Redis with REDIS_URL), the
 * authority, ratings, and the HTTP/WebSocket listener.
 */
import { randomBytes } from "node:crypto";
import type { FastifyServerOptions } from "fastify";
import { Authority } from "./authority.js";
import { DEFAULT_LIMITS, DEFAULT_SQLITE_FILE, type ServerLimits } from "./defaults.js";
import { buildServer } from "./http.js";
import { type Hub, LocalHub, RedisHub } from "./hub.js";
import { closeSearchPool } from "../bots/pool.js";
import { rateFinishedMatch } from "./ratings.js";
import { openStorage } from "./storage.js";

export interface ServeConfig {
  readonly port: number;
  readonly host: string;
  /** `postgres://...`, or a SQLite file (default data/cardroom.sqlite). */
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  /** The Redis channel's prefix (REDIS_PREFIX): processes with the same one serve the same tables. */
  readonly redisPrefix?: string;
  /** Milliseconds a gone person keeps their seat before the computer plays for them. */
  readonly graceMs: number;
  /** The most a searching computer (`hard`) thinks per move, ms (COMPUTER_MS; default 1,000). */
  readonly computerMs?: number;
  /** How long after a hand ends at a table with no person the server deals if no bot did (ms). */
  readonly botDealMs?: number;
  /** The address printed and put in invite links; by default http://localhost:PORT. */
  readonly publicUrl?: string;
  readonly limits?: ServerLimits;
  /** fastify's logger options (`serverLogger`); none: nothing is logged. */
  readonly logger?: FastifyServerOptions["logger"];
}

export interface RunningServer {
  readonly url: string;
  readonly authority: Authority;
  close(): Promise<void>;
}

export async function startServer(cfg: ServeConfig): Promise<RunningServer> {
  const storage = await openStorage(cfg.databaseUrl || DEFAULT_SQLITE_FILE);
  const shared = Boolean(cfg.redisUrl);
  if (shared && storage.kind !== "postgres") {
    await storage.close();
    throw new Error("REDIS_URL needs DATABASE_URL=postgres://...: several processes share one PostgreSQL");
  }
  let hub: Hub | undefined;
  try {
    const authority = new Authority(storage, {
      shared,
      graceMs: cfg.graceMs,
      ...(cfg.computerMs !== undefined ? { computerMs: cfg.computerMs } : {}),
      ...(cfg.botDealMs !== undefined ? { botDealMs: cfg.botDealMs } : {}),
    });
    authority.finishing.onFinish((row, seats, winners) => rateFinishedMatch(storage, row, seats, winners));
    // The hub's warnings go to the server's log, which exists once the server is built.
    const logTo: { warn?: (message: string) => void } = {};
    hub = cfg.redisUrl
      ? await RedisHub.connect(
          cfg.redisUrl,
          authority,
          randomBytes(8).toString("hex"),
          cfg.redisPrefix,
          (m) => logTo.warn?.(m),
        )
      : new LocalHub();
    const app = await buildServer(
      authority,
      hub,
      cfg.limits ?? DEFAULT_LIMITS,
      undefined,
      cfg.logger ?? false,
    );
    logTo.warn = (m) => app.log.warn(m);
    await app.listen({ port: cfg.port, host: cfg.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : cfg.port;
    const url = cfg.publicUrl ?? `http://localhost:${port}`;
    authority.setPublicUrl(url);
    // What a stopped server left goes on: its tables' timers, computers and unrated ends (SERVER.md).
    void authority.takeUpTables().catch(() => undefined);
    let closing: Promise<void> | null = null;
    return {
      url,
      authority,
      close: () =>
        (closing ??= (async () => {
          authority.close();
          await closeSearchPool();
          for (const c of app.websocketServer?.clients ?? []) c.terminate();
          await app.close();
          await hub!.close();
          await storage.close();
        })()),
    };
  } catch (e) {
    await hub?.close();
    await storage.close();
    throw e;
  }
}
