import { describe, expect, it } from "vitest";
import { randomBot } from "../../bots/bot.js";
import { type MoveJson, applyMove, legalMoves } from "../../engine/game.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { greedy } from "./bot.js";
import { indexCards } from "./deal.js";
import { type CornersState, royalCorners } from "./game.js";
import { parseCards } from "../../engine/card-text.js";
import { makePack } from "../../engine/cards.js";
import { viewSchema } from "./view.js";

const cards = (t: string): number[] => (t.trim() === "" ? [] : (parseCards(t) as { value: number[] }).value);

/** A table at a position: the listed hands, stock (top first, the rest of the pack below) and corners. */
function position(hands: string[], stock: string, corners: string[]): Table {
  const t = Table.start(royalCorners, { players: hands.length, seed: 3 });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = structuredClone(pos.state) as unknown as CornersState;
  s.hands = hands.map(cards);
  s.corners = corners.map(cards);
  const named = new Set([...s.hands.flat(), ...s.corners.flat(), ...cards(stock)]);
  s.stock = cards(stock)
    .concat(makePack().filter((x) => !named.has(x)))
    .reverse();
  s.turn = 0;
  s.toActSeats[0] = 0;
  indexCards(s);
  const r = Table.fromPosition(royalCorners, { ...pos, state: s });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const choose = (t: Table): MoveJson =>
  royalCorners.moveToJson(greedy.choose(viewSchema.parse(t.view(0)), t.legal(0), Rng.fromSeed(1)));

describe("Royal Corners greedy bot", () => {
  it("opens an empty corner with a King before anything else", () => {
    const t = position(["5H KD", "2C"], "3C", ["", "6S", "9C", "9D"]);
    expect(choose(t)).toEqual({ type: "play", card: "KD", from: "hand", corner: 0 });
  });

  it("moves a pile to free a corner for a King that has nowhere to go, then plays it there", () => {
    const t = position(["KD 2C", "2S"], "3C", ["8H", "9C", "5S", "4D"]);
    expect(choose(t)).toEqual({ type: "move", from: 0, to: 1 });
    t.playJson(0, { type: "move", from: 0, to: 1 });
    expect(choose(t)).toEqual({ type: "play", card: "KD", from: "hand", corner: 0 });
  });

  it("moves a pile to free a corner for the stock's King rather than draw it", () => {
    const t = position(["2C 3H", "2S"], "KD 3C", ["8H", "9C", "5S", "5D"]);
    expect(choose(t)).toEqual({ type: "move", from: 0, to: 1 });
    t.playJson(0, { type: "move", from: 0, to: 1 });
    expect(choose(t)).toEqual({ type: "play", card: "KD", from: "stock", corner: 0 });
  });

  it("goes out with its last card before anything else", () => {
    const t = position(["2C", "2S"], "KD 3C", ["8H", "9C", "5S", "5D"]);
    t.playJson(0, { type: "move", from: 0, to: 1 });
    expect(choose(t)).toEqual({ type: "play", card: "2C", from: "hand", corner: 0 });
  });

  it("plays the stock's card when it opens a hand play, and ends the turn when nothing helps", () => {
    const t = position(["4C 9S", "2S"], "5D 8H", ["6C", "KH", "KD", "QD"]);
    expect(choose(t)).toEqual({ type: "play", card: "5D", from: "stock", corner: 0 });
    t.playJson(0, { type: "play", card: "5D", from: "stock", corner: 0 });
    expect(choose(t)).toEqual({ type: "play", card: "4C", from: "hand", corner: 0 });
    t.playJson(0, { type: "play", card: "4C", from: "hand", corner: 0 });
    expect(choose(t)).toEqual({ type: "end" });
  });

  it("collects fewer penalty points than random play", () => {
    const g = royalCorners;
    const totals = [0, 0];
    for (let seed = 0; seed < 40; seed++) {
      const r = g.start({
        players: 2,
        seed,
        options: { limit: 50, penalty: "kings", firstPlayer: "dealer" },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      const rng = Rng.fromSeed(seed);
      while (!s.handOver) {
        const seat = s.turn;
        const legal = legalMoves(g, s, seat);
        const bot = (seat + seed) % 2 === 0 ? greedy : randomBot;
        const v = g.view(s, seat);
        applyMove(
          g,
          s,
          seat,
          bot === greedy ? greedy.choose(v, legal, rng) : randomBot.choose(v, legal, rng),
        );
      }
      for (let p = 0; p < 2; p++) totals[(p + seed) % 2] += s.result!.points[p];
    }
    // totals[0]: greedy's penalties; totals[1]: random's.
    expect(totals[0]).toBeLessThan(totals[1]);
  });
});
