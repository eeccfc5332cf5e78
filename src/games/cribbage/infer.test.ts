import { describe, expect, it } from "vitest";
import type { Card } from "../../engine/cards.js";
import { type Move, applyMove } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { greedy } from "./bot.js";
import { discardChoices } from "./discard.js";
import { cribbage } from "./game.js";
import { keptInference } from "./infer.js";
import { isDiscard } from "./moves.js";
import { type CribbageState, PEGGING } from "./state.js";
import type { CribbageView } from "./view.js";

/** Hands in their pegging: every seat laid away by the discard rule, then `pegs` moves of it. */
function pegging(players: number, seed: string, pegs: number): CribbageState {
  const started = cribbage.start({
    players,
    seed,
    options: { target: 121, muggins: false, skunk: false, cribFlush: "five", deal: "six" },
  });
  if (!started.ok) throw new Error(started.error);
  const s = started.value;
  const rng = Rng.fromSeed(seed);
  const buf: Move[] = [];
  for (let moves = 0; s.phase !== PEGGING || moves < pegs;) {
    if (s.phase === PEGGING) moves++;
    const seat = cribbage.toAct(s)[0];
    const legal = buf.slice(0, cribbage.legalMoves(s, seat, buf));
    applyMove(cribbage, s, seat, greedy.choose(cribbage.view(s, seat) as CribbageView, legal, rng));
    if (s.phase !== PEGGING && !isDiscard(legal[0])) throw new Error("the pegging ended");
  }
  return s;
}

/** Every card of the world, each place in turn: the hands, the crib, the stock, the pegged cards, the starter. */
const everyCard = (w: CribbageState): Card[] => [
  ...w.hands.flat(),
  ...w.crib,
  ...w.stock,
  ...w.played,
  w.starter,
];

describe("inference from the discards", () => {
  it.each([2, 3])("keeps every card in one place and what the seat sees as it is (%i players)", (players) => {
    for (let i = 0; i < 6; i++) {
      const s = pegging(players, `kept-${players}-${i}`, i % 3);
      const me = cribbage.toAct(s)[0];
      const infer = keptInference();
      const rng = Rng.fromSeed(`worlds-${i}`);
      for (let k = 0; k < 60; k++) {
        const w = infer(cribbage.determinize!(s, me, rng), me, rng) as CribbageState;
        const cards = everyCard(w);
        expect(new Set(cards).size).toBe(52);
        expect(cards.length).toBe(52);
        expect(w.hands.map((h) => h.length)).toEqual(s.hands.map((h) => h.length));
        expect(cribbage.view(w, me)).toEqual(cribbage.view(s, me));
      }
    }
  });

  it("gives the other player a hand its discard rule would have kept, where uniform deals rarely do", () => {
    let kept = 0;
    let uniformKept = 0;
    const worlds = 12;
    for (let i = 0; i < 5; i++) {
      const s = pegging(2, `rule-${i}`, 1 + (i % 2));
      const me = cribbage.toAct(s)[0];
      const other = 1 - me;
      const infer = keptInference();
      const rng = Rng.fromSeed(`rule-worlds-${i}`);
      const ruleKeeps = (w: CribbageState): boolean => {
        const pegged = w.played.filter((_, j) => w.playedBy[j] === other);
        const four = [...pegged, ...w.hands[other]];
        const dealt = [...four, ...w.crib.filter((_, j) => w.cribOwner[j] === other)];
        const unseen = [...Array(52).keys()].filter((c) => !dealt.includes(c));
        const [best] = discardChoices(dealt, [], other === w.dealer, unseen);
        return best.out.every((c) => !four.includes(c));
      };
      for (let k = 0; k < worlds; k++) {
        const uniform = cribbage.determinize!(s, me, rng) as CribbageState;
        if (ruleKeeps(uniform)) uniformKept++;
        if (ruleKeeps(infer(cribbage.determinize!(s, me, rng), me, rng) as CribbageState)) kept++;
      }
    }
    // The quick rule leaves out a correction of a few hundredths of a point, and a rare draw stays uniform.
    expect(kept / (5 * worlds)).toBeGreaterThan(0.9);
    expect(uniformKept / (5 * worlds)).toBeLessThan(0.3);
  });
});
