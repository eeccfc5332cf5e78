import { describe, expect, it } from "vitest";
import { formatCard } from "../engine/card-text.js";
import { rankOf } from "../engine/cards.js";
import { isPlay, moveCard } from "../games/cribbage/moves.js";
import type { Move } from "../engine/game.js";
import { Rng } from "../engine/rng.js";
import { Table } from "../engine/table.js";
import { discardChoices } from "../games/cribbage/discard.js";
import { referenceDiscards } from "../games/cribbage/discard-reference.js";
import { findEntry } from "../games/index.js";
import { MORE_WHEN_IN_DOUBT, classOf, decisionAccuracy, inDoubt, matchAccuracy } from "./classes.js";
import { type Decision, matchDecisions } from "./decisions.js";
import { DEFAULT_REVIEW_BUDGET, type Judgement, decisionRng, judgeDecision, moveValues } from "./judge.js";
import { playMatch } from "./play-match.js";
import { laysAwayTogether } from "./cribbage.js";
import { reviewMatch } from "./review.js";
import { decisionLine, reviewLines } from "../words/review-lines.js";

const entryOf = (id: string) => {
  const e = findEntry(id);
  if (!e.ok) throw new Error(e.error);
  return e.value;
};
const cribbage = entryOf("cribbage");
const BUDGET = { worlds: 12 };

/** The first discard of seat 0 in a fresh two-player deal, `pick` choosing the card laid away. */
function firstDiscard(seed: string, pick: (legal: readonly Move[]) => Move): Decision {
  const t = Table.start(cribbage.game, { players: 2, seed });
  if (!t.ok) throw new Error(t.error.message);
  const legal = t.value.legal(0);
  return { index: 0, hand: 1, seat: 0, state: t.value.state, move: pick(legal), legal };
}

describe("classes and accuracy", () => {
  it("classes a loss by lichess's lines: 5, 10 and 15 points of 100", () => {
    expect(classOf(4.9)).toBeNull();
    expect(classOf(5)).toBe("inaccuracy");
    expect(classOf(9.9)).toBe("inaccuracy");
    expect(classOf(10)).toBe("mistake");
    expect(classOf(15)).toBe("blunder");
  });
  it("accuracy is 100 for no loss and falls with the loss; a match's is the mean of its decisions'", () => {
    expect(decisionAccuracy(0)).toBeCloseTo(100, 1);
    expect(decisionAccuracy(10)).toBeCloseTo(63.6, 1);
    expect(decisionAccuracy(100)).toBe(0);
    expect(matchAccuracy([0, 10])).toBeCloseTo((decisionAccuracy(0) + decisionAccuracy(10)) / 2, 6);
    expect(matchAccuracy([])).toBeNull();
  });
});

describe("Cribbage discards", () => {
  it("on 1,000 random deals the review's best discard is the exact expected-value best", () => {
    for (let i = 0; i < 1000; i++) {
      const rng = Rng.fromSeed(`discard-${i}`);
      const d = firstDiscard(`review-discard-${i}`, (legal) => legal[rng.int(legal.length)]);
      const j = judgeDecision(cribbage, d, "s", BUDGET) as Judgement;
      const view = cribbage.game.view(d.state, 0) as { hand: string[]; dealer: number };
      const hand = d.legal.map((m) => m); // discard moves are the cards themselves
      const unseen = Array.from({ length: 52 }, (_, c) => c).filter((c) => !hand.includes(c));
      const exact = discardChoices(hand, [], view.dealer === 0, unseen);
      expect(j.discards).toHaveLength(15);
      expect(j.discards![0].value).toBeCloseTo(exact[0].value, 2);
      // The best named is a best way: its expected value is the exact best.
      const key = (out: readonly string[]) => [...out].sort().join(" ");
      const named = exact.find((w) => key(w.out.map(formatCard)) === key(j.discards![0].out))!;
      expect(named.value).toBeCloseTo(exact[0].value, 9);
      // The move played loses nothing exactly when it lies in a best way.
      const bestOfPlayed = Math.max(...exact.filter((w) => w.out.includes(d.move)).map((w) => w.value));
      if (exact[0].value - bestOfPlayed < 1e-9) expect(j.loss).toBe(0);
      else {
        expect(j.best.move).not.toEqual(j.played.move);
        expect(j.played.value).toBeLessThanOrEqual(j.best.value);
      }
    }
    // A hang guard for a busy machine (about 45 s on two cores under load), not a timing.
  }, 600_000);

  it("Try it again: two cards laid away together are judged as that way, not each card's best", () => {
    for (let i = 0; i < 20; i++) {
      const d = firstDiscard(`review-laid-${i}`, (legal) => legal[0]);
      const j = judgeDecision(cribbage, d, "s", BUDGET) as Judgement;
      const ways = j.discards!;
      const asMoves = (out: readonly string[]) =>
        out.map((c) => d.legal.find((m) => formatCard(moveCard(m)) === c)!);
      const worst = asMoves(ways[ways.length - 1].out);
      expect(laysAwayTogether(cribbage.game, d, worst)).toBe(true);
      expect(laysAwayTogether(cribbage.game, d, [worst[0]])).toBe(false);
      expect(laysAwayTogether(cribbage.game, d, [worst[0], worst[0]])).toBe(false);
      const laidWorst = judgeDecision(cribbage, { ...d, move: worst[0] }, "s", BUDGET, worst) as Judgement;
      const laidBest = judgeDecision(
        cribbage,
        { ...d, move: asMoves(ways[0].out)[0] },
        "s",
        BUDGET,
        asMoves(ways[0].out),
      ) as Judgement;
      expect(laidBest.loss).toBe(0);
      expect(laidWorst.played.said).toBe(`lay away ${ways[ways.length - 1].out.join(" ")}`);
      // The worst way is worth no more than its first card's best way.
      const firstAlone = judgeDecision(cribbage, { ...d, move: worst[0] }, "s", BUDGET) as Judgement;
      expect(laidWorst.played.value).toBeLessThanOrEqual(firstAlone.played.value);
      if (ways[0].value - ways[ways.length - 1].value > 1) expect(laidWorst.loss).toBeGreaterThan(0);
    }
  });

  it("its expected values are the brute-force reference's", () => {
    for (let i = 0; i < 6; i++) {
      const d = firstDiscard(`review-reference-${i}`, (legal) => legal[0]);
      const j = judgeDecision(cribbage, d, "s", BUDGET) as Judgement;
      const dealer = (cribbage.game.view(d.state, 0) as { dealer: number }).dealer;
      const ref = referenceDiscards(d.legal, dealer === 0);
      expect(j.discards![0].value).toBeCloseTo(ref[0].value, 1);
      expect(ref[0].value - j.discards![0].value).toBeLessThan(0.01);
    }
  });
});

describe("judging from the seat's own information", () => {
  it.each(["cribbage", "gin-rummy", "crazy-eights"])(
    "%s: the same judgement when only the cards the seat cannot see differ",
    (id) => {
      const entry = entryOf(id);
      const log = playMatch(entry, { seed: `peek-${id}`, levels: ["medium", "medium"], hands: 2 });
      const m = matchDecisions(entry.game, log);
      if (!m.ok) throw new Error(m.error);
      const chosen = m.value.decisions.filter((d) => d.legal.length > 1).slice(0, 8);
      expect(chosen.length).toBeGreaterThan(3);
      for (const [i, d] of chosen.entries()) {
        const other = entry.game.determinize!(d.state, d.seat, Rng.fromSeed(`other-${i}`));
        expect(entry.game.view(other, d.seat)).toEqual(entry.game.view(d.state, d.seat));
        expect(JSON.stringify(other)).not.toBe(JSON.stringify(d.state));
        const a = judgeDecision(entry, d, log.seed, BUDGET);
        const b = judgeDecision(entry, { ...d, state: other }, log.seed, BUDGET);
        expect(b).toEqual(a);
      }
    },
  );
});

describe("moves worth the same", () => {
  it("Cribbage pegging with only cards of one rank to play (suits do not count there): nothing lost, nothing flagged", () => {
    let found = 0;
    for (let i = 0; found < 10 && i < 10; i++) {
      const log = playMatch(cribbage, { seed: `equal-${i}`, levels: ["medium", "medium"] });
      const m = matchDecisions(cribbage.game, log);
      if (!m.ok) throw new Error(m.error);
      for (const d of m.value.decisions) {
        if (d.legal.length < 2 || !d.legal.every(isPlay)) continue;
        if (new Set(d.legal.map((x) => rankOf(moveCard(x)))).size !== 1) continue;
        found++;
        const j = judgeDecision(cribbage, d, log.seed, DEFAULT_REVIEW_BUDGET) as Judgement;
        expect(j.loss).toBe(0);
        expect(j.class).toBeNull();
      }
    }
    expect(found).toBeGreaterThanOrEqual(10);
  });
});

describe("a decision with a loss near a class's line", () => {
  it("is judged on more deals than one far from every line, the same way each time and whatever the move played", () => {
    const log = playMatch(cribbage, { seed: "review-doubt", levels: ["easy", "easy"] });
    const m = matchDecisions(cribbage.game, log);
    if (!m.ok) throw new Error(m.error);
    const seen = { doubt: 0, clear: 0 };
    for (const d of m.value.decisions) {
      if (d.legal.length < 2 || !d.legal.every(isPlay)) continue;
      const first = moveValues(cribbage, d, decisionRng(log.seed, d, BUDGET), BUDGET.worlds);
      // More deals for the moves near a line and the best, whichever move was played.
      const top = first.moves[0];
      const doubtful = first.moves.filter((x) => inDoubt(top.value - x.value));
      const doubt = doubtful.some((x) => x.move === d.move) || (doubtful.length > 0 && top.move === d.move);
      const j = judgeDecision(cribbage, d, log.seed, BUDGET) as Judgement;
      expect(j.worlds).toBe(doubt ? BUDGET.worlds * (1 + MORE_WHEN_IN_DOUBT) : BUDGET.worlds);
      expect(judgeDecision(cribbage, d, log.seed, BUDGET)).toEqual(j);
      // The deals follow the position, not the move played: another choice finds the same best, valued alike.
      const other = d.legal.find((m) => m !== d.move && m !== top.move);
      if (other !== undefined && j.loss > 0) {
        const jo = judgeDecision(cribbage, { ...d, move: other }, log.seed, BUDGET) as Judgement;
        // (A move that ties the best is its own best.)
        if (jo.loss > 0) expect(jo.best).toEqual(j.best);
      }
      seen[doubt ? "doubt" : "clear"]++;
    }
    expect(seen.doubt).toBeGreaterThan(0);
    expect(seen.clear).toBeGreaterThan(0);
  });
});

describe("a match's review", () => {
  const log = playMatch(cribbage, { seed: "review-match", levels: ["medium", "easy"], hands: 3 });

  it("is the same for the same match, seat and budget, and names its budget", () => {
    const a = reviewMatch(cribbage, log, [1], BUDGET);
    const b = reviewMatch(cribbage, log, [1], BUDGET);
    expect(a.ok && b.ok).toBe(true);
    expect(b).toEqual(a);
    if (!a.ok) return;
    expect(a.value.budget).toEqual(BUDGET);
    expect(a.value.seats).toEqual([1]);
    const decisions = a.value.hands.flatMap((h) => h.decisions);
    expect(decisions.every((d) => d.seat === 1)).toBe(true);
    expect(a.value.accuracy[0].judged).toBe(decisions.filter((d) => "loss" in d).length);
  });

  it("judges no forced decision, and gives each hand's winning chances", () => {
    const r = reviewMatch(cribbage, log, undefined, BUDGET);
    if (!r.ok) throw new Error(r.error);
    const m = matchDecisions(cribbage.game, log);
    if (!m.ok) throw new Error(m.error);
    const forced = new Set(m.value.decisions.filter((d) => d.legal.length === 1).map((d) => d.index));
    expect(forced.size).toBeGreaterThan(0);
    for (const d of r.value.hands.flatMap((h) => h.decisions))
      expect("skipped" in d && d.skipped === "forced").toBe(forced.has(d.index));
    expect(r.value.hands).toHaveLength(3);
    const [first] = r.value.hands;
    // The first dealer's chance before any card: the table's 55.7%.
    const dealerChance = first.chances.find((c) => c.seat === first.dealer)!.before!;
    expect(dealerChance).toBeGreaterThan(54);
    expect(dealerChance).toBeLessThan(58);
    expect(r.value.noModel).toBeNull();
  });

  it("names the better move once: the line says it beside the why, the why gives values and facts", () => {
    const lines: string[] = [];
    for (const id of ["cribbage", "gin-rummy"]) {
      const entry = entryOf(id);
      const played = playMatch(entry, { seed: `once-${id}`, levels: ["medium", "easy"], hands: 2 });
      const r = reviewMatch(entry, played, undefined, BUDGET);
      if (!r.ok) throw new Error(r.error);
      for (const j of r.value.hands.flatMap((h) => h.decisions))
        if ("loss" in j && j.loss > 0) {
          const line = decisionLine(j);
          lines.push(line);
          // The move played may contain the better one's words ("discard 6C and knock" beside "discard 6C").
          const others = line.split(j.played.said).join("");
          expect(others.split(j.best.said).length - 1, line).toBe(1);
        }
    }
    expect(lines.length).toBeGreaterThan(3);
  });

  it("of every game with a model is in win chance: its first lines say so, and each hand's chances", () => {
    for (const [id, name] of [
      ["gin-rummy", "Gin Rummy"],
      ["crazy-eights", "Crazy Eights"],
      ["roy", "ROY"],
      ["royal-corners", "Royal Corners"],
      ["roller-coaster", "Roller Coaster"],
      ["hyrule", "Hyrule"],
    ]) {
      const entry = entryOf(id);
      const played = playMatch(entry, { seed: `chance-${id}`, levels: ["medium", "easy"], hands: 1 });
      const r = reviewMatch(entry, played, undefined, BUDGET);
      if (!r.ok) throw new Error(r.error);
      expect(r.value.noModel).toBeNull();
      const lines = reviewLines(r.value, name);
      expect(lines[1]).toContain("points of the chance to win the match");
      expect(lines[3]).toMatch(/^Hand 1: /);
      expect(lines[4]).toMatch(/^ {2}Win chance: seat 0 \d+\.\d% to \d+\.\d%; seat 1 /);
      const judged = r.value.hands.flatMap((h) => h.decisions).filter((d) => "loss" in d);
      expect(judged.length).toBeGreaterThan(0);
      expect(judged.every((d) => d.unit === "win chance")).toBe(true);
    }
  });

  it("refuses a seat the match does not have", () => {
    const r = reviewMatch(cribbage, log, [2], BUDGET);
    expect(r.ok ? "" : r.error).toBe("no seat 2: the match has seats 0 to 1");
  });
});
