/**
 * The bench's baselines (bench/players/, docs/STRENGTH.md): each is an
 * outside program that plays a whole match legally through the player
 * protocol, at either seat, and its own counting agrees with the rules.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MatchTask, playOutsideMatch } from "../src/sim/arena-match.js";
import { BASELINES } from "../bench/baselines.js";
import { formatCards } from "../src/engine/card-text.js";
import type { Card } from "../src/engine/cards.js";
import { Rng } from "../src/engine/rng.js";
import { showPoints } from "../src/games/cribbage/rules.js";
import { deadwood as ginDeadwood } from "../src/games/gin-rummy/melds.js";

// Plain JavaScript programs, imported by path for their counting alone.
const CRIBBAGE: string = "../bench/players/cribbage.mjs";
const GIN: string = "../bench/players/gin-melds.mjs";
const PROTOCOL: string = "../bench/players/protocol.mjs";

const logDir = mkdtempSync(join(tmpdir(), "cardroom-baselines-test-"));
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

function task(game: string, levels: string[], seed: string): MatchTask {
  return {
    game,
    players: 2,
    options: {},
    seed,
    levels,
    botSeed: `bots:${seed}`,
    budget: { iterations: 20, ms: Infinity },
    outside: { logDir },
  };
}

describe("the baselines play whole matches through the player protocol", () => {
  for (const b of BASELINES)
    it.each([0, 1])(`${b.name} (${b.game}) at seat %i`, async (seat) => {
      const levels = seat === 0 ? [b.level, "medium"] : ["medium", b.level];
      const o = await playOutsideMatch(task(b.game, levels, `baseline:${b.name}:${seat}`));
      expect(o.forfeit).toBeUndefined();
      expect(o.winners.length).toBeGreaterThan(0);
      // A whole match of hands, the baseline choosing among its moves all along.
      expect(o.hands.length).toBeGreaterThan(1);
      expect(o.chosen[seat]).toBeGreaterThan(20);
    });
});

describe("the baselines count as the rules do", () => {
  // Their own counting, written apart from the rules library, checked against it on random hands.
  const deal = (rng: Rng, n: number): Card[] => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 0; i < n; i++) {
      const j = i + rng.int(52 - i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck.slice(0, n);
  };

  it("Cribbage's show: 2,000 random hands and cribs", async () => {
    const { show } = await import(CRIBBAGE);
    const { card } = await import(PROTOCOL);
    const rng = Rng.fromSeed("baseline-show");
    for (let i = 0; i < 2000; i++) {
      const five = deal(rng, 5);
      const crib = i % 2 === 1;
      const texts = formatCards(five);
      expect(show(texts.slice(0, 4).map(card), card(texts[4]), crib)).toBe(
        showPoints(five.slice(0, 4), five[4], crib),
      );
    }
  });

  it("Gin's deadwood: 2,000 random hands of ten and eleven", async () => {
    const { deadwood } = await import(GIN);
    const { card } = await import(PROTOCOL);
    const rng = Rng.fromSeed("baseline-deadwood");
    for (let i = 0; i < 2000; i++) {
      const hand = deal(rng, 10 + (i % 2));
      expect(deadwood(formatCards(hand).map(card))).toBe(ginDeadwood(hand));
    }
  });
});
