/**
 * The ladder (`cardroom lab --round-robin`), as a user runs it: every pair
 * of the listed players on mirrored deals, a rating table with intervals
 * that puts the weaker level below the stronger, the same table whatever
 * the thread count, an outside program in the list, and bad input refused
 * in one line.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cardroom as run } from "./lab-files.js";

const JS = "cmd:node docs/examples/player.mjs";

const cardroom = (args: string[]) => run(args, 300_000);

interface Row {
  rank: number;
  player: string;
  rating: number;
  interval: number;
  games: number;
  score: number;
}
interface Pair {
  a: string;
  b: string;
  games: number;
  scoreA: number;
  scoreB: number;
}
interface LadderJson {
  matches: number;
  ratings: Row[];
  pairs: Pair[];
  method: string;
  forfeits: unknown[];
}

const ladder = (bots: string, extra: string[]) =>
  cardroom(["lab", "--game", "crazy-eights", "--round-robin", "--bots", bots, "--seed", "21", ...extra]);

describe("cardroom lab --round-robin", () => {
  it("rates random below medium with intervals apart, the same table on one thread or two", () => {
    const flags = ["--games", "60", "--option", "target=50", "--json"];
    const one = ladder("random,easy,medium", [...flags, "--threads", "1"]);
    expect(one.err).toBe("");
    expect(one.code).toBe(0);
    const j = JSON.parse(one.out) as LadderJson;
    // Three pairs, 60 matches each (30 deals, each played from both seats).
    expect(j.matches).toBe(180);
    expect(j.pairs.map((p) => [p.a, p.b, p.games])).toEqual([
      ["random", "easy", 60],
      ["random", "medium", 60],
      ["easy", "medium", 60],
    ]);
    for (const p of j.pairs) expect(p.scoreA + p.scoreB).toBe(p.games);
    expect(j.ratings.map((r) => r.rank)).toEqual([1, 2, 3]);
    for (const r of j.ratings) expect(r.games).toBe(120);
    const of = (name: string) => j.ratings.find((r) => r.player === name)!;
    const random = of("random");
    const medium = of("medium");
    expect(random.rating + random.interval).toBeLessThan(medium.rating - medium.interval);
    expect(random.score).toBeLessThan(medium.score);
    // The players' mean is the list's anchor.
    expect(j.ratings.reduce((s, r) => s + r.rating, 0) / 3).toBeCloseTo(1500, 6);
    const two = ladder("random,easy,medium", [...flags, "--threads", "2"]);
    const { seconds: _a, ...a } = JSON.parse(one.out) as Record<string, unknown>;
    const { seconds: _b, ...b } = JSON.parse(two.out) as Record<string, unknown>;
    expect(b).toEqual(a);
  }, 300_000);

  it("prints the table and the pairs, with an outside program in the list", () => {
    const r = ladder(`random,medium,${JS}`, ["--games", "4", "--option", "target=50", "--threads", "1"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const lines = r.out.split("\n");
    expect(lines[0]).toMatch(/a round robin of 3 players, 12 matches \(2 deals, mirrored\)/);
    expect(lines[1]).toMatch(/rank\s+player\s+rating\s+±95%\s+games\s+score/);
    for (const line of lines.slice(2, 5))
      expect(line).toMatch(/^\s+[123]\s+\S.*\s\d+\s+±\d+\s+8\s+\d+\.\d%$/);
    expect(r.out).toContain(JS);
    expect(r.out).toMatch(/pairs:\n\s+random [\d.]+ - [\d.]+ medium\s+\(4 games/);
    expect(r.out).toMatch(new RegExp(`medium [\\d.]+ - [\\d.]+ ${JS}\\s+\\(4 games`));
    expect(r.out).not.toMatch(/forfeits/);
  }, 300_000);

  it("writes its rating list and pairs into the report, its leader named first", () => {
    const dir = mkdtempSync(join(tmpdir(), "cardroom-ladder-"));
    try {
      const file = join(dir, "ladder.html");
      const r = ladder("random,medium", [
        "--games",
        "20",
        "--option",
        "target=50",
        "--report",
        file,
        "--json",
      ]);
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out) as LadderJson;
      const html = readFileSync(file, "utf8");
      const top = j.ratings[0];
      expect(html).toContain("The ladder (Elo, 95% intervals)");
      expect(html).toContain(
        `The round robin ranks ${j.ratings.map((x) => x.player).join(", ")}: ${top.player} leads`,
      );
      for (const row of j.ratings)
        expect(html).toContain(`<td>${row.player}</td><td>${row.rating.toFixed(0)}</td>`);
      expect(html).toContain("random against medium");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it("refuses what a ladder cannot be, in one line with exit 2", () => {
    const cases: [string[], RegExp][] = [
      [["--bots", "medium"], /--bots: --round-robin needs two or more players/],
      [["--bots", "medium,easy,medium"], /--bots: names medium twice/],
      [["--bots", "medium,easy", "--vary", "target=50,100"], /--round-robin: .*drop --vary/],
      [["--bots", "medium,easy", "--until", "1%"], /--round-robin: .*drop --until/],
      [["--bots", "medium,genius"], /--bots: unknown computer player level/],
    ];
    for (const [args, pattern] of cases) {
      const r = cardroom(["lab", "--game", "crazy-eights", "--round-robin", ...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.err).toMatch(pattern);
    }
  });
});
