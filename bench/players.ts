/**
 * Outside players (`npm run bench:players`): how many decisions a second a
 * trivial child (docs/examples/player.mjs: a legal move at random) answers
 * through the pipe, and what the player protocol costs a decision in a
 * match: crazy-eights between `random` and the child, against the same
 * matches with `random` at both seats at the same kind of table. Prints
 * figures; never fails on a time.
 */
import { loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { openOutsidePlayer } from "../src/players/host.js";
import { type MatchTask, playOutsideMatch } from "../src/sim/arena-match.js";

/** Run from the repository's root, as `npm run` does. */
const CHILD = `"${process.execPath}" "${resolve("docs/examples/player.mjs")}"`;
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const DECISIONS = arg("--decisions", 50_000);
const MATCHES = arg("--matches", 20);

/** A process's CPU milliseconds so far, from Linux's /proc (NaN elsewhere). */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Decisions a second through the pipe: the same small turn asked over and over. */
async function pipeRate(): Promise<void> {
  const p = await openOutsidePlayer(CHILD, { game: "crazy-eights", players: 2, seat: 1, options: {} });
  if (!p.ok) throw new Error(p.error.reason);
  const view = { game: "crazy-eights", seat: 1, hand: ["8S", "9H", "TD", "2C", "KS"], handSizes: [5, 5] };
  const legal = [
    { type: "play", card: "9H" },
    { type: "play", card: "8S", suit: "hearts" },
    { type: "draw" },
  ];
  for (let i = 0; i < 2000; i++) await p.value.decide(view, legal); // warm-up
  const cpu0 = process.cpuUsage();
  const child0 = cpuMs(p.value.pid);
  const t0 = performance.now();
  for (let i = 0; i < DECISIONS; i++) {
    const d = await p.value.decide(view, legal);
    if (!d.ok) throw new Error(d.error.reason);
  }
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const child = cpuMs(p.value.pid) - child0;
  await p.value.close();
  const us = (x: number) => ((x / DECISIONS) * 1000).toFixed(1);
  console.log(
    `pipe: ${DECISIONS.toLocaleString("en")} decisions in ${s.toFixed(2)} s: ${Math.round(DECISIONS / s).toLocaleString("en")} decisions/s, ${((s / DECISIONS) * 1e6).toFixed(1)} µs each; ` +
      `CPU a decision: the host ${us((cpu.user + cpu.system) / 1000)} µs, the child ${us(child)} µs`,
  );
}

async function matchCost(): Promise<void> {
  const tasks: MatchTask[] = Array.from({ length: MATCHES }, (_, i) => ({
    game: "crazy-eights",
    players: 2,
    options: {},
    seed: `bench:${i}`,
    levels: ["random", `cmd:${CHILD}`],
    botSeed: `bots:${i}`,
  }));
  const t0 = performance.now();
  let asked = 0;
  let moves = 0;
  let asking = 0;
  const trips: number[] = [];
  let sent = 0;
  for (const task of tasks) {
    const o = await playOutsideMatch(task, {
      tap: (d, line) => {
        if (d === "to" && line.startsWith('{"type":"turn"')) sent = performance.now();
        else if (d === "from" && line.startsWith('{"type":"move"')) trips.push(performance.now() - sent);
      },
    });
    if (o.forfeit) throw new Error(o.forfeit.reason);
    moves += o.moves;
    asking += o.thinking[1];
  }
  asked = trips.length;
  trips.sort((a, b) => a - b);
  const at = (q: number) => `${(trips[Math.floor(q * (trips.length - 1))] * 1000).toFixed(0)} µs`;
  const wall = (performance.now() - t0) / 1000;
  const startStop = await startCost();
  console.log(
    `match: ${MATCHES} crazy-eights matches, random against the child: ${moves.toLocaleString("en")} moves, ` +
      `${asked.toLocaleString("en")} decisions asked (the rest forced), ${wall.toFixed(2)} s in all; ` +
      `a decision asked in a match (view, legal moves, events, the pipe both ways, the answer judged): mean ${((asking / asked) * 1e6).toFixed(0)} µs; ` +
      `the pipe's round trip alone: median ${at(0.5)}, p90 ${at(0.9)}; ` +
      `the child's start and stop: ${(startStop * 1000).toFixed(0)} ms a match`,
  );
}

/** Seconds to start the child, hear its hello and stop it. */
async function startCost(): Promise<number> {
  const n = 5;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const p = await openOutsidePlayer(CHILD, { game: "crazy-eights", players: 2, seat: 1, options: {} });
    if (!p.ok) throw new Error(p.error.reason);
    await p.value.matchEnd([0], [0, 0]);
  }
  return (performance.now() - t0) / 1000 / n;
}

console.log(
  `load average before: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(", ")}`,
);
await pipeRate();
if (MATCHES > 0) await matchCost();
console.log(
  `load average after: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(", ")}`,
);
