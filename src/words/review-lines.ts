/**
 * A match's review in sentences (`cardroom review`; the browser's review
 * will read the same): each hand with its winning chances, each judged
 * decision with its class and the better move, each seat's accuracy.
 * Cards stay as text (the terminal dresses them).
 */
import { DOUBT, MORE_WHEN_IN_DOUBT } from "../review/classes.js";
import type { Judgement, Unjudged } from "../review/judge.js";
import type { HandReview, Review } from "../review/review.js";
import type { TryResult } from "../review/try-again.js";
import { CARD_CODE } from "./card-words.js";

const pct = (x: number | null): string => (x === null ? "?" : `${x.toFixed(1)}%`);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What the values measure, in a line. */
export function reviewUnitLine(r: Review): string {
  const unit =
    r.noModel === null
      ? "points of the chance to win the match"
      : `points of 100 of the hand's value as the search weighs it (${r.noModel})`;
  const t = r.thresholds;
  return (
    `A decision losing ${t.inaccuracy} ${unit} or more is an inaccuracy, ${t.mistake} a mistake, ${t.blunder} a blunder; ` +
    `judged from each seat's own cards over ${r.budget.worlds} deals it could be (the review's budget), ` +
    `${r.budget.worlds * (1 + MORE_WHEN_IN_DOUBT)} where a loss is read at ${t.inaccuracy} to ${t.blunder + DOUBT}.`
  );
}

function handHeading(h: HandReview, r: Review): string[] {
  const scores = (s: readonly number[]) => s.join("-");
  const lines = [
    `Hand ${h.hand}: seat ${h.dealer} deals; scores ${scores(h.scoresBefore)} to ${scores(h.scoresAfter)}`,
  ];
  if (r.noModel === null)
    lines.push(
      `  Win chance: ${h.chances.map((c) => `seat ${c.seat} ${pct(c.before)} to ${pct(c.after)}`).join("; ")}`,
    );
  return lines;
}

/**
 * A judged decision in words, in the parts a face sets apart (the terminal in one line, the replay
 * page with the verdict in bold and cards drawn): its class, or "good enough" or "best"; what it lost;
 * the move played; the better move, where there is one; and why.
 */
export interface DecisionWords {
  readonly verdict: string;
  /** "-17.7", or "" for the best. */
  readonly lost: string;
  readonly played: string;
  readonly better: string | null;
  readonly why: string;
}

export function decisionWords(j: Judgement): DecisionWords {
  return {
    verdict: j.class ?? (j.loss > 0 ? "good enough" : "best"),
    lost: j.loss > 0 ? `-${j.loss.toFixed(1)}` : "",
    played: j.played.said,
    better: j.loss > 0 ? j.best.said : null,
    why: `${capital(j.why)}.`,
  };
}

/** One judged decision: its class (or "good enough", "best"), what it lost, the better move and why. */
export function decisionLine(j: Judgement): string {
  const w = decisionWords(j);
  const lost = w.lost ? ` (${w.lost})` : "";
  const better = w.better ? `: better ${w.better}` : "";
  return `  seat ${j.seat}, ${w.played}: ${w.verdict}${lost}${better}. ${w.why}`;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Cribbage's ways of laying away (at the hand's first discard), five to a line: cards, hand and crib, + or -. */
function discardLines(j: Judgement): string[] {
  const ways = j.discards ?? [];
  if (ways.length < 2 || ways[0].out.length < 2) return [];
  const words = ways.map((w) => {
    const own = Math.abs(w.hand + w.crib - w.value) < Math.abs(w.hand - w.crib - w.value);
    return `${w.out.join(" ")} ${w.hand.toFixed(1)}${own ? "+" : "-"}${w.crib.toFixed(1)}`;
  });
  const lines = ["    Every way of laying away, in expected points (hand, then crib), best first:"];
  for (let i = 0; i < words.length; i += 5) lines.push(`    ${words.slice(i, i + 5).join(", ")}`);
  return lines;
}

function accuracyLine(r: Review): string {
  return `Accuracy: ${r.accuracy
    .map((a) =>
      a.accuracy === null
        ? `seat ${a.seat}: nothing to judge`
        : `seat ${a.seat} ${a.accuracy.toFixed(1)} (${plural(a.judged, "decision")} judged: ` +
          `${plural(a.counts.inaccuracy, "inaccuracy", "inaccuracies")}, ${plural(a.counts.mistake, "mistake")}, ${plural(a.counts.blunder, "blunder")})`,
    )
    .join("; ")}`;
}

/** The whole review as lines. */
export function reviewLines(r: Review, gameName: string): string[] {
  const seats = r.seats.length === 1 ? `seat ${r.seats[0]}` : `seats ${r.seats.join(", ")}`;
  const lines = [`Review of a match of ${gameName}, ${seats}.`, reviewUnitLine(r), ""];
  for (const h of r.hands) {
    lines.push(...handHeading(h, r));
    const forced = h.decisions.filter((d): d is Unjudged => "skipped" in d).length;
    for (const d of h.decisions) {
      if ("skipped" in d) continue;
      lines.push(decisionLine(d));
      lines.push(...discardLines(d));
    }
    if (forced > 0)
      lines.push(`  (${plural(forced, "decision")} with one way to go, or a count, not judged)`);
    lines.push("");
  }
  lines.push(accuracyLine(r));
  if (r.winners) lines.push(`The match: won by ${r.winners.map((s) => `seat ${s}`).join(" and ")}.`);
  return lines;
}

const WHOLE_CARD = new RegExp(`^${CARD_CODE.source}$`);

/** The card codes a move's wire form names (`{"type":"play","card":"6C"}` -> 6C), in order. */
export function cardsOfMove(move: unknown): string[] {
  if (typeof move === "string") return WHOLE_CARD.test(move) ? [move] : [];
  if (Array.isArray(move)) return move.flatMap(cardsOfMove);
  if (move && typeof move === "object")
    return Object.entries(move).flatMap(([k, v]) => (k === "type" ? [] : cardsOfMove(v)));
  return [];
}

/**
 * The cards a judged decision shows on the table: the better move's (a Cribbage discard: the whole
 * better way of laying away, both cards) where it differs from the move played, and the played one's;
 * a card both moves name is the played one's (an Eight calling another suit: the call is the difference).
 */
export function decisionCards(j: Judgement): { readonly better: string[]; readonly played: string[] } {
  const played = cardsOfMove(j.played.move);
  if (j.loss <= 0) return { better: [], played };
  const way = j.discards?.[0]?.out;
  const better = way && way.length > 0 ? [...way] : cardsOfMove(j.best.move);
  // The same card played otherwise (an Eight calling another suit): the card is the played one.
  return { better: better.filter((c) => !played.includes(c)), played };
}

/**
 * The sentence beside the table at a judged decision, for those who read rather than see the marks:
 * its verdict, the card played (marked "played" where the table shows it), the better move (its cards
 * outlined where the table shows them). Cards as codes, for the face to draw or say in words.
 */
export function tableMarkLine(
  j: Judgement,
  shown: { readonly better: boolean; readonly played: boolean },
): string {
  const w = decisionWords(j);
  const verdict = capital(w.verdict);
  const played = `the move played, ${w.played}${shown.played ? " (marked played on the table)" : ""}`;
  if (!w.better) return `${verdict}: ${played}.`;
  const where = shown.better ? " (outlined on the table)" : "";
  return `${verdict}${w.lost ? ` (${w.lost.replace("-", "−")})` : ""}: ${played}; better: ${w.better}${where}.`;
}

/**
 * "Try it again": the new choice against the move played (better, worse, the same), with both values
 * and the best, in one line. Cards as codes, for the face to draw or say in words.
 */
export function tryLine(t: TryResult): string {
  const measure = t.unit === "win chance" ? "to win the match" : "of 100 for the hand";
  const v = (x: number): string => x.toFixed(1);
  const choice = `${t.choice.said}: ${v(t.choice.value)} ${measure}`;
  const isBest = t.choice.value >= t.best.value;
  const best = isBest ? " It is the best there was." : ` The best: ${t.best.said}, ${v(t.best.value)}.`;
  if (t.verdict === "same") return `The same as the move you played (${t.played.said}): ${choice}.${best}`;
  return `${t.verdict === "better" ? "Better" : "Worse"} than the move you played: ${choice}, against ${v(t.played.value)} for ${t.played.said}.${best}`;
}
