/**
 * `--sprt` done as Fishtest does it (issue 39): with four players Elo 0 is a 25% share; the bounds
 * move in by the dynamic overshoot that the run's own LLR trace gives (recomputed here from the
 * JSON's trace as Fishtest's update_SPRT does); `--elo-model normalized` reads elo0 and elo1 in
 * normalized Elo, recomputed from the run's tested score. And `--until` does not stop on the
 * zero-width interval of deals that all score the same.
 */
import { describe, expect, it } from "vitest";
import { BOUNDED_WORK } from "./game-properties.js";
import { cardroom } from "./lab-files.js";

interface SprtJson {
  fair: number;
  model: string;
  llr: number;
  bounds: [number, number];
  overshoot: [number, number];
  state: string;
  samples: number;
  nelo: number;
}
interface RunJson {
  ended: string;
  sprt: SprtJson[];
  sprtTrace: { deals: number; llr: number[] }[];
  measures: { tested: { n: number; mean: number; sd: number }[] };
}

const lab = (...more: string[]): RunJson => {
  const args = [
    "lab",
    "--game",
    "royal-corners",
    "--players",
    "4",
    "--bots",
    "random",
    "--seed",
    "sprt-four",
  ];
  const r = cardroom([...args, "--sprt", "0,30", "--games", "3000", "--batch", "40", ...more, "--json"]);
  expect(r.err).toBe("");
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as RunJson;
};

describe("--sprt with four players", () => {
  it(
    "tests against 25% with bounds moved in by the trace's overshoot",
    () => {
      const run = lab();
      const s = run.sprt[0];
      expect(s.fair).toBe(0.25);
      expect(s.model).toBe("logistic");
      // Fishtest's update_SPRT over the trace: each new low and high of the LLR, summed and squared.
      let ref0 = 0;
      let m0 = 0;
      let sq0 = 0;
      let ref1 = 0;
      let m1 = 0;
      let sq1 = 0;
      for (const { llr } of run.sprtTrace) {
        const x = llr[0];
        if (x < ref0) [m0, sq0, ref0] = [m0 + (x - ref0), sq0 + (x - ref0) ** 2, x];
        if (x > ref1) [m1, sq1, ref1] = [m1 + (x - ref1), sq1 + (x - ref1) ** 2, x];
      }
      const o0 = m0 ? -sq0 / m0 / 2 : 0;
      const o1 = m1 ? sq1 / m1 / 2 : 0;
      expect(s.overshoot[0]).toBeCloseTo(o0, 12);
      expect(s.overshoot[1]).toBeCloseTo(o1, 12);
      expect(s.bounds[0]).toBeCloseTo(Math.log(0.05 / 0.95), 12);
      const settled = s.llr <= s.bounds[0] + o0 ? "H0" : s.llr >= s.bounds[1] - o1 ? "H1" : "continue";
      expect(s.state).toBe(settled);
      expect(run.ended).toBe(settled === "continue" ? "cap" : "settled");
      // Without the correction the run reads the plain bounds.
      const plain = lab("--no-overshoot").sprt[0];
      expect(plain.overshoot).toEqual([0, 0]);
    },
    BOUNDED_WORK,
  );

  it(
    "reads elo0 and elo1 in normalized Elo when asked",
    () => {
      const run = lab("--elo-model", "normalized");
      const s = run.sprt[0];
      const t = run.measures.tested[0];
      expect(s.model).toBe("normalized");
      const nt = (t.mean - 0.25) / t.sd;
      expect(s.nelo).toBeCloseTo((nt * 800) / Math.LN10, 9);
      const t1 = 30 / (800 / Math.LN10);
      expect(s.llr).toBeCloseTo((t.n / 2) * Math.log((1 + nt ** 2) / (1 + (nt - t1) ** 2)), 9);
    },
    BOUNDED_WORK,
  );
});

describe("--until", () => {
  it(
    "does not take a spread of zero for a narrow interval",
    () => {
      // easy beats random in every Gin match: every deal scores 0 for random, the normal interval has no
      // width, and the first batch (32 deals) once settled ±1%. Wilson's interval at 0 is ±1% at 192 deals.
      const args = [
        "lab",
        "--game",
        "gin-rummy",
        "--bots",
        "random,easy",
        "--until",
        "1%",
        "--games",
        "2000",
      ];
      const r = cardroom([...args, "--seed", "x", "--json"]);
      expect(r.code).toBe(0);
      const run = JSON.parse(r.out) as {
        deals: number;
        ended: string;
        measures: { tested: { sd: number }[] };
      };
      expect(run.measures.tested[0].sd).toBe(0);
      expect(run.ended).toBe("settled");
      const z = 1.959963984540054;
      expect(run.deals).toBeGreaterThanOrEqual((z * z) / 2 / 0.01 - z * z);
    },
    BOUNDED_WORK,
  );
});
