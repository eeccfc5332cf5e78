/**
 * Where the queue lives: a `redis://HOST[:PORT][/DB]` (or `rediss://`) URL,
 * checked before anything waits on it, and reached within a bounded time so
 * that a wrong address is one line, never a hang.
 */
import { Redis, type RedisOptions } from "ioredis";
import { type Result, err, ok } from "../engine/result.js";

export interface QueueAddress {
  readonly url: string;
  /** The URL as lines may show it (no password). */
  readonly shown: string;
}

/** The `--queue` URL, or what is wrong with it. */
export function queueAddress(text: string): Result<QueueAddress, string> {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return err(`expected redis://HOST[:PORT], got "${text}"`);
  }
  if (u.protocol !== "redis:" && u.protocol !== "rediss:")
    return err(`expected redis://HOST[:PORT], got "${text}"`);
  if (!u.hostname) return err(`no host in "${text}" (expected redis://HOST[:PORT])`);
  if (u.pathname.length > 1 && !/^\/\d+$/.test(u.pathname))
    return err(`the path of "${text}" must be a database number (redis://HOST:PORT/DB)`);
  const shown = new URL(u.href);
  shown.password = "";
  shown.username = "";
  return ok({ url: u.href, shown: shown.href.replace(/\/$/, "") });
}

/** Seconds a first connection may take before the queue counts as unreachable. */
export const CONNECT_SECONDS = 5;

/**
 * A connection for BullMQ once the queue was reached: it reconnects after a
 * drop and waits for the queue to come back rather than failing a command.
 */
export function queueConnection(address: QueueAddress): Redis {
  const c = new Redis(address.url, { maxRetriesPerRequest: null, connectTimeout: CONNECT_SECONDS * 1000 });
  c.on("error", () => undefined); // reconnects are ioredis's; a lasting outage shows as no progress
  return c;
}

/**
 * Connects once, within `CONNECT_SECONDS`, and answers a PING: the queue is
 * there, or the reason it is not (refused, no such host, no answer in time,
 * a password wanted).
 */
export async function reachQueue(address: QueueAddress): Promise<Result<true, string>> {
  const options: RedisOptions = {
    lazyConnect: true,
    connectTimeout: CONNECT_SECONDS * 1000,
    commandTimeout: CONNECT_SECONDS * 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  };
  const probe = new Redis(address.url, options);
  // The socket's own error (refused, no such host) comes as an event; the promise only says "closed".
  let cause: Error | undefined;
  probe.on("error", (e: Error) => (cause ??= e));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${CONNECT_SECONDS} s`)),
      CONNECT_SECONDS * 1000 + 500,
    );
  });
  try {
    await Promise.race([probe.connect().then(() => probe.ping()), late]);
    // A database that cannot be chosen (`/99`) is said as an event while PING still answers.
    if (cause) throw cause;
    return ok(true);
  } catch (e) {
    const m = (cause ?? (e instanceof Error ? e : new Error(String(e)))).message;
    return err(`cannot reach the queue at ${address.shown}: ${reason(m)}`);
  } finally {
    clearTimeout(timer);
    probe.disconnect();
  }
}

function reason(message: string): string {
  if (/ECONNREFUSED/.test(message)) return "connection refused (is Redis running there?)";
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return "no such host";
  if (/ETIMEDOUT|no answer|timed out/i.test(message)) return `no answer in ${CONNECT_SECONDS} s`;
  if (/NOAUTH|WRONGPASS/.test(message)) return "Redis wants a password (redis://:PASSWORD@HOST)";
  if (/DB index is out of range/.test(message)) return "no such database there";
  if (/Unknown RESP type|Protocol error/i.test(message)) return "what answers there is not Redis";
  return message.split("\n")[0];
}
