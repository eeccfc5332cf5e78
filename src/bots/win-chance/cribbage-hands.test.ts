import { describe, expect, it } from "vitest";
import { applyMove, legalMoves } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { cribbage } from "../../games/cribbage/game.js";
import { DEALER, PONE, handPoints, handRecord } from "./cribbage-hands.js";

const options = { target: 10_000, muggins: false, skunk: false, cribFlush: "five", deal: "six" } as const;

describe("a Cribbage hand's record", () => {
  it("holds every point of the hand, each on the side that scored it, the pegging's in runs by who scored", () => {
    const rng = Rng.fromSeed("hand records");
    const records = [];
    for (let i = 0; i < 60; i++) {
      const started = cribbage.start({ players: 2, seed: `records:${i}`, options });
      if (!started.ok) throw new Error(started.error);
      const s = started.value;
      while (!s.handOver) {
        const seat = cribbage.toAct(s)[0];
        const legal = legalMoves(cribbage, s, seat);
        applyMove(cribbage, s, seat, legal[rng.int(legal.length)]);
      }
      const r = handRecord(s);
      records.push(r);
      const pegged = (who: number) => r.pegging.reduce((a, [w, p]) => a + (w === who ? p : 0), 0);
      const points = s.result!.points;
      expect(pegged(PONE) + r.poneHand).toBe(points[1 - s.dealer]);
      expect(r.heels + pegged(DEALER) + r.dealerHand + r.crib).toBe(points[s.dealer]);
      expect(r.heels === 0 || r.heels === 2).toBe(true);
      for (let k = 1; k < r.pegging.length; k++) expect(r.pegging[k][0]).not.toBe(r.pegging[k - 1][0]);
      expect(pegged(PONE) + pegged(DEALER)).toBeGreaterThan(0);
    }
    const counted = handPoints(records);
    expect(counted.hands).toBe(60);
    expect(counted.pegging.reduce((a, [c]) => a + c, 0)).toBe(60);
    expect(counted.poneHand.reduce((a, b) => a + b, 0)).toBe(60);
    expect(counted.dealerShow.reduce((a, b) => a + b, 0)).toBe(60);
  });
});
