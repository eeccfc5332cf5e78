import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCard, parseCard, parseCards } from "../../engine/card-text.js";
import { CLUBS, DIAMONDS, HEARTS, SPADES } from "../../engine/cards.js";
import {
  NOBODY,
  beats,
  beatsRule,
  handWinners,
  nextLeader,
  specialRank,
  suitBeats,
  trickReason,
  trickWinner,
} from "./rules.js";

const c = (t: string) => (parseCard(t) as { value: number }).value;
const cards = (t: string) => (parseCards(t) as { value: number[] }).value;
/** The winning card's text, or null for nobody. */
const winner = (t: string, jokersTie = false): string | null => {
  const list = cards(t);
  const w = trickWinner(list, list.length, jokersTie);
  return w === NOBODY ? null : t.split(" ")[w];
};

describe("Hyrule rule 4: beating, card against card", () => {
  it("rule 4: within a suit the higher rank beats, Ace 1 to King 13", () => {
    expect(beats(c("KH"), c("QH"))).toBe(true);
    expect(beats(c("2S"), c("AS"))).toBe(true);
    expect(beats(c("AS"), c("2S"))).toBe(false);
    expect(beats(c("7C"), c("7C"))).toBe(false);
  });

  it("rule 4: across suits D>C, D>S, C>S, C>H, S>H, H>D, each one way only", () => {
    const wins: [number, number][] = [
      [DIAMONDS, CLUBS],
      [DIAMONDS, SPADES],
      [CLUBS, SPADES],
      [CLUBS, HEARTS],
      [SPADES, HEARTS],
      [HEARTS, DIAMONDS],
    ];
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 4; b++) {
        const expected = wins.some(([x, y]) => x === a && y === b);
        expect(suitBeats(a as 0, b as 0), `${"CDHS"[a]} beats ${"CDHS"[b]}`).toBe(expected);
      }
    }
    // The suit decides, whatever the ranks: a low diamond beats a high club, a low heart a high diamond.
    expect(beats(c("2D"), c("KC"))).toBe(true);
    expect(beats(c("KC"), c("2D"))).toBe(false);
    expect(beats(c("2H"), c("KD"))).toBe(true);
    expect(beats(c("KD"), c("2H"))).toBe(false);
    expect(beats(c("2S"), c("KH"))).toBe(true);
    expect(beats(c("2C"), c("KS"))).toBe(true);
  });

  it("rule 4: a joker beats every card but the four special cards, which beat it", () => {
    for (const j of ["RJ", "BJ"]) {
      for (const t of ["KD", "2C", "QS", "AH", "4H", "5S", "3D"]) {
        expect(beats(c(j), c(t))).toBe(true);
        expect(beats(c(t), c(j))).toBe(false);
      }
      for (const t of ["3H", "AS", "5C", "5D"]) {
        expect(beats(c(t), c(j))).toBe(true);
        expect(beats(c(j), c(t))).toBe(false);
      }
    }
    expect(beats(c("RJ"), c("BJ"))).toBe(false);
    expect(beats(c("BJ"), c("RJ"))).toBe(false);
  });

  it("rule 4: the special cards rank 3H > AS > 5C > 5D among themselves", () => {
    expect(["3H", "AS", "5C", "5D", "4H"].map((t) => specialRank(c(t)))).toEqual([4, 3, 2, 1, 0]);
    expect(winner("RJ 5D 5C")).toBe("5C");
    expect(winner("5C RJ AS")).toBe("AS");
    expect(winner("AS 3H BJ")).toBe("3H");
    expect(winner("5D BJ 5C AS 3H")).toBe("3H");
  });

  it("rule 4: the table form agrees with the rule for every pair of cards", () => {
    for (let a = 0; a < 54; a++) for (let b = 0; b < 54; b++) expect(beats(a, b)).toBe(beatsRule(a, b));
  });
});

describe("Hyrule rule 5: who takes the trick", () => {
  it("rule 5: with a joker in the trick the best special card wins, whatever else is in it", () => {
    expect(winner("KD RJ 5D")).toBe("5D");
    expect(winner("RJ 2D 5C KC")).toBe("5C");
  });

  it("rule 5: with a joker and no special card, the joker wins", () => {
    expect(winner("KD RJ 2S")).toBe("RJ");
    expect(winner("KD QC BJ", true)).toBe("BJ");
  });

  it("rule 5: two jokers without a special card: the first played wins, or nobody in chance mode", () => {
    expect(winner("KD BJ RJ")).toBe("BJ");
    expect(winner("RJ KD BJ")).toBe("RJ");
    expect(winner("KD BJ RJ", true)).toBeNull();
    expect(winner("BJ RJ 5D", true)).toBe("5D");
  });

  it("rule 5: special cards are ordinary cards in a trick without a joker", () => {
    // 5D (diamonds) beats the King of clubs; 3H loses to 9S (spades beat hearts).
    expect(winner("5D KC")).toBe("5D");
    expect(winner("3H 9S")).toBe("9S");
  });

  it("rule 5: without a joker the card that beats every other card wins", () => {
    expect(winner("2D KC QS")).toBe("2D");
    expect(winner("4C 9C 2C")).toBe("9C");
    expect(winner("TH 2H KS")).toBe("KS");
  });

  it("rule 5: a three-card cycle (2D, 9C, 4H) goes to the higher rank", () => {
    // D beats C, C beats H, H beats D: each card beats exactly one other.
    expect(beats(c("2D"), c("9C")) && beats(c("9C"), c("4H")) && beats(c("4H"), c("2D"))).toBe(true);
    expect(winner("2D 9C 4H")).toBe("9C");
    expect(winner("4H 2D 9C")).toBe("9C");
  });

  it("rule 5: in a cycle the card that beats the most others wins before rank", () => {
    // 2D beats 9C and KS; 9C beats 4H and KS; 4H beats 2D; KS beats 4H: 2D and 9C beat two each.
    expect(winner("2D 9C 4H KS")).toBe("9C");
    // Add QD: it beats 2D, 9C and KS (three), more than any other card.
    expect(winner("2D 9C 4H KS QD")).toBe("QD");
  });

  it("rule 5: in chance mode the order the cards were chosen in decides nothing", () => {
    const orders = fc
      .uniqueArray(fc.integer({ min: 0, max: 53 }), { minLength: 2, maxLength: 5 })
      .chain((list) =>
        fc.tuple(
          fc.constant(list),
          fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
        ),
      );
    fc.assert(
      fc.property(orders, ([list, shuffled]) => {
        const w = trickWinner(list, list.length, true);
        const v = trickWinner(shuffled, shuffled.length, true);
        expect(v === NOBODY ? null : shuffled[v]).toBe(w === NOBODY ? null : list[w]);
      }),
      { numRuns: 5000 },
    );
  });

  it("rule 5: a cycle tied on count and rank is taken by nobody", () => {
    expect(winner("4D 4C 4H")).toBeNull();
    expect(winner("7D 7S 7H")).toBeNull();
  });
});

describe("Hyrule rules 3 and 6: leaders and winners", () => {
  const all = [true, true, true, true];
  it("rule 3: the player with the most captured cards leads the next trick", () => {
    expect(nextLeader([0, 4, 0, 0], all, 1, 0)).toBe(1);
    expect(nextLeader([3, 4, 0, 5], all, 1, 1)).toBe(3);
  });

  it("rule 3: a tie goes to the tied player who won the last trick", () => {
    expect(nextLeader([4, 0, 4, 0], all, 2, 0)).toBe(2);
    expect(nextLeader([4, 0, 4, 0], all, 0, 2)).toBe(0);
  });

  it("rule 3: else to the first tied player counter-clockwise from the last leader", () => {
    // Last trick taken by nobody, led by seat 1: counter-clockwise from 1 is 0, 3, 2, then 1 itself.
    expect(nextLeader([0, 4, 4, 0], all, NOBODY, 1)).toBe(2);
    expect(nextLeader([4, 4, 0, 4], all, NOBODY, 1)).toBe(0);
    expect(nextLeader([0, 4, 0, 0], all, NOBODY, 1)).toBe(1);
    expect(nextLeader([0, 0, 0, 0], all, NOBODY, 0)).toBe(3);
    // The last winner not among the tied: counter-clockwise search again.
    expect(nextLeader([4, 4, 3, 0], all, 2, 2)).toBe(1);
    // Players sitting out a run-off are skipped.
    expect(nextLeader([0, 0, 0, 0], [true, false, true, false], NOBODY, 2)).toBe(0);
  });

  it("rule 6: the most captured cards wins the hand; ties share", () => {
    expect(handWinners([6, 8, 0], [true, true, true])).toEqual([1]);
    expect(handWinners([7, 7, 0], [true, true, true])).toEqual([0, 1]);
    expect(handWinners([0, 7, 0, 7], [true, false, true, false])).toEqual([0, 2]);
  });
});

/**
 * Rules 4 and 5 read word by word from RULINGS.md, on card text, as slowly
 * and plainly as possible: the oracle the table-driven code must agree with.
 */
const SUIT_WINS = ["DC", "DS", "CS", "CH", "SH", "HD"];
const SPECIALS = ["3H", "AS", "5C", "5D"];
const RANKS = "A23456789TJQK";
const literalBeats = (a: string, b: string): boolean => {
  const ja = a.endsWith("J");
  const jb = b.endsWith("J");
  if (ja && jb) return false;
  if (ja) return !SPECIALS.includes(b);
  if (jb) return SPECIALS.includes(a);
  if (a[1] === b[1]) return RANKS.indexOf(a[0]) > RANKS.indexOf(b[0]);
  return SUIT_WINS.includes(a[1] + b[1]);
};
function literalWinner(trick: string[], chance: boolean): number {
  const jokers = trick.flatMap((t, i) => (t.endsWith("J") ? [i] : []));
  if (jokers.length > 0) {
    for (const sp of SPECIALS) if (trick.includes(sp)) return trick.indexOf(sp);
    if (jokers.length === 1) return jokers[0];
    return chance ? NOBODY : jokers[0];
  }
  const others = (i: number) => trick.filter((_, j) => j !== i);
  const beatsAll = trick.findIndex((t, i) => others(i).every((o) => literalBeats(t, o)));
  if (beatsAll >= 0) return beatsAll;
  const count = trick.map((t, i) => others(i).filter((o) => literalBeats(t, o)).length);
  const most = Math.max(...count);
  const rank = (i: number) => RANKS.indexOf(trick[i][0]);
  const top = trick.flatMap((_, i) => (count[i] === most ? [i] : []));
  const best = Math.max(...top.map(rank));
  const left = top.filter((i) => rank(i) === best);
  return left.length === 1 ? left[0] : NOBODY;
}

describe("Hyrule rules 4 and 5 against their literal reading", () => {
  it("rule 4: every ordered pair of cards beats as the ruling says", () => {
    for (let a = 0; a < 54; a++) {
      for (let b = 0; b < 54; b++) {
        expect(beats(a, b), `${formatCard(a)} beats ${formatCard(b)}`).toBe(
          literalBeats(formatCard(a), formatCard(b)),
        );
      }
    }
  });

  it("rule 5: every trick of 2 to 5 cards goes where the ruling says, in both modes", () => {
    const trick = fc
      .integer({ min: 2, max: 5 })
      .chain((n) => fc.uniqueArray(fc.integer({ min: 0, max: 53 }), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(trick, fc.boolean(), (list, chance) => {
        expect(trickWinner(list, list.length, chance)).toBe(literalWinner(list.map(formatCard), chance));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("Hyrule rule 5: why the trick went where it did", () => {
  const why = (t: string, jokersTie = false) => {
    const list = cards(t);
    return trickReason(list, list.length, jokersTie);
  };
  it("rule 5: names the precedence that decided two cards", () => {
    expect(why("9C KD")).toBe("the King of diamonds beats the 9 of clubs: diamonds beat clubs");
    expect(why("4H KD")).toBe("the 4 of hearts beats the King of diamonds: hearts beat diamonds");
    expect(why("9C KC")).toBe("the King of clubs beats the 9 of clubs: the higher rank in a suit");
  });
  it("rule 5: names the special card or the joker that took a joker's trick", () => {
    expect(why("RJ 5D KD")).toBe("the 5 of diamonds, a special card, beats the joker");
    expect(why("RJ 5D 3H BJ")).toBe("the 3 of hearts, the best special card, beats the jokers");
    expect(why("2C RJ KD")).toBe("the joker beats every plain card");
    expect(why("RJ BJ 2C", true)).toBe("two jokers tie: nobody takes the trick");
    expect(why("RJ BJ 2C")).toBe("two jokers: the first played wins");
  });
  it("rule 5: explains a cycle by cards beaten, then rank, and a tie as nobody's", () => {
    expect(why("2D 9C 5S KD")).toBe("the King of diamonds beats every other card");
    expect(why("2D 9C 4H")).toBe(
      "no card beats all the others; the 9 of clubs, the 4 of hearts, the 2 of diamonds beat 1 each, and the 9 of clubs has the higher rank",
    );
    expect(why("2D 9C 4H KS")).toBe(
      "no card beats all the others; the 9 of clubs, the 2 of diamonds beat 2 each, and the 9 of clubs has the higher rank",
    );
    expect(why("4D 4C 4H")).toBe(
      "no card beats all the others; the 4 of clubs, the 4 of diamonds, the 4 of hearts beat 1 each and have the same rank: nobody takes the trick",
    );
  });
  it("rule 5: agrees with trickWinner on who takes random tricks, whatever the order of play", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 53 }), { minLength: 2, maxLength: 5 }),
        fc.boolean(),
        (trick, tie) => {
          const text = trickReason(trick, trick.length, tie);
          const nobody = trickWinner(trick, trick.length, tie) === NOBODY;
          expect(text.includes("nobody")).toBe(nobody);
          expect(trickReason([...trick].reverse(), trick.length, tie)).toBe(text);
        },
      ),
    );
  });
});
