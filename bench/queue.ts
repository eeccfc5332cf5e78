/**
 * The queue's scaling (`npm run bench:queue`): one `cardroom lab` run of
 * random Crazy Eights on the queue, played by one `lab-worker` process (one
 * thread), then by two; matches a second for each and their ratio (the goal:
 * two processes at least 1.7 times one). Redis database 7 on this machine
 * unless QUEUE_URL says; the machine's other load is printed beside, as a
 * busy machine lowers the ratio.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/cardroom.js", import.meta.url));
const QUEUE = process.env.QUEUE_URL ?? "redis://127.0.0.1:6379/7";
const GAMES = Number(process.env.GAMES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

function start(args: string[]): { child: ChildProcess; out: () => string; ended: Promise<number | null> } {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  return { child, out: () => out, ended: new Promise((r) => child.once("exit", (code) => r(code))) };
}

async function ready(w: { out: () => string }): Promise<void> {
  while (!w.out().includes("waiting for batches")) await new Promise((r) => setTimeout(r, 50));
}

/** Matches a second of one queued run with `workers` worker processes of one thread each. */
async function measure(workers: number, seed: string): Promise<number> {
  const ws = Array.from({ length: workers }, () => start(["lab-worker", "--queue", QUEUE, "--threads", "1"]));
  try {
    await Promise.all(ws.map(ready));
    const run = start([
      "lab",
      "--game",
      "crazy-eights",
      "--bots",
      "random",
      "--games",
      String(GAMES),
      "--seed",
      seed,
      "--json",
      "--queue",
      QUEUE,
    ]);
    if ((await run.ended) !== 0) throw new Error("the queued run failed");
    const r = JSON.parse(run.out()) as { matches: number; seconds: number };
    return r.matches / r.seconds;
  } finally {
    for (const w of ws) w.child.kill("SIGTERM");
    await Promise.all(ws.map((w) => w.ended));
  }
}

const rows: string[] = [];
let best1 = 0;
let best2 = 0;
for (let round = 0; round < ROUNDS; round++) {
  const load = loadavg()[0];
  const one = await measure(1, `bench-${round}`);
  const two = await measure(2, `bench-${round}`);
  best1 = Math.max(best1, one);
  best2 = Math.max(best2, two);
  rows.push(
    `round ${round + 1}: 1 worker ${one.toFixed(0)} matches/s, 2 workers ${two.toFixed(0)} matches/s, ` +
      `ratio ${(two / one).toFixed(2)} (load average ${load.toFixed(1)} on ${cpus().length} cores at the start)`,
  );
  console.log(rows.at(-1));
}
console.log(
  `best: 1 worker process ${best1.toFixed(0)} matches/s, 2 worker processes ${best2.toFixed(0)} matches/s: ` +
    `${(best2 / best1).toFixed(2)} times (goal 1.7); ${GAMES} random Crazy Eights matches a run on ${QUEUE}`,
);
