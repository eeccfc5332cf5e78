/**
 * `cardroom lab compare A.json B.json` (issue 39): two separate runs' JSON,
 * figure by figure, unpaired. Royal Corners with four and with three
 * players: the first dealer's share is compared as its edge over each run's
 * fair share (1/4, 1/3), and the difference, its interval and p recompute
 * from the two files. Bad input is one line and exit 2.
 */
import { writeFileSync } from "node:fs";
import { errorFunction } from "simple-statistics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOUNDED_WORK } from "./game-properties.js";
import { type LabRun, cardroom, runLab } from "./lab-files.js";

interface Rate {
  rate: number;
  played: number;
}
interface Cell {
  lineup: string;
  firstDealer: Rate;
}
interface Figure {
  variant: string;
  lineup: string;
  figure: string;
  kind: string;
  a: number;
  b: number;
  difference: number;
  ci95: [number, number];
  p: number;
}

let four: LabRun;
let three: LabRun;
const A = () => four.file("a.json");
const B = () => four.file("b.json");

beforeAll(() => {
  const args = (players: string, seed: string) => [
    ...["--game", "royal-corners", "--players", players, "--bots", "medium"],
    ...["--games", "300", "--seed", seed],
  ];
  four = runLab(args("4", "compare-a"));
  three = runLab(args("3", "compare-b"));
  writeFileSync(A(), JSON.stringify(four.json));
  writeFileSync(B(), JSON.stringify(three.json));
}, BOUNDED_WORK);
afterAll(() => {
  four?.remove();
  three?.remove();
});

const firstCell = (run: LabRun): Cell =>
  (run.json.measures as { variants: { lineups: Cell[] }[] }).variants[0].lineups[0];

describe("lab compare", () => {
  it("compares the first dealer's edge over each run's fair share, recomputable from the two files", () => {
    const r = cardroom(["lab", "compare", A(), B(), "--json"]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { compare: { overFairShare: boolean }; figures: Figure[] };
    expect(out.compare.overFairShare).toBe(true);
    // Seats differ in number: no seat-by-seat figure.
    expect(out.figures.some((f) => f.figure.startsWith("seat "))).toBe(false);
    const f = out.figures.find((x) => x.figure === "first dealer's match wins")!;
    const a = firstCell(four).firstDealer;
    const b = firstCell(three).firstDealer;
    const d = b.rate - 1 / 3 - (a.rate - 1 / 4);
    const se = Math.sqrt((a.rate * (1 - a.rate)) / a.played + (b.rate * (1 - b.rate)) / b.played);
    expect(f.kind).toBe("share");
    expect(f.a).toBeCloseTo(a.rate - 1 / 4, 12);
    expect(f.b).toBeCloseTo(b.rate - 1 / 3, 12);
    expect(f.difference).toBeCloseTo(d, 12);
    expect(f.ci95[0]).toBeCloseTo(d - 1.959963984540054 * se, 12);
    expect(f.ci95[1]).toBeCloseTo(d + 1.959963984540054 * se, 12);
    expect(f.p).toBeCloseTo(1 - errorFunction(Math.abs(d) / se / Math.SQRT2), 9);
  });

  it("prints each shared figure with both runs, the difference, its interval and p", () => {
    const r = cardroom(["lab", "compare", A(), B()]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /royal-corners: B .* \(3 players, seed compare-b, 300 matches\) minus A .* \(4 players/,
    );
    expect(r.out).toMatch(/edge over each run's fair share \(1\/4 and 1\/3\)/);
    expect(r.out).toMatch(
      /hands a match +A +\d+\.\d{3} +B +\d+\.\d{3} +B-A [+-]\d+\.\d{3} \[[-\d.]+, [-\d.]+\] +p [=<] /,
    );
  });

  it("says in one line what is wrong with its input, and exits 2", () => {
    const notLab = four.file("not-lab.json");
    writeFileSync(notLab, JSON.stringify({ hello: 1 }));
    const otherGame = four.file("other-game.json");
    writeFileSync(otherGame, JSON.stringify({ ...three.json, game: "gin-rummy" }));
    const broken = four.file("broken.json");
    writeFileSync(broken, "{");
    const cases: [string[], RegExp][] = [
      [[notLab, B()], /not-lab\.json is not a lab run's JSON/],
      [[A(), otherGame], /measures royal-corners, .*other-game\.json gin-rummy: compare runs of one game/],
      [[broken, B()], /broken\.json is not JSON/],
      [[four.file("missing.json"), B()], /cannot read .*missing\.json: no such file/],
      [[A()], /missing required argument/],
      [[A(), B(), "--games", "3"], /takes two files and --json only, not --games/],
    ];
    for (const [files, message] of cases) {
      const r = cardroom(["lab", "compare", ...files]);
      expect(r.code).toBe(2);
      expect(r.out).toBe("");
      expect(r.err.trim().split("\n")).toHaveLength(1);
      expect(r.err).toMatch(message);
    }
  });
});
