import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOUNDED_WORK } from "./game-properties.js";
import { BIN, cardroom } from "./lab-files.js";

/** The numbers of a `--json` run, without the clock's. */
function numbers(out: string): Record<string, unknown> {
  const { seconds: _s, ...rest } = JSON.parse(out) as Record<string, unknown>;
  return rest;
}

describe("cardroom lab", () => {
  it(
    "answers bad input with one line naming the flag and exit code 2",
    () => {
      const help = cardroom(["lab", "--help"]);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(/Usage: cardroom lab/);
      const cases: [string[], RegExp][] = [
        [["--game", "snap"], /unknown game "snap"/],
        [["--game", "crazy-eights", "--option", "flub=1"], /--option flub: Crazy Eights has no such option/],
        [["--game", "crazy-eights", "--option", "target=0"], /--option target: .*out of range/],
        [["--game", "crazy-eights", "--vary", "flub=1,2"], /--vary flub: Crazy Eights has no such option/],
        [["--game", "crazy-eights", "--vary", "target=50,abc"], /--vary target: expected a whole number/],
        [["--game", "crazy-eights", "--vary", "target=50"], /--vary target: needs two or more values/],
        [["--game", "crazy-eights", "--games", "1e3"], /--games: expected a whole number/],
        [["--game", "crazy-eights", "--until", "lots"], /--until: expected a half-width/],
        [["--game", "crazy-eights", "--sprt", "5"], /--sprt: expected elo0,elo1/],
        [
          ["--game", "crazy-eights", "--vary", "target=50,100", "--vary", "target=60,70"],
          /--vary target: is given twice/,
        ],
        [["--game", "crazy-eights", "--alpha", "0.05"], /--alpha: goes with --sprt/],
        [["--game", "crazy-eights", "--sprt", "0,10", "--beta", "0.7"], /--beta: expected an error rate/],
        [
          ["--game", "crazy-eights", "--sprt", "0,10", "--elo-model", "bayes"],
          /--elo-model: expected logistic or normalized/,
        ],
        [["--game", "crazy-eights", "--no-overshoot"], /--no-overshoot: goes with --sprt/],
        [
          ["--game", "crazy-eights", "--vary", "players=2,3", "--until", "1%"],
          /--vary players: plays a fixed number/,
        ],
        [
          ["--game", "crazy-eights", "--vary", "players=2,3", "--players", "2"],
          /--vary players: is also set by --players/,
        ],
        [["--game", "crazy-eights", "--bots", "genius"], /--bots: unknown computer player level/],
        [["--game", "crazy-eights", "--flub"], /--flub: no such option/],
        [["--players", "2"], /--game: missing, and this command needs it/],
        [
          ["--game", "crazy-eights", "--margin", "1%"],
          /--margin: tests a variant against the base: give --vary too/,
        ],
        [
          ["--game", "crazy-eights", "--vary", "target=50,100", "--margin", "lots"],
          /--margin: expected points of a share between 0 and 50, such as 1%/,
        ],
      ];
      for (const [args, pattern] of cases) {
        const r = cardroom(["lab", ...args]);
        expect(r.code, args.join(" ")).toBe(2);
        expect(r.err.trim().split("\n")).toHaveLength(1);
        expect(r.err).toMatch(pattern);
        expect(r.err).not.toMatch(/\bat .*:\d+:\d+/);
        expect(r.out).toBe("");
      }
    },
    BOUNDED_WORK,
  );

  it("prints one JSON object with the measures, the same on one thread as on two", () => {
    const args = ["lab", "--game", "crazy-eights", "--bots", "random", "--games", "200", "--seed", "7"];
    const one = cardroom([...args, "--json", "--threads", "1", "--vary", "target=100,50"]);
    const two = cardroom([...args, "--json", "--threads", "2", "--vary", "target=100,50"]);
    expect(one.code).toBe(0);
    expect(numbers(two.out)).toEqual(numbers(one.out));
    const r = JSON.parse(one.out) as {
      games: number;
      ended: string;
      measures: {
        variants: { label: string }[];
        comparisons: { differences: { hands: { mean: number; p: number } } }[];
      };
    };
    expect(r.games).toBe(400);
    expect(r.ended).toBe("done");
    expect(r.measures.variants.map((v) => v.label)).toEqual(["target=100", "target=50"]);
    expect(r.measures.comparisons[0].differences.hands.mean).toBeLessThan(0);
    const text = cardroom(args);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/first dealer wins the match \d+\.\d% \[/);
    expect(text.out).toMatch(/a hand: eights played/);
  }, 240_000);

  it("runs every combination of two --vary on the same deals, compared with the first", () => {
    const args = ["lab", "--game", "crazy-eights", "--bots", "random", "--games", "60", "--seed", "3"];
    const r = cardroom([...args, "--vary", "target=100,50", "--vary", "draw=any,one", "--json"]);
    expect(r.code).toBe(0);
    const run = JSON.parse(r.out) as {
      matches: number;
      measures: { variants: { label: string }[]; comparisons: { label: string; base: string }[] };
    };
    expect(run.measures.variants.map((v) => v.label)).toEqual([
      "target=100 draw=any",
      "target=100 draw=one",
      "target=50 draw=any",
      "target=50 draw=one",
    ]);
    expect(run.measures.comparisons.map((c) => c.base)).toEqual(Array(3).fill("target=100 draw=any"));
    expect(run.matches).toBe(240);
    // Alone, a factor's variant plays the same matches as in the factorial: the same deals.
    const alone = cardroom([...args, "--vary", "draw=any,one", "--option", "target=50", "--json"]);
    const one = JSON.parse(alone.out) as { measures: { variants: { lineups: unknown[] }[] } };
    const four = JSON.parse(r.out) as { measures: { variants: { lineups: unknown[] }[] } };
    expect(one.measures.variants[1].lineups).toEqual(four.measures.variants[3].lineups);
  }, 120_000);

  it("plays no more than --games with a stopping rule, and says it stopped unsettled", () => {
    // Two levels: each deal is played once per seat rotation, so 10 matches are 5 deals.
    const args = ["--game", "crazy-eights", "--bots", "random,easy", "--games", "10", "--sprt", "0,10"];
    const dir = mkdtempSync(join(tmpdir(), "cardroom-sprt-"));
    const report = join(dir, "sprt.html");
    const r = cardroom(["lab", ...args, "--seed", "7", "--json", "--report", report]);
    expect(r.code).toBe(0);
    const run = JSON.parse(r.out) as { matches: number; deals: number; ended: string };
    expect(run.matches).toBe(10);
    expect(run.deals).toBe(5);
    expect(run.ended).toBe("cap");
    // The SPRT's trace, one point a batch, ends at its last reading; the report names the method.
    const { sprt, sprtTrace } = JSON.parse(r.out) as {
      sprt: { llr: number }[];
      sprtTrace: { deals: number; llr: number[] }[];
    };
    expect(sprtTrace.at(-1)).toEqual({ deals: 5, llr: [sprt[0].llr] });
    const html = readFileSync(report, "utf8");
    rmSync(dir, { recursive: true, force: true });
    expect(html).toMatch(
      /stopping rule: Fishtest&#39;s generalized SPRT of random&#39;s match score, elo0 0 against elo1 10/,
    );
    expect(html).toContain("The SPRT as the deals came in");
  }, 120_000);

  it("stops on Ctrl-C and still reports what it played", async () => {
    const child = spawn(
      process.execPath,
      [BIN, "lab", "--game", "crazy-eights", "--bots", "random", "--games", "10000000", "--json"],
      { stdio: ["ignore", "pipe", "pipe", "ipc"] },
    );
    let out = "";
    let err = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    // Stopped once it plays (it says so over the IPC channel); the run reports the batches it finished.
    await new Promise((resolve) => child.once("message", resolve));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(err).toBe("");
    expect(code).toBe(130);
    const r = JSON.parse(out) as { ended: string; games: number; deals: number; measures: { hands: number } };
    expect(r.ended).toBe("stopped");
    expect(r.games).toBe(r.deals); // equal levels: one match a deal
    expect(r.games).toBeLessThan(10_000_000);
  }, 120_000);
});
