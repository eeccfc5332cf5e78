/**
 * `npm run bench:startup [-- --beside DIR]`: how long the `cardroom` command takes from start to exit
 * for commands that do little (the version, a count, a match left at once), Node's own start-up
 * included: the wait a user has before anything is printed. `--beside DIR` times another checkout's
 * built `bin/cardroom.js` in the same run, turn about, so that both see the same machine.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = 15;
const here = fileURLToPath(new URL("../../bin/cardroom.js", import.meta.url));
const at = process.argv.indexOf("--beside");
const beside = at > 0 && process.argv[at + 1] ? join(process.argv[at + 1], "bin", "cardroom.js") : null;

/** Milliseconds from spawn to exit of `bin` with `args` ("q" on its input, for a match). */
function timed(bin: string, args: readonly string[]): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", input: "q\n" });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")}: ${r.stderr.trim()}`);
  return performance.now() - t;
}

const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1];

console.log(
  `cardroom bench:startup · ${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${os.cpus()[0]?.model ?? "?"} · median of ${RUNS}`,
);
for (const args of [
  ["--version"],
  ["count", "cribbage", "5H", "5C", "5S", "JD", "--starter", "5D"],
  ["play", "crazy-eights", "--seed", "1"],
]) {
  const mine: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    mine.push(timed(here, args));
    if (beside) theirs.push(timed(beside, args));
  }
  const other = beside ? `   beside: ${median(theirs).toFixed(0).padStart(4)} ms` : "";
  console.log(`  cardroom ${args.join(" ").padEnd(44)} ${median(mine).toFixed(0).padStart(4)} ms${other}`);
}
