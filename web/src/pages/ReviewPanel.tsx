/**
 * The review on the replay page (GET /api/tables/ID/review?seat=K, your own
 * seat's only): asked for once the replay is from your seat, asked again
 * every few seconds while the server makes it (it says how far it is), then
 * drawn: a graph of your value after each judged decision across the match
 * (an SVG; a point's click goes to that move's step), your accuracy, and
 * the decisions it classes, each a link to its step. `markOf` gives the log
 * its mark for a step.
 */
import { type ReactElement, useEffect, useState } from "react";
import type { Judgement } from "../../../src/review/judge.js";
import { judgedDecisions } from "../../../src/review/try-again.js";
import type { Review } from "../../../src/review/review.js";
import type { ReviewReply } from "../../../src/server/messages.js";
import { type SeatKey, api, seatHeaders } from "../api.js";
import { cardsInWords } from "../../../src/words/card-words.js";
import { decisionWords } from "../../../src/words/review-lines.js";
import { CardLine } from "../CardLine.js";

/** How often a review still being made is asked for again. */
const POLL_MS = 2000;

export type ReviewState =
  | { readonly state: "none" }
  | { readonly state: "making"; readonly done: number; readonly total: number }
  | { readonly state: "ready"; readonly review: Review }
  | { readonly state: "failed"; readonly message: string };

/** The decisions of a review that were judged, in the match's order. */
export { judgedDecisions };

/** The step a decision's move is made at: step k is the table after k log entries. */
export const stepOfDecision = (d: { readonly index: number }): number => d.index + 1;

/** Your review of a finished match, from your seat (`key`); nothing for a spectator. */
export function useReview(table: string, key: SeatKey | null, over: boolean): ReviewState {
  const [state, setState] = useState<ReviewState>({ state: "none" });
  useEffect(() => {
    if (!key || !over) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (): void => {
      api<ReviewReply>(`/api/tables/${table}/review?seat=${key.seat}`, undefined, seatHeaders(key))
        .then((r) => {
          if (stopped) return;
          if (r.state === "ready") setState({ state: "ready", review: r.review });
          else {
            setState({ state: "making", done: r.done, total: r.total });
            timer = setTimeout(ask, POLL_MS);
          }
        })
        .catch((e: Error) => {
          if (!stopped) setState({ state: "failed", message: e.message });
        });
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [table, key, over]);
  return state;
}

/** "1 mistake", "2 mistakes". */
const counted = (n: number, word: string, words = `${word}s`): string => `${n} ${n === 1 ? word : words}`;

/**
 * A judged decision's mark on the log, in the review's words (src/words/review-lines.ts): its verdict,
 * what it lost, the move played, and for a class the better move and why.
 */
export function ReviewMark({ j }: { j: Judgement }): ReactElement {
  const w = decisionWords(j);
  return (
    <p className="review-mark" data-class={j.class ?? "good"} data-testid="review-mark">
      <strong>{w.verdict.charAt(0).toUpperCase() + w.verdict.slice(1)}</strong>
      {w.lost && ` (${w.lost.replace("-", "−")})`}: <CardLine text={w.played} />
      {w.better && (
        <>
          ; better: <CardLine text={w.better} />
        </>
      )}
      .
      {j.class && (
        <>
          {" "}
          <CardLine text={w.why} />
        </>
      )}
    </p>
  );
}

const W = 320;
const H = 120;
const PAD = 6;

/** The graph of your value after each judged decision, and its points to click. */
function ReviewGraph({
  decisions,
  unit,
  at,
  go,
}: {
  decisions: readonly Judgement[];
  unit: string;
  at: number;
  go: (step: number) => void;
}): ReactElement {
  const n = decisions.length;
  const x = (i: number): number => PAD + (n <= 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (n - 1));
  const y = (v: number): number => PAD + ((100 - Math.max(0, Math.min(100, v))) * (H - 2 * PAD)) / 100;
  const line = decisions.map((d, i) => `${x(i).toFixed(1)},${y(d.played.value).toFixed(1)}`).join(" ");
  // The latest decision at or before the step shown.
  let here = -1;
  decisions.forEach((d, i) => {
    if (stepOfDecision(d) <= at) here = i;
  });
  return (
    <svg
      className="review-graph"
      data-testid="review-graph"
      viewBox={`0 0 ${W} ${H}`}
      role="group"
      aria-label={`Your ${unit} after each of your decisions, 0 to 100: click a point to go to that move`}
    >
      <line className="half" x1={PAD} x2={W - PAD} y1={y(50)} y2={y(50)} />
      {here >= 0 && <line className="here" x1={x(here)} x2={x(here)} y1={PAD} y2={H - PAD} />}
      <polyline points={line} />
      {decisions.map((d, i) => (
        <circle
          key={d.index}
          cx={x(i)}
          cy={y(d.played.value)}
          r={d.class ? 4.5 : 3}
          data-class={d.class ?? "good"}
          data-step={stepOfDecision(d)}
          role="button"
          tabIndex={0}
          aria-label={`Step ${stepOfDecision(d)}: ${cardsInWords(d.played.said)}, ${d.played.value.toFixed(0)}${
            d.class ? `, ${d.class}` : ""
          }`}
          onClick={() => go(stepOfDecision(d))}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              go(stepOfDecision(d));
            }
          }}
        >
          <title>{`Step ${stepOfDecision(d)}: ${cardsInWords(d.played.said)} (${d.played.value.toFixed(1)})`}</title>
        </circle>
      ))}
    </svg>
  );
}

/** The review's panel: its state while it is made, then the graph, your accuracy and your classed decisions. */
export function ReviewPanel({
  review,
  at,
  go,
}: {
  review: ReviewState;
  at: number;
  go: (step: number) => void;
}): ReactElement | null {
  if (review.state === "none") return null;
  if (review.state === "failed")
    return (
      <section aria-label="The review" className="review">
        <h2>Your review</h2>
        <p role="alert">{review.message}</p>
      </section>
    );
  if (review.state === "making")
    return (
      <section aria-label="The review" className="review" aria-busy="true">
        <h2>Your review</h2>
        <p data-testid="review-making">
          The server is reviewing your decisions
          {review.total > 0 ? ` (${review.done} of ${review.total} judged)` : ""}…
        </p>
      </section>
    );
  const r = review.review;
  const decisions = judgedDecisions(r);
  const unit = r.noModel === null ? "chance to win the match" : "hand's value as the search weighs it";
  const mine = r.accuracy[0];
  const classed = decisions.filter((d) => d.class);
  return (
    <section aria-label="The review" className="review">
      <h2>Your review</h2>
      <p data-testid="review-accuracy">
        Accuracy {mine?.accuracy === null || !mine ? "–" : mine.accuracy.toFixed(1)} over{" "}
        {counted(mine?.judged ?? 0, "judged decision")}:{" "}
        {counted(mine?.counts.inaccuracy ?? 0, "inaccuracy", "inaccuracies")},{" "}
        {counted(mine?.counts.mistake ?? 0, "mistake")}, {counted(mine?.counts.blunder ?? 0, "blunder")}.
      </p>
      {decisions.length > 0 && <ReviewGraph decisions={decisions} unit={unit} at={at} go={go} />}
      <p className="doc">
        Your {unit} after each decision (0 to 100), judged from what you could see, {r.budget.worlds} deals a
        decision.{r.noModel ? ` ${r.noModel.charAt(0).toUpperCase()}${r.noModel.slice(1)}.` : ""}
      </p>
      {classed.length > 0 && (
        <ol className="review-list">
          {classed.map((d) => (
            <li key={d.index} data-class={d.class}>
              <button type="button" className="link" onClick={() => go(stepOfDecision(d))}>
                Step {stepOfDecision(d)}
              </button>{" "}
              <ReviewMark j={d} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
