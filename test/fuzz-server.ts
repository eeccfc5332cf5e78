/**
 * The server under hostile input (issue 24, fuzzing), through its real
 * HTTP and WebSocket interface only. Each run seats two guests at a fresh
 * table of a random game (X) and at a cribbage table (Y), plays X a random
 * way (often into its second hand, keeping the first hand's moves), then
 * sends the run's inputs (test/fuzz-server-input.ts). Each must get exactly
 * one clear refusal (one JSON line with a code) or be accepted; nothing may
 * crash (no 5xx but 503 "unavailable", no "internal" error, no closed
 * socket); and after refused inputs, X and Y (their information, and their
 * whole logs as each seat's replay gives them) must be as they were.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { JsonObject } from "../src/engine/game.js";
import { ENTRIES } from "../src/games/index.js";
import { Channel, api } from "../src/server/client.js";
import { type ServerMessage, type TableInfo, type Update, clientMessage } from "../src/server/messages.js";
import { type FuzzCounts, newCounts } from "./fuzz-engine.js";
import { type HttpInput, type ServerRun, type WsInput, serverRun } from "./fuzz-server-input.js";
import { guestSeat } from "./guests.js";
import { type Ref, resolve } from "./hostile-values.js";

/** The server's limits for a fuzz: a person's message size, rates far above a person's (they are tested on their own). */
export const FUZZ_LIMITS = { messageBytes: 4096, messagesPerSecond: 1e9, requestsPerSecond: 1e9 };

/** Characters of a text frame sent at most (UTF-8 of up to 4 bytes each stays under 64 KiB). */
const TRANSPORT_CUT = 16_000;

/** One clear error: a code of lower-case words, a message of one line. */
const clear = (code: unknown, message: unknown): boolean =>
  typeof code === "string" &&
  /^[a-z_]+$/.test(code) &&
  typeof message === "string" &&
  message.length > 0 &&
  !/[\n\r]/.test(message);

class Failure extends Error {}

interface Seated {
  readonly info: TableInfo;
  readonly secrets: string[];
  readonly token: string;
  readonly player: string;
}

async function seatTwo(url: string, game: string): Promise<Seated> {
  const info = await api<TableInfo>(url, "/api/tables", {
    game,
    seats: [{ kind: "open" }, { kind: "open" }],
  });
  const a = await guestSeat(url, info.id, 0, "Fuzz A");
  const b = await guestSeat(url, info.id, 1, "Fuzz B");
  return { info, secrets: [a.secret, b.secret], token: a.guest.token, player: a.guest.id };
}

const latest = (c: Channel): Update | undefined => {
  for (let i = c.heard.length - 1; i >= 0; i--) {
    const m = c.heard[i];
    if (m.type === "update") return m;
  }
  return undefined;
};

/** Waits for the answer to what was just sent on `c` (an ok or an error). */
async function answer(c: Channel): Promise<ServerMessage> {
  return c.until((m): m is ServerMessage => m.type === "ok" || m.type === "error", 10_000);
}

/** Plays X by random legal moves of both seats, keeping the first hand's moves; stops in hand 2 or after `n`. */
async function warmUp(url: string, x: Seated, seats: Channel[], seed: number, n: number) {
  let pick = seed || 1;
  const random = (k: number) => ((pick = (pick * 1103515245 + 12345) & 0x7fffffff), pick % k);
  const old: JsonObject[] = [];
  for (let i = 0; i < n; i++) {
    const seq = (await api<TableInfo>(url, `/api/tables/${x.info.id}`)).seq;
    for (let k = 0; k < 500 && seats.some((c) => (latest(c)?.seq ?? -1) < seq); k++)
      await new Promise((r) => setTimeout(r, 2));
    const u = latest(seats[0])!;
    const st = u.status as { handOver: boolean; matchOver: boolean; hand: number };
    if (st.matchOver || st.hand > 2 || (st.hand === 2 && !st.handOver && random(3) === 0)) break;
    if (st.handOver) {
      seats[0].send({ type: "next", hand: st.hand });
      await answer(seats[0]);
      continue;
    }
    const movers = seats.filter((c) => (latest(c)?.legal.length ?? 0) > 0);
    if (!movers.length) break;
    const c = movers[random(movers.length)];
    const legal = latest(c)!.legal;
    const move = legal[random(legal.length)];
    if (st.hand === 1) old.push(move as JsonObject);
    c.send({ type: "move", move });
    await answer(c);
  }
  return old;
}

/** X and Y as stored: their information (event numbers, seats, status) and, in full, each seat's whole replay. */
async function snapshot(url: string, tables: Seated[], full = true): Promise<string> {
  const parts: string[] = [];
  for (const t of tables) {
    parts.push(await (await fetch(new URL(`/api/tables/${t.info.id}`, url))).text());
    if (!full) continue;
    for (const [seat, secret] of t.secrets.entries()) {
      const res = await fetch(new URL(`/api/tables/${t.info.id}/replay`, url), {
        headers: { "x-cardroom-seat": String(seat), "x-cardroom-secret": secret },
      });
      parts.push(await res.text());
    }
  }
  return parts.join("\n");
}

/** Where two snapshots first differ, with a little of each. */
function difference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: before ...${a.slice(Math.max(0, i - 80), i + 120)}... after ...${b.slice(Math.max(0, i - 80), i + 120)}...`;
}

/** Whether the server's own schema takes this frame (only then may it change a table). */
function valid(frame: string): boolean {
  try {
    return clientMessage.safeParse(JSON.parse(frame)).success;
  } catch {
    return false;
  }
}

/** Whether an HTTP request may take or give up a seat (the only requests that change a table). */
const seatChange = (method: string, path: string): boolean =>
  method === "POST" && /^\/api\/tables\/[^/]+\/(seats\/|leave)/.test(path);

const count = (c: FuzzCounts, kind: string): void => {
  c.errorKinds[kind] = (c.errorKinds[kind] ?? 0) + 1;
};

/** Sends one frame and a ping after it; what came back before the pong is its answer. */
async function sendWs(c: Channel, input: WsInput, frame: string | Buffer, counts: FuzzCounts) {
  const from = c.heard.length;
  c.sendRaw(frame);
  c.send({ type: "ping" });
  const said = `${JSON.stringify(input).slice(0, 300)}`;
  // The frame may be a ping itself: then its pong comes first.
  const pings = typeof frame === "string" && valid(frame) && /"type"\s*:\s*"ping"/.test(frame) ? 2 : 1;
  for (let pongs = 0; pongs < pings;) {
    let m: ServerMessage | null;
    try {
      m = await c.next(20_000);
    } catch (e) {
      counts.crashes++;
      throw new Failure(`no answer (${(e as Error).message}) to ${said}`);
    }
    if (m === null) {
      counts.crashes++;
      throw new Failure(`the server closed the connection after ${said}`);
    }
    if (m.type === "pong") pongs++;
  }
  const replies = c.heard.slice(from, -1);
  const errors = replies.filter((m) => m.type === "error");
  const acks = replies.filter((m) => ["ok", "welcome", "pong", "chat"].includes(m.type));
  for (const e of errors) {
    if (e.type !== "error") continue;
    if (e.code === "internal" || !clear(e.code, e.message)) {
      counts.crashes++;
      throw new Failure(`an unclear or internal error ${JSON.stringify(e)} for ${said}`);
    }
    count(counts, `ws ${e.code}`);
  }
  const type = (input.message as { type?: unknown } | undefined)?.type;
  if (
    errors.length > 1 ||
    (errors.length === 1 && acks.length) ||
    (!errors.length && !acks.length && type !== "again")
  )
    throw new Failure(`${errors.length} errors and ${acks.length} acknowledgements for ${said}`);
  return errors.length === 0;
}

/** Sends one request; returns whether it was accepted (2xx) and whether it may have changed X or Y. */
async function sendHttp(
  url: string,
  input: HttpInput,
  path: string,
  fill: (v: unknown) => unknown,
  counts: FuzzCounts,
) {
  const withBody = input.method !== "GET" && input.method !== "HEAD";
  const raw = input.raw !== undefined ? (fill(input.raw) as string) : undefined;
  const body = !withBody
    ? undefined
    : (raw ?? (input.body === undefined ? undefined : (JSON.stringify(fill(input.body)) ?? "null")));
  const headers = fill(input.headers) as Record<string, string>;
  const said = `${input.method} ${JSON.stringify(input).slice(0, 300)}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${url.replace(/\/$/, "")}${path}`, { method: input.method, headers, body });
    text = await res.text();
  } catch (e) {
    counts.crashes++;
    throw new Failure(`no answer (${String((e as { cause?: unknown }).cause ?? e)}) to ${said}`);
  }
  if (res.status >= 500 && !(res.status === 503 && text.includes('"unavailable"'))) {
    counts.crashes++;
    throw new Failure(`HTTP ${res.status} ${text.slice(0, 200)} for ${said}`);
  }
  if (res.status < 400) return { accepted: true, changes: seatChange(input.method, path) };
  let e: { error?: { code?: unknown; message?: unknown } } = {};
  try {
    e = JSON.parse(text) as typeof e;
  } catch {
    /* checked below */
  }
  if (/\n/.test(text.trim()) || !clear(e.error?.code, e.error?.message))
    throw new Failure(`HTTP ${res.status} without one clear JSON error (${text.slice(0, 200)}) for ${said}`);
  count(counts, `http ${res.status} ${String(e.error?.code)}`);
  return { accepted: false, changes: false };
}

/** Plays one run against the server at `url`; throws a Failure on a crash, an unclear answer or a state change. */
export async function playServerRun(url: string, run: ServerRun, counts: FuzzCounts): Promise<void> {
  const game = ENTRIES[run.game].game.id;
  const x = await seatTwo(url, game);
  const y = await seatTwo(url, "cribbage");
  const seats = await Promise.all([0, 1].map(() => Channel.open(url)));
  const loose = await Channel.open(url);
  try {
    for (const [seat, c] of seats.entries()) {
      c.send({ type: "watch", table: x.info.id, as: { seat, secret: x.secrets[seat] } });
      await c.until((m): m is Update => m.type === "update", 10_000);
    }
    const old = await warmUp(url, x, seats, run.seed, run.warmup);
    const unknown = randomBytes(16).toString("hex");
    let pick = run.seed + 7;
    const random = (k: number) => ((pick = (pick * 1103515245 + 12345) & 0x7fffffff), pick % k);
    const lookup = (r: Ref): unknown => {
      const u = latest(seats[0]);
      const legal = u?.legal.length ? u.legal : (latest(seats[1])?.legal ?? []);
      const hand = (u?.status as { hand?: number } | undefined)?.hand ?? 1;
      const values: Record<string, unknown> = {
        $T: x.info.id,
        $Y: y.info.id,
        $CODE: x.info.code,
        $UNKNOWN_T: unknown,
        $S0: x.secrets[0],
        $S1: x.secrets[1],
        $YS0: y.secrets[0],
        $TOKEN: x.token,
        $PLAYER: x.player,
        $OLD: old.length ? old[random(old.length)] : { type: "play", card: "AS" },
        $LEGAL: legal.length ? legal[random(legal.length)] : { type: "pass" },
        $SEQ: u?.seq ?? 0,
        $SEQ_OLD: Math.max(0, (u?.seq ?? 0) - 1 - random(5)),
        $SEQ_FUTURE: (u?.seq ?? 0) + 1 + random(1000),
        $HAND: hand,
        $HAND_OLD: Math.max(1, hand - 1),
      };
      return r in values ? values[r] : r;
    };
    const fill = (v: unknown) => resolve(v, lookup);
    let before = await snapshot(url, [x, y]);
    let beforeInfo = await snapshot(url, [x, y], false);
    let refusedSince = 0;
    /** The inputs since the last snapshot, for the failure's message. */
    let recent: string[] = [];
    /**
     * The refusals since the last check changed nothing: in full (each seat's replay) every 50 and at
     * the end of a run; before an input the server may accept, the tables' information (cheaper).
     */
    const check = async (full: boolean): Promise<void> => {
      if (!refusedSince) return;
      const was = full ? before : beforeInfo;
      const now = await snapshot(url, [x, y], full);
      if (now !== was) {
        counts.stateChanges++;
        throw new Failure(
          `a table changed after these refused inputs: ${recent.slice(-6).join(" | ")}: ${difference(was, now)}`,
        );
      }
      if (full) {
        refusedSince = 0;
        recent = [];
      }
    };
    for (const [i, input] of run.inputs.entries()) {
      counts.messages++;
      let accepted: boolean;
      let changes: boolean;
      let mayChange: boolean;
      if (input.kind === "ws") {
        const c = input.conn === 0 ? seats[0] : loose;
        if (!c.open) {
          counts.crashes++;
          throw new Failure(`the server closed a connection before input ${i}`);
        }
        const whole = input.bytes
          ? Buffer.from(input.bytes)
          : input.text !== undefined
            ? (fill(input.text) as string)
            : (JSON.stringify(fill(input.message)) ?? "undefined");
        // Frames past the transport's 64 KiB close the socket by design: oversized inputs stay under it.
        const frame =
          typeof whole === "string" && whole.length > TRANSPORT_CUT ? whole.slice(0, TRANSPORT_CUT) : whole;
        mayChange = typeof frame === "string" && valid(frame);
        // What the server may accept is checked against the stored tables first: the refusals before it alone.
        if (mayChange) await check(false);
        accepted = await sendWs(c, input, frame, counts);
        changes = accepted && !/^\s*\{\s*"type"\s*:\s*"ping"/.test(frame.toString());
      } else {
        const path = fill(input.path) as string;
        mayChange = seatChange(input.method, path);
        if (mayChange) await check(false);
        ({ accepted, changes } = await sendHttp(url, input, path, fill, counts));
      }
      if (accepted) {
        counts.accepted++;
        recent.push(`accepted: ${JSON.stringify(input).slice(0, 400)}`);
      } else {
        recent.push(JSON.stringify(input).slice(0, 400));
        counts.refused++;
        refusedSince++;
      }
      if (changes) {
        // Not foreseen (the refusals before it were not checked apart): counted as unchecked.
        if (!mayChange) counts.unchecked += refusedSince;
        refusedSince = 0;
        recent = [];
        await new Promise((r) => setTimeout(r, 5));
        before = await snapshot(url, [x, y]);
        beforeInfo = await snapshot(url, [x, y], false);
      } else if (refusedSince >= 50 || i === run.inputs.length - 1) await check(true);
    }
  } finally {
    for (const c of [...seats, loose]) c.close();
  }
}

/** Runs `runs` seeded runs of `perRun` inputs against `url`; a failure's message carries fast-check's seed and path. */
export async function fuzzServer(url: string, seed: number, runs: number, perRun: number, httpShare = 0.2) {
  const counts = newCounts();
  await fc.assert(
    fc.asyncProperty(serverRun(perRun, httpShare), (run) => playServerRun(url, run, counts)),
    { seed, numRuns: runs, endOnFailure: true },
  );
  return counts;
}
