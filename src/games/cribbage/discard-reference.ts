/**
 * The exact expected-value discard by brute force, for tests and
 * benchmarks only: every starter the seat cannot see, and for each every
 * pair of cards the other player could lay away from the rest (two players).
 */
import type { Card } from "../../engine/cards.js";
import { showPoints } from "./rules.js";

export interface ReferenceDiscard {
  readonly out: Card[];
  readonly value: number;
}

/** Every way of laying two cards away from six, with its exact expected value, best first. */
export function referenceDiscards(hand: readonly Card[], ownCrib: boolean): ReferenceDiscard[] {
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!hand.includes(c)) unseen.push(c);
  const crib = [0, 0, 0, 0];
  const ways: ReferenceDiscard[] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) {
      const keep = hand.filter((_, k) => k !== i && k !== j);
      crib[0] = hand[i];
      crib[1] = hand[j];
      let total = 0;
      for (const s of unseen) {
        let cribSum = 0;
        let n = 0;
        for (let a = 0; a < unseen.length; a++) {
          if (unseen[a] === s) continue;
          for (let b = a + 1; b < unseen.length; b++) {
            if (unseen[b] === s) continue;
            crib[2] = unseen[a];
            crib[3] = unseen[b];
            cribSum += showPoints(crib, s, true);
            n++;
          }
        }
        total += showPoints(keep, s, false) + (ownCrib ? 1 : -1) * (cribSum / n);
      }
      const value = total / unseen.length;
      ways.push({ out: [hand[i], hand[j]], value });
    }
  return ways.sort((a, b) => b.value - a.value);
}
