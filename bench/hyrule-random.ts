/**
 * How well a player can do against random play in two-player Hyrule,
 * strategy mode: `npx tsx bench/hyrule-random.ts [deals] [playouts]`. On the
 * same deals, each played once from each seat against a player who puts a
 * uniformly random card from its hand:
 *
 * - `medium`, as it plays;
 * - `medium` improved by one step of look-ahead against a true model of its
 *   opponent: each legal card is tried on the same drawn worlds (the other
 *   hand dealt from the unseen cards, `determinize`), the rest of the hand
 *   played by `medium` for the seat and at random for the other, and the
 *   best mean taken (paired samples, `playouts` in all a move);
 * - the best any player could do seeing the other's hand: the exact
 *   expectimax value of the deal against random play (the other's card
 *   averaged over its hand at each of its turns), a bound on the rest.
 *
 * About 2 s a deal on one core, most of it the expectimax.
 */
import { ismcts } from "../src/bots/ismcts.js";
import { type Move, applyMove, legalMoves } from "../src/engine/game.js";
import { defaultOptions } from "../src/engine/options.js";
import { Rng } from "../src/engine/rng.js";
import { greedy as medium } from "../src/games/hyrule/bot.js";
import { type HyruleState, hyrule } from "../src/games/hyrule/game.js";

/** A whole number of at least 1 from the command line, or one line saying what is wrong and exit 2. */
function count(index: number, name: string, fallback: number): number {
  const text = process.argv[index];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`${name} must be a whole number of at least 1, got ${JSON.stringify(text)}`);
  process.exit(2);
}

const deals = count(2, "deals", 100);
const playouts = count(3, "playouts", 2000);
const options = { ...defaultOptions(hyrule.options), mode: "strategy" as const };

/** The seat's share of the hand's win: 1, a share of a tie, or 0. */
const share = (s: HyruleState, seat: number): number => {
  const w = s.result?.winners ?? [];
  return w.includes(seat) ? 1 / w.length : 0;
};

/** What decides the rest of the hand: the hands as sets, the trick so far, the counts, the lead. */
function key(s: HyruleState): string {
  const hands = s.hands.map((h) =>
    h
      .slice()
      .sort((a, b) => a - b)
      .join(","),
  );
  return [
    hands.join("|"),
    s.order.slice(0, s.playedCount).map((p) => s.played[p]),
    s.captured.map((c) => c.length),
    s.unclaimed.length,
    s.trick,
    s.leader,
    s.turn,
    s.lastWinner,
  ].join("/");
}

/** The exact value for `me` of best play seeing every card, the other playing at random. */
function expectimax(s: HyruleState, me: number, memo: Map<string, number>): number {
  if (s.handOver) return share(s, me);
  const k = key(s);
  const known = memo.get(k);
  if (known !== undefined) return known;
  const seat = hyrule.toAct(s)[0];
  const moves = legalMoves(hyrule, s, seat);
  let v = 0;
  for (const m of moves) {
    const next = hyrule.clone(s);
    hyrule.apply(next, seat, m);
    const x = expectimax(next, me, memo);
    v = seat === me ? Math.max(v, x) : v + x / moves.length;
  }
  memo.set(k, v);
  return v;
}

type Chooser = (s: HyruleState, seat: number, legal: Move[], rng: Rng) => Move;

const byMedium: Chooser = (s, seat, legal, rng) => medium.choose(hyrule.view(s, seat), legal, rng);

const byLookAhead: Chooser = (s, me, legal, rng) => {
  const policy = (w: HyruleState, p: number, moves: readonly Move[], count: number, r: Rng): Move =>
    p === me ? medium.choose(hyrule.view(w, p), moves.slice(0, count), r) : moves[r.int(count)];
  return ismcts(hyrule, s, me, Rng.fromWords(rng.split()), {
    playout: policy,
    paired: true,
    budget: { iterations: playouts, ms: 1e9 },
  }).move;
};

/** One deal played out with `me` choosing by `choose` and the other at random. */
function play(deal: number, me: number, choose: Chooser, rng: Rng): number {
  const started = hyrule.start({ players: 2, seed: `hyrule-random-${deal}`, options });
  if (!started.ok) throw new Error(started.error);
  const s = started.value;
  while (!s.handOver) {
    const seat = hyrule.toAct(s)[0];
    const legal = legalMoves(hyrule, s, seat);
    const m =
      seat !== me
        ? legal[rng.int(legal.length)]
        : legal.length === 1
          ? legal[0]
          : choose(s, seat, legal, rng);
    applyMove(hyrule, s, seat, m);
  }
  return share(s, me);
}

const rows: [string, (deal: number, me: number) => number][] = [
  ["medium", (d, me) => play(d, me, byMedium, Rng.fromSeed(`random-${d}-${me}`))],
  [
    `medium with one step of look-ahead (${playouts} playouts)`,
    (d, me) => play(d, me, byLookAhead, Rng.fromSeed(`random-${d}-${me}`)),
  ],
  [
    "best play seeing the other's hand (exact)",
    (d, me) => {
      const started = hyrule.start({ players: 2, seed: `hyrule-random-${d}`, options });
      if (!started.ok) throw new Error(started.error);
      return expectimax(started.value, me, new Map());
    },
  ],
];
console.log(`Hyrule, strategy mode, two players, against random play: ${deals} deals, each from both seats`);
for (const [name, value] of rows) {
  const t0 = performance.now();
  let sum = 0;
  let squares = 0;
  for (let d = 0; d < deals; d++)
    for (const me of [0, 1]) {
      const v = value(d, me);
      sum += v;
      squares += v * v;
    }
  const n = 2 * deals;
  const mean = sum / n;
  const half = 1.96 * Math.sqrt((squares / n - mean * mean) / n);
  const s = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`  ${name}: ${(100 * mean).toFixed(1)}% ± ${(100 * half).toFixed(1)} (${s} s)`);
}
