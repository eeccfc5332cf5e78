/**
 * Fits the standing model of a seat's chance (src/bots/win-chance/standing-model.ts) to lab matches
 * of three or more players: at every hand's deal, every seat's score before the hand and its place
 * round the dealer, against its share of the match's win (a win shared by k seats: 1/k each). A
 * multinomial logistic regression by Newton's method for each `ease` of a small grid, the likeliest
 * kept; writes src/bots/win-chance/fitted-standings.ts.
 * Run: `npx tsx scripts/win-chance-fit.ts --out FILE GAME:LEVEL:SEED:LINE:CSV...`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Ending } from "../src/bots/win-chance/match-table.js";

const args = process.argv.slice(2);
function fail(line: string): never {
  console.error(`win-chance-fit: ${line}`);
  process.exit(2);
}
const outAt = args.indexOf("--out");
if (outAt < 0 || !args[outAt + 1]) fail("--out FILE is required");
const out = args[outAt + 1];
const runs = args.filter((_, i) => i !== outAt && i !== outAt + 1);
if (runs.length === 0) fail("name at least one GAME:LEVEL:SEED:LINE:CSV run");

const ENDINGS: Readonly<Record<string, Ending>> = { roy: "highest", "royal-corners": "lowest" };
const EASES = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5];

/** One deal: each seat's score before it, the dealer, and each seat's share of the match's win. */
interface Deal {
  readonly scores: readonly number[];
  readonly dealer: number;
  readonly shares: readonly number[];
}

type Row = Record<string, string>;
function deals(csv: string): { players: number; matches: number; deals: Deal[] } {
  const rows = parse(readFileSync(csv, "utf8"), { columns: true }) as Row[];
  const key = (r: Row) => `${r.variant}/${r.lineup}/${r.deal}/${r.rotation}`;
  const hands = new Map<string, Row[]>();
  for (const r of rows)
    if (r.kind === "hand") {
      const list = hands.get(key(r)) ?? [];
      list.push(r);
      hands.set(key(r), list);
    }
  const out: Deal[] = [];
  let players = 0;
  let matches = 0;
  for (const m of rows) {
    if (m.kind !== "match") continue;
    const winners = m.winners.split(/[ ;|]/).filter(Boolean).map(Number);
    if (winners.length === 0) continue;
    const n = m.levels.split(",").length;
    players = n;
    matches++;
    const shares = Array.from({ length: n }, (_, p) => (winners.includes(p) ? 1 / winners.length : 0));
    const scores = new Array<number>(n).fill(0);
    for (const h of (hands.get(key(m)) ?? []).sort((a, b) => Number(a.hand) - Number(b.hand))) {
      out.push({ scores: scores.slice(), dealer: Number(h.dealer), shares });
      for (let p = 0; p < n; p++) scores[p] += Number(h[`points_${p}`]);
    }
  }
  return { players, matches, deals: out };
}

/** Each seat's features: standing weighed by the end's nearness, standing, and its place (dealer none). */
function features(d: Deal, n: number, line: number, ending: Ending, ease: number): number[][] {
  const nearest = Math.max(...d.scores);
  const weight = 1 / Math.sqrt(Math.max(0, line - nearest) / line + ease);
  return d.scores.map((s, k) => {
    const standing = (ending === "highest" ? s : -s) / line;
    const place = (k - d.dealer + n) % n;
    return [
      standing * weight,
      standing,
      ...Array.from({ length: n - 1 }, (_, j) => (place === j + 1 ? 1 : 0)),
    ];
  });
}

/** Solves `a x = b` by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const m = a.map((row, i) => [...row, b[i]]);
  const k = b.length;
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = m[r][c] / m[c][c];
      for (let j = c; j <= k; j++) m[r][j] -= f * m[c][j];
    }
  }
  return m.map((row, i) => row[k] / row[i]);
}

/** The maximum-likelihood coefficients and the log-likelihood, by Newton's method. */
function fit(data: Deal[], n: number, line: number, ending: Ending, ease: number) {
  const dim = n + 1;
  const xs = data.map((d) => features(d, n, line, ending, ease));
  let theta = new Array<number>(dim).fill(0);
  let logLik = -Infinity;
  for (let iter = 0; iter < 50; iter++) {
    const grad = new Array<number>(dim).fill(0);
    const hess = Array.from({ length: dim }, () => new Array<number>(dim).fill(0));
    let ll = 0;
    xs.forEach((x, i) => {
      const u = x.map((f) => f.reduce((a, v, j) => a + v * theta[j], 0));
      const top = Math.max(...u);
      const e = u.map((v) => Math.exp(v - top));
      const sum = e.reduce((a, b) => a + b, 0);
      const pi = e.map((v) => v / sum);
      const mean = theta.map((_, j) => x.reduce((a, f, k) => a + pi[k] * f[j], 0));
      data[i].shares.forEach((y, k) => {
        if (y > 0) ll += y * Math.log(pi[k]);
        for (let j = 0; j < dim; j++) grad[j] += y * (x[k][j] - mean[j]);
      });
      for (let k = 0; k < n; k++)
        for (let j = 0; j < dim; j++)
          for (let l = 0; l < dim; l++) hess[j][l] += pi[k] * (x[k][j] - mean[j]) * (x[k][l] - mean[l]);
    });
    const step = solve(hess, grad);
    theta = theta.map((t, j) => t + step[j]);
    const done = Math.abs(ll - logLik) < 1e-7 * Math.abs(ll);
    logLik = ll;
    if (done) break;
  }
  return { theta, logLik };
}

let body = "";
for (const run of runs) {
  const [game, level, seed, lineText, csv] = run.split(":");
  const ending = ENDINGS[game] ?? fail(`no standing model for ${game}`);
  const line = Number(lineText);
  if (!level || !seed || !csv || !Number.isInteger(line) || line < 1)
    fail(`"${run}" is not GAME:LEVEL:SEED:LINE:CSV`);
  const { players: n, matches, deals: data } = deals(csv);
  if (n < 3) fail(`${csv}: the standing model is for three or more players`);
  let best: { ease: number; theta: number[]; logLik: number } | null = null;
  for (const ease of EASES) {
    const f = fit(data, n, line, ending, ease);
    console.log(`${game}, ${n} players, ease ${ease}: log-likelihood ${f.logLik.toFixed(1)}`);
    if (!best || f.logLik > best.logLik) best = { ease, ...f };
  }
  const { ease, theta } = best!;
  const r = (x: number) => Number(x.toPrecision(6));
  console.log(
    `${game}, ${n} players: ${matches} matches, ${data.length} deals; ease ${ease}, ${theta.map(r).join(" ")}`,
  );
  body +=
    `  {\n    game: ${JSON.stringify(game)},\n    level: ${JSON.stringify(level)},\n    seed: ${JSON.stringify(seed)},\n` +
    `    line: ${line},\n    matches: ${matches},\n    deals: ${data.length},\n` +
    `    model: {\n      players: ${n},\n      ending: ${JSON.stringify(ending)},\n      lead: ${r(theta[0])},\n` +
    `      base: ${r(theta[1])},\n      ease: ${ease},\n      place: [0, ${theta.slice(2).map(r).join(", ")}],\n    },\n  },\n`;
}
writeFileSync(
  out,
  `// Written by scripts/win-chance-fit.ts: do not edit. The standing model's coefficients
// (standing-model.ts), fitted to lab matches
// (\`cardroom lab --game G --players N --bots LEVEL --seed SEED --threads 1 --csv FILE\`) at the line given.
import type { StandingModel } from "./standing-model.js";

export interface FittedStanding {
  readonly game: string;
  readonly level: string;
  readonly seed: string;
  /** The target or limit the matches were played to: the only one the model is for. */
  readonly line: number;
  readonly matches: number;
  readonly deals: number;
  readonly model: StandingModel;
}

export const FITTED_STANDINGS: readonly FittedStanding[] = [
${body}];
`,
);
console.log(`wrote ${out}`);
