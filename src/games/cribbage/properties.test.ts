import { describe, expect, it } from "vitest";
import { type Card, makePack } from "../../engine/cards.js";
import { formatCards } from "../../engine/card-text.js";
import { type AnyGame, type MatchState, type Viewer, SPECTATOR } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import {
  arrangementCounts,
  chiSquareCritical,
  chiSquareUniform,
  contractProperties,
} from "../../../test/contract-properties.js";
import { gameProperties } from "../../../test/game-properties.js";
import { cribbage } from "./game.js";
import { type CribbageState, PEGGING, SHOWING } from "./state.js";
import { cribShown, handShown } from "./view.js";

/**
 * The cards a viewer cannot know: the stock, the others' hands until shown
 * (five-card cribbage's muggins show puts up cards still held), the others'
 * crib cards until the crib is turned.
 */
const hidden = (st: MatchState, viewer: Viewer): Card[] => {
  const s = st as CribbageState;
  const out = s.stock.slice();
  if (!s.handOver) {
    s.hands.forEach((h, p) => p !== viewer && !handShown(s, p) && out.push(...h));
    if (!cribShown(s)) s.crib.forEach((card, i) => s.cribOwner[i] !== viewer && out.push(card));
  }
  return out;
};

// The last set plays the house rule (docs/rules/cribbage.md, "House rules").
const OPTIONS = [
  {},
  { muggins: true },
  { muggins: true, skunk: true, target: 61 },
  { cribFlush: "four", muggins: true },
];

gameProperties({
  game: cribbage,
  players: [2, 3],
  options: OPTIONS,
  pack: () => makePack(),
  hidden,
  runs: 5,
});

contractProperties({ game: cribbage, players: [2, 3], options: OPTIONS, hidden, runs: 3, maxSteps: 600 });

// Five-card cribbage (docs/rules/cribbage.md, "Five-card cribbage"): two players only.
const FIVE_CARD = [{ deal: "five" }, { deal: "five", muggins: true, cribFlush: "four", skunk: true }];
gameProperties({ game: cribbage, players: [2], options: FIVE_CARD, pack: () => makePack(), hidden, runs: 5 });
contractProperties({ game: cribbage, players: [2], options: FIVE_CARD, hidden, runs: 3, maxSteps: 600 });

const list = (t: string) => t.split(" ");

function start(
  players: number,
  setup: Record<string, unknown>,
  options: Record<string, unknown> = {},
): Table {
  const t = Table.start(cribbage, { players, seed: "determinize", options, setup });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** The game seen through one part of its state: the sampled arrangements are counted by it. */
const through = (key: (s: CribbageState) => unknown): AnyGame => ({
  ...cribbage,
  dump: (s: CribbageState) => ({ key: JSON.stringify(key(s)) }),
});

function expectUniform(counts: Map<string, number>, arrangements: number): void {
  expect(counts.size).toBe(arrangements);
  const stat = chiSquareUniform([...counts.values()]);
  expect(stat).toBeLessThan(chiSquareCritical(arrangements - 1));
}

describe("determinize (cribbage)", () => {
  it("deals another seat's crib card uniformly from the 46 cards the viewer cannot see", () => {
    // Seat 1 has put one card in the crib; seat 0 holds its 6 and sees nothing else.
    const t = start(2, { dealer: 0 });
    const s = t.state as CribbageState;
    expect(t.play(1, s.hands[1][0]).ok).toBe(true);
    const counts = arrangementCounts(
      through((d) => formatCards(d.crib)),
      s,
      0,
      46 * 120,
    );
    expectUniform(counts, 46);
    // Seat 1 knows its own crib card: every world keeps it.
    expect(
      arrangementCounts(
        through((d) => d.crib),
        s,
        1,
        200,
      ).size,
    ).toBe(1);
  });

  it("deals an endgame's unseen hand uniformly: 2 cards of the 50 seat 0 cannot see", () => {
    const t = start(2, {
      dealer: 0,
      hands: [["5H"], list("6C 7D")],
      crib: list("AS 2S 3S 4S"),
      starter: "KD",
    });
    const s = t.state as CribbageState;
    expect(s.phase).toBe(PEGGING);
    const hand = (d: CribbageState) => formatCards(d.hands[1].slice().sort((a, b) => a - b));
    expectUniform(arrangementCounts(through(hand), s, 0, 1225 * 24), 1225);
    // Whole worlds: the viewer's own hand, the starter and the pegged cards never move.
    for (let i = 0; i < 50; i++) {
      const d = cribbage.determinize!(s, 0, Rng.fromSeed(i));
      expect(d.hands[0]).toEqual(s.hands[0]);
      expect(d.starter).toBe(s.starter);
      expect(d.hands[1]).toHaveLength(2);
      expect(d.crib).toHaveLength(4);
    }
  });

  it("permutes who put which card in a turned crib: 3! ways for the 3 crib cards not the viewer's", () => {
    // Three players, muggins: play to the crib's claim, where the crib is face up.
    const t = start(3, { dealer: 0 }, { muggins: true });
    const s = t.state as CribbageState;
    while (!(s.phase === SHOWING && s.showStep === 3)) {
      const seat = t.status().toAct[0];
      expect(t.play(seat, t.legal(seat)[0]).ok).toBe(true);
    }
    expect(cribShown(s)).toBe(true);
    const crib = (d: CribbageState) => formatCards(d.crib);
    expectUniform(arrangementCounts(through(crib), s, 1, 6 * 400), 6);
    // The stock is never seen: its order is dealt again too, the rest of the world stays.
    const stock = (d: CribbageState) => formatCards(d.stock.slice().sort((a, b) => a - b));
    expect(arrangementCounts(through(stock), s, 1, 100).size).toBe(1);
    expect(
      arrangementCounts(
        through((d) => d.stock),
        s,
        1,
        100,
      ).size,
    ).toBe(100);
  });

  it("never changes what the viewer sees, the spectator included", () => {
    const t = start(3, { dealer: 2 });
    const s = t.state as CribbageState;
    for (const p of [0, 1]) expect(t.play(p, s.hands[p][0]).ok).toBe(true);
    for (const viewer of [SPECTATOR, 0, 1, 2] as Viewer[]) {
      const d = cribbage.determinize!(s, viewer, Rng.fromSeed(7));
      expect(JSON.stringify(cribbage.view(d, viewer))).toBe(JSON.stringify(cribbage.view(s, viewer)));
    }
  });
});
