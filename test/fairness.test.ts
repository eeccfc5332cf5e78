/**
 * docs/FAIRNESS.md is exact: an independent program (docs/fairness/redeal.py,
 * Python's standard library only) re-deals Crazy Eights hands from their seeds
 * to the very cards `cardroom deal` prints.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { handSeed } from "../src/engine/seeds.js";

const BIN = fileURLToPath(new URL("../bin/cardroom.js", import.meta.url));
const REDEAL = fileURLToPath(new URL("../docs/fairness/redeal.py", import.meta.url));
const python = spawnSync("python3", ["--version"]).status === 0;

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

describe("docs/FAIRNESS.md", () => {
  it.skipIf(!python)("re-deals hands in another language exactly as cardroom deal prints them", () => {
    for (const [players, dealer, hand] of [
      [2, 0, 1],
      [2, 1, 2],
      [3, 2, 5],
      [5, 4, 9],
    ]) {
      const seed = handSeed("fairness doc", hand);
      const ours = run(process.execPath, [
        BIN,
        "deal",
        "crazy-eights",
        "--hand-seed",
        seed,
        "--players",
        String(players),
        "--dealer",
        String(dealer),
        "--json",
      ]);
      const theirs = run("python3", [
        REDEAL,
        "--match",
        "fairness doc",
        String(hand),
        String(players),
        String(dealer),
      ]);
      expect(theirs.handSeed).toBe(seed);
      const deal = ours.deal as { hands: string[][]; stock: string[]; discard: string[] };
      expect(theirs.hands).toEqual(deal.hands);
      expect([theirs.upcard]).toEqual(deal.discard);
      expect(theirs.stock).toEqual(deal.stock);
    }
  });
});
