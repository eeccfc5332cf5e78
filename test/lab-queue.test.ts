/**
 * Runs on the queue (BullMQ on the machine's real Redis): `cardroom sim
 * --queue` with two `cardroom lab-worker` processes, one killed (SIGKILL)
 * while it holds a batch, gives the numbers the same run gives on one
 * machine, and leaves no jobs and no processes behind; Ctrl-C on the
 * coordinator removes its jobs and reports what came; a worker of another
 * version is refused in one line; a queue that cannot be reached is one
 * line and exit 2, in bounded time.
 *
 * The tests use Redis database 6 (`redis://127.0.0.1:6379/6`), so that
 * workers started here see only the runs started here. Where Redis is not
 * installed they skip with one line.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  QUEUE_PREFIX,
  QUEUE_PROTOCOL,
  RUNS_KEY,
  jobId,
  queueName,
  refusalsKey,
  runKey,
} from "../src/queue/protocol.js";
import { reachable } from "./server-procs.js";
import { type Proc, cardroom, ended, killLeftovers, running, until } from "./queue-procs.js";

const installed = (cmd: string): boolean => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
const HAVE_REDIS = installed("redis-server") || (await reachable(6379));
if (!HAVE_REDIS) console.log("skipped: Redis not installed on this machine");

const QUEUE = "redis://127.0.0.1:6379/6";
const VERSION = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

let redis: Redis;

/** The one run posted on the queue (a coordinator started by the test). */
async function postedRun(): Promise<string> {
  let run: string | undefined;
  await until("the coordinator posts its run", async () => {
    run = (await redis.smembers(RUNS_KEY))[0];
    return run !== undefined;
  });
  return run!;
}

function queueOf(run: string): Queue {
  const q = new Queue(queueName(run), { connection: redis, prefix: QUEUE_PREFIX });
  q.on("error", () => undefined);
  return q;
}

/** The arena's figures without the clock's (seconds, seconds per move) and the queue's own fields. */
function figures(json: string): unknown {
  const s = JSON.parse(json) as Record<string, unknown> & { levels: Record<string, unknown>[] };
  const { seconds: _s, complete: _c, batches: _b, replayed: _r, levels, ...rest } = s;
  return { ...rest, levels: levels.map(({ secondsPerMove: _t, ...l }) => l) };
}

function worker(): Proc {
  return cardroom(["lab-worker", "--queue", QUEUE, "--threads", "1"]);
}

const waiting = (p: Proc): Promise<void> =>
  until(`worker ${p.pid} is waiting for batches`, () => p.out.includes("waiting for batches"));

describe.skipIf(!HAVE_REDIS)("runs on the queue", () => {
  beforeAll(async () => {
    if (!(await reachable(6379)))
      throw new Error("Redis is installed but not answering on 127.0.0.1:6379: start it (.ci/run does)");
    redis = new Redis(QUEUE);
    // Leftovers of an earlier test run that was itself killed.
    const stale = await redis.keys("cardroom:*");
    if (stale.length) await redis.del(...stale);
  });

  afterEach(async () => {
    await killLeftovers();
  });

  afterAll(async () => {
    await redis?.quit();
  });

  /**
   * Runs `args` on one machine, then on the queue with two workers, SIGKILLing
   * worker A while it holds a batch; returns both outputs once the queue is
   * empty and the surviving worker has stopped on SIGTERM.
   */
  async function withKilledWorker(args: string[]): Promise<{ single: string; queued: string }> {
    const single = cardroom([...args, "--threads", "1"]);
    expect(await ended(single, 180_000)).toBe(0);

    const a = worker();
    const b = worker();
    await Promise.all([waiting(a), waiting(b)]);
    const coordinator = cardroom([...args, "--queue", QUEUE, "--lease", "3"]);
    const run = await postedRun();
    const queue = queueOf(run);
    await until("worker A holds a batch", async () => {
      const active = await queue.getJobs(["active"]);
      return active.some((j) => j.processedBy?.endsWith(`:${a.pid}`));
    });
    a.child.kill("SIGKILL");
    expect(await ended(a)).toBe("SIGKILL");

    expect(await ended(coordinator, 180_000)).toBe(0);
    expect(coordinator.err).toBe("");
    await queue.close();
    // No jobs (played, unplayed or beyond a settled run's end), no run notice, no queue left in Redis.
    expect(await redis.keys("cardroom:*")).toEqual([]);
    await until("worker B leaves the finished run", () => /left run \w+ \(finished\)/.test(b.out));
    b.child.kill("SIGTERM");
    expect(await ended(b)).toBe(0);
    expect(b.err).toBe("");
    for (const p of [single, a, b, coordinator]) expect(running(p.pid)).toBe(false);
    return { single: single.out, queued: coordinator.out };
  }

  it("lab --until with two workers, one killed holding a batch, gives the single-machine numbers", async () => {
    const { single, queued } = await withKilledWorker([
      "lab",
      "--game",
      "crazy-eights",
      "--bots",
      "random",
      "--until",
      "±3%",
      "--batch",
      "16",
      "--seed",
      "queue-lab",
      "--json",
    ]);
    const local = JSON.parse(single) as Record<string, unknown> & { ended: string; batches: number };
    const remote = JSON.parse(queued) as typeof local;
    expect(local.ended).toBe("settled");
    expect(local.batches).toBeGreaterThan(10);
    const { seconds: _a, ...l } = local;
    const { seconds: _b, ...r } = remote;
    expect(r).toEqual(l);
  }, 600_000);

  it("sim with two workers, one killed holding a batch, gives the single-machine numbers", async () => {
    const { single, queued } = await withKilledWorker([
      "sim",
      "--game",
      "crazy-eights",
      "--games",
      "400",
      "--bots",
      "random",
      "--seed",
      "queue-test",
      "--json",
    ]);
    expect(figures(queued)).toEqual(figures(single));
    const q = JSON.parse(queued) as { complete: boolean; replayed: number; batches: number };
    expect(q.complete).toBe(true);
    expect(q.batches).toBe(200);
    // The killed worker's batch was played again (by B, after its lease), and counted once.
    expect(q.replayed).toBeGreaterThanOrEqual(1);
  }, 600_000);

  it("Ctrl-C on the coordinator removes its jobs and reports the batches that came", async () => {
    const w = worker();
    await waiting(w);
    const games = 4000;
    const coordinator = cardroom([
      "sim",
      "--game",
      "crazy-eights",
      "--games",
      String(games),
      "--bots",
      "random",
      "--json",
      "--queue",
      QUEUE,
    ]);
    const run = await postedRun();
    const queue = queueOf(run);
    const events = `${QUEUE_PREFIX}:${queueName(run)}:events`;
    await until("a few batches are played", async () => {
      const heard = await redis.xrange(events, "-", "+");
      return heard.filter(([, fields]) => fields[1] === "completed").length >= 3;
    });
    await queue.close();
    coordinator.child.kill("SIGINT");
    expect(await ended(coordinator)).toBe(130);
    const played = JSON.parse(coordinator.out) as { games: number; wins: number[]; complete: boolean };
    expect(played.complete).toBe(false);
    expect(played.games).toBeGreaterThan(0);
    expect(played.games).toBeLessThan(games);
    expect(played.games % 20).toBe(0); // whole batches of 20 matches
    expect(played.wins.reduce((x, y) => x + y, 0)).toBe(played.games);
    expect(coordinator.err.trim()).toBe(`cardroom sim: stopped: ${played.games} of ${games} matches played`);
    expect(await redis.keys("cardroom:*")).toEqual([]);

    await until("the worker leaves the stopped run", () => /left run \w+ \(finished\)/.test(w.out));
    w.child.kill("SIGINT");
    expect(await ended(w)).toBe(0);
    expect(running(w.pid)).toBe(false);
  }, 300_000);

  it("a worker of another version refuses the run in one line and takes none of its batches", async () => {
    const run = `other${randomBytes(3).toString("hex")}`;
    const other = { protocol: QUEUE_PROTOCOL, version: "0.0.0-other" };
    await redis.set(
      runKey(run),
      JSON.stringify({
        ...other,
        run,
        kind: "arena",
        leaseMs: 30_000,
        what: "a run of another version",
        host: "test",
        pid: process.pid,
      }),
      "PX",
      60_000,
    );
    const queue = queueOf(run);
    await queue.add("arena", { ...other, kind: "arena", run, index: 0, payload: {} }, { jobId: jobId(0) });
    await redis.sadd(RUNS_KEY, run);
    try {
      const w = worker();
      expect(await ended(w)).toBe(1);
      const lines = w.err.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^cardroom lab-worker: worker \\S+ refused run ${run}: the run is cardroom 0\\.0\\.0-other \\(queue protocol ${QUEUE_PROTOCOL}\\), the worker is cardroom ${VERSION.replace(/\./g, "\\.")} `,
        ),
      );
      expect(await queue.getWaitingCount()).toBe(1);
      // The run's coordinator hears of it too.
      // (Any other worker on this Redis, another test run's, refuses it as well.)
      expect(await redis.lrange(refusalsKey(run), 0, -1)).toContain(
        lines[0].replace("cardroom lab-worker: ", ""),
      );
    } finally {
      await redis.srem(RUNS_KEY, run);
      await redis.del(runKey(run), refusalsKey(run));
      await queue.obliterate({ force: true });
      await queue.close();
    }
  }, 120_000);

  it("a queue that cannot be reached, or is not a Redis URL, is one line and exit 2, without a hang", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const cases: [string[], RegExp][] = [
      [
        ["lab-worker", "--queue", "redis://127.0.0.1:1"],
        /^cardroom: --queue: cannot reach the queue at redis:\/\/127\.0\.0\.1:1: connection refused/,
      ],
      [
        ["sim", "--game", "crazy-eights", "--queue", "redis://no-such-host.invalid"],
        /^cardroom: --queue: cannot reach the queue at redis:\/\/no-such-host\.invalid: /,
      ],
      [
        ["lab-worker", "--queue", "http://127.0.0.1:6379"],
        /^cardroom: --queue: expected redis:\/\/HOST\[:PORT\]/,
      ],
      [["lab-worker"], /^cardroom: --queue: missing/],
      [
        ["lab-worker", "--queue", "redis://127.0.0.1:6379/x"],
        /^cardroom: --queue: the path of "redis:\/\/127\.0\.0\.1:6379\/x" must be a database number/,
      ],
      [
        ["lab-worker", "--queue", "redis://127.0.0.1:6379/99"],
        /^cardroom: --queue: cannot reach the queue at redis:\/\/127\.0\.0\.1:6379\/99: no such database there$/,
      ],
      // A port that takes the connection and never answers: the wait is bounded.
      [
        ["lab-worker", "--queue", `redis://127.0.0.1:${silentPort}`],
        new RegExp(
          `^cardroom: --queue: cannot reach the queue at redis://127\\.0\\.0\\.1:${silentPort}: no answer in 5 s$`,
        ),
      ],
    ];
    // At once: each waits on a refusal, a name that does not resolve or a silent port.
    const started = cases.map(([args, line]) => ({ p: cardroom(args), line }));
    for (const { p, line } of started) {
      expect(await ended(p, 30_000)).toBe(2);
      expect(p.err.trim().split("\n")).toHaveLength(1);
      expect(p.err.trim()).toMatch(line);
      expect(p.err).not.toMatch(/\bat .*:\d+:\d+/);
    }
    silent.close();
  }, 180_000);
});
