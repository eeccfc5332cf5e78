/** Gin Rummy's house rules (docs/rules/gin-rummy.md, "House rules"): each where it makes the difference. */
import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCard, parseCards } from "../../engine/card-text.js";
import { Table } from "../../engine/table.js";
import { ginRummy } from "./game.js";
import { handKnockLimit } from "./rules.js";
import { DISCARD, type GinState } from "./state.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t.split(" ").filter(Boolean)) as { value: number[] }).value;

// Seat 1 holds 11 cards to discard: melds 3H-6H and 8C 8D 8S; AC 2D 4C QS over. Dropping QS leaves 7.
const KNOCKER = "3H 4H 5H 6H 8C 8D 8S AC 2D 4C QS";
const DEFENDER = "7H 8H KC KD KS QC JS 9S 2S 5D";

/** Seat 1 to discard in a hand whose deal turned up `upcard`, with `options`. */
function position(upcard: string, options: Record<string, unknown>, hands = [DEFENDER, KNOCKER]): Table {
  const started = Table.start(ginRummy, { players: 2, seed: 7, options, setup: { dealer: 0, upcard } });
  if (!started.ok) throw new Error(started.error.message);
  const p = started.value.position();
  const s = structuredClone(p.state) as unknown as GinState;
  s.hands = [cards(hands[0]), cards(hands[1])];
  const top = c("9H");
  const used = new Set([...s.hands.flat(), top]);
  s.stock = makePack().filter((x) => !used.has(x));
  s.discard = [top];
  s.turn = 1;
  s.toActSeats = [1];
  s.phase = DISCARD;
  const t = Table.fromPosition(ginRummy, { ...p, state: s });
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}
const knocks = (t: Table) => t.legalJson(1).filter((m) => m.type === "knock");

describe("Gin Rummy house rule: Oklahoma knock card", () => {
  it("the up-card's value is the most deadwood to knock with: Ace gin only, ten and courts 10", () => {
    const limits = ["AS", "2H", "5C", "9D", "TS", "JH", "KC"].map((u) => handKnockLimit("rank", 10, c(u)));
    expect(limits).toEqual([0, 2, 5, 9, 10, 10, 10]);
    expect(handKnockLimit("off", 10, c("5C"))).toBe(10);
  });

  it("a 5 turned up forbids the knock with 7 that the default allows; a 7 allows it", () => {
    expect(knocks(position("5C", {}))).toEqual([{ type: "knock", card: "QS" }]);
    expect(knocks(position("5C", { oklahoma: "rank" }))).toEqual([]);
    expect(knocks(position("7C", { oklahoma: "rank" }))).toEqual([{ type: "knock", card: "QS" }]);
    // The knock card overrides a looser knock limit too.
    expect(knocks(position("5C", { oklahoma: "rank", knockLimit: 30 }))).toEqual([]);
  });

  it("an Ace turned up: gin only", () => {
    const gin = ["5S 4D 9C 9D 2C 3D 5C 8D JD QS", "AS 2S 3S 4S 5H 6H 7H KC KD KH QD"] as const;
    expect(knocks(position("AC", { oklahoma: "rank" }))).toEqual([]);
    expect(knocks(position("AC", { oklahoma: "rank" }, [...gin]))).toEqual([{ type: "knock", card: "QD" }]);
  });

  it("spades double: a spade knock card doubles the hand's points, another suit does not", () => {
    const score = (upcard: string, oklahoma: string) => {
      const t = position(upcard, { oklahoma, layoffs: false });
      expect(t.playJson(1, { type: "knock", card: "QS" }).ok).toBe(true);
      return (t.state as GinState).result?.points;
    };
    // Defender 51 in deadwood (7H 8H QC JS 9S 2S 5D), knocker 7: 44.
    expect(score("7S", "rank")).toEqual([0, 44]);
    expect(score("7H", "spades")).toEqual([0, 44]);
    expect(score("7S", "spades")).toEqual([0, 88]);
  });

  it("every seat sees the knock card, the limit it sets and whether the hand is doubled", () => {
    const t = position("7S", { oklahoma: "spades" });
    const v = ginRummy.view(t.state as GinState, 0);
    expect(v).toMatchObject({ knockCard: "7S", knockLimit: 7, doubled: true });
    expect(ginRummy.board(v)).toContain(
      "Knock card 7S: knock with 7 or less; a spade: points double this hand",
    );
    const plain = ginRummy.view(position("7S", {}).state as GinState, 0);
    expect(plain).toMatchObject({ knockCard: null, knockLimit: 10, doubled: false });
  });
});

describe("Gin Rummy house rule: Oklahoma, said", () => {
  it("the score's reason says the hand was doubled", () => {
    const t = position("7S", { oklahoma: "spades", layoffs: false });
    const since = t.seq;
    t.playJson(1, { type: "knock", card: "QS" });
    const score = t.eventsFor(0, since).find((e) => e.type === "score");
    expect(score).toMatchObject({ seat: 1, points: 88 });
    expect(String((score as { why?: string }).why)).toMatch(/; doubled: the knock card is a spade$/);
  });
});
