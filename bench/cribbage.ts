/**
 * Cribbage's counting figures: shows scored per second (one 4-card hand with
 * a starter at a time, as the game and bots do) and the time of `count --all`,
 * every one of the 12,994,800 (hand, starter) pairs.
 */
import { showHistogram } from "../src/games/cribbage/count.js";
import { showPoints } from "../src/games/cribbage/rules.js";
import { Rng } from "../src/engine/rng.js";

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");

export function bench(seconds: number): string[] {
  const rng = Rng.fromSeed("cribbage-bench");
  // A pool of random 5-card deals, so the loop times the counting and not the dealing.
  const hands: number[][] = [];
  const starters: number[] = [];
  for (let i = 0; i < 4096; i++) {
    const dealt = rng.shuffle([...Array(52).keys()]);
    hands.push(dealt.slice(0, 4));
    starters.push(dealt[4]);
  }
  let shows = 0;
  let sum = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 4096; i++) {
      sum += showPoints(hands[i], starters[i], (i & 1) === 1);
    }
    shows += 4096;
  }
  const perSecond = shows / ((performance.now() - t0) / 1000);
  const lines = [
    `  cribbage show   ${fmt(perSecond).padStart(12)} shows/s (mean ${(sum / shows).toFixed(2)})`,
  ];
  for (const crib of [false, true]) {
    const t = performance.now();
    const hist = showHistogram(crib);
    const s = (performance.now() - t) / 1000;
    const total = hist.reduce((a, b) => a + b, 0);
    lines.push(
      `  cribbage count --all${crib ? " --crib" : "       "} ${s.toFixed(3)} s for ${fmt(total)} pairs`,
    );
  }
  return lines;
}
