/**
 * The cribbage counting tool (`cardroom count cribbage`, the protocol's
 * `count`): a hand's show with its breakdown in words, the points for the
 * last card of a count, and the table of every (hand, starter) pair.
 */
import { type Card, JACK, rankOf, suitOf } from "../../engine/cards.js";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import type { JsonObject } from "../../engine/game.js";
import { type Result, err, ok } from "../../engine/result.js";
import type { CountAnswer } from "../../engine/counting.js";
import {
  COUNT_LIMIT,
  KEEP,
  countPoints,
  flushPoints,
  nobsPoints,
  pairPoints,
  pegValue,
  RANK_PLACES,
  rankPointsTable,
  runPoints,
} from "./rules.js";

const byRank = (a: Card, b: Card): number => rankOf(a) - rankOf(b) || a - b;

export type ComboKind = "fifteen" | "pair" | "run" | "flush" | "nobs";
export interface Combo {
  readonly kind: ComboKind;
  readonly cards: readonly Card[];
  readonly points: number;
}

/**
 * Every scoring combination of a show, in the order players count them. The
 * hand has `full` cards (4; five-card cribbage's hand 3), or fewer in a
 * set-up's endgame (then it has no flush).
 */
export function showCombos(hand: readonly Card[], starter: Card, crib: boolean, full = KEEP): Combo[] {
  const five = [...hand, starter];
  const n = five.length;
  const out: Combo[] = [];
  for (let mask = 1; mask < 1 << n; mask++) {
    let sum = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) sum += pegValue(five[i]);
    if (sum === 15) {
      const cards = five.filter((_, i) => mask & (1 << i)).sort(byRank);
      out.push({ kind: "fifteen", cards, points: 2 });
    }
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (rankOf(five[i]) === rankOf(five[j]))
        out.push({ kind: "pair", cards: [five[i], five[j]].sort(byRank), points: 2 });
  for (const run of runsOf(five)) out.push({ kind: "run", cards: run, points: run.length });
  const flush = flushPoints(hand, starter, crib, full);
  if (flush > 0) {
    const cards = flush > hand.length ? five : hand.slice();
    out.push({ kind: "flush", cards: cards.sort(byRank), points: flush });
  }
  if (nobsPoints(hand, starter)) {
    const jack = hand.find((c) => rankOf(c) === JACK && suitOf(c) === suitOf(starter))!;
    out.push({ kind: "nobs", cards: [jack], points: 1 });
  }
  return out;
}

/** Each distinct run of 3 or more: one card of each rank of a maximal stretch of ranks. */
function runsOf(five: readonly Card[]): Card[][] {
  const byRankCards: Card[][] = Array.from({ length: 15 }, () => []);
  for (const c of five) byRankCards[rankOf(c)].push(c);
  const runs: Card[][] = [];
  let r = 1;
  while (r <= 13) {
    if (byRankCards[r].length === 0) {
      r++;
      continue;
    }
    const start = r;
    while (r <= 13 && byRankCards[r].length > 0) r++;
    if (r - start < 3) continue;
    let partial: Card[][] = [[]];
    for (let k = start; k < r; k++) partial = partial.flatMap((p) => byRankCards[k].map((c) => [...p, c]));
    runs.push(...partial);
  }
  return runs;
}

const NUMBER_WORDS = (
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " +
  "sixteen seventeen eighteen nineteen twenty"
).split(" ");
export const numberWord = (n: number): string =>
  n <= 20 ? NUMBER_WORDS[n] : n < 30 ? `twenty-${NUMBER_WORDS[n - 20]}` : String(n);

/** Pairs of one rank by how many pairs they make: 2 cards 1 pair, 3 cards 3, 4 cards 6. */
const PAIRS_NAME: Record<number, string> = { 1: "a pair", 3: "a pair royal", 6: "a double pair royal" };
/** The runs of a show by how many there are (they always share one stretch of ranks). */
const RUNS_NAME = ["", "a run", "a double run", "a triple run", "a double double run"];

/**
 * The count as players say it, a running total after each item: "fifteen
 * two, fifteen four, and a pair is six, and a double run of three is twelve,
 * and nobs is thirteen". Players name the cards of a kind together (pair
 * royal, double pair royal) and the runs together (double, triple, double
 * double run), so the phrases group the combinations the same way.
 */
export function spokenCount(combos: readonly Combo[]): string {
  if (combos.length === 0) return 'nothing: "nineteen" (no points)';
  let total = 0;
  const words: string[] = [];
  const say = (name: string, points: number): void => {
    total += points;
    words.push(`${words.length ? "and " : ""}${name} is ${numberWord(total)}`);
  };
  const pairsByRank = new Map<number, number>();
  const runs = combos.filter((c) => c.kind === "run");
  for (const c of combos) {
    if (c.kind === "fifteen") {
      total += 2;
      words.push(`fifteen ${numberWord(total)}`);
    } else if (c.kind === "pair") {
      const rank = rankOf(c.cards[0]);
      pairsByRank.set(rank, (pairsByRank.get(rank) ?? 0) + 1);
    }
  }
  for (const pairs of pairsByRank.values()) say(PAIRS_NAME[pairs], pairs * 2);
  if (runs.length)
    say(`${RUNS_NAME[runs.length]} of ${numberWord(runs[0].points)}`, runs.length * runs[0].points);
  for (const c of combos) {
    if (c.kind === "flush") say(`a flush of ${numberWord(c.points)}`, c.points);
    else if (c.kind === "nobs") say("nobs", 1);
  }
  return words.join(", ");
}

/** A show in wire form and in words. */
export function showAnswer(hand: readonly Card[], starter: Card, crib: boolean, full = KEEP): CountAnswer {
  const combos = showCombos(hand, starter, crib, full);
  const total = combos.reduce((s, c) => s + c.points, 0);
  const of = (kind: ComboKind) => combos.filter((c) => c.kind === kind).map((c) => c.cards.map(formatCard));
  const flush = combos.find((c) => c.kind === "flush");
  const nobs = combos.find((c) => c.kind === "nobs");
  const json: JsonObject = {
    hand: hand.map(formatCard),
    starter: formatCard(starter),
    crib,
    total,
    fifteens: of("fifteen"),
    pairs: of("pair"),
    runs: of("run"),
    flush: flush ? flush.cards.map(formatCard) : null,
    nobs: nobs ? formatCard(nobs.cards[0]) : null,
    breakdown: combos.map((c) => ({ kind: c.kind, cards: c.cards.map(formatCard), points: c.points })),
  };
  const lines = [
    spokenCount(combos),
    ...combos.map((c) => `  ${c.kind.padEnd(8)} ${c.cards.map(formatCard).join(" ").padEnd(15)} ${c.points}`),
    `  total ${total}`,
  ];
  return { json, text: lines.join("\n") };
}

/** Points for the last card of a count's cards, with what made them. */
export function peggingAnswer(played: readonly Card[]): CountAnswer {
  const n = played.length;
  let count = 0;
  for (const c of played) count += pegValue(c);
  const parts = { count: countPoints(count), pairs: pairPoints(played, 0, n), run: runPoints(played, 0, n) };
  const points = parts.count + parts.pairs + parts.run;
  const words: string[] = [];
  if (parts.count) words.push(`${count} for ${parts.count}`);
  if (parts.pairs)
    words.push(
      `${["", "", "a pair", "pair royal", "double pair royal"][parts.pairs === 2 ? 2 : parts.pairs === 6 ? 3 : 4]} for ${parts.pairs}`,
    );
  if (parts.run) words.push(`a run of ${parts.run} for ${parts.run}`);
  const text = `${formatCard(played[n - 1])} makes ${count}: ${words.length ? words.join(", ") : "no points"} (${points} in all)`;
  return { json: { count, points, fifteenOr31: parts.count, pairs: parts.pairs, run: parts.run }, text };
}

// --- Every (hand, starter) pair -------------------------------------------------

/**
 * How many of the C(52,4) * 48 = 12,994,800 (hand, starter) pairs score each
 * total. Each 5-card set is visited once, in rank order so its rank points are
 * one table look-up; then each of its 5 cards in turn is the starter, which
 * decides only the flush and nobs.
 */
export function showHistogram(crib: boolean): number[] {
  const table = rankPointsTable();
  // Cards in rank order, so each 5-set's ranks are sorted: its table index is added one place at a time.
  const [P1, P2, P3, P4, P5] = RANK_PLACES;
  const hist = new Float64Array(30);
  // Cards in rank order: index k holds rank k >> 2, suit k & 3.
  const R = new Int32Array(52);
  const SB = new Int32Array(52); // suit bit
  const JB = new Int32Array(52); // suit bit if a Jack, else 0
  for (let k = 0; k < 52; k++) {
    R[k] = k >> 2;
    SB[k] = 1 << (k & 3);
    JB[k] = R[k] === JACK - 1 ? SB[k] : 0;
  }
  const handFlush = crib ? 0 : 4;
  const flush = (others: number, own: number): number =>
    (others & (others - 1)) !== 0 ? 0 : others === own ? 5 : handFlush;
  const nobs = (jacks: number, k: number): number => (JB[k] === 0 && (jacks & SB[k]) !== 0 ? 1 : 0);
  for (let a = 0; a < 48; a++) {
    const ia = P1[R[a]];
    for (let b = a + 1; b < 49; b++) {
      const ib = ia + P2[R[b]];
      const sab = SB[a] | SB[b];
      for (let c = b + 1; c < 50; c++) {
        const ic = ib + P3[R[c]];
        const sabc = sab | SB[c];
        for (let d = c + 1; d < 51; d++) {
          const id = ic + P4[R[d]];
          const sabcd = sabc | SB[d];
          const jabcd = JB[a] | JB[b] | JB[c] | JB[d];
          for (let e = d + 1; e < 52; e++) {
            const base = table[id + P5[R[e]]];
            const se = SB[e];
            const jacks = jabcd | JB[e];
            const scd = SB[c] | SB[d];
            hist[base + flush(SB[b] | scd | se, SB[a]) + nobs(jacks, a)]++;
            hist[base + flush(SB[a] | scd | se, SB[b]) + nobs(jacks, b)]++;
            hist[base + flush(sab | SB[d] | se, SB[c]) + nobs(jacks, c)]++;
            hist[base + flush(sabc | se, SB[d]) + nobs(jacks, d)]++;
            hist[base + flush(sabcd, se) + nobs(jacks, e)]++;
          }
        }
      }
    }
  }
  return Array.from(hist);
}

function allAnswer(crib: boolean): CountAnswer {
  const t0 = performance.now();
  const hist = showHistogram(crib);
  const seconds = (performance.now() - t0) / 1000;
  const total = hist.reduce((s, n) => s + n, 0);
  const histogram: Record<string, number> = {};
  hist.forEach((n, points) => (histogram[String(points)] = n));
  const lines = [
    `Every ${crib ? "crib" : "hand"} of 4 cards with every starter: ${total.toLocaleString("en-US")} in ${seconds.toFixed(3)} s`,
    "  points        count   share",
    ...hist.map(
      (n, p) =>
        `  ${String(p).padStart(6)} ${n.toLocaleString("en-US").padStart(12)}  ${((100 * n) / total).toFixed(4).padStart(7)}%`,
    ),
  ];
  return { json: { total, histogram, seconds }, text: lines.join("\n") };
}

// --- Requests ------------------------------------------------------------------

function distinct(cards: readonly Card[]): string | null {
  const seen = new Set<Card>();
  for (const c of cards) {
    if (c >= 52) return `${formatCard(c)} is not in a cribbage pack`;
    if (seen.has(c)) return `${formatCard(c)} is named twice`;
    seen.add(c);
  }
  return null;
}

function flag(v: unknown, name: string): Result<boolean, string> {
  if (v === undefined || v === null || v === false || v === "false") return ok(false);
  if (v === true || v === "true") return ok(true);
  return err(`"${name}" must be true or false`);
}

/** The counting tool: `{hand, starter, crib?}`, `{played}` or `{all: true, crib?}`. */
export function count(request: Readonly<Record<string, unknown>>): Result<CountAnswer, string> {
  const crib = flag(request.crib, "crib");
  if (!crib.ok) return crib;
  if (request.all !== undefined && request.all !== false) {
    const all = flag(request.all, "all");
    return all.ok ? ok(allAnswer(crib.value)) : all;
  }
  if (request.played !== undefined) {
    const played = parseCards(request.played);
    if (!played.ok) return played;
    const cards = played.value;
    if (cards.length === 0) return err('"played" needs the cards of one count, in order');
    const bad = distinct(cards);
    if (bad) return err(bad);
    const total = cards.reduce((s, c) => s + pegValue(c), 0);
    if (total > COUNT_LIMIT) return err(`those cards count ${total}, past ${COUNT_LIMIT}`);
    return ok(peggingAnswer(cards));
  }
  if (request.hand !== undefined) {
    const hand = parseCards(request.hand);
    if (!hand.ok) return hand;
    if (hand.value.length !== 4) return err(`a hand to show has 4 cards, not ${hand.value.length}`);
    if (request.starter === undefined) return err('the show needs a "starter" card');
    const starter = parseCard(request.starter);
    if (!starter.ok) return err(`starter: ${starter.error}`);
    const bad = distinct([...hand.value, starter.value]);
    if (bad) return err(bad);
    return ok(showAnswer(hand.value, starter.value, crib.value));
  }
  return err('a cribbage count needs "hand" and "starter", "played", or "all"');
}
