/**
 * Cribbage in the review: the discards judged exactly by expected
 * points (`discardsFor`, what `hard` lays away by), and muggins' counts left
 * alone (the true count is a sum, not a judgement).
 */
import { matchFacts } from "../bots/board.js";
import { type MatchFacts, cribbageChance } from "../bots/win-chance/index.js";
import { formatCard } from "../engine/card-text.js";
import type { AnyGame, Move } from "../engine/game.js";
import { discardsFor } from "../games/cribbage/bot.js";
import { discardMove, isClaim, isDiscard, moveCard } from "../games/cribbage/moves.js";
import type { CribbageView } from "../games/cribbage/view.js";
import { classOf } from "./classes.js";
import type { Decision } from "./decisions.js";
import type { DiscardWay, JudgedMove, ValueUnit } from "./judge.js";
import { round1 } from "./judge.js";

const isCribbage = (game: AnyGame): boolean => game.id === "cribbage";

export const isCribbageClaim = (game: AnyGame, move: Move): boolean => isCribbage(game) && isClaim(move);

/** The seat's chance before the deal with its score `points` higher (lower when negative). */
function chanceShifted(facts: MatchFacts, seat: number, points: number): number {
  const c = cribbageChance(facts, seat, "deal", points);
  return c.ok ? c.value : 0;
}

/** The margin reward's scale (src/games/index.ts) for a game the table does not cover. */
const MARGIN_SCALE = 12;

interface DiscardJudgement {
  readonly played: JudgedMove;
  readonly best: JudgedMove;
  readonly loss: number;
  readonly class: ReturnType<typeof classOf>;
  readonly unit: ValueUnit;
  readonly why: string;
  readonly discards: readonly DiscardWay[];
  readonly worlds: number;
}

const pts = (x: number): string => x.toFixed(1);
const r2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * A discard judged exactly: each card's value is the best way of laying
 * away that holds it; the loss in expected points is turned into win chance
 * as that many points fewer for the seat before the deal (the table read
 * between whole scores), or, where the table does not reach, into the
 * search's hand value (half a point a hand plus the margin over 12). `laid`: the cards laid away
 * together, judged as that one way (the move played being the first of them).
 */
export function cribbageDiscard(game: AnyGame, d: Decision, laid?: readonly Move[]): DiscardJudgement | null {
  if (!isCribbage(game) || !isDiscard(d.move)) return null;
  const view = game.view(d.state, d.seat) as CribbageView;
  const ways = discardsFor(view);
  if (ways.length === 0) return null;
  const wayOf = (m: Move) => ways.find((w) => w.out.includes(moveCard(m)));
  // Cards laid away together ("Try it again" picks both): that way itself, not each card's best.
  const cards = laid?.map(moveCard);
  const laidWay =
    cards && ways.find((w) => w.out.length === cards.length && cards.every((c) => w.out.includes(c)));
  const bestWay = ways[0];
  const playedWay = laidWay ?? wayOf(d.move) ?? bestWay;
  const lost = bestWay.value - playedWay.value;
  const facts = matchFacts(d.state, d.state.dealer);
  const modelled = cribbageChance(facts, d.seat).ok;
  const bestValue = modelled ? 100 * chanceShifted(facts, d.seat, 0) : 50;
  const playedValue = modelled ? 100 * chanceShifted(facts, d.seat, -lost) : 50 - (50 * lost) / MARGIN_SCALE;
  const loss = round1(Math.max(0, bestValue - playedValue));
  const bestMove = playedWay === bestWay ? d.move : discardMove(bestWay.out[0]);
  const said = (w: (typeof ways)[number]) => w.out.map(formatCard).join(" ");
  const ownCrib = view.dealer === view.seat;
  const keeps = (w: (typeof ways)[number]) =>
    `keeps ${pts(w.hand)} in the hand on average over the starters, ` +
    `${ownCrib ? "your crib adds" : "their crib gains"} ${pts(w.crib)}: ${pts(w.value)} in all`;
  const wayWords = (w: (typeof ways)[number]) => `laying away ${said(w)} ${keeps(w)}`;
  // The better move ("lay away X Y") is named beside the why: the why says it once, as "it".
  const why =
    playedWay === bestWay
      ? `the best: ${wayWords(bestWay)}`
      : `it ${keeps(bestWay)}; ${wayWords(playedWay)}, ${pts(lost)} fewer`;
  const unit: ValueUnit = modelled ? "win chance" : "hand value";
  return {
    played: {
      move: game.moveToJson(d.move),
      said: laidWay ? `lay away ${said(laidWay)}` : game.describeMove(d.move),
      value: round1(playedValue),
    },
    best: {
      move: game.moveToJson(bestMove),
      said: playedWay === bestWay ? game.describeMove(d.move) : `lay away ${said(bestWay)}`,
      value: round1(bestValue),
    },
    loss,
    class: classOf(loss),
    unit,
    why,
    discards: ways.map((w) => ({
      out: w.out.map(formatCard),
      hand: r2(w.hand),
      crib: r2(w.crib),
      value: r2(w.value),
    })),
    worlds: 0,
  };
}

/**
 * Whether `moves` lay away together a whole way of Cribbage's discard at decision `d` (as many cards
 * as the crib takes from the seat, each a discard of the decision's): a choice judged as one way.
 */
export function laysAwayTogether(game: AnyGame, d: Decision, moves: readonly Move[]): boolean {
  if (!isCribbage(game) || !isDiscard(d.move) || !moves.every(isDiscard)) return false;
  const ways = discardsFor(game.view(d.state, d.seat) as CribbageView);
  const cards = new Set(moves.map(moveCard));
  return ways.length > 0 && cards.size === moves.length && ways[0].out.length === moves.length;
}
