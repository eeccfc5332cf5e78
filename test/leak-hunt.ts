/**
 * The leak hunt (issue 24; docs/RELIABILITY.md, "Leaks"), for all seven
 * games: two people, a computer where the game allows a third seat, and
 * spectators play through real sockets across join, reconnect (with and
 * without `since`), spectating, replays, hints, the lobby, errors and chat.
 * Then EVERY message each client received is checked against an oracle
 * built apart from the server, by replaying the stored log: each update
 * carries its event number, and its view, legal moves, status and events
 * must be exactly what the engine builds for that viewer at that number; no
 * card may be named (as text, or as an integer in a card field) that the
 * viewer's own views had not shown it in that hand by then; no message
 * carries the match seed, a hand seed before its hand is over, or any
 * seat's secret or guest token. Used by test/server-leak.test.ts (a short
 * seeded run) and `npm run reliability:leaks` (long runs).
 */
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { type Card, CARD_SPACE } from "../src/engine/cards.js";
import { formatCard } from "../src/engine/card-text.js";
import { cardsNamed } from "./cards-named.js";
import { replayStored } from "./stored-table.js";
import { type AnyGame, type JsonObject, SPECTATOR, type Viewer } from "../src/engine/game.js";
import { type MatchLog, Table } from "../src/engine/table.js";
import { ENTRIES } from "../src/games/index.js";
import { Channel, api } from "../src/server/client.js";
import type { ServerMessage, TableInfo, Update, UpdateMessage, WireMessage } from "../src/server/messages.js";
import type { RunningServer } from "../src/server/serve.js";

/** The server's limits for the hunt: a person's message size, rates above a person's. */
export const LEAK_LIMITS = { messageBytes: 4096, messagesPerSecond: 10_000, requestsPerSecond: 10_000 };

/** What the server sent differs from what the oracle says that viewer may know. */
export class Leak extends Error {}

/** JSON-equal (what was sent is JSON; the oracle's values may hold undefined fields JSON drops). */
function same(sent: unknown, truth: unknown, where: string): void {
  if (!isDeepStrictEqual(sent, JSON.parse(JSON.stringify(truth ?? null)) as unknown))
    throw new Leak(
      `${where}: sent ${JSON.stringify(sent).slice(0, 300)}, the engine gives ${JSON.stringify(truth).slice(0, 300)}`,
    );
}

// ---- Finding cards in what a client received ----

/** Keys whose integer values would be cards (a state's internals), not counts or numbers. */
const CARD_KEY =
  /card|hand$|^hand|stock|discard|crib|starter|upcard|pile|played|trick|captured|corner|drawn|meld|top/i;
const COUNT_KEY = /size|count|number|won|seq|point|score/i;

/** Integers where a card would be: arrays of integers under a card-like key. */
function integerCards(value: unknown, path = ""): string[] {
  const out: string[] = [];
  if (Array.isArray(value)) {
    const key = path.split(".").pop() ?? "";
    if (
      CARD_KEY.test(key) &&
      !COUNT_KEY.test(key) &&
      value.some((x) => Number.isInteger(x) && x >= 0 && x < CARD_SPACE)
    )
      out.push(path);
    value.forEach((x, i) => out.push(...integerCards(x, `${path}.${i}`)));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...integerCards(v, path ? `${path}.${k}` : k));
  }
  return out;
}

const HEX64 = /[0-9a-f]{64}/g;
const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

// ---- The oracle: the stored log, replayed position by position ----

interface Position {
  readonly seq: number;
  readonly hand: number;
  readonly handOver: boolean;
  readonly views: Map<Viewer, JsonObject>;
  readonly legal: Map<Viewer, unknown[]>;
  readonly status: unknown;
  /** The cards each viewer's views showed in this hand up to here; null once the hand is over (its seed is out). */
  readonly allowed: Map<Viewer, Set<Card> | null>;
}

interface Oracle {
  /** The position at each event number that ends an entry (every update is sent at one). */
  readonly at: Map<number, Position>;
  /** The position an event belongs to: the first at or after its number. */
  positionOf(seq: number): Position;
  events(viewer: Viewer): JsonObject[];
  readonly matchSeed: string;
  /** Hand seeds, and the event number from which each is out (its hand's end). */
  readonly handSeeds: { seed: string; outFrom: number }[];
}

async function oracleFor(server: RunningServer, tableId: string, viewers: Viewer[]): Promise<Oracle> {
  const at = new Map<number, Position>();
  const shown = new Map<Viewer, Set<Card>>();
  const handSeeds: { seed: string; outFrom: number }[] = [];
  const record = (t: Table): void => {
    const s = t.state;
    const views = new Map<Viewer, JsonObject>();
    const legal = new Map<Viewer, unknown[]>();
    const allowed = new Map<Viewer, Set<Card> | null>();
    for (const v of viewers) {
      const view = t.view(v);
      views.set(v, view);
      legal.set(v, v === SPECTATOR ? [] : t.legalJson(v));
      const set = shown.get(v)!;
      for (const c of cardsNamed(view)) set.add(c);
      allowed.set(v, s.handOver ? null : new Set(set));
    }
    if (s.handOver && !handSeeds.some((h) => h.seed === s.handSeed))
      handSeeds.push({ seed: s.handSeed, outFrom: t.seq });
    at.set(t.seq, {
      seq: t.seq,
      hand: s.hand,
      handOver: s.handOver,
      views,
      legal,
      status: t.status(),
      allowed,
    });
  };
  const newHand = (): void => {
    for (const v of viewers) shown.set(v, new Set());
  };
  newHand();
  const { row, table: t } = await replayStored(server.authority.storage, tableId, {
    position: record,
    dealt: newHand,
  });
  // Seeds of hands not over yet: never out.
  for (const seed of t.log().handSeeds)
    if (!handSeeds.some((h) => h.seed === seed)) handSeeds.push({ seed, outFrom: Infinity });
  const seqs = [...at.keys()].sort((a, b) => a - b);
  return {
    at,
    positionOf(seq: number): Position {
      const s = seqs.find((x) => x >= seq);
      if (s === undefined) throw new Error(`event ${seq} is past the stored log`);
      return at.get(s)!;
    },
    events: (viewer) => t.eventsFor(viewer),
    matchSeed: row.seed,
    handSeeds,
  };
}

// ---- Clients, each message kept ----

interface Client {
  readonly label: string;
  readonly viewer: Viewer;
  chan: Channel;
  /** Every connection this client had, with what it received. */
  readonly received: string[][];
  /** Cards the client itself named (an error may echo them). */
  readonly sent: Set<Card>;
  /** False between a drop and the reconnect. */
  live: boolean;
  cred: { seat: number; secret: string } | "spectator";
}

const parse = (text: string): WireMessage => JSON.parse(text) as WireMessage;

function lastUpdate(c: Client): UpdateMessage | undefined {
  const r = c.chan.received;
  for (let i = r.length - 1; i >= 0; i--) {
    const m = parse(r[i]);
    if (m.type === "update") return m;
  }
  return undefined;
}

async function connect(server: RunningServer, c: Client, since?: number): Promise<void> {
  c.chan = await Channel.open(server.url);
  c.live = true;
  c.received.push(c.chan.received);
  c.chan.send({ type: "watch", table: "", as: "spectator" }); // a bad watch first: an error, nothing else
  await c.chan.next(5000);
  c.chan.send({
    type: "watch",
    table: tableOf.get(c)!,
    as: c.cred,
    ...(since === undefined ? {} : { since }),
  });
  await c.chan.until((m): m is Update => m.type === "update", 10_000);
}
const tableOf = new Map<Client, string>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every open connection has an update at the table's latest number. */
async function settle(server: RunningServer, tableId: string, clients: Client[]): Promise<number> {
  for (let i = 0; i < 3000; i++) {
    const seq = (await server.authority.info(tableId))!.seq;
    if (clients.every((c) => !c.live || lastUpdate(c)?.seq === seq)) return seq;
    await sleep(3);
  }
  throw new Error("the clients did not catch up in time");
}

/** Sends and waits for the server's answer to it (an ok or an error). */
async function ask(c: Client, m: Record<string, unknown>): Promise<WireMessage> {
  for (const card of cardsNamed(m)) c.sent.add(card);
  const from = c.chan.received.length;
  c.chan.send(m);
  for (let i = 0; i < 3000; i++) {
    for (const text of c.chan.received.slice(from)) {
      const r = parse(text);
      if (r.type === "ok" || r.type === "error" || (m.type === "chat" && r.type === "chat")) return r;
    }
    await sleep(3);
  }
  throw new Error(`no answer to ${JSON.stringify(m)}`);
}

/** A small seeded generator for the people's choices. */
function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

// ---- Checking every message ----

interface Secrets {
  readonly words: string[];
}

function checkNoSecrets(text: string, where: string, oracle: Oracle, seqNow: number, secrets: Secrets): void {
  for (const w of secrets.words) if (text.includes(w)) throw new Leak(`${where} carries a secret or token`);
  if (text.includes(oracle.matchSeed)) throw new Leak(`${where} carries the match seed`);
  for (const h of text.match(HEX64) ?? []) {
    const seed = oracle.handSeeds.find((x) => x.seed === h);
    if (seed && seed.outFrom > seqNow)
      throw new Leak(`${where} carries the seed of a hand not over at event ${seqNow}`);
  }
}

export function checkCards(value: unknown, allowed: Set<Card> | null, where: string): void {
  const ints = integerCards(value);
  if (ints.length) throw new Leak(`${where} has integers in card fields: ${ints.join(", ")}`);
  if (allowed === null) return;
  for (const c of cardsNamed(value))
    if (!allowed.has(c))
      throw new Leak(`${where} names ${formatCard(c)}, which its viewer may not know then`);
}

function checkEvents(
  events: readonly JsonObject[],
  viewer: Viewer,
  upTo: number,
  oracle: Oracle,
  where: string,
): void {
  const mine = oracle.events(viewer);
  for (const e of events) {
    const seq = e.seq as number;
    if (seq > upTo) throw new Leak(`${where}: event ${seq} is after the message's number ${upTo}`);
    same(e, mine[seq - 1], `${where}: event ${seq} as the engine builds it for ${String(viewer)}`);
    checkCards(e, oracle.positionOf(seq).allowed.get(viewer)!, `${where} event ${seq}`);
  }
  for (let i = 1; i < events.length; i++)
    if ((events[i].seq as number) !== (events[i - 1].seq as number) + 1)
      throw new Leak(`${where}: events skip from ${String(events[i - 1].seq)} to ${String(events[i].seq)}`);
}

function checkClient(c: Client, oracle: Oracle, secrets: Secrets): number {
  let n = 0;
  for (const [k, conn] of c.received.entries()) {
    for (const [i, text] of conn.entries()) {
      const where = `${c.label} connection ${k} message ${i} (${text.slice(0, 60)}...)`;
      const m = parse(text);
      n++;
      if (m.type === "update") {
        checkNoSecrets(text, where, oracle, m.seq, secrets);
        const pos = oracle.at.get(m.seq);
        if (!pos) throw new Leak(`${where}: update at ${m.seq}, not a position of the log`);
        same(m.view, pos.views.get(c.viewer), `${where}: the view`);
        same(m.legal, pos.legal.get(c.viewer), `${where}: the legal moves`);
        same(m.status, pos.status, `${where}: the status`);
        checkCards(m.view, pos.allowed.get(c.viewer)!, `${where} view`);
        checkCards({ legal: m.legal, status: m.status, info: m.info }, pos.allowed.get(c.viewer)!, where);
        checkEvents(m.events, c.viewer, m.seq, oracle, where);
        // The table after each move the update brings but the last: each what the viewer saw then.
        for (const f of m.frames ?? []) {
          const then = oracle.at.get(f.seq);
          if (!then || f.seq >= m.seq || !m.events.some((e) => e.seq === f.seq))
            throw new Leak(`${where}: a frame at ${f.seq}, not a position among the update's events`);
          same(f.view, then.views.get(c.viewer), `${where}: the frame at ${f.seq}`);
          same(f.status, then.status, `${where}: the frame's status at ${f.seq}`);
          checkCards(f.view, then.allowed.get(c.viewer)!, `${where} frame ${f.seq}`);
        }
        if (m.full && m.events.length && m.events[0].seq !== 1)
          throw new Leak(`${where}: a full update from event ${String(m.events[0].seq)}`);
        if (m.events.length && m.events[m.events.length - 1].seq !== m.seq)
          throw new Leak(`${where}: its events end before its number`);
      } else {
        // Nothing else carries the table: no card but what the client itself named, no seed.
        checkNoSecrets(text, where, oracle, -1, secrets);
        for (const h of text.match(HEX64) ?? [])
          if (oracle.handSeeds.some((x) => x.seed === h)) throw new Leak(`${where} carries a hand seed`);
        const allowed = m.type === "error" ? c.sent : new Set<Card>();
        checkCards(m, allowed, where);
      }
    }
  }
  return n;
}

// ---- Hints, the lobby, a finished match's steps ----

interface Aside {
  readonly what: "hint" | "lobby" | "steps";
  readonly viewer: Viewer;
  readonly status: number;
  readonly text: string;
}

async function aside(
  server: RunningServer,
  what: Aside["what"],
  viewer: Viewer,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(new URL(path, server.url), {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { what, viewer, status: res.status, text: await res.text() } satisfies Aside;
}

/** A hint is one of the seat's legal moves then, naming only what it may know; the lobby and refusals name no card. */
function checkAside(h: Aside, oracle: Oracle, secrets: Secrets): number {
  const where = `${h.what} for ${String(h.viewer)} (${h.text.slice(0, 60)}...)`;
  const body = JSON.parse(h.text) as Record<string, unknown>;
  if (h.status !== 200 || h.what === "lobby") {
    checkNoSecrets(h.text, where, oracle, -1, secrets);
    for (const x of h.text.match(HEX64) ?? [])
      if (oracle.handSeeds.some((s) => s.seed === x)) throw new Leak(`${where} carries a hand seed`);
    checkCards(body, new Set(), where);
    return 1;
  }
  if (h.what === "hint") {
    const seq = body.seq as number;
    checkNoSecrets(h.text, where, oracle, seq, secrets);
    const pos = oracle.positionOf(seq);
    if (!pos.legal.get(h.viewer)!.some((m) => isDeepStrictEqual(JSON.parse(JSON.stringify(m)), body.move)))
      throw new Leak(`${where}: the hint is not one of the seat's legal moves at event ${seq}`);
    checkCards(body, pos.allowed.get(h.viewer)!, where);
    return 1;
  }
  // A finished match's steps, as a spectator or the seat that proved it sat there saw them.
  if (body.viewer !== h.viewer) throw new Leak(`${where}: the steps of viewer ${String(body.viewer)}`);
  const steps = body.steps as { seq: number; events: JsonObject[]; view: JsonObject }[];
  for (const st of steps) {
    checkNoSecrets(JSON.stringify(st), where, oracle, st.seq, secrets);
    same(st.view, oracle.positionOf(st.seq).views.get(h.viewer), `${where} step at ${st.seq}`);
    checkEvents(st.events, h.viewer, st.seq, oracle, `${where} step at ${st.seq}`);
  }
  return steps.length;
}

// ---- The match ----

interface Replay {
  readonly viewer: Viewer;
  readonly text: string;
  readonly status: number;
}

async function replayAs(
  server: RunningServer,
  tableId: string,
  viewer: Viewer,
  secret?: string,
): Promise<Replay> {
  const headers: Record<string, string> =
    viewer === SPECTATOR ? {} : { "x-cardroom-seat": String(viewer), "x-cardroom-secret": secret! };
  const res = await fetch(new URL(`/api/tables/${tableId}/replay`, server.url), { headers });
  return { viewer, text: await res.text(), status: res.status };
}

/** Plays one match of `gameId` (choices from `seed`) and checks every byte its clients received; throws a Leak. */
export async function playAndCheck(server: RunningServer, gameId: string, seed: number) {
  const entry = ENTRIES.find((e) => e.game.id === gameId)!;
  const three = entry.game.maxPlayers >= 3 && entry.game.minPlayers <= 3;
  const seats = three
    ? [{ kind: "open" }, { kind: "computer" }, { kind: "open" }]
    : [{ kind: "open" }, { kind: "open" }];
  // Several hands where a game's match is one hand by default (Roller Coaster): a lucky deal ends a hand
  // within a few moves, before the run's reconnects and errors (seen in CI: 3 moves, the computer the rest).
  const options = "handsToWin" in entry.game.options ? { handsToWin: 3 } : undefined;
  const info = await api<TableInfo>(server.url, "/api/tables", { game: gameId, seats, options });
  const people = seats.flatMap((s, seat) => (s.kind === "open" ? [seat] : []));
  const secrets: string[] = [];
  const clients: Client[] = [];
  for (const seat of people) {
    const g = await api<{ token: string }>(server.url, "/api/guests", { name: `P${seat}` });
    const sat = await api<{ secret: string }>(server.url, `/api/tables/${info.id}/seats/${seat}`, {
      token: g.token,
    });
    secrets.push(g.token, sha256(g.token), sat.secret, sha256(sat.secret));
    clients.push({
      label: `seat ${seat}`,
      viewer: seat,
      chan: undefined as unknown as Channel,
      received: [],
      sent: new Set(),
      live: true,
      cred: { seat, secret: sat.secret },
    });
  }
  const watcher: Client = {
    label: "spectator",
    viewer: SPECTATOR,
    chan: undefined as unknown as Channel,
    received: [],
    sent: new Set(),
    live: true,
    cred: SPECTATOR,
  };
  clients.push(watcher);
  for (const c of clients) tableOf.set(c, info.id);
  for (const c of clients) await connect(server, c);
  const [a, b] = clients;
  const replays: Replay[] = [];
  const asides: Aside[] = [];
  const pick = chooser(seed);
  let late: Client | undefined;
  let moves = 0;
  let nextHandMoves = -1;
  let bGoneAt = -1;
  let bSince = 0;
  try {
    for (let step = 0; step < 800; step++) {
      await settle(server, info.id, clients);
      if (step === 3) await ask(a, { type: "chat", text: "good luck" });
      if (step === 4) {
        // Seat b drops; it comes back with its number when it must act (or a few moves on).
        bSince = lastUpdate(b)!.seq;
        b.chan.terminate();
        b.live = false;
        bGoneAt = step;
      }
      if (step === 6) {
        // Errors: a move out of turn or illegal, a move naming a card, a spectator's move, a wrong secret.
        await ask(a, { type: "move", move: { type: "play", card: "QS" } });
        await ask(watcher, { type: "move", move: { type: "draw" } });
        await ask(a, { type: "next", hand: 1 });
        a.chan.send({
          type: "watch",
          table: info.id,
          as: { seat: b.viewer as number, secret: "0".repeat(64) },
        });
        // Its own answer, not an earlier error still queued on the channel.
        await a.chan.until(
          (m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error" && m.code === "forbidden",
          5000,
        );
        replays.push(await replayAs(server, info.id, b.viewer, "0".repeat(64)));
      }
      if (step === 2 || step === 9) asides.push(await aside(server, "lobby", SPECTATOR, "/api/lobby"));
      if (step === 5 || step === 12) {
        // A hint for whoever may move (a seat with its secret; the other seat's secret is refused).
        const mover = clients.find(
          (c) => c.viewer !== SPECTATOR && c.live && (lastUpdate(c)?.legal.length ?? 0) > 0,
        );
        const other = clients.find((c) => c.viewer !== SPECTATOR && c !== mover);
        if (mover && other) {
          const cred = mover.cred as { seat: number; secret: string };
          const wrong = { seat: cred.seat, secret: (other.cred as { secret: string }).secret };
          const path = `/api/tables/${info.id}/hint`;
          asides.push(await aside(server, "hint", mover.viewer, path, cred));
          asides.push(await aside(server, "hint", mover.viewer, path, wrong));
        }
      }
      if (step === 8) {
        for (const c of clients)
          replays.push(await replayAs(server, info.id, c.viewer, (c.cred as { secret?: string }).secret));
      }
      if (step === 10) {
        late = { ...watcher, label: "late spectator", received: [], sent: new Set() };
        tableOf.set(late, info.id);
        await connect(server, late);
        clients.push(late);
        await ask(late, { type: "chat", text: "hello from the rail" });
      }
      if (step === 14) {
        // The spectator reconnects with an old number; seat a with a number it never had.
        watcher.chan.close();
        await connect(server, watcher, 2);
        a.chan.close();
        await connect(server, a, 1_000_000);
      }
      const u = lastUpdate(a)!;
      const status = u.status as { toAct: number[]; handOver: boolean; matchOver: boolean; hand: number };
      if (status.matchOver) break;
      if (status.hand >= 2 && nextHandMoves < 0) nextHandMoves = moves;
      if (nextHandMoves >= 0 && moves - nextHandMoves >= 6) break;
      const bMust = status.toAct.includes(b.viewer as number) || status.handOver;
      if (!b.live && (bMust || step - bGoneAt >= 5)) {
        await connect(server, b, bSince);
        await settle(server, info.id, clients);
      }
      if (status.handOver) {
        // Both ask for the next hand: one deals it, the other is told it is stale.
        await ask(a, { type: "next", hand: status.hand });
        await ask(b, { type: "next", hand: status.hand });
        continue;
      }
      const movers = clients.filter(
        (c) => c.viewer !== SPECTATOR && c.live && (lastUpdate(c)?.legal.length ?? 0) > 0,
      );
      if (!movers.length) throw new Error(`nobody can move at step ${step}`);
      const mover = movers[pick(movers.length)];
      const legal = lastUpdate(mover)!.legal;
      // Mostly a card put down, so hands end (and their seeds come out) within the steps.
      const plays = legal.filter((m) => "card" in m);
      const choices = plays.length && pick(5) > 0 ? plays : legal;
      const r = await ask(mover, { type: "move", move: choices[pick(choices.length)] });
      if (r.type !== "ok") throw new Error(`a listed move was refused: ${JSON.stringify(r)}`);
      moves++;
    }
    await settle(server, info.id, clients);
    for (const c of clients)
      replays.push(await replayAs(server, info.id, c.viewer, (c.cred as { secret?: string }).secret));
    asides.push(await aside(server, "lobby", SPECTATOR, "/api/lobby"));
    const steps = `/api/tables/${info.id}/steps`;
    asides.push(await aside(server, "steps", SPECTATOR, steps));
    // Each seat's own steps with its secret; a seat's number with another's secret is refused.
    for (const c of clients) {
      if (c.viewer === SPECTATOR) continue;
      const { seat, secret } = c.cred as { seat: number; secret: string };
      const other = clients.find((o) => o.viewer !== SPECTATOR && o.viewer !== seat);
      asides.push(
        await aside(server, "steps", seat, steps, undefined, {
          "x-cardroom-seat": String(seat),
          "x-cardroom-secret": secret,
        }),
      );
      if (other)
        asides.push(
          await aside(server, "steps", seat, steps, undefined, {
            "x-cardroom-seat": String(seat),
            "x-cardroom-secret": (other.cred as { secret: string }).secret,
          }),
        );
    }
  } finally {
    for (const c of clients) c.chan.close();
  }

  // The oracle, apart from the server: the stored log replayed.
  const oracle = await oracleFor(server, info.id, [SPECTATOR, ...people, ...(three ? [1] : [])]);
  const words: Secrets = { words: secrets };
  let messages = 0;
  for (const c of clients) messages += checkClient(c, oracle, words);
  for (const r of replays) {
    const where = `replay for ${r.viewer}`;
    const body = JSON.parse(r.text) as { seq?: number; events?: JsonObject[]; error?: unknown };
    if (r.status !== 200) {
      checkNoSecrets(r.text, where, oracle, -1, words);
      checkCards(body, new Set(), where);
      continue;
    }
    checkNoSecrets(r.text, where, oracle, body.seq!, words);
    checkEvents(body.events!, r.viewer, body.seq!, oracle, where);
    messages++;
  }
  for (const h of asides) messages += checkAside(h, oracle, words);
  // The paths the hunt meant to see (a match that ends within a few moves may miss some).
  const all = clients.flatMap((c) => c.received.flat()).map(parse);
  const saw = {
    chat: all.some((m) => m.type === "chat"),
    error: all.some((m) => m.type === "error"),
    partial: all.some((m) => m.type === "update" && !m.full && m.events.length > 0),
  };
  const updates = all.filter((m) => m.type === "update").length;
  const handsOver = oracle.handSeeds.filter((h) => h.outFrom !== Infinity).length;
  return { messages, updates, moves, handsOver, saw, oracle, clients };
}

// ---- An outside player's transcript (docs/PLAYER-PROTOCOL.md) ----

/**
 * Checks every line Cardroom sent an outside program playing `seat`, against
 * the match's log replayed position by position: each event exactly as the
 * engine builds it for the seat, numbered on without a gap; each turn's view
 * and legal moves the engine's for the seat at the latest event sent; each
 * hand's end as the seat's view shows it; no card its views had not shown it
 * in that hand by then, no match seed, no hand seed before its hand is over.
 * Returns how many lines it checked; throws a Leak.
 */
export function checkPlayerTranscript(
  game: AnyGame,
  log: MatchLog,
  seat: number,
  lines: readonly string[],
): number {
  const t0 = Table.start(game, log);
  if (!t0.ok) throw new Error(t0.error.message);
  const t = t0.value;
  const at = new Map<
    number,
    { view: JsonObject; legal: unknown[]; allowed: Set<Card> | null; hand: number }
  >();
  let shown = new Set<Card>();
  let hand = t.state.hand;
  const outFrom = new Map<string, number>();
  let entryFrom = 1;
  const record = (): void => {
    if (t.state.hand !== hand) {
      hand = t.state.hand;
      shown = new Set();
    }
    const view = t.view(seat);
    for (const c of cardsNamed(view)) shown.add(c);
    // A hand's seed is out with the events of the entry that ended it.
    if (t.state.handOver && !outFrom.has(t.state.handSeed)) outFrom.set(t.state.handSeed, entryFrom);
    at.set(t.seq, {
      view,
      legal: t.legalJson(seat),
      allowed: t.state.handOver ? null : new Set(shown),
      hand,
    });
  };
  record();
  for (const e of log.entries) {
    entryFrom = t.seq + 1;
    const r = t.apply(e);
    if (!r.ok) throw new Error(r.error.message);
    record();
  }
  const events = t.eventsFor(seat);
  const seqs = [...at.keys()].sort((a, b) => a - b);
  const positionOf = (seq: number) => at.get(seqs.find((x) => x >= seq)!)!;
  let last = 0;
  for (const [i, text] of lines.entries()) {
    const where = `line ${i + 1} to seat ${seat} (${text.slice(0, 60)}...)`;
    if (text.includes(log.seed)) throw new Leak(`${where} carries the match seed`);
    const m = JSON.parse(text) as Record<string, unknown>;
    const now = m.type === "event" ? ((m.event as JsonObject).seq as number) : last;
    for (const h of text.match(HEX64) ?? []) {
      const from = log.handSeeds.includes(h) ? (outFrom.get(h) ?? Infinity) : undefined;
      if (from !== undefined && from > now)
        throw new Leak(`${where} carries the seed of a hand not over at event ${now}`);
    }
    switch (m.type) {
      case "hello":
        same(m.seat, seat, `${where}: the seat`);
        checkCards(m, new Set(), where);
        break;
      case "event": {
        const e = m.event as JsonObject;
        if (e.seq !== last + 1) throw new Leak(`${where}: event ${String(e.seq)} after ${last}`);
        last = e.seq;
        same(e, events[last - 1], `${where}: event ${last} as the engine builds it for seat ${seat}`);
        checkCards(e, positionOf(last).allowed, where);
        break;
      }
      case "turn": {
        const pos = at.get(last);
        if (!pos) throw new Leak(`${where}: a turn at event ${last}, not a position of the log`);
        same(m.view, pos.view, `${where}: the view`);
        same(m.legal, pos.legal, `${where}: the legal moves`);
        checkCards({ view: m.view, legal: m.legal }, pos.allowed, where);
        break;
      }
      case "handEnd": {
        const pos = at.get(last)!;
        same(m.result, pos.view.result, `${where}: the hand's result`);
        break;
      }
      case "matchEnd":
        checkCards(m, new Set(), where);
        break;
      default:
        throw new Leak(`${where}: not a message of the player protocol`);
    }
  }
  return lines.length;
}
