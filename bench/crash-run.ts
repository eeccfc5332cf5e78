/**
 * `npm run reliability:crash [-- options]`: the crash-recovery run. Many
 * tables are played by people-like clients (bench/crash-people.ts) and
 * computer seats while the server is killed (SIGKILL) at random moments and
 * started again; then every acknowledged move is looked up in the stored
 * logs (bench/crash-check.ts), every table must still move, and every
 * client must have reconnected. With `--cluster`, two processes on
 * PostgreSQL and Redis: one is killed at a time (and started again), and
 * its clients go on through the other.
 *
 *   --kills N      kills (default 50)
 *   --tables N     tables (default 40): half two people, a quarter a person and a computer,
 *                  a quarter computers only
 *   --seed S       the run's seed: the kill times, moves and think times (default 1)
 *   --between A,B  milliseconds from a server being up to its kill, drawn from A to B (default 300,2000)
 *   --cluster      two processes on PostgreSQL and Redis (DATABASE_URL, REDIS_URL or the local defaults)
 *   --json         one JSON object instead of lines
 *
 * Bounded: every wait has a limit, and the servers are killed at the end.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Rng } from "../src/engine/rng.js";
import { api } from "../src/server/client.js";
import type { TableInfo } from "../src/server/messages.js";
import { openStorage } from "../src/server/storage.js";
import { percentile } from "./children.js";
import { checkLogs } from "./crash-check.js";
import { type Acked, Person } from "./crash-people.js";

/** The command, from this file as built (dist/bench) or as source (bench, under vitest). */
const BIN = fileURLToPath(
  new URL(
    import.meta.url.includes("/dist/bench/") ? "../../bin/cardroom.js" : "../bin/cardroom.js",
    import.meta.url,
  ),
);

export interface CrashOptions {
  readonly kills: number;
  readonly tables: number;
  readonly seed: string;
  readonly between: readonly [number, number];
  readonly cluster: boolean;
}

export interface CrashFigures {
  readonly kills: number;
  readonly tables: number;
  readonly people: number;
  readonly acked: number;
  readonly entries: number;
  readonly lost: number;
  readonly doubled: number;
  readonly broken: number;
  /** Tables being played that did not move in the 5 s after the last restart. */
  readonly stalled: number;
  readonly finished: number;
  readonly reconnects: number;
  /** People not connected at the end. */
  readonly notReconnected: number;
  readonly reconnectMs: { readonly p50: number; readonly p95: number; readonly max: number };
  readonly seconds: number;
  readonly problems: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `cardroom serve` on `port`; resolves once it listens (within 120 s). */
function serve(port: number, env: Record<string, string>, cwd: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [BIN, "serve"], {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in 120 s: ${out}`));
    }, 120_000); // a shared, busy machine starts a process slowly
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Cardroom server at")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${out.trim()}`));
    });
  });
}

function kill(child: ChildProcess | undefined, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

type SeatPlan = { kind: "open" } | { kind: "computer"; level: string };

/** The run's tables: half two people, a quarter a person and a computer, a quarter computers only. */
function plans(n: number): { game: string; seats: SeatPlan[]; options: object }[] {
  const open: SeatPlan = { kind: "open" };
  const bot: SeatPlan = { kind: "computer", level: "random" };
  const games = ["crazy-eights", "gin-rummy", "cribbage", "roy"];
  return Array.from({ length: n }, (_, i) => {
    const game = games[i % games.length];
    if (i % 4 === 3) return { game: "crazy-eights", seats: [bot, bot], options: { target: 300 } };
    return { game, seats: i % 4 === 2 ? [open, bot] : [open, open], options: {} };
  });
}

export async function crashRun(o: CrashOptions): Promise<CrashFigures> {
  const began = performance.now();
  const rng = Rng.fromSeed(o.seed);
  const dir = mkdtempSync(join(tmpdir(), "cardroom-crash-"));
  const run = `crash_${process.pid}_${randomBytes(4).toString("hex")}`;
  const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const databaseUrl = o.cluster
    ? `${base}${base.includes("?") ? "&" : "?"}options=-c%20search_path%3D${run}`
    : join(dir, "cardroom.sqlite");
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, GRACE_SECONDS: "30" };
  if (o.cluster)
    Object.assign(env, { REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379", REDIS_PREFIX: run });
  const admin = o.cluster ? new (await import("pg")).default.Client({ connectionString: base }) : undefined;
  const ports = await Promise.all((o.cluster ? [0, 1] : [0]).map(() => freePort()));
  const urls = ports.map((p) => `http://127.0.0.1:${p}`);
  const servers: (ChildProcess | undefined)[] = [];
  const people: Person[] = [];
  const acked: Acked[] = [];
  const tables: string[] = [];
  let upSince = 0;
  try {
    if (admin) {
      await admin.connect();
      await admin.query(`create schema ${run}`);
    }
    for (const [i, port] of ports.entries()) servers[i] = await serve(port, env, dir);
    for (const plan of plans(o.tables)) {
      const info = await api<TableInfo>(urls[0], "/api/tables", plan);
      tables.push(info.id);
      for (const [seat, s] of plan.seats.entries()) {
        if (s.kind !== "open") continue;
        const own = seat % urls.length;
        const guest = await api<{ token: string }>(urls[own], "/api/guests", { name: `P${seat}` });
        const { secret } = await api<{ secret: string }>(urls[own], `/api/tables/${info.id}/seats/${seat}`, {
          token: guest.token,
        });
        const mine = [...urls.slice(own), ...urls.slice(0, own)];
        people.push(
          new Person(
            info.id,
            seat,
            secret,
            () => mine,
            acked,
            Rng.fromSeed(`${o.seed}:${info.id}:${seat}`),
            () => upSince,
          ),
        );
      }
    }
    const playing = people.map((p) => p.run());
    for (let i = 0; i < 600 && people.some((p) => !p.connected); i++) await sleep(50);

    for (let k = 0; k < o.kills; k++) {
      await sleep(o.between[0] + rng.int(o.between[1] - o.between[0] + 1));
      const which = o.cluster ? k % 2 : 0;
      await kill(servers[which]);
      // One process: the clients are back once it is up again. Two: the other is up already.
      if (o.cluster) upSince = performance.now();
      servers[which] = await serve(ports[which], env, dir);
      if (!o.cluster) upSince = performance.now();
    }

    // Every client back, then every table being played must move.
    for (let i = 0; i < 600 && people.some((p) => !p.connected && !p.over); i++) await sleep(50);
    const notReconnected = people.filter((p) => !p.connected && !p.over).length;
    const before = await Promise.all(tables.map((id) => api<TableInfo>(urls[0], `/api/tables/${id}`)));
    await sleep(5000);
    const after = await Promise.all(tables.map((id) => api<TableInfo>(urls[0], `/api/tables/${id}`)));
    const stuck = after.filter((t, i) => t.status === "playing" && t.seq === before[i].seq);
    // What each process says of a table that did not move (two processes: a stale copy on one is a fault too).
    const stalledLines = await Promise.all(
      stuck.map(async (t) => {
        const plan = plans(o.tables)[tables.indexOf(t.id)];
        const seen = await Promise.all(
          urls.map((u) =>
            api<TableInfo>(u, `/api/tables/${t.id}`).then(
              (x) => `event ${x.seq}`,
              (e: unknown) => String(e),
            ),
          ),
        );
        return `table ${t.id} (${plan.game}; ${plan.seats.map((x) => x.kind).join(", ")}) did not move in 5 s: ${seen.join(" / ")}`;
      }),
    );

    people.forEach((p) => p.stop());
    await Promise.all(playing);
    await Promise.all(servers.map((s) => kill(s, "SIGTERM")));
    const storage = await openStorage(databaseUrl);
    const check = await checkLogs(storage, tables, acked).finally(() => storage.close());
    const times = people.flatMap((p) => p.reconnects).sort((a, b) => a - b);
    const ms = (x: number) => Math.round(x);
    return {
      kills: o.kills,
      tables: tables.length,
      people: people.length,
      acked: check.acked,
      entries: check.entries,
      lost: check.lost,
      doubled: check.doubled,
      broken: check.broken,
      stalled: stuck.length,
      finished: check.finished,
      reconnects: times.length,
      notReconnected,
      reconnectMs: {
        p50: ms(percentile(times, 0.5)),
        p95: ms(percentile(times, 0.95)),
        max: ms(times.at(-1) ?? 0),
      },
      seconds: Math.round((performance.now() - began) / 1000),
      problems: [...stalledLines, ...check.problems],
    };
  } finally {
    people.forEach((p) => p.stop());
    await Promise.all(servers.map((s) => kill(s)));
    if (admin) {
      await admin.query(`drop schema if exists ${run} cascade`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

function parseArgs(argv: readonly string[]): CrashOptions & { json: boolean } {
  const o = {
    kills: 50,
    tables: 40,
    seed: "1",
    between: [300, 2000] as [number, number],
    cluster: false,
    json: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const whole = (v: string, min: number, max: number): number => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max)
        throw new Error(`${a}: a whole number from ${min} to ${max}, not ${v}`);
      return n;
    };
    if (a === "--kills") o.kills = whole(value(), 1, 10_000);
    else if (a === "--tables") o.tables = whole(value(), 1, 2000);
    else if (a === "--seed") o.seed = value();
    else if (a === "--between") {
      const [lo, hi] = value()
        .split(",")
        .map((x) => whole(x, 0, 600_000));
      if (hi === undefined || hi < lo) throw new Error("--between: two numbers A,B with A <= B");
      o.between = [lo, hi];
    } else if (a === "--cluster") o.cluster = true;
    else if (a === "--json") o.json = true;
    else throw new Error(`unknown option ${a} (see the top of bench/crash-run.ts)`);
  }
  return o;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let o: ReturnType<typeof parseArgs>;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`crash run: ${(e as Error).message}`);
    process.exit(2);
  }
  crashRun(o).then(
    (f) => {
      if (o.json) console.log(JSON.stringify(f));
      else {
        console.log(
          `${o.cluster ? "two processes, PostgreSQL and Redis" : "one process, SQLite"}, seed ${o.seed}`,
        );
        console.log(`kills ${f.kills}, tables ${f.tables} (${f.finished} finished), people ${f.people}`);
        console.log(
          `acknowledged ${f.acked} of ${f.entries} stored entries: lost ${f.lost}, doubled ${f.doubled}, logs not replaying ${f.broken}`,
        );
        console.log(
          `tables not moving after the last restart: ${f.stalled}; people not reconnected: ${f.notReconnected}`,
        );
        console.log(
          `reconnects ${f.reconnects}: p50 ${f.reconnectMs.p50} ms, p95 ${f.reconnectMs.p95} ms, max ${f.reconnectMs.max} ms`,
        );
        console.log(`${f.seconds} s`);
        for (const p of f.problems) console.log(`  ${p}`);
      }
      const bad = f.lost + f.doubled + f.broken + f.stalled + f.notReconnected;
      process.exit(bad ? 1 : 0);
    },
    (e: unknown) => {
      console.error(`crash run: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
