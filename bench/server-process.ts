/**
 * One server process for the load benchmark (bench/server-load.ts forks
 * it): `startServer` as `cardroom serve` runs it, with the per-address and
 * per-connection rate limits raised so one benchmark machine may stand in
 * for thousands of people. It reports its own CPU time, memory and longest
 * event-loop stall when asked.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { writeHeapSnapshot } from "node:v8";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startServer } from "../src/server/serve.js";

interface Config {
  readonly databaseUrl: string;
  readonly redisUrl?: string;
  readonly redisPrefix?: string;
}

const cfg = JSON.parse(process.argv[2] ?? "{}") as Config;
const server = await startServer({
  port: 0,
  host: "127.0.0.1",
  databaseUrl: cfg.databaseUrl,
  redisUrl: cfg.redisUrl,
  redisPrefix: cfg.redisPrefix,
  graceMs: 0,
  limits: { messageBytes: 4096, messagesPerSecond: 1000, requestsPerSecond: 1_000_000 },
});

const send = (m: unknown): void => {
  process.send?.(m);
};
send({ type: "ready", url: server.url });
// How long the server's one thread was held up at worst between two asks for its figures.
const stalls = monitorEventLoopDelay({ resolution: 5 });
stalls.enable();
// A CPU profile of the measured window only (bench:server --profile DIR), not of the set-up.
let profiler: Session | null = null;
async function profile(m: { type: "profile"; file?: string }): Promise<void> {
  if (!profiler) {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  } else if (m.file) {
    const taken = await profiler.post("Profiler.stop");
    writeFileSync(m.file, JSON.stringify(taken.profile));
    profiler.disconnect();
    profiler = null;
  }
  send({ type: "profiled" });
}

/**
 * The server's RSS and heap after a full collection (the server runs with --expose-gc): the heap
 * then holds what is kept, not what the young generation had not yet let go. With `snapshot`, a
 * heap snapshot of what is kept is written there too.
 */
function memory(snapshot?: string): void {
  (globalThis as { gc?: () => void }).gc?.();
  const mem = process.memoryUsage();
  if (snapshot) writeHeapSnapshot(snapshot);
  send({ type: "memory", rss: mem.rss, heap: mem.heapUsed, held: server.authority.tables.tablesHeld() });
}

process.on("message", (m: unknown) => {
  const type = typeof m === "object" && m !== null ? (m as { type?: unknown }).type : m;
  if (type === "profile") {
    void profile(m as { type: "profile"; file?: string });
  } else if (type === "memory") {
    memory((m as { snapshot?: string }).snapshot);
  } else if (m === "stats") {
    const mem = process.memoryUsage();
    send({
      type: "stats",
      cpu: process.cpuUsage(),
      rss: mem.rss,
      heap: mem.heapUsed,
      stall: stalls.max / 1e6,
    });
    stalls.reset();
  } else if (m === "stop") {
    void server.close().finally(() => process.exit(0));
  }
});
// The benchmark gone (killed, crashed): so is this process.
process.on("disconnect", () => process.exit(0));
