/**
 * How often the discards of `medium` and `hard` (`discardChoices`) match the
 * brute-force exact expected-value optimum on N random two-player deals:
 * `npx tsx bench/cribbage-discards.ts N` (about 0.14 s a deal on one core).
 */
import { Rng } from "../src/engine/rng.js";
import { discardChoices } from "../src/games/cribbage/discard.js";
import { referenceDiscards } from "../src/games/cribbage/discard-reference.js";

const deals = Number(process.argv[2] ?? 100);
const rng = Rng.fromSeed("cribbage-discards");
let agree = 0;
const t0 = performance.now();
for (let d = 0; d < deals; d++) {
  const hand = rng.shuffle([...Array(52).keys()]).slice(0, 6);
  const own = d % 2 === 0;
  const ref = referenceDiscards(hand, own);
  const unseen = [...Array(52).keys()].filter((c) => !hand.includes(c));
  const [mine] = discardChoices(hand, [], own, unseen);
  const exact = ref.find((w) => w.out.every((c) => mine.out.includes(c)))!;
  if (exact.value >= ref[0].value - 1e-9) agree++;
}
const s = (performance.now() - t0) / 1000;
console.log(
  `${agree} of ${deals} deals at the exact optimum (${((100 * agree) / deals).toFixed(2)}%), ${s.toFixed(1)} s`,
);
