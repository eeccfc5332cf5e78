import { describe, expect, it } from "vitest";
import { parseCard, parseCards } from "../../engine/card-text.js";
import { Rng } from "../../engine/rng.js";
import { count, showHistogram } from "./count.js";
import { pegPoints, rankPoints, showPoints } from "./rules.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;
const show = (hand: string, starter: string, crib = false) => showPoints(cards(hand), c(starter), crib);
const peg = (played: string) => pegPoints(cards(played));

describe("the show (rule 5), worked examples players know", () => {
  it("rule 5: 5-5-5-J with the 5 of the Jack's suit as starter is the 29 hand", () => {
    // Fifteens: J with each of the four 5s (4 x 2 = 8) and the four ways to pick three 5s (4 x 2 = 8): 16.
    // Pairs: four 5s make six pairs: 12. Nobs: the Jack of spades with the 5 of spades turned: 1. 16 + 12 + 1 = 29.
    expect(show("5C 5D 5H JS", "5S")).toBe(29);
    const r = count({ hand: ["5C", "5D", "5H", "JS"], starter: "5S" });
    expect(r.ok && r.value.json).toMatchObject({ total: 29, nobs: "JS", flush: null, runs: [] });
    expect(r.ok && (r.value.json.fifteens as unknown[]).length).toBe(8);
    expect(r.ok && (r.value.json.pairs as unknown[]).length).toBe(6);
  });

  it("rule 5: 4-5-6-6 with a 5 turned is a double-double run: 24", () => {
    // Runs 4-5-6: two 5s x two 6s = four runs of three: 12. Pairs 5-5 and 6-6: 4.
    // Fifteens 4+5+6 in the same four ways: 8. 12 + 4 + 8 = 24.
    expect(show("4C 5D 6H 6S", "5S")).toBe(24);
    const r = count({ hand: "4C 5D 6H 6S", starter: "5S" });
    expect(r.ok && (r.value.json.runs as unknown[]).length).toBe(4);
  });

  it("rule 5: a four-card flush counts in the hand but not in the crib; five count in both", () => {
    // 2 4 6 8 of hearts with the K of clubs: all values even, so no fifteen; no pair, no run: the flush alone, 4.
    expect(show("2H 4H 6H 8H", "KC")).toBe(4);
    expect(show("2H 4H 6H 8H", "KC", true)).toBe(0);
    // With the K of hearts turned, all five share the suit: 5 in the hand and the crib alike.
    expect(show("2H 4H 6H 8H", "KH")).toBe(5);
    expect(show("2H 4H 6H 8H", "KH", true)).toBe(5);
    // A 9 of hearts turned: 9+6 and 9+4+2 make two fifteens (4), plus the flush of five: 9.
    expect(show("2H 4H 6H 8H", "9H", true)).toBe(9);
  });

  it("rule 5: nobs is the Jack of the starter's suit in the hand, and the count reads as players say it", () => {
    // J+2+3 = 15 (2), run 2-3-4 (3), Jack of diamonds with a diamond turned (1): 6.
    const r = count({ hand: ["JD", "2C", "3S", "7H"], starter: "4D" });
    expect(r.ok && r.value.json.total).toBe(6);
    expect(r.ok && r.value.text.split("\n")[0]).toBe(
      "fifteen two, and a run of three is five, and nobs is six",
    );
    // The Jack turned as starter is not nobs (that is his heels, to the dealer in the play).
    expect(show("JD 2C 3S 7H", "4C")).toBe(5);
  });

  it("rule 5: fifteen two, fifteen four, and a pair is six, and a run of three is nine, and nobs is ten", () => {
    // 2+3+J twice (one per Jack): 4; the pair of Jacks: 6; A-2-3: 9; the Jack of clubs with a club turned: 10.
    const r = count({ hand: ["2C", "3C", "JC", "JD"], starter: "AC" });
    expect(r.ok && r.value.text.split("\n")[0]).toBe(
      "fifteen two, fifteen four, and a pair is six, and a run of three is nine, and nobs is ten",
    );
    expect(r.ok && r.value.text).toContain("fifteen  2C 3C JC");
  });

  it("rule 5: the spoken count names pairs of a kind and runs together, as players group them", () => {
    const said = (hand: string, starter: string, crib = false) => {
      const r = count({ hand, starter, crib });
      return r.ok ? r.value.text.split("\n")[0] : r.error;
    };
    expect(said("5C 5D 5H JS", "5S")).toBe(
      "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, " +
        "fifteen sixteen, and a double pair royal is twenty-eight, and nobs is twenty-nine",
    );
    // 7+8 twice (4), the pair of eights (6), 7-8-9 twice (12), nobs (13).
    expect(said("7C 8D 8H JS", "9S")).toBe(
      "fifteen two, fifteen four, and a pair is six, and a double run of three is twelve, and nobs is thirteen",
    );
    // 3+3+4+5 three ways (6), three 3s (12), 3-4-5 three times (21).
    expect(said("3C 3D 3H 4S", "5C")).toBe(
      "fifteen two, fifteen four, fifteen six, and a pair royal is twelve, and a triple run of three is twenty-one",
    );
    // 4+5+6 four ways (8), two pairs (12), 4-5-6 four times (24).
    expect(said("4C 5D 6H 6S", "5S")).toBe(
      "fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and a pair is twelve, " +
        "and a double double run of three is twenty-four",
    );
    expect(said("KC KD 2H 4S", "8C")).toBe("a pair is two");
    expect(said("2H 4H 6H 8H", "KC")).toBe("a flush of four is four");
    expect(said("2H 4H 6H 8H", "9H", true)).toBe("fifteen two, fifteen four, and a flush of five is nine");
  });

  it("rule 5: a zero hand is called nineteen, and 19 is no score any hand can make", () => {
    const r = count({ hand: "2C 4D 6H 8S", starter: "QC" });
    expect(r.ok && r.value.json.total).toBe(0);
    expect(r.ok && r.value.text).toMatch(/nineteen/);
  });

  it("counts ranks alone the same as a direct sum of every combination", () => {
    // 3 3 3 4 5: runs 3-4-5 once per 3 (9), three pairs of 3s (6),
    // 3+3+4+5 = 15 once per two 3s chosen of three (6): 21.
    expect(rankPoints(3, 3, 3, 4, 5)).toBe(21);
  });
});

describe("the pegging points (rule 4)", () => {
  it("rule 4: fifteen and thirty-one score 2, pairs 2, pair royal 6, double pair royal 12", () => {
    expect(peg("7C 8D")).toBe(2);
    expect(peg("TC JD QH AS")).toBe(2); // 31; Q-J-T broken by the Ace.
    expect(peg("9C 9D")).toBe(2);
    expect(peg("9C 9D 9H")).toBe(6);
    expect(peg("2C 2D 2H 2S")).toBe(12);
    expect(peg("5C 5D 5H")).toBe(8); // 15 and pair royal
    expect(peg("9C 9D 4H 9S")).toBe(2); // 31 for 2; the 4 breaks the pairs
  });

  it("rule 4: runs count among the latest cards in any order, the longest only", () => {
    expect(peg("4C 6D 5H")).toBe(5); // run of three (3) and fifteen (2)
    expect(peg("3C 5D 4H 6S")).toBe(4); // run of four, count 18
    expect(peg("2C 3D 4H 6S 5C")).toBe(5); // 2-6 in any order: run of five; count 20
    expect(peg("4C 6D 5H 5S")).toBe(2); // the second 5 pairs; the repeat breaks the run
    expect(peg("KC 2D 3H AS")).toBe(3); // A-2-3 among the latest three
  });

  it("rule 4: the count tool answers for the last card of a count", () => {
    const r = count({ played: ["4C", "6D", "5H"] });
    expect(r.ok && r.value.json).toMatchObject({ points: 5, count: 15 });
    const bad = count({ played: ["KC", "KD", "KH", "2S"] });
    expect(!bad.ok && bad.error).toMatch(/past 31/);
  });
});

describe("the count tool", () => {
  it("scores all 12,994,800 (hand, starter) pairs to the published distribution", () => {
    const hist = showHistogram(false);
    expect(hist.reduce((s, n) => s + n, 0)).toBe(12_994_800);
    // The published table of cribbage hand scores.
    expect(hist.slice(0, 9)).toEqual([
      1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236,
    ]);
    expect(hist[28]).toBe(76);
    expect(hist[29]).toBe(4);
    // No hand makes 19 (so players call a zero hand "nineteen"), nor 25, 26 or 27: the
    // scoring patterns near them (double runs, triples with fifteens, the 28 and 29 hands) jump over them.
    for (const impossible of [19, 25, 26, 27]) expect(hist[impossible]).toBe(0);
    // The crib loses only the four-card flushes, which move hands from higher totals down.
    const crib = showHistogram(true);
    expect(crib.reduce((s, n) => s + n, 0)).toBe(12_994_800);
    expect(crib[29]).toBe(4);
    expect(crib[0]).toBeGreaterThan(hist[0]);
  });

  it("agrees with the direct count for random hands and cribs (every combination listed)", () => {
    const rng = Rng.fromSeed("count-agrees");
    for (let i = 0; i < 2000; i++) {
      // One deal in four a hand of one suit (a flush, with the starter's suit or not): the show reads
      // suits from a table of its own, and a crib's flush needs the starter's.
      const pick = i % 4 === 0 ? oneSuitHand(rng) : rng.shuffle([...Array(52).keys()]).slice(0, 5);
      const crib = i % 2 === 1;
      const r = count({ hand: pick.slice(0, 4).map(cardText), starter: cardText(pick[4]), crib });
      expect(r.ok && r.value.json.total).toBe(showPoints(pick.slice(0, 4), pick[4], crib));
    }
  });

  it("reports bad requests in one line", () => {
    expect(count({ hand: "5C 5D 5H", starter: "5S" })).toEqual({
      ok: false,
      error: "a hand to show has 4 cards, not 3",
    });
    expect(count({ hand: "5C 5D 5H JS", starter: "5C" })).toEqual({ ok: false, error: "5C is named twice" });
    expect(count({ hand: "5C 5D 5H JS" })).toEqual({ ok: false, error: 'the show needs a "starter" card' });
    expect(count({}).ok).toBe(false);
  });
});

/** Four cards of one suit, then a starter of that suit or another (codes: suit * 13 + rank - 1). */
function oneSuitHand(rng: Rng): number[] {
  const suit = rng.int(4);
  const ranks = rng.shuffle([...Array(13).keys()]);
  const starterSuit = rng.int(2) ? suit : (suit + 1 + rng.int(3)) % 4;
  return [...ranks.slice(0, 4).map((r) => suit * 13 + r), starterSuit * 13 + ranks[4]];
}

function cardText(x: number): string {
  return "A23456789TJQK"[x % 13] + "CDHS"[Math.floor(x / 13)];
}
