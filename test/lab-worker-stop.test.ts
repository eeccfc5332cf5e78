/**
 * `cardroom lab-worker` stops within 5 s of SIGTERM whatever its Redis does:
 * killed (the worker reconnecting to nothing) or frozen (SIGSTOP: the
 * connection open and nothing answering). Each test starts a Redis of its
 * own on a free port (never the machine's shared one) and says in one line
 * what the worker was doing when it stopped. Skipped with one line where
 * redis-server is not installed.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { reachable } from "./server-procs.js";
import { cardroom, ended, killLeftovers, until } from "./queue-procs.js";

const HAVE_REDIS = spawnSync("sh", ["-c", "command -v redis-server"]).status === 0;
if (!HAVE_REDIS) console.log("skipped: redis-server is not installed on this machine");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const redises: ChildProcess[] = [];

/** A Redis of the test's own, nothing saved, on a free port; its address once it answers. */
async function privateRedis(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  redises.push(child);
  await until("the test's Redis answers", () => reachable(port));
  return { child, url: `redis://127.0.0.1:${port}` };
}

afterEach(async () => {
  await killLeftovers();
  for (const r of redises.splice(0))
    if (r.exitCode === null && r.signalCode === null) {
      const gone = new Promise((resolve) => r.once("exit", resolve));
      r.kill("SIGKILL");
      await gone;
    }
});

describe.skipIf(!HAVE_REDIS)("a lab-worker asked to stop while its Redis is not there", () => {
  it("stops within 5 s of SIGTERM once its Redis is killed, saying it was waiting for Redis", async () => {
    const redis = await privateRedis();
    const worker = cardroom(["lab-worker", "--queue", redis.url, "--threads", "1"]);
    await until("the worker waits for batches", async () => worker.out.includes("waiting for batches"));
    redis.child.kill("SIGKILL");
    await until("the worker says Redis is lost", async () => worker.out.includes("lost Redis"));
    worker.child.kill("SIGTERM");
    expect(await ended(worker, 5000)).toBe(0);
    expect(worker.out).toMatch(
      new RegExp(
        `^lab-worker: stopping, asked while waiting for Redis at ${redis.url.replace(/\./g, "\\.")} \\(gone for \\d+ s\\), 0 batches in hand, in no run$`,
        "m",
      ),
    );
    expect(worker.err).toBe("");
  }, 30_000);

  it("stops within 5 s of SIGTERM while its Redis is frozen and answers nothing", async () => {
    const redis = await privateRedis();
    const worker = cardroom(["lab-worker", "--queue", redis.url, "--threads", "1"]);
    await until("the worker waits for batches", async () => worker.out.includes("waiting for batches"));
    redis.child.kill("SIGSTOP");
    worker.child.kill("SIGTERM");
    expect(await ended(worker, 5000)).toBe(0);
    expect(worker.out).toMatch(
      /^lab-worker: stopping, asked while waiting for batches: 0 batches in hand, in no run$/m,
    );
    expect(worker.err).toBe("");
  }, 30_000);
});
