import { describe, expect, it } from "vitest";
import type { Inference } from "../../bots/ismcts.js";
import { formatCard } from "../../engine/card-text.js";
import { type Move, applyMove } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { awareSettle, goBounds, goInference } from "./aware.js";
import { greedy, settle } from "./bot.js";
import { cribbage } from "./game.js";
import { isDiscard } from "./moves.js";
import { pegValue } from "./rules.js";
import { type CribbageState, PEGGING } from "./state.js";
import type { CribbageView } from "./view.js";

const OPTIONS = { target: 121, muggins: false, skunk: false, cribFlush: "five", deal: "six" } as const;

function started(seed: string): CribbageState {
  const s = cribbage.start({ players: 2, seed, options: OPTIONS });
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

const legalOf = (s: CribbageState, seat: number): Move[] => {
  const buf: Move[] = [];
  return buf.slice(0, cribbage.legalMoves(s, seat, buf));
};

/** Pegging positions, `medium` at both seats, where the seat to act has seen the other say go and the other still holds cards. */
function afterGoes(count: number): { s: CribbageState; seat: number }[] {
  const out: { s: CribbageState; seat: number }[] = [];
  for (let g = 0; out.length < count && g < 400; g++) {
    const s = started(`go-${g}`);
    const rng = Rng.fromSeed(`go-${g}`);
    while (!s.handOver && out.length < count) {
      const seat = cribbage.toAct(s)[0];
      const legal = legalOf(s, seat);
      const other = 1 - seat;
      if (s.phase === PEGGING && legal.length > 1 && goBounds(s)[other] > 0 && s.hands[other].length > 0)
        out.push({ s: cribbage.clone(s), seat });
      applyMove(cribbage, s, seat, greedy.choose(cribbage.view(s, seat) as CribbageView, legal, rng));
    }
  }
  return out;
}

describe("expert's inference from goes", () => {
  const positions = afterGoes(12);

  it("the real hands never break a go's bound (the bound is sound)", () => {
    expect(positions.length).toBe(12);
    for (const { s, seat } of positions) {
      const bound = goBounds(s)[1 - seat];
      for (const c of s.hands[1 - seat]) expect(pegValue(c)).toBeGreaterThan(bound);
    }
  });

  it("every drawn world keeps the other's goes, where uniform draws do not", () => {
    const same: Inference = (w) => w;
    let broken = 0;
    for (const [i, { s, seat }] of positions.entries()) {
      const bound = goBounds(s)[1 - seat];
      const rng = Rng.fromSeed(`worlds-${i}`);
      const infer = goInference(same);
      for (let k = 0; k < 50; k++) {
        const uniform = cribbage.determinize!(s, seat, rng) as CribbageState;
        if (uniform.hands[1 - seat].some((c) => pegValue(c) <= bound)) broken++;
        const world = infer(cribbage.determinize!(s, seat, rng), seat, rng) as CribbageState;
        for (const c of world.hands[1 - seat]) expect(pegValue(c)).toBeGreaterThan(bound);
        // Still a whole pack: every card in one place.
        const cards = [...world.hands.flat(), ...world.crib, ...world.stock, ...world.played, world.starter];
        expect(new Set(cards).size).toBe(52);
      }
    }
    expect(broken).toBeGreaterThan(0);
  });
});

describe("expert's discards know how the other lays away", () => {
  it("a legal discard every time, the same as hard's on most hands, another on some", () => {
    let same = 0;
    let differ = 0;
    for (let g = 0; g < 120; g++) {
      const s = started(`aware-${g}`);
      for (const seat of [0, 1]) {
        const view = cribbage.view(s, seat) as CribbageView;
        const legal = legalOf(s, seat);
        expect(isDiscard(legal[0])).toBe(true);
        const aware = awareSettle(view, legal)!;
        expect(legal).toContain(aware.move);
        expect(aware.reason).toMatch(/with what the other lays away/);
        if (aware.move === settle(view, legal)!.move) same++;
        else differ++;
      }
    }
    expect(same).toBeGreaterThan(differ * 4);
    expect(differ).toBeGreaterThan(0);
  });

  it("names the four it keeps, where they differ from hard's: the hand left after both its cards are laid away", () => {
    let differ = 0;
    for (let g = 0; g < 40; g++) {
      const s = started(`aware-kept-${g}`);
      for (const seat of [0, 1]) {
        const first = awareSettle(cribbage.view(s, seat) as CribbageView, legalOf(s, seat))!;
        if (first.move !== settle(cribbage.view(s, seat) as CribbageView, legalOf(s, seat))!.move) differ++;
        const kept = /^keeps ((?:\S+ ){3}\S+),/.exec(first.reason)![1];
        applyMove(cribbage, s, seat, first.move);
        applyMove(
          cribbage,
          s,
          seat,
          awareSettle(cribbage.view(s, seat) as CribbageView, legalOf(s, seat))!.move,
        );
        expect(s.hands[seat].map(formatCard).sort().join(" ")).toBe(kept.split(" ").sort().join(" "));
      }
    }
    expect(differ).toBeGreaterThan(0);
  });
});
