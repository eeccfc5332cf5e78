/**
 * `npm run bench:transport [-- options]`: the realtime channel's two
 * candidates side by side, carrying the game server's traffic. WebSocket
 * through @fastify/websocket (the `ws` library: what `cardroom serve` uses)
 * and socket.io (its WebSocket transport, as a browser ends up on it), each
 * on a fastify server in a process of its own, with the simulated people in
 * another: two per table, each on its own connection. A seat sends a move;
 * the server answers the mover and sends both seats an update as large as
 * the real server's on most moves (a Crazy Eights update built by the
 * engine: events, view, legal moves, status; the table's information rides
 * only on the updates where it changed, SERVER.md). The server does no game work, so what differs
 * is the channel's own cost. Reported per transport: the time from a move
 * sent to both seats' updates received (p50/p99/max), the server's CPU per
 * move, its memory per connection, and the bytes on the wire per move.
 *
 *   --tables N    tables (two connections each; default 2,000, at most 9,900)
 *   --rate R      moves a second over all tables (default 1,000)
 *   --seconds S   measured seconds per transport (default 20, at most 120)
 */
import os from "node:os";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import websocket from "@fastify/websocket";
import { Server as SocketIoServer } from "socket.io";
import { io as socketIoClient, type Socket as SocketIoSocket } from "socket.io-client";
import WebSocket from "ws";
import { Table } from "../src/engine/table.js";
import { GAMES } from "../src/games/index.js";
import {
  type Child,
  ask,
  mib,
  percentile,
  obey,
  type PeopleCommand,
  startChild,
  stopChild,
} from "./children.js";

const TRANSPORTS = ["ws", "socket.io"] as const;
type Transport = (typeof TRANSPORTS)[number];

/** A seat's message to the server: watch its table (once), then moves. */
type Inbound = { type: "watch"; table: number; seat: number } | { type: "move"; table: number };

/** The updates the two seats get after each move, as the real server builds them (seq set per move). */
function realUpdates(): Record<string, unknown>[] {
  const game = GAMES.find((g) => g.id === "crazy-eights")!;
  const started = Table.start(game, { players: 2, seed: "transport" });
  if (!started.ok) throw new Error(started.error.message);
  const t = started.value;
  // A few moves in, as an update mid-hand carries.
  for (let i = 0; i < 6 && !t.state.handOver; i++) {
    const seat = t.status().toAct[0];
    t.play(seat, t.legal(seat)[0]);
  }
  return [0, 1].map((seat) => ({
    type: "update",
    events: t.eventsFor(seat, t.seq - 2),
    full: false,
    view: t.view(seat),
    legal: t.legalJson(seat),
    status: { ...t.status() },
  }));
}

// ---- The server process ----

type ServerMessage =
  { type: "ready"; url: string } | { type: "stats"; cpu: number; rss: number; bytesOut: number };

/** One connection, as the server sends to it. */
interface Outlet {
  send(m: Record<string, unknown>): void;
}

async function serve(transport: Transport): Promise<void> {
  const updates = realUpdates();
  const tables = new Map<number, { seq: number; seats: Outlet[] }>();
  let bytesOut = 0;
  const app = Fastify({ logger: false });

  const receive = (from: Outlet, m: Inbound): void => {
    if (m.type === "watch") {
      let t = tables.get(m.table);
      if (!t) tables.set(m.table, (t = { seq: 0, seats: [] }));
      t.seats[m.seat] = from;
      return;
    }
    const t = tables.get(m.table);
    if (!t) return;
    t.seq++;
    from.send({ type: "ok", for: "move", seq: t.seq - 1 });
    t.seats.forEach((seat, i) => seat.send({ ...updates[i], table: m.table, seq: t.seq }));
  };

  if (transport === "ws") {
    await app.register(websocket, { options: { maxPayload: 4096 } });
    app.get("/ws", { websocket: true }, (socket) => {
      const outlet: Outlet = {
        send: (m) => {
          const text = JSON.stringify(m);
          bytesOut += Buffer.byteLength(text);
          socket.send(text);
        },
      };
      socket.on("message", (data: Buffer) => receive(outlet, JSON.parse(data.toString("utf8")) as Inbound));
    });
  } else {
    const io = new SocketIoServer(app.server, { transports: ["websocket"], maxHttpBufferSize: 4096 });
    io.engine.on("connection", (raw: { on(e: "packetCreate", f: (p: { data?: unknown }) => void): void }) =>
      raw.on("packetCreate", (p) => {
        if (typeof p.data === "string") bytesOut += Buffer.byteLength(p.data);
      }),
    );
    io.on("connection", (socket) => {
      const outlet: Outlet = { send: (m) => void socket.emit("m", m) };
      socket.on("m", (m: Inbound) => receive(outlet, m));
    });
  }
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const send = (m: ServerMessage): void => void process.send?.(m);
  process.on("message", (m: unknown) => {
    if (m === "stats") {
      const cpu = process.cpuUsage();
      send({ type: "stats", cpu: cpu.user + cpu.system, rss: process.memoryUsage().rss, bytesOut });
    } else if (m === "stop") {
      void app.close().finally(() => process.exit(0));
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready", url });
}

// ---- The simulated people ----

type PeopleMessage = { type: "ready" } | { type: "report"; latencies: number[]; moves: number; cpu: number };

interface SeatLink {
  send(m: Inbound): void;
  close(): void;
}

interface PeopleTable {
  readonly id: number;
  readonly seats: SeatLink[];
  turn: number;
  /** The move in flight: when it was sent, the number it makes, the seats still to hear of it. */
  pending: { t0: number; seq: number; waiting: number } | null;
  seq: number;
}

/** One seat's connection; `onUpdate` hears each update's number. */
function link(transport: Transport, url: string, onUpdate: (seq: number) => void): Promise<SeatLink> {
  if (transport === "ws") {
    const ws = new WebSocket(new URL("/ws", url.replace(/^http/, "ws")));
    ws.on("message", (data: Buffer) => {
      const m = JSON.parse(data.toString("utf8")) as { type: string; seq: number };
      if (m.type === "update") onUpdate(m.seq);
    });
    return new Promise((resolve, reject) => {
      ws.once("error", reject);
      ws.once("open", () =>
        resolve({ send: (m) => ws.send(JSON.stringify(m)), close: () => ws.terminate() }),
      );
    });
  }
  const socket: SocketIoSocket = socketIoClient(url, { transports: ["websocket"], reconnection: false });
  socket.on("m", (m: { type: string; seq: number }) => {
    if (m.type === "update") onUpdate(m.seq);
  });
  return new Promise((resolve, reject) => {
    socket.once("connect_error", reject);
    socket.once("connect", () =>
      resolve({ send: (m) => void socket.emit("m", m), close: () => void socket.disconnect() }),
    );
  });
}

async function people(cfg: { transport: Transport; url: string; tables: number }): Promise<void> {
  const latencies: number[] = [];
  let moves = 0;
  const queue: PeopleTable[] = [];
  const tables: PeopleTable[] = [];
  const heard = (t: PeopleTable, seq: number): void => {
    const p = t.pending;
    if (!p || seq !== p.seq) return;
    if (--p.waiting > 0) return;
    latencies.push(performance.now() - p.t0);
    t.pending = null;
    queue.push(t);
  };
  for (let i = 0; i < cfg.tables; i += 100) {
    const batch = Array.from({ length: Math.min(100, cfg.tables - i) }, async (_, k) => {
      const t: PeopleTable = { id: i + k, seats: [], turn: 0, pending: null, seq: 0 };
      for (let seat = 0; seat < 2; seat++) {
        const s = await link(cfg.transport, cfg.url, (seq) => heard(t, seq));
        s.send({ type: "watch", table: t.id, seat });
        t.seats.push(s);
      }
      tables.push(t);
      queue.push(t);
    });
    await Promise.all(batch);
  }
  // The watches arrive before the first move: each connection's messages keep their order,
  // and every table's two watches were sent before any move.
  const move = (t: PeopleTable): void => {
    t.seq++;
    t.pending = { t0: performance.now(), seq: t.seq, waiting: 2 };
    moves++;
    t.seats[t.turn].send({ type: "move", table: t.id });
    t.turn ^= 1;
  };
  let mark = { moves: 0, cpu: process.cpuUsage() };
  obey(queue, move, {
    mark: () => {
      latencies.length = 0;
      mark = { moves, cpu: process.cpuUsage() };
    },
    report: () => {
      const cpu = process.cpuUsage(mark.cpu);
      return { latencies: [...latencies], moves: moves - mark.moves, cpu: cpu.user + cpu.system };
    },
    close: () => {
      for (const t of tables) for (const s of t.seats) s.close();
    },
  });
}

// ---- The benchmark ----

const args = process.argv.slice(2);
function count(name: string, fallback: number, max: number): number {
  const i = args.indexOf(name);
  const text = i >= 0 ? args[i + 1] : undefined;
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`${name} must be a whole number from 1 to ${max}, got ${text}`);
    process.exit(2);
  }
  return n;
}

async function measure(transport: Transport, tables: number, rate: number, seconds: number): Promise<string> {
  const script = fileURLToPath(import.meta.url);
  const started = await startChild<ServerMessage>(
    script,
    ["--serve", transport],
    ["--max-semi-space-size=64"],
    30_000,
  );
  const server: Child<ServerMessage> = started.child;
  let crowd: Child<PeopleMessage> | null = null;
  try {
    const empty = await ask(server, "stats", "stats", 10_000);
    const setUp = performance.now();
    const cfg = { transport, url: started.ready.url, tables };
    crowd = (await startChild<PeopleMessage>(script, ["--people", JSON.stringify(cfg)], [], 600_000)).child;
    const setUpSeconds = (performance.now() - setUp) / 1000;
    crowd.tell({ type: "rate", rate } satisfies PeopleCommand);
    await new Promise((r) => setTimeout(r, 1000));
    crowd.tell({ type: "mark" } satisfies PeopleCommand);
    const before = await ask(server, "stats", "stats", 10_000);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = await ask(server, "stats", "stats", 10_000);
    const r = await ask(crowd, { type: "report" } satisfies PeopleCommand, "report", 60_000);
    const sorted = r.latencies.sort((a, b) => a - b);
    const made = Math.max(1, r.moves);
    return [
      transport.padEnd(10),
      (r.latencies.length / seconds).toFixed(0).padStart(8),
      percentile(sorted, 50).toFixed(1).padStart(7),
      percentile(sorted, 99).toFixed(1).padStart(7),
      (sorted[sorted.length - 1] ?? NaN).toFixed(1).padStart(7),
      `${((after.cpu - before.cpu) / 1000 / made).toFixed(3)} ms`.padStart(16),
      mib(after.rss).padStart(11),
      `${((after.rss - empty.rss) / 1024 / (tables * 2)).toFixed(1)} KiB`.padStart(14),
      ((after.bytesOut - before.bytesOut) / made).toFixed(0).padStart(15),
      `${(r.cpu / 1000 / made).toFixed(3)} ms`.padStart(18),
      `${setUpSeconds.toFixed(1)} s`.padStart(8),
    ].join(" ");
  } finally {
    if (crowd) await stopChild(crowd, { type: "stop" } satisfies PeopleCommand);
    await stopChild(server, "stop");
  }
}

async function main(): Promise<void> {
  const tables = count("--tables", 2000, 9900);
  const rate = count("--rate", 1000, 100_000);
  const seconds = count("--seconds", 20, 120);
  console.log(
    `cardroom realtime transports · ${new Date().toISOString().slice(0, 16)} · node ${process.version} · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}) · ${tables} tables, ${tables * 2} connections, ${rate} moves/s for ${seconds} s each`,
  );
  console.log(
    "transport   moves/s  p50 ms  p99 ms  max ms  server CPU/move  server RSS  RSS/connection  bytes out/move  clients' CPU/move  set-up",
  );
  for (const transport of TRANSPORTS) console.log(await measure(transport, tables, rate, seconds));
}

const role = args[0];
const run =
  role === "--serve"
    ? serve(args[1] as Transport)
    : role === "--people"
      ? people(JSON.parse(args[1]) as { transport: Transport; url: string; tables: number })
      : main().then(() => process.exit(0));
run.catch((e: unknown) => {
  const text = e instanceof Error ? e.message : String(e);
  console.error(`bench:transport: ${text}`);
  process.exit(1);
});
