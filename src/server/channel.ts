/**
 * The realtime channel: one WebSocket per client. Every message in is
 * size-checked, rate-limited (per connection and per identity), parsed and
 * validated by zod before it reaches the authority; a bad one gets one
 * error message and changes nothing. Every message out is built for the
 * client's viewer by the authority (its events and view, never the state).
 */
import type { FastifyInstance } from "fastify";
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import { SPECTATOR } from "../engine/game.js";
import type { Authority, Credential } from "./authority.js";
import type { Hub } from "./hub.js";
import {
  type ClientMessage,
  type TableInfo,
  type Update,
  type WireMessage,
  clientMessage,
  firstIssue,
  protoKeyIssue,
} from "./messages.js";
import { RateLimiter } from "./rate.js";
import type { ServerLimits } from "./defaults.js";
import type { PlayerRow } from "./storage.js";

/** The largest WebSocket frame the transport reads; a larger one is refused and its connection closed. */
export const FRAME_BYTES = 64 * 1024;

interface Connection {
  readonly socket: WebSocket;
  /** The TCP socket under it, held corked while the event loop's turn lasts. */
  readonly raw: Socket;
  readonly id: number;
  table: string | null;
  cred: Credential;
  /** The last event number sent. */
  seq: number;
  /**
   * A hash of the table's info as last sent (its `seq` left out): an update
   * carries the info only when it differs, and a change that says nothing
   * new is not sent at all. Not the text: kept for seconds per connection,
   * it outlived the young generation and filled the old one.
   */
  info: number;
  /** Messages are handled one after another. */
  chain: Promise<void>;
  /** The bot account signed in on this connection (`{"type":"bot","token"}`), if one is. */
  bot: PlayerRow | null;
  /** Told when a message sent has been written, or could not be (one function per connection). */
  readonly sent: (err?: Error | null) => void;
}

/**
 * FNV-1a over the text's UTF-16 code units. Equal texts hash alike; two
 * different infos hash alike about once in 4 billion, and then the newer is
 * sent with the table's next event instead of at once.
 */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The info's hash, without the event number (every update has its own). */
function infoHash(info: TableInfo): number {
  const { seq: _seq, ...rest } = info;
  return hashText(JSON.stringify(rest));
}

/** The update as written when the client has its info already. */
function withoutInfo(u: Update): WireMessage {
  const { info: _info, ...rest } = u;
  return rest;
}

const identityOf = (c: Connection): string =>
  c.cred === SPECTATOR ? (c.bot ? `bot:${c.bot.id}` : `spectator:${c.id}`) : `seat:${c.table}:${c.cred.seat}`;

export function attachChannel(
  app: FastifyInstance,
  authority: Authority,
  hub: Hub,
  limits: ServerLimits,
): void {
  const byTable = new Map<string, Set<Connection>>();
  const perConnection = new RateLimiter(limits.messagesPerSecond);
  const perIdentity = new RateLimiter(limits.messagesPerSecond);
  let nextId = 1;

  /*
   * What one client is sent in a turn of the event loop (a move's "ok" and
   * its update, the updates of a burst of moves after a pause) leaves in
   * one write: a system call costs more here than the message it carries.
   */
  const corked = new Set<Socket>();
  const uncorkAll = (): void => {
    for (const raw of corked) raw.uncork();
    corked.clear();
  };
  const send = (c: Connection, m: WireMessage): void => {
    if (c.socket.readyState !== c.socket.OPEN) return;
    if (!corked.has(c.raw)) {
      if (corked.size === 0) setImmediate(uncorkAll);
      c.raw.cork();
      corked.add(c.raw);
    }
    c.socket.send(JSON.stringify(m), c.sent);
  };

  /**
   * What the client was sent could not be written, or its update could not
   * be made: its connection is closed rather than left behind the table.
   * The client reconnects and watches again from its last event number, so
   * it misses nothing. Logged by connection and table, no secret or message.
   */
  const drop = (c: Connection, what: string, e: unknown): void => {
    // A socket already closing lost its sends with it: its client was gone first, nothing to say.
    if (c.socket.readyState !== c.socket.OPEN) return;
    app.log.warn(
      { connection: c.id, table: c.table, reason: e instanceof Error ? e.message : String(e) },
      `${what} failed: the connection is closed, and its client resumes by event number`,
    );
    // Closed after what was sent before (an "ok" included), with the code for a server's failure.
    c.socket.close(1011, "the server could not update this connection: reconnect");
  };
  const error = (c: Connection, code: string, message: string): void =>
    send(c, { type: "error", code, message });

  /** Sends the client what it has not seen of its table. */
  const push = async (c: Connection, since?: number): Promise<void> => {
    if (!c.table) return;
    const u = await authority.update(c.table, c.cred, since ?? c.seq);
    if (!u.ok) return error(c, u.error.code, u.error.message);
    const info = infoHash(u.value.info);
    if (since === undefined && u.value.seq === c.seq && info === c.info) return;
    const known = info === c.info;
    c.seq = u.value.seq;
    c.info = info;
    send(c, known ? withoutInfo(u.value) : u.value);
  };

  const seated = (table: string, seat: number): number => {
    let n = 0;
    for (const c of byTable.get(table) ?? []) if (c.cred !== SPECTATOR && c.cred.seat === seat) n++;
    return n;
  };

  const unwatch = (c: Connection): void => {
    if (!c.table) return;
    const set = byTable.get(c.table);
    if (set?.delete(c) && set.size === 0) byTable.delete(c.table);
    if (c.cred !== SPECTATOR && seated(c.table, c.cred.seat) === 0) authority.gone(c.table, c.cred.seat);
    authority.tables.unwatch(c.table);
    c.table = null;
  };

  hub.onChanged((table) => {
    for (const c of byTable.get(table) ?? [])
      c.chain = c.chain.then(() => push(c)).catch((e: unknown) => drop(c, "an update", e));
  });
  hub.onChat((table, line) => {
    for (const c of byTable.get(table) ?? []) send(c, { type: "chat", table, ...line });
  });
  authority.onChange((table, news) => hub.changed(table, news));

  /** Connections a bot account signed in on: told of the seats they may take as they come free. */
  const bots = new Set<Connection>();
  const offer = async (c: Connection, tableId?: string): Promise<void> => {
    if (!c.bot) return;
    for (const o of await authority.offers.offersFor(c.bot, tableId)) send(c, o);
  };
  authority.offers.onSeatsOpened((table) => {
    for (const c of bots)
      c.chain = c.chain.then(() => offer(c, table)).catch((e: unknown) => drop(c, "an offer", e));
  });

  async function handle(c: Connection, m: ClientMessage): Promise<void> {
    if (m.type === "ping") return send(c, { type: "pong" });
    if (m.type === "bot") {
      const bot = await authority.players.identifyBot(m.token);
      if (!bot) return error(c, "forbidden", "that is not a bot account's token (POST /api/bots makes one)");
      c.bot = bot;
      bots.add(c);
      send(c, {
        type: "bot",
        id: bot.id,
        name: bot.name,
        limits: {
          messagesPerSecond: limits.messagesPerSecond,
          burst: limits.messagesPerSecond * 2,
          messageBytes: limits.messageBytes,
          dealMs: authority.botDealMs,
        },
      });
      return offer(c);
    }
    if (m.type === "take" || m.type === "offers") {
      if (!c.bot) return error(c, "forbidden", 'sign in as a bot account first ({"type":"bot","token":T})');
      if (m.type === "offers") return offer(c);
      const r = await authority.seats.takeSeat(m.table, m.seat, c.bot);
      if (!r.ok) return error(c, r.error.code, r.error.message);
      return send(c, { type: "seated", table: m.table, seat: m.seat, secret: r.value.secret });
    }
    if (m.type === "watch") {
      const cred: Credential = m.as === SPECTATOR ? SPECTATOR : { seat: m.as.seat, secret: m.as.secret };
      // A bot's connection plays its own seats only, whatever secret it holds.
      if (c.bot && cred !== SPECTATOR && (await authority.seats.holderOf(m.table, cred.seat)) !== c.bot.id)
        return error(c, "forbidden", `seat ${cred.seat} is not this bot's`);
      await authority.resume(m.table);
      const u = await authority.update(m.table, cred, m.since);
      if (!u.ok) return error(c, u.error.code, u.error.message);
      unwatch(c);
      c.table = m.table;
      c.cred = cred;
      c.seq = u.value.seq;
      c.info = infoHash(u.value.info);
      let set = byTable.get(m.table);
      if (!set) byTable.set(m.table, (set = new Set()));
      set.add(c);
      authority.tables.watch(m.table);
      send(c, { type: "welcome", viewer: cred === SPECTATOR ? SPECTATOR : cred.seat });
      send(c, u.value);
      for (const line of await authority.chat.recent(m.table))
        send(c, { type: "chat", table: m.table, ...line });
      if (cred !== SPECTATOR) authority.seats.back(m.table, cred.seat);
      // A change made while the update above was being read was told to the watchers of that moment,
      // this one not yet among them: whatever is newer than what it was sent goes now.
      return push(c);
    }
    if (!c.table) return error(c, "bad_request", 'watch a table first ({"type":"watch",...})');
    const table = c.table;
    switch (m.type) {
      case "move": {
        const r = await authority.move(table, c.cred, m.move);
        if (!r.ok) return error(c, r.error.code, r.error.message);
        return send(c, { type: "ok", for: "move", seq: r.value });
      }
      case "next": {
        const r = await authority.next(table, c.cred, m.hand);
        if (!r.ok) return error(c, r.error.code, r.error.message);
        return send(c, { type: "ok", for: "next", seq: r.value });
      }
      case "chat": {
        const r = await authority.chat.say(table, c.cred, m.text);
        if (!r.ok) return error(c, r.error.code, r.error.message);
        hub.chat(table, { name: r.value.name, text: m.text, at: r.value.at });
        return;
      }
      case "again": {
        const r = await authority.finishing.again(table, c.cred, m.yes !== false);
        if (!r.ok) return error(c, r.error.code, r.error.message);
        return;
      }
      case "forfeit": {
        const r = await authority.forfeit(table, c.cred, m.reason ?? "resigned");
        if (!r.ok) return error(c, r.error.code, r.error.message);
        return send(c, { type: "ok", for: "forfeit", seq: r.value });
      }
      case "leave": {
        const r = await authority.seats.leave(table, c.cred);
        if (!r.ok) return error(c, r.error.code, r.error.message);
        unwatch(c);
        return send(c, { type: "ok", for: "leave", seq: 0 });
      }
    }
  }

  const onSocket = (socket: WebSocket, req: { socket: Socket }): void => {
    const c: Connection = {
      sent: (err) => {
        if (err) drop(c, "a send", err);
      },
      socket,
      raw: req.socket,
      id: nextId++,
      table: null,
      cred: SPECTATOR,
      seq: 0,
      info: 0,
      chain: Promise.resolve(),
      bot: null,
    };
    socket.on("message", (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
      if (size > limits.messageBytes)
        return error(c, "too_large", `a message is at most ${limits.messageBytes} bytes`);
      const key = `c${c.id}`;
      const identity = identityOf(c);
      if (!perConnection.take(key) || !perIdentity.take(identity)) {
        const retryMs = Math.max(perConnection.waitMs(key), perIdentity.waitMs(identity));
        return send(c, {
          type: "error",
          code: "rate_limited",
          message: `too many messages: send it again in ${retryMs} ms`,
          retryMs,
          ...refusedRequest(data, isBinary),
        });
      }
      if (isBinary) return error(c, "bad_request", "messages are JSON text");
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.isBuffer(data) ? data.toString("utf8") : String(data));
      } catch {
        return error(c, "bad_request", "the message is not valid JSON");
      }
      const proto = protoKeyIssue(parsed);
      if (proto) return error(c, "bad_request", proto);
      const m = clientMessage.safeParse(parsed);
      if (!m.success) return error(c, "bad_request", firstIssue(m.error));
      c.chain = c.chain
        .then(() => handle(c, m.data))
        .catch(() => error(c, "internal", "the server could not do that; nothing changed"));
    });
    refuseBrokenFrames(socket, (code, message) => error(c, code, message));
    socket.on("close", () => {
      bots.delete(c);
      unwatch(c);
    });
    socket.on("error", () => undefined);
  };
  app.route({
    method: "GET",
    url: "/ws",
    schema: { hide: true },
    // A plain request (no upgrade) gets the one-line JSON refusal every other route gives.
    handler: (_req, reply) =>
      reply.code(400).send({
        error: { code: "bad_request", message: "/ws is the realtime channel: connect with a WebSocket" },
      }),
    wsHandler: (socket, req) => onSocket(socket, req),
  });
}

/**
 * What a message refused as too fast asked, as far as its text says it
 * (`for`: its type, `table`: the table it names): a client with several
 * requests out (a bot taking seats) knows which to send again. Nothing is
 * echoed that is not a short plain name.
 */
function refusedRequest(
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): { for?: string; table?: string } {
  if (isBinary || !Buffer.isBuffer(data)) return {};
  let m: unknown;
  try {
    m = JSON.parse(data.toString("utf8"));
  } catch {
    return {};
  }
  if (typeof m !== "object" || m === null) return {};
  const { type, table } = m as { type?: unknown; table?: unknown };
  const plain = (x: unknown): x is string => typeof x === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(x);
  return { ...(plain(type) ? { for: type } : {}), ...(plain(table) ? { table } : {}) };
}

/**
 * A frame ws refuses itself (over the transport's limit, text that is not
 * UTF-8, a broken frame) closes the connection; the client first gets the
 * same one-line error as every other refusal. ws reports these on its
 * frame reader before it sends the close frame, so a listener put first
 * there still writes ahead of the close.
 */
function refuseBrokenFrames(socket: WebSocket, refuse: (code: string, message: string) => void): void {
  const receiver = (socket as unknown as { _receiver?: import("node:events").EventEmitter })._receiver;
  receiver?.prependListener("error", (e: Error & { code?: string }) => {
    if (e.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH")
      refuse(
        "too_large",
        `a message is at most ${FRAME_BYTES} bytes at the transport: the connection closes`,
      );
    else if (e.code === "WS_ERR_INVALID_UTF8")
      refuse("bad_request", "a text message must be valid UTF-8: the connection closes");
    else refuse("bad_request", "the WebSocket frame is malformed: the connection closes");
  });
}
