import { describe, expect, it } from "vitest";
import { type Card, CARD_SPACE, makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import type { MatchState, Viewer } from "../../engine/game.js";
import { Table } from "../../engine/table.js";
import {
  arrangementCounts,
  chiSquareCritical,
  chiSquareUniform,
  contractProperties,
} from "../../../test/contract-properties.js";
import { gameProperties } from "../../../test/game-properties.js";
import { type CoasterState, rollerCoaster } from "./game.js";
import { type PacksOption, cycleRank, packsFor } from "./rules.js";
import { DRAW_SEAT, handOf, setHand } from "./state.js";

/**
 * Random play rarely empties a hand (a median random hand runs to thousands
 * of moves; greedy players finish in a few hundred), and the shared property
 * test looks at every seat's view after every move. So the properties run on
 * the same game with a move limit of 200, and here alone a drawn hand also
 * ends the match (the real game deals again): every run stays short while
 * still crossing reshuffles, jokers and blocked hands.
 */
const game: typeof rollerCoaster = {
  ...rollerCoaster,
  moveLimit: 200,
  drawHand(s, reason) {
    rollerCoaster.drawHand(s, reason);
    s.matchOver = true;
  },
};

const pack = (players: number, options: Record<string, unknown>) =>
  makePack({ packs: packsFor(players, (options.packs ?? "auto") as PacksOption), jokers: 2 });

/**
 * Face-down cards (the stock, the other hands), less the cards the last
 * reshuffle turned into the stock: everybody saw those played, and views
 * list them.
 */
const hidden = (st: MatchState, viewer: Viewer): Card[] => {
  const s = st as CoasterState;
  const out = s.stock.slice();
  if (!s.handOver) for (let p = 0; p < s.players; p++) if (p !== viewer) out.push(...handOf(s, p));
  const turned = new Array<number>(CARD_SPACE).fill(0);
  for (const c of s.turned) turned[c]++;
  return out.filter((c) => turned[c]-- <= 0);
};

for (let players = 2; players <= 12; players++) {
  // Packs as the table settles them, and explicitly: the other count where it deals, else two.
  const explicit = players <= 6 ? "2" : players <= 10 ? "1" : "2";
  const options: Record<string, unknown>[] = [{}, { packs: explicit }];
  if (players === 3 || players === 9) options.push({ handsToWin: 2 });
  // The house rules (docs/rules/roller-coaster.md), at a few player counts.
  if (players === 2 || players === 4 || players === 8) options.push({ mustPlay: true });
  if (players === 2 || players === 5 || players === 10) options.push({ newStock: "flip" });
  gameProperties({
    game,
    players: [players],
    options,
    pack,
    hidden,
    dumpSkip: ["turned", "turnedDraws"],
    runs: players <= 6 ? 4 : 2,
  });
}

contractProperties({
  game,
  players: [2, 12],
  options: [{}, { packs: "2" }, { handsToWin: 2 }, { mustPlay: true }, { newStock: "flip", mustPlay: true }],
  hidden,
  runs: 3,
  maxSteps: 1500,
});

const cards = (t: string): Card[] => (t.trim() ? (parseCards(t) as { value: Card[] }).value : []);

/**
 * A small position built on a fresh table: the listed hands and stock
 * (top first), the pile holding everything else (its top `top`), and after a
 * reshuffle `turned` with the given draws (seat and card) since.
 */
function small(
  hands: string[],
  stock: string,
  top: string,
  turned?: { cards: string; draws: [number, string][] },
): CoasterState {
  const t = Table.start(rollerCoaster, { players: hands.length, seed: 5 });
  if (!t.ok) throw new Error(t.error.message);
  const p = t.value.position();
  const s = structuredClone(p.state) as unknown as CoasterState;
  const left = makePack({ packs: 1, jokers: 2 }).filter((c) => c < 52);
  const take = (x: Card) => left.splice(left.indexOf(x), 1);
  hands.forEach((h, seat) => {
    cards(h).forEach(take);
    setHand(s, seat, cards(h));
  });
  cards(stock).forEach(take);
  take(cards(top)[0]);
  s.stock = cards(stock).reverse();
  s.discard = [52, ...left, 53, cards(top)[0]];
  s.pileRanks = s.discard.map((c) => (c >= 52 ? -1 : cycleRank(c)));
  s.anchor = s.pileRanks[s.pileRanks.length - 1];
  s.fromEmpty = false;
  if (turned) {
    s.reshuffles = 1;
    s.turned = cards(turned.cards).sort((a, b) => a - b);
    s.turnedDraws = turned.draws.map(([seat, c]) => seat * DRAW_SEAT + cards(c)[0]);
  }
  const r = Table.fromPosition(rollerCoaster, { ...p, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state as CoasterState;
}

describe("Roller Coaster determinize", () => {
  it("spreads the unseen cards uniformly over the stock and the other hands", () => {
    // Seat 0 sees 5C; 2C 3C 4C 6C lie in the stock (2, in order) and seat 1's hand (2).
    const s = small(["5C", "2C 3C"], "4C 6C", "9D");
    const counts = arrangementCounts(rollerCoaster, s, 0, 6000);
    expect(counts.size).toBe(12); // 4 x 3 ordered stocks, the hand the other two
    const stat = chiSquareUniform([...counts.values()]);
    expect(stat).toBeLessThan(chiSquareCritical(counts.size - 1));
  });

  it("after a reshuffle keeps to the stock only turned cards the viewer did not draw", () => {
    // Turned: 2C 3C 4C KH; seat 1 drew one, seat 0 drew 4C; the stock (2 cards) holds turned cards only.
    const s = small(["4C", "2C 6C"], "3C KH", "9D", {
      cards: "2C 3C 4C KH",
      draws: [
        [1, "2C"],
        [0, "4C"],
      ],
    });
    const counts = arrangementCounts(rollerCoaster, s, 0, 6000);
    // Unseen by seat 0: 2C 3C 6C KH; the stock takes 2 of the turned 2C 3C KH (6 orders),
    // seat 1 the other two, and seat 1's draw is relabelled with the turned card left over.
    expect(counts.size).toBe(6);
    for (const key of counts.keys()) {
      const d = JSON.parse(key) as { stock: string[]; turnedDraws: string[][] };
      expect(d.stock.every((c) => ["2C", "3C", "KH"].includes(c))).toBe(true);
      expect(d.turnedDraws[0]).toEqual(["4C"]);
    }
    const stat = chiSquareUniform([...counts.values()]);
    expect(stat).toBeLessThan(chiSquareCritical(counts.size - 1));
  });

  it("keeps a restored position's invariants: counts match the cards, the turned cards are the stock and draws", () => {
    const s = small(["5C", "2C 3C"], "4C 6C", "9D");
    const t = Table.start(rollerCoaster, { players: 2, seed: 5 });
    if (!t.ok) throw new Error(t.error.message);
    const p = t.value.position();
    const bad = structuredClone(s);
    bad.counts[0] = 3;
    expect(Table.fromPosition(rollerCoaster, { ...p, state: bad })).toMatchObject({
      ok: false,
      error: { code: "bad_setup", message: "counts of seat 0 do not match its cards" },
    });
    const turned = structuredClone(s);
    turned.reshuffles = 1;
    turned.turned = [cards("4C")[0]];
    expect(Table.fromPosition(rollerCoaster, { ...p, state: turned })).toMatchObject({
      ok: false,
      error: { message: "the stock and the draws since the reshuffle must be the turned cards exactly" },
    });
  });
});
