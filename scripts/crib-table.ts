/**
 * Writes src/games/cribbage/crib-table.ts: the crib's expected show given
 * the seat's own crib cards and the starter, the crib's other cards every
 * possible set from the rest of the pack (as sums, so exact) (two cards for two
 * players; three for three or four players, one card each). Run:
 * `npx tsx scripts/crib-table.ts` (about a minute on one core).
 */
import { writeFileSync } from "node:fs";
import { PATTERNS, oneCards, pairCards } from "../src/games/cribbage/discard.js";
import { encodeTable } from "../src/games/cribbage/crib-table-codec.js";
import { showPoints } from "../src/games/cribbage/rules.js";

const crib: number[] = [0, 0, 0, 0];

/** The sum of the crib's shows with `fixed` in it, over every way of filling it from the rest of the pack. */
function average(fixed: readonly number[], starter: number): number {
  const rest: number[] = [];
  for (let c = 0; c < 52; c++) if (c !== starter && !fixed.includes(c)) rest.push(c);
  for (let i = 0; i < fixed.length; i++) crib[i] = fixed[i];
  let sum = 0;
  let n = 0;
  const n0 = fixed.length;
  if (n0 === 2) {
    for (let i = 0; i < rest.length; i++)
      for (let j = i + 1; j < rest.length; j++) {
        crib[2] = rest[i];
        crib[3] = rest[j];
        sum += showPoints(crib, starter, true);
        n++;
      }
  } else {
    for (let i = 0; i < rest.length; i++)
      for (let j = i + 1; j < rest.length; j++)
        for (let k = j + 1; k < rest.length; k++) {
          crib[1] = rest[i];
          crib[2] = rest[j];
          crib[3] = rest[k];
          sum += showPoints(crib, starter, true);
          n++;
        }
  }
  return n > 0 ? sum : 0;
}

const t0 = performance.now();
const two = new Array<number>(13 * 13 * 13 * PATTERNS).fill(0);
for (let i = 0; i < two.length; i++) {
  const cards = pairCards(i);
  if (cards) two[i] = average([cards[0], cards[1]], cards[2]);
}
const one = new Array<number>(13 * 13 * 2).fill(0);
for (let i = 0; i < one.length; i++) {
  const cards = oneCards(i);
  if (cards) one[i] = average([cards[0]], cards[1]);
}
const out = `// Written by scripts/crib-table.ts: do not edit. Sums of the crib's show over every way of filling it
// (C(49,2) ways for two cards laid away, C(50,3) for one), base64 of little-endian 32-bit words:
// CRIB_TWO by (rank a, rank b, starter rank, suit pattern) as discard.ts indexes it, CRIB_ONE by
// (rank a, starter rank, suited).
export { decodeTable } from "./crib-table-codec.js";
export const CRIB_TWO = "${encodeTable(two)}";
export const CRIB_ONE = "${encodeTable(one)}";
`;
writeFileSync(new URL("../src/games/cribbage/crib-table.ts", import.meta.url), out);
console.log(`crib-table.ts written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
