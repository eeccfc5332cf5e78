/**
 * A client of the server: the HTTP calls and the realtime channel, for
 * `cardroom join`, the tests and the load benchmark. Messages arrive in
 * order into a queue that `next` reads.
 */
import WebSocket from "ws";
import { InfoKeeper } from "./info-keeper.js";
import type { ClientMessage, ServerMessage, TableInfo, WireMessage } from "./messages.js";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** How long to wait before sending again a message the server said came too fast, when it says no wait. */
export const RETRY_MS = 1000;
/** The longest wait taken from a server's word (a wrong one must not hold a client for long). */
const LONGEST_RETRY_MS = 10_000;
/** How many times `api` sends again a request refused as too many (HTTP 429) before it gives up. */
export const API_RETRIES = 5;

/** How long to wait before sending a refused message again: the server's stated wait (`retryMs`), else RETRY_MS. */
export function retryDelay(retryMs: unknown): number {
  return typeof retryMs === "number" && Number.isFinite(retryMs) && retryMs >= 0
    ? Math.min(Math.ceil(retryMs), LONGEST_RETRY_MS)
    : RETRY_MS;
}

/** The wait an HTTP 429 states (ms): its error's `retryMs`, else its `Retry-After` (seconds); null when none. */
function statedWait(res: Response, json: unknown): number | null {
  const retryMs = (json as { error?: { retryMs?: unknown } } | null)?.error?.retryMs;
  if (retryMs !== undefined) return retryDelay(retryMs);
  const after = res.headers.get("retry-after")?.trim();
  return after !== undefined && /^\d+$/.test(after) ? retryDelay(Number(after) * 1000) : null;
}

/**
 * Calls the API at `base`; a refusal is an HttpError with the server's one line. A request refused
 * as too many (HTTP 429, which changes nothing) is sent again after the wait the server states, up
 * to API_RETRIES times; one that states no wait (a hint asked again too soon) is a refusal.
 */
export async function api<T>(
  base: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  for (let retries = 0; ; retries++) {
    const { res, json } = await request(base, path, body, headers);
    if (res.ok) return json as T;
    const e = (json as { error?: { code?: string; message?: string } }).error;
    const wait = res.status === 429 ? statedWait(res, json) : null;
    if (wait !== null && retries < API_RETRIES) {
      await new Promise((r) => setTimeout(r, wait));
      continue;
    }
    if (wait !== null)
      throw new HttpError(
        429,
        e?.code ?? "rate_limited",
        `${base} refused the request as too many, ${retries + 1} times over (${e?.message ?? "HTTP 429"}): try again later`,
      );
    throw new HttpError(res.status, e?.code ?? "error", e?.message ?? `HTTP ${res.status}`);
  }
}

/** One request, its reply read as JSON; a server not reached, or not answering JSON, is an HttpError. */
async function request(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ res: Response; json: unknown }> {
  let res: Response;
  try {
    res = await fetch(new URL(path, base), {
      method: body === undefined ? "GET" : "POST",
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new HttpError(0, "unreachable", `cannot reach ${base}${cause ? ` (${cause})` : ""}`);
  }
  const text = await res.text();
  try {
    return { res, json: JSON.parse(text) };
  } catch {
    throw new HttpError(
      res.status,
      "bad_reply",
      `${base} did not answer as a Cardroom server (HTTP ${res.status})`,
    );
  }
}

export const getTable = (base: string, idOrCode: string): Promise<TableInfo> =>
  api<TableInfo>(base, `/api/tables/${encodeURIComponent(idOrCode)}`);

export class Channel {
  private readonly queue: ServerMessage[] = [];
  private readonly waiting: ((m: ServerMessage | null) => void)[] = [];
  private ended = false;
  private readonly keeper = new InfoKeeper();
  /** Every message received as it came, in order (tests check them all). */
  readonly received: string[] = [];
  /** The same messages as read: every update with its table's information. */
  readonly heard: ServerMessage[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data: Buffer) => {
      const text = data.toString("utf8");
      this.received.push(text);
      const m = this.keeper.complete(JSON.parse(text) as WireMessage);
      if (!m) return;
      this.heard.push(m);
      const w = this.waiting.shift();
      if (w) w(m);
      else this.queue.push(m);
    });
    socket.on("close", () => {
      this.ended = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
    socket.on("error", () => undefined);
  }

  /** Connects to the server at `base`; `timeoutMs` bounds the opening handshake. */
  static open(base: string, timeoutMs?: number): Promise<Channel> {
    const url = new URL("/ws", base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, timeoutMs === undefined ? {} : { handshakeTimeout: timeoutMs });
      socket.once("open", () => resolve(new Channel(socket)));
      socket.once("error", (e) =>
        reject(new HttpError(0, "unreachable", `cannot reach ${base} (${e.message})`)),
      );
    });
  }

  /** A message to the server: a `ClientMessage`, or anything at all (the tests send wrong ones). */
  send(m: ClientMessage | object): void {
    this.socket.send(JSON.stringify(m));
  }

  sendRaw(data: string | Buffer): void {
    this.socket.send(data);
  }

  /** The next message (null once the connection is closed), waiting at most `ms` (Infinity: as long as it takes). */
  next(ms = 30_000): Promise<ServerMessage | null> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    if (this.ended) return Promise.resolve(null);
    if (ms === Infinity) return new Promise((resolve) => this.waiting.push(resolve));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const i = this.waiting.indexOf(done);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new Error("no message from the server in time"));
      }, ms);
      const done = (x: ServerMessage | null): void => {
        clearTimeout(timer);
        resolve(x);
      };
      this.waiting.push(done);
    });
  }

  /** The next message `pick` accepts, skipping others. */
  async until<T extends ServerMessage>(pick: (m: ServerMessage) => m is T, ms = 30_000): Promise<T> {
    for (;;) {
      const m = await this.next(ms);
      if (m === null) throw new Error("the server closed the connection");
      if (pick(m)) return m;
    }
  }

  get open(): boolean {
    return !this.ended;
  }

  close(): void {
    this.socket.close();
  }

  terminate(): void {
    this.socket.terminate();
  }
}
