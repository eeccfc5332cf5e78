/**
 * What the whole machine spent while a benchmark measured, read from Linux's
 * /proc (elsewhere these read as unknown): how busy all its cores were, and
 * the CPU time of named local services (PostgreSQL, Redis) that a server's
 * own `process.cpuUsage()` does not count.
 */
import { readFileSync, readdirSync } from "node:fs";

/** Linux counts /proc times in USER_HZ, 100 a second on every architecture Node runs on. */
const TICK_MS = 10;

export interface MachineTicks {
  /** Ticks all cores spent busy, and in all, since boot. */
  readonly busy: number;
  readonly total: number;
  /** CPU milliseconds of each of the named services' processes alive now, by process id. */
  readonly services: ReadonlyMap<string, number>;
}

const SERVICES = /^(postgres|redis-server)$/;

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** The machine's counters now, or null where /proc is not there. */
export function machineTicks(): MachineTicks | null {
  const stat = read("/proc/stat");
  if (!stat) return null;
  // cpu  user nice system idle iowait irq softirq steal ...
  const f = stat.split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = f[3] + f[4];
  const total = f.reduce((a, b) => a + b, 0);
  const services = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const s = read(`/proc/${pid}/stat`);
    if (!s) continue;
    // pid (comm) state ...: the fields after the last ")" start at the state, utime and stime are 12th and 13th.
    const close = s.lastIndexOf(")");
    const comm = s.slice(s.indexOf("(") + 1, close);
    if (!SERVICES.test(comm)) continue;
    const rest = s.slice(close + 2).split(" ");
    services.set(pid, (Number(rest[11]) + Number(rest[12])) * TICK_MS);
  }
  return { busy: total - idle, total, services };
}

/**
 * The services' CPU milliseconds between two readings: of the processes
 * alive at the second (a backend that ended meanwhile is not counted).
 */
export function servicesMs(a: MachineTicks, b: MachineTicks): number {
  let ms = 0;
  for (const [pid, t] of b.services) ms += t - (a.services.get(pid) ?? 0);
  return ms;
}

/** How busy the cores were between two readings, as a percentage of all of them. */
export const busyPercent = (a: MachineTicks, b: MachineTicks): number =>
  (100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total);
