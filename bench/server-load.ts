/**
 * `npm run bench:server [-- options]`: the server's load benchmark. The
 * server runs in its own process(es) (bench/server-process.ts); the
 * simulated people run in processes of their own (this file again, with
 * `--people`, each holding at most 5,000 tables: a process may open 20,000
 * files on this machine): two per table, each on its own WebSocket over
 * loopback, playing real games at a set total rate of moves.
 * It reports tables, connections, moves per second, the time from a move
 * sent to every seat's update received (p50/p99/max), the server's CPU
 * time per move, its memory (RSS and heap after a full collection) and the
 * tables it holds (being played + finished), the bytes sent per move, the
 * database's and Redis's work, how busy the machine was, and the longest
 * event-loop stall of the servers and of the people.
 *
 *   --tables N      tables (two people each; default 200, at most 10,000; one server process
 *                   holds at most about 9,980 here, with 20,000 open files a process)
 *   --rate R        moves a second over all tables (default 200); several: --rate 100,200,400
 *   --seconds S     measured seconds per rate (default 10, at most 120)
 *   --game ID       the game (default crazy-eights)
 *   --option K=V    a table option, as `cardroom play` takes it (several: repeat it), e.g.
 *                   `--option target=10` for short Crazy Eights matches, so that many end in a run
 *   --cluster       two server processes on PostgreSQL and Redis (DATABASE_URL, REDIS_URL or the
 *                   local defaults), seat 0 of each table on one, seat 1 on the other
 *   --server-node A Node options for the server processes, space-separated ("--trace-gc" to see
 *                   their collections)
 *   --people-nice N the simulated people's processes at this niceness (0 to 19, default 0): at 10
 *                   they yield the cores to the servers, PostgreSQL and Redis, as people on
 *                   machines of their own would
 *   --profile DIR   a CPU profile of each server process over each measured window, written to
 *                   DIR/server-P-RATE.cpuprofile (open it in Chrome's DevTools)
 *   --windows N     measure each rate N windows in a row (default 1), each with its own line; with
 *                   several, the servers' memory growth from the end of the first (the warm-up)
 *                   to the last is printed at the end: the soak (npm run reliability:soak)
 *   --heap-snapshots DIR  after each window's full collection, each server writes a heap snapshot to
 *                   DIR/server-P-window-W.heapsnapshot (outside the measured window; open two in
 *                   Chrome's DevTools, Memory, "Comparison", to see what a soak's heap kept)
 *   --warm-up       before the N windows, windows of warm-up (at most 30) until nine tables in
 *                   ten have played a match to their end: the tables start together, so until then
 *                   their logs (kept in memory for the length of a match) all grow at once; the
 *                   soak's growth is counted from the end of the warm-up
 *   --again         at a match's end both people ask to play again and go on at the new table, so
 *                   the tables keep moving however long the run
 *
 * Bounded: everything is stopped after the last rate, and on any failure.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
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
import { busyPercent, machineTicks, servicesMs } from "./machine.js";

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
function count(name: string, fallback: number, max: number, min = 1): number {
  const text = arg(name);
  const n = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`${name} must be a whole number from ${min} to ${max}, got ${text}`);
    process.exit(2);
  }
  return n;
}
const TABLES = count("--tables", 200, 10_000);
const SECONDS = count("--seconds", 10, 120);
const RATES = (arg("--rate") ?? "200").split(",").map((r) => {
  const n = Number(r);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) {
    console.error(`--rate must be whole numbers from 1 to 100000, got ${r}`);
    process.exit(2);
  }
  return n;
});
const GAME = arg("--game") ?? "crazy-eights";
/** --option K=V, each: numbers and true/false as such, the rest as text (the server checks them). */
const OPTIONS: Record<string, number | boolean | string> = {};
for (let i = 0; i < args.length; i++) {
  if (args[i] !== "--option") continue;
  const m = /^([A-Za-z][A-Za-z0-9]*)=(.+)$/.exec(args[i + 1] ?? "");
  if (!m) {
    console.error(`--option must be K=V, got ${args[i + 1]}`);
    process.exit(2);
  }
  const v = m[2];
  OPTIONS[m[1]] = v === "true" ? true : v === "false" ? false : Number.isFinite(Number(v)) ? Number(v) : v;
}
const CLUSTER = args.includes("--cluster");
const SERVER_NODE = (arg("--server-node") ?? "").split(" ").filter(Boolean);
const PROFILE = arg("--profile");
const HEAP_SNAPSHOTS = arg("--heap-snapshots");
const PEOPLE_NICE = count("--people-nice", 0, 19, 0);
const WINDOWS = count("--windows", 1, 1000);
const WARM_UP = args.includes("--warm-up");
/** --warm-up goes on at most this many windows (then the soak says so). */
const WARM_UP_MAX = 30;
/** --warm-up ends once this share of the tables has played a match to its end (the slowest match of hundreds runs long). */
const WARM_UP_THROUGH = 0.9;
const AGAIN = args.includes("--again");
/** --again, in a people process: told by its config (its own arguments are `--people CONFIG`). */
let playingAgain = false;

// ---- Server processes ----

type ServerMessage =
  | { type: "ready"; url: string }
  | { type: "profiled" }
  | { type: "stats"; cpu: { user: number; system: number }; rss: number; heap: number; stall: number }
  | {
      type: "memory";
      rss: number;
      heap: number;
      /** The tables the server holds in memory: being played, and finished (watched or just used). */
      held: { playing: number; finished: number };
    };
type Stats = Extract<ServerMessage, { type: "stats" }>;
type Memory = Extract<ServerMessage, { type: "memory" }>;

interface Server {
  readonly child: Child<ServerMessage>;
  readonly url: string;
}

const SERVER_JS = fileURLToPath(new URL("./server-process.js", import.meta.url));

/**
 * Node's options as SCALING.md advises for thousands of tables, for the servers and the people's
 * processes alike (each holds thousands of connections): a young generation of 64 MiB (an update's
 * garbage dies young instead of being promoted and collected by the old generation's longer pauses),
 * and no memory reducer (its compacting collections held the thread 280 ms).
 */
const MANY_CONNECTIONS = ["--max-semi-space-size=64", "--no-memory-reducer"];

async function startServerProcess(config: Record<string, string>): Promise<Server> {
  const { child, ready } = await startChild<ServerMessage>(
    SERVER_JS,
    [JSON.stringify(config)],
    // --expose-gc: the memory figures are read after a full collection (see `memoryOf`).
    [...process.execArgv, ...MANY_CONNECTIONS, "--expose-gc", ...SERVER_NODE],
    // Two minutes: on a machine shared by many, a server's start took over 30 s.
    120_000,
  );
  return { child, url: ready.url };
}

const statsOf = (s: Server): Promise<Stats> => ask(s.child, "stats", "stats", 10_000);
/**
 * The server's RSS and heap after a full collection, asked once a window's figures are in (the
 * collection's pause and CPU are outside the measured window): what the server keeps, not its garbage.
 */
const memoryOf = (s: Server, snapshot?: string): Promise<Memory> =>
  ask(s.child, snapshot ? { type: "memory", snapshot } : "memory", "memory", snapshot ? 300_000 : 30_000);
/** Starts a server's profiler, or stops it and writes its profile to `file`. */
const profile = async (s: Server, file?: string): Promise<void> => {
  await ask(s.child, { type: "profile", file }, "profiled", 60_000);
};
const stop = (s: Server): Promise<void> => stopChild(s.child, "stop");

// ---- The simulated people ----

interface Update {
  type: "update";
  table: string;
  seq: number;
  legal: Record<string, unknown>[];
  status: { toAct: number[]; handOver: boolean; matchOver: boolean; hand: number };
}

interface SeatClient {
  readonly ws: WebSocket;
  readonly secret: string;
  /** The table this seat plays at now (a new one after each "play again"). */
  table: string;
  askedAgain: boolean;
  seq: number;
  legal: Record<string, unknown>[];
  status: Update["status"] | null;
}

interface LiveTable {
  readonly id: string;
  readonly seats: SeatClient[];
  /** The move in flight: when it was sent, the event number before it, the seats still to hear of it. */
  pending: { t0: number; before: number; waiting: Set<number> } | null;
  queued: boolean;
  /** Matches played to their end here (the table moving on to a new one at each "play again"). */
  ended: number;
}

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(path, url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function inBatches<T>(n: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += batch)
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, k) => make(i + k)))));
  return out;
}

const latencies: number[] = [];
/** Matches seen to their end (by seat 0's updates), over the whole run. */
let matchesEnded = 0;
let bytesIn = 0;
let moves = 0;
let refused = 0;
const queue: LiveTable[] = [];

function connect(url: string, table: LiveTable, seat: number, secret: string): Promise<SeatClient> {
  const ws = new WebSocket(new URL("/ws", url.replace(/^http/, "ws")));
  const c: SeatClient = { ws, secret, table: table.id, askedAgain: false, seq: 0, legal: [], status: null };
  return new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.on("message", (data: Buffer) => {
      bytesIn += data.length;
      const m = JSON.parse(data.toString("utf8")) as { type: string } & Partial<Update>;
      if (m.type === "update") {
        const u = m as Update;
        if (playingAgain && playAgain(c, u, seat)) return;
        if (u.seq < c.seq) return;
        c.seq = u.seq;
        c.legal = u.legal;
        if (seat === 0 && u.status.matchOver && !c.status?.matchOver) {
          matchesEnded++;
          table.ended++;
        }
        c.status = u.status;
        if (c.status && table.seats.length === 2 && !table.pending) enqueue(table);
        const p = table.pending;
        if (p && u.seq > p.before) {
          p.waiting.delete(seat);
          if (p.waiting.size === 0) {
            latencies.push(performance.now() - p.t0);
            table.pending = null;
            enqueue(table);
          }
        }
        resolve(c);
      } else if (m.type === "error") {
        refused++;
        table.pending = null;
        enqueue(table);
      }
    });
    ws.once("open", () => ws.send(JSON.stringify({ type: "watch", table: table.id, as: { seat, secret } })));
  });
}

/**
 * --again: at the match's end the seat asks to play again; once the new table is named, it watches
 * it with the same secret (true: this update was the old table's and is not played on).
 */
function playAgain(c: SeatClient, u: Update, seat: number): boolean {
  const next = (u as { info?: { againId?: string | null } }).info?.againId;
  if (u.table !== c.table) return true;
  if (next && next !== c.table) {
    c.table = next;
    c.seq = 0;
    c.askedAgain = false;
    c.ws.send(JSON.stringify({ type: "watch", table: next, as: { seat, secret: c.secret } }));
    return true;
  }
  if (u.status.matchOver && !c.askedAgain) {
    c.askedAgain = true;
    c.ws.send(JSON.stringify({ type: "again" }));
  }
  return false;
}

function enqueue(t: LiveTable): void {
  if (t.queued || t.pending) return;
  const s = t.seats[0]?.status;
  if (!s || s.matchOver) return;
  t.queued = true;
  queue.push(t);
}

let pick = 12345;
const random = (n: number): number => {
  pick = (pick * 1103515245 + 12345) & 0x7fffffff;
  return pick % n;
};

/** The table's next move, from the seats' latest updates (both at the same event number). */
function moveOf(t: LiveTable): void {
  t.queued = false;
  const [a, b] = t.seats;
  if (a.seq !== b.seq || t.pending) return;
  const s = a.status!;
  if (s.matchOver) return;
  const mover = s.handOver ? 0 : t.seats.findIndex((c) => c.legal.length > 0);
  if (mover < 0) return;
  const c = t.seats[mover];
  let m: unknown;
  if (s.handOver) m = { type: "next", hand: s.hand };
  else {
    const plays = c.legal.filter((x) => "card" in x);
    const from = plays.length && random(4) > 0 ? plays : c.legal;
    m = { type: "move", move: from[random(from.length)] };
  }
  t.pending = { t0: performance.now(), before: a.seq, waiting: new Set([0, 1]) };
  moves++;
  c.ws.send(JSON.stringify(m));
}

interface Counters {
  read(): Promise<{ writes: number; reads: number; redis: number }>;
  close(): Promise<void>;
}

/**
 * What the database and Redis did: log entries written (rows in log_entry),
 * index and table scans (PostgreSQL's statistics for the run's schema,
 * flushed about every half second), and messages on the run's Redis channel.
 */
async function countersFor(
  where: { sqlite: string } | { pg: string; schema: string },
  channel: string,
): Promise<Counters> {
  if ("sqlite" in where) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(where.sqlite, { readonly: true, fileMustExist: true });
    const q = db.prepare("select count(*) as n from log_entry");
    return {
      read: async () => ({ writes: (q.get() as { n: number }).n, reads: 0, redis: 0 }),
      close: async () => {
        db.close();
      },
    };
  }
  const { default: pg } = await import("pg");
  const { Redis } = await import("ioredis");
  const client = new pg.Client({ connectionString: where.pg });
  await client.connect();
  const sub = new Redis(process.env.REDIS_URL || "redis://127.0.0.1:6379");
  let redis = 0;
  await sub.subscribe(channel);
  sub.on("message", () => redis++);
  return {
    read: async () => {
      await new Promise((r) => setTimeout(r, 600)); // the statistics collector's delay
      const r = await client.query<{ ins: string; scans: string }>(
        "select sum(n_tup_ins + n_tup_upd) as ins, sum(coalesce(idx_scan, 0) + coalesce(seq_scan, 0)) as scans from pg_stat_user_tables where schemaname = $1",
        [where.schema],
      );
      return { writes: Number(r.rows[0].ins), reads: Number(r.rows[0].scans), redis };
    },
    close: async () => {
      sub.disconnect();
      await client.end();
    },
  };
}

/** What a people process tells the benchmark. */
type PeopleMessage =
  | { type: "ready" }
  | {
      type: "report";
      latencies: number[];
      moves: number;
      bytesIn: number;
      refused: number;
      cpu: number;
      /** The people process's own longest event-loop stall, ms: a late update may be its lateness. */
      stall: number;
      /** Matches this process's tables played to their end since it started. */
      finished: number;
      /** This process's tables that have played at least one match to its end. */
      through: number;
    };

interface PeopleConfig {
  readonly urls: readonly string[];
  readonly tables: number;
  readonly game: string;
  readonly options: Record<string, number | boolean | string>;
  readonly first: number;
  /** --again: at a match's end both people play again at a new table. */
  readonly again: boolean;
}

/** A people process: sets up its tables, then plays at the rate it is told, and reports. */
async function people(cfg: PeopleConfig): Promise<void> {
  playingAgain = cfg.again;
  const servers = cfg.urls;
  const tables: LiveTable[] = [];
  const guests = await inBatches(2, 2, (i) =>
    post<{ token: string }>(servers[i % servers.length], "/api/guests", { name: `load${cfg.first + i}` }),
  );
  // Ten at a time: fifty at once failed to connect on the shared machine (load average 25).
  await inBatches(cfg.tables, 10, async (i) => {
    const info = await post<{ id: string }>(servers[0], "/api/tables", {
      game: cfg.game,
      options: cfg.options,
      seats: [{ kind: "open" }, { kind: "open" }],
    });
    const secrets = await Promise.all(
      [0, 1].map((seat) =>
        post<{ secret: string }>(servers[seat % servers.length], `/api/tables/${info.id}/seats/${seat}`, {
          token: guests[seat].token,
        }).then((r) => r.secret),
      ),
    );
    const t: LiveTable = { id: info.id, seats: [], pending: null, queued: false, ended: 0 };
    tables[i] = t;
    const seats = await Promise.all(
      [0, 1].map((seat) => connect(servers[seat % servers.length], t, seat, secrets[seat])),
    );
    t.seats.push(...seats);
    enqueue(t);
  });
  let mark = { moves: 0, bytesIn: 0, refused: 0, cpu: process.cpuUsage() };
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  obey(queue, moveOf, {
    mark: () => {
      latencies.length = 0;
      mark = { moves, bytesIn, refused, cpu: process.cpuUsage() };
      stalls.reset();
    },
    report: () => {
      const cpu = process.cpuUsage(mark.cpu);
      return {
        latencies: [...latencies],
        moves: moves - mark.moves,
        bytesIn: bytesIn - mark.bytesIn,
        refused: refused - mark.refused,
        cpu: cpu.user + cpu.system,
        stall: stalls.max / 1e6,
        finished: matchesEnded,
        through: tables.filter((t) => t.ended > 0).length,
      };
    },
    close: () => {
      for (const t of tables) for (const c of t?.seats ?? []) c.ws.terminate();
    },
  });
}

type People = Child<PeopleMessage>;

async function startPeople(cfg: PeopleConfig): Promise<People> {
  const script = fileURLToPath(import.meta.url);
  const { child } = await startChild<PeopleMessage>(
    script,
    ["--people", JSON.stringify(cfg)],
    MANY_CONNECTIONS,
    600_000,
  );
  if (PEOPLE_NICE && child.process.pid !== undefined) os.setPriority(child.process.pid, PEOPLE_NICE);
  return child;
}

const stopPeople = (p: People): Promise<void> => stopChild(p, { type: "stop" } satisfies PeopleCommand);

/** Tables a people process holds at most: 10,000 sockets, half its open files. */
const TABLES_PER_PEOPLE = 5000;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(os.tmpdir(), "cardroom-load-"));
  const servers: Server[] = [];
  const run = `load_${randomBytes(4).toString("hex")}`;
  const pgBase = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
  let dropSchema: (() => Promise<void>) | null = null;
  const crowd: People[] = [];
  let finished = 0;
  try {
    if (CLUSTER) {
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(`create schema ${run}`);
      dropSchema = async () => {
        await admin.query(`drop schema if exists ${run} cascade`);
        await admin.end();
      };
      const cfg = {
        databaseUrl: `${pgBase}${pgBase.includes("?") ? "&" : "?"}options=-c%20search_path%3D${run}`,
        redisUrl: process.env.REDIS_URL || "redis://127.0.0.1:6379",
        redisPrefix: `cardroom-${run}`,
      };
      servers.push(await startServerProcess(cfg));
      servers.push(await startServerProcess(cfg));
    } else {
      servers.push(await startServerProcess({ databaseUrl: join(dir, "load.sqlite") }));
    }
    const counters = await countersFor(
      CLUSTER ? { pg: pgBase, schema: run } : { sqlite: join(dir, "load.sqlite") },
      `cardroom-${run}:tables`,
    );
    const where = CLUSTER ? "2 processes, PostgreSQL + Redis" : "1 process, SQLite";
    const nice = PEOPLE_NICE ? ` · people at nice ${PEOPLE_NICE}` : "";
    console.log(
      `cardroom server load · ${new Date().toISOString().slice(0, 16)} · node ${process.version} · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}) · ${where} · ${GAME}${Object.entries(
        OPTIONS,
      )
        .map(([k, v]) => ` ${k}=${v}`)
        .join("")}${nice}`,
    );

    // Set-up (not measured): tables, two guests each, seated, connected, by the people processes.
    const setupStart = performance.now();
    const groups = Math.ceil(TABLES / TABLES_PER_PEOPLE);
    const starting: Promise<People>[] = [];
    for (let g = 0; g < groups; g++) {
      const first = Math.floor((g * TABLES) / groups);
      const next = Math.floor(((g + 1) * TABLES) / groups);
      starting.push(
        startPeople({
          urls: servers.map((x) => x.url),
          tables: next - first,
          game: GAME,
          options: OPTIONS,
          first,
          again: AGAIN,
        }),
      );
    }
    crowd.push(...(await Promise.all(starting)));
    console.log(
      `set-up: ${TABLES} tables, ${TABLES * 2} connections in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`,
    );
    console.log(
      "rate/s  moves/s  p50 ms  p99 ms  max ms  server CPU/move  server RSS  server heap  tables held  bytes out/move  db writes/move  db reads/move  Redis msgs/move  refused  clients' CPU/move  PostgreSQL+Redis CPU  machine busy  longest stall: server, clients",
    );

    /** Each window's servers' memory and p99 (for the soak's summary); `warm`: a window of the warm-up. */
    const windows: { rss: number; heap: number; p99: number; refused: number; warm: boolean }[] = [];
    let warming = WARM_UP;
    for (const rate of RATES)
      // With --warm-up, the windows of the warm-up first, then WINDOWS measured ones.
      for (let w = 0; w < WINDOWS;) {
        // A second's warm-up at this rate, then the measured window.
        for (const p of crowd) p.tell({ type: "rate", rate: rate / crowd.length });
        await new Promise((r) => setTimeout(r, 1000));
        for (const p of crowd) p.tell({ type: "mark" });
        if (PROFILE) await Promise.all(servers.map((s) => profile(s)));
        const before = await Promise.all(servers.map(statsOf));
        const m0 = machineTicks();
        const c0 = await counters.read();
        const t0 = performance.now();
        await new Promise((r) => setTimeout(r, SECONDS * 1000));
        const after = await Promise.all(servers.map(statsOf));
        const m1 = machineTicks();
        if (PROFILE) {
          mkdirSync(PROFILE, { recursive: true });
          await Promise.all(
            servers.map((s, i) => profile(s, resolve(PROFILE, `server-${i}-${rate}.cpuprofile`))),
          );
        }
        const c1 = await counters.read();
        const reports = await Promise.all(
          crowd.map((p) => ask(p, { type: "report" } satisfies PeopleCommand, "report", 60_000)),
        );
        const seconds = (performance.now() - t0) / 1000;
        if (HEAP_SNAPSHOTS) mkdirSync(HEAP_SNAPSHOTS, { recursive: true });
        const kept = await Promise.all(
          servers.map((s, i) =>
            memoryOf(
              s,
              HEAP_SNAPSHOTS &&
                resolve(HEAP_SNAPSHOTS, `server-${i}-window-${windows.length + 1}.heapsnapshot`),
            ),
          ),
        );
        const latencies = reports.flatMap((r) => r.latencies);
        const made = reports.reduce((n, r) => n + r.moves, 0);
        const bytes = reports.reduce((n, r) => n + r.bytesIn, 0);
        const turnedDown = reports.reduce((n, r) => n + r.refused, 0);
        const clientsCpu = reports.reduce((n, r) => n + r.cpu, 0);
        finished = reports.reduce((n, r) => n + r.finished, 0);
        const through = reports.reduce((n, r) => n + r.through, 0);
        const warm = warming;
        const done = latencies.length;
        const cpu = after.reduce(
          (sum, s, i) => sum + (s.cpu.user + s.cpu.system - before[i].cpu.user - before[i].cpu.system),
          0,
        );
        const sorted = [...latencies].sort((x, y) => x - y);
        const rss = kept.map((s) => mib(s.rss)).join(" + ");
        const heapNow = kept.map((s) => mib(s.heap)).join(" + ");
        windows.push({
          rss: kept.reduce((n, s) => n + s.rss, 0),
          heap: kept.reduce((n, s) => n + s.heap, 0),
          p99: percentile(sorted, 99),
          refused: turnedDown,
          warm,
        });
        console.log(
          [
            String(rate).padStart(6),
            (done / seconds).toFixed(0).padStart(8),
            percentile(sorted, 50).toFixed(1).padStart(7),
            percentile(sorted, 99).toFixed(1).padStart(7),
            (sorted[sorted.length - 1] ?? NaN).toFixed(1).padStart(7),
            `${(cpu / 1000 / Math.max(1, made)).toFixed(2)} ms`.padStart(16),
            rss.padStart(11),
            heapNow.padStart(12),
            kept
              .map((s) => `${s.held.playing}+${s.held.finished}`)
              .join(" + ")
              .padStart(12),
            (bytes / Math.max(1, made)).toFixed(0).padStart(15),
            ((c1.writes - c0.writes) / Math.max(1, made)).toFixed(2).padStart(15),
            (CLUSTER ? ((c1.reads - c0.reads) / Math.max(1, made)).toFixed(2) : "-").padStart(14),
            (CLUSTER ? ((c1.redis - c0.redis) / Math.max(1, made)).toFixed(2) : "-").padStart(16),
            String(turnedDown).padStart(8),
            `${(clientsCpu / 1000 / Math.max(1, made)).toFixed(2)} ms`.padStart(18),
            (CLUSTER && m0 && m1
              ? `${(servicesMs(m0, m1) / Math.max(1, made)).toFixed(2)} ms`
              : "-"
            ).padStart(21),
            (m0 && m1 ? `${busyPercent(m0, m1).toFixed(0)}%` : "-").padStart(13),
            `${after.map((s) => s.stall.toFixed(0)).join(" + ")} ms, ${Math.max(...reports.map((r) => r.stall)).toFixed(0)} ms`.padStart(
              30,
            ),
          ].join(" "),
        );
        if (warm) {
          const enough = through >= WARM_UP_THROUGH * TABLES;
          warming = !enough && windows.length < WARM_UP_MAX;
          console.log(
            `        warm-up: ${through} of ${TABLES} tables have played a match to its end${warming ? "" : !enough ? `; not nine in ten in ${WARM_UP_MAX} windows, measured on from here` : "; measured from here"}`,
          );
        }
        if (!warm) w++;
        // Let the moves in flight land before the next rate.
        await new Promise((r) => setTimeout(r, 500));
      }
    const measured = windows.filter((x) => !x.warm);
    if (measured.length > 1 || (WARM_UP && measured.length)) {
      // Memory grows while the tables fill: the first window (or, with --warm-up, the warm-up) is the
      // warm-up, from whose end memory should stay flat.
      const warmed = windows.filter((x) => x.warm);
      const first = warmed.at(-1) ?? measured[0];
      const last = windows[windows.length - 1];
      const growth = (a: number, b: number) => `${(((b - a) / a) * 100).toFixed(1)}%`;
      const p99s = (warmed.length ? measured : measured.slice(1)).map((x) => x.p99);
      const whence = warmed.length
        ? `${measured.length} windows of ${SECONDS} s after a warm-up of ${warmed.length}; from the end of the warm-up`
        : `${windows.length} windows of ${SECONDS} s; from the end of the first`;
      console.log(
        `soak: ${whence} to the last: RSS ${mib(first.rss)} to ${mib(last.rss)} (${growth(first.rss, last.rss)}), heap ${mib(first.heap)} to ${mib(last.heap)} (${growth(first.heap, last.heap)}); p99 after it ${Math.min(...p99s).toFixed(1)} to ${Math.max(...p99s).toFixed(1)} ms; refused ${measured.reduce((n, x) => n + x.refused, 0)} (${windows.reduce((n, x) => n + x.refused, 0)} with the warm-up)`,
      );
    }
    const heap = (await Promise.all(servers.map((s) => memoryOf(s)))).map((s) => mib(s.heap)).join(" + ");
    console.log(`server heap at the end: ${heap}; matches finished meanwhile: ${finished}`);
    await counters.close();
  } finally {
    await Promise.all(crowd.map(stopPeople));
    await Promise.all(servers.map(stop));
    await dropSchema?.().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

const peopleAt = args.indexOf("--people");
(peopleAt >= 0 ? people(JSON.parse(args[peopleAt + 1]) as PeopleConfig) : main()).then(
  // A people process plays on until told to stop; the benchmark exits when done.
  () => (peopleAt >= 0 ? undefined : process.exit(0)),
  (e: unknown) => {
    const text = e instanceof Error ? e.message : String(e);
    const hint = /EMFILE/.test(text) ? " (too many open files: fewer --tables, or a higher `ulimit -n`)" : "";
    console.error(`bench:server: ${text}${hint}`);
    process.exit(1);
  },
);
