/**
 * The ladder (`cardroom lab --round-robin`, docs/LAB.md): every pair of the
 * listed players plays the same mirrored deals, and the pairs' scores are
 * fitted as one whole into a rating list with intervals (`rating-fit.ts`),
 * printed as the computer chess rating lists print theirs.
 */
import type { LabLineup, LabPlan, LabResult } from "./plan.js";
import { fitRatings } from "./rating-fit.js";

/**
 * The line-ups of a pair at an n-seat table: the two players alternate round
 * the table; with an odd n, a second line-up swaps them, so that over a deal
 * each plays as many seats as the other. Each line-up is rotated round the
 * table on every deal (the lab's mirrored deals).
 */
export function pairLineups(a: string, b: string, players: number): LabLineup[] {
  const at = (first: string, second: string) =>
    Array.from({ length: players }, (_, p) => (p % 2 === 0 ? first : second));
  const out = [{ name: `${a} v ${b}`, levels: at(a, b) }];
  if (players % 2 === 1) out.push({ name: `${b} v ${a}`, levels: at(b, a) });
  return out;
}

/** Every pair's line-ups, pairs in list order (0-1, 0-2, ..., 1-2, ...). */
export function ladderLineups(players: readonly string[], seats: number): LabLineup[] {
  const out: LabLineup[] = [];
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) out.push(...pairLineups(players[i], players[j], seats));
  return out;
}

export interface LadderPair {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  /** `a`'s points: a match won 1, shared or stopped at the hand limit ½ (split by the winners' levels). */
  readonly scoreA: number;
  readonly scoreB: number;
}

export interface LadderRow {
  readonly rank: number;
  readonly player: string;
  readonly rating: number;
  /** The 95% interval's half-width, in Elo. */
  readonly interval: number;
  readonly games: number;
  /** Points a game, 0 to 1. */
  readonly score: number;
}

export interface Ladder {
  readonly players: readonly string[];
  readonly rows: readonly LadderRow[];
  readonly pairs: readonly LadderPair[];
  readonly method: string;
}

export const LADDER_METHOD =
  "Bradley-Terry on the Elo scale, every pair's games fitted at once (maximum a posteriori, prior sd 600 Elo); " +
  "95% intervals from the posterior's curvature (Laplace), measured from the players' mean of 1500";

/** The pairs' scores from a round-robin run's measures, and the rating list fitted to them. */
export function ladderOf(plan: LabPlan, players: readonly string[], result: LabResult): Ladder {
  const pairs: LadderPair[] = [];
  const cells = result.measures.variants[0].lineups;
  let l = 0;
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) {
      const a = players[i];
      const b = players[j];
      let games = 0;
      let scoreA = 0;
      let scoreB = 0;
      for (let k = 0; k < pairLineups(a, b, plan.players).length; k++, l++) {
        const c = cells[l];
        const won = (level: string) => c.levels.find((x) => x.level === level)?.matches.won ?? 0;
        // Wins by level (a shared win split among its winners); a match with no winner is a draw.
        const wa = won(a);
        const wb = won(b);
        const unfinished = c.matches - c.finished;
        games += c.matches;
        scoreA += wa + unfinished / 2;
        scoreB += wb + unfinished / 2;
      }
      pairs.push({ a, b, games, scoreA, scoreB });
    }
  const index = new Map(players.map((p, i) => [p, i]));
  const fitted = fitRatings(
    players.length,
    pairs.map((p) => ({ a: index.get(p.a)!, b: index.get(p.b)!, games: p.games, score: p.scoreA })),
  );
  const rows = players
    .map((player, i) => {
      const mine = pairs.filter((p) => p.a === player || p.b === player);
      const games = mine.reduce((s, p) => s + p.games, 0);
      const points = mine.reduce((s, p) => s + (p.a === player ? p.scoreA : p.scoreB), 0);
      return { player, ...fitted[i], games, score: games ? points / games : 0 };
    })
    .sort((x, y) => y.rating - x.rating || players.indexOf(x.player) - players.indexOf(y.player))
    .map((r, i) => ({ rank: i + 1, ...r }));
  return { players, rows, pairs, method: LADDER_METHOD };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The rating list as text: rank, player, rating, ± interval, games, score; then each pair's result. */
export function ladderText(ladder: Ladder): string {
  const width = Math.max(6, ...ladder.players.map((p) => p.length));
  const lines = [
    `  ${"rank".padStart(4)}  ${"player".padEnd(width)}  ${"rating".padStart(6)}  ${"±95%".padStart(5)}  ${"games".padStart(6)}  ${"score".padStart(6)}`,
    ...ladder.rows.map(
      (r) =>
        `  ${String(r.rank).padStart(4)}  ${r.player.padEnd(width)}  ${r.rating.toFixed(0).padStart(6)}  ${`±${r.interval.toFixed(0)}`.padStart(5)}  ${String(r.games).padStart(6)}  ${pct(r.score).padStart(6)}`,
    ),
    "  pairs:",
    ...ladder.pairs.map(
      (p) =>
        `    ${p.a} ${fmtPoints(p.scoreA)} - ${fmtPoints(p.scoreB)} ${p.b}  (${p.games} games, ${pct(p.games ? p.scoreA / p.games : 0)})`,
    ),
    `  ratings: ${ladder.method}`,
  ];
  return lines.join("\n") + "\n";
}

const fmtPoints = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));
