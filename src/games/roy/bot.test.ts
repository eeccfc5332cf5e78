import { describe, expect, it } from "vitest";
import { makePack } from "../../engine/cards.js";
import { parseCards } from "../../engine/card-text.js";
import { applyMove, legalMoves } from "../../engine/game.js";
import { randomBot } from "../../bots/bot.js";
import { Rng } from "../../engine/rng.js";
import { Table } from "../../engine/table.js";
import { greedy } from "./bot.js";
import { type RoyState, roy } from "./game.js";

const cards = (t: string) => (parseCards(t) as { value: number[] }).value;

/** A state in a hand's middle, seat 1 to act (a position, restored as any other), facing what `edit` sets. */
function position(hands: string[], discard: string, edit: (s: RoyState) => void = () => {}): RoyState {
  const t = Table.start(roy, { players: hands.length, seed: 1, setup: { dealer: 0 } });
  if (!t.ok) throw new Error(t.error.message);
  const pos = t.value.position();
  const s = pos.state as unknown as RoyState;
  s.hands = hands.map(cards);
  s.discard = cards(discard);
  s.upcard = s.discard[0];
  s.suit = Math.floor(s.discard[s.discard.length - 1] / 13);
  const used = new Set([...s.hands.flat(), ...s.discard]);
  s.stock = makePack().filter((x) => !used.has(x));
  edit(s);
  const r = Table.fromPosition(roy, pos);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state as RoyState;
}

/** The greedy bot's whole turn, as wire moves. */
function turn(s: RoyState): unknown[] {
  const rng = Rng.fromSeed(1);
  const out: unknown[] = [];
  const seat = s.turn;
  while (!s.handOver && s.turn === seat) {
    const m = greedy.choose(roy.view(s, seat), legalMoves(roy, s, seat), rng);
    out.push(roy.moveToJson(m));
    applyMove(roy, s, seat, m);
    if (out.length > 60) throw new Error("the turn never ends");
  }
  return out;
}
const cardsOf = (moves: unknown[]) => (moves as { card?: string }[]).flatMap((m) => (m.card ? [m.card] : []));

describe("ROY greedy bot", () => {
  it("sheds the longest run it can (the seed's example)", () => {
    const s = position(["2C 3D 4D 5D 6D 7D 8D 9D", "2S 3S 3C 4C 7H 8H"], "2H");
    expect(cardsOf(turn(s))).toEqual(["2S", "3S", "3C", "4C"]);
  });

  it("plays a wild Jack only when nothing else plays, and calls the suit it holds most", () => {
    const s = position(["TC 3D 4D KD 6D 7D 8D 9D", "JS 9H 2C 4C 6C"], "5D");
    expect(turn(s)).toEqual([{ type: "play", card: "JS", suit: "C" }]);
    const u = position(["TC 3D 4D KD 6D 7D 8D 9D", "JS 9H 2C 4C 6C"], "5H");
    expect(cardsOf(turn(u))).toEqual(["9H"]);
  });

  it("keeps the King of Spades while the next player holds many cards, and uses it when they are close", () => {
    const s = position(["2C 3D 4D 5D 6D 7D 8D 9D", "QS KS 2H 5H"], "9S");
    expect(cardsOf(turn(s))).toEqual(["QS"]);
    const u = position(["2C 3D", "QS KS 2H 5H"], "9S");
    expect(cardsOf(turn(u))).toEqual(["QS", "KS"]);
  });

  it("under scoring by values sheds the run worth most, by count the longest", () => {
    const hands = ["5C 3D 4D 5D 6D 7D 8D 9D", "2H 3H 4H QC KC 9S"];
    expect(cardsOf(turn(position(hands, "2C")))).toEqual(["2H", "3H", "4H"]);
    const values = position(hands, "2C", (st) => {
      st.options.scoring = "values";
    });
    expect(roy.view(values, 1)).toMatchObject({ scoring: "values" });
    expect(cardsOf(turn(values))).toEqual(["QC", "KC"]);
  });

  it("answers an Ace with an Ace", () => {
    const s = position(["2C 3D 4D 5D 6D 7D 8D 9D", "AC 2H 5H"], "KD AD", (st) => {
      st.facing = 1;
      st.liveAces = 1;
    });
    expect(cardsOf(turn(s))).toEqual(["AC"]);
  });

  it("plays whole matches with legal moves only and beats random play", () => {
    const rng = Rng.fromSeed("bot-matches");
    let wins = 0;
    const matches = 20;
    for (let i = 0; i < matches; i++) {
      const r = roy.start({
        players: 2,
        seed: i,
        options: { target: 100, drawWhenAble: false, scoring: "cards", upcardActs: false },
      });
      if (!r.ok) throw new Error(r.error);
      const s = r.value;
      while (!s.matchOver) {
        if (s.handOver) {
          roy.nextHand(s);
          continue;
        }
        const seat = s.turn;
        const legal = legalMoves(roy, s, seat);
        const bot = seat === i % 2 ? greedy : randomBot;
        const m = bot.choose(roy.view(s, seat), legal, rng);
        expect(legal).toContain(m);
        applyMove(roy, s, seat, m);
      }
      if (roy.matchWinners(s).includes(i % 2)) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(matches * 0.7);
  });
});
