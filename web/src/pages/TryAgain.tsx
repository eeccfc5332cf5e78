/**
 * "Try it again" on the replay page: at one of your judged decisions, the
 * table as it stood before your move, from your seat (the replay's own step:
 * only what you could see), and your moves then (from GET
 * /api/tables/ID/review/try); you choose again by card, as at the live
 * table, or by name, and the server says whether the new choice is better,
 * worse or the same as the move you played (POST the same address, the
 * moves played in one go together, as Cribbage's two cards for the crib: the
 * stored review's values where it judged that move, else the decision judged
 * again on the server's review thread with the review's own seed).
 */
import { type ReactElement, useCallback, useRef, useState } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import type { TryResult } from "../../../src/review/try-again.js";
import type { TryPosition } from "../../../src/server/messages.js";
import { cardsInWords } from "../../../src/words/card-words.js";
import { tryLine } from "../../../src/words/review-lines.js";
import { type SeatKey, api, seatHeaders } from "../api.js";
import { CardLine } from "../CardLine.js";
import { sameMove } from "../tables/table.js";

export interface Trying {
  /** The decision's place in the log. */
  readonly index: number;
  /** The replay's step that shows the table before the move. */
  readonly step: number;
  readonly played: string;
  readonly legal: TryPosition["legal"];
  readonly result: TryResult | null;
  readonly pending: boolean;
  readonly error: string;
}

export function useTryAgain(table: string, key: SeatKey | null) {
  const [trying, setTrying] = useState<Trying | null>(null);
  /** Opens decision `index` to choose again; `to` moves the replay to its step once the moves are in. */
  const start = useCallback(
    (index: number, to: (step: number) => void) => {
      if (!key) return;
      api<TryPosition>(
        `/api/tables/${table}/review/try?seat=${key.seat}&index=${index}`,
        undefined,
        seatHeaders(key),
      )
        .then((p) => {
          to(p.step);
          setTrying({
            index,
            step: p.step,
            played: p.played,
            legal: p.legal,
            result: null,
            pending: false,
            error: "",
          });
        })
        .catch((e: Error) =>
          setTrying({
            index,
            step: -1,
            played: "",
            legal: [],
            result: null,
            pending: false,
            error: e.message,
          }),
        );
    },
    [table, key],
  );
  /** Moves played in one go (Cribbage's "To the crib" sends both cards at once): judged together. */
  const batch = useRef<MoveJson[]>([]);
  const choose = useCallback(
    (move: MoveJson) => {
      if (!key || !trying || trying.pending) return;
      batch.current.push(move);
      if (batch.current.length > 1) return;
      const index = trying.index;
      queueMicrotask(() => {
        const moves = batch.current;
        batch.current = [];
        setTrying((t) => (t && t.index === index ? { ...t, pending: true, error: "" } : t));
        api<TryResult>(`/api/tables/${table}/review/try?seat=${key.seat}`, { index, moves }, seatHeaders(key))
          .then((result) => setTrying((t) => (t && t.index === index ? { ...t, result, pending: false } : t)))
          .catch((e: Error) =>
            setTrying((t) => (t && t.index === index ? { ...t, pending: false, error: e.message } : t)),
          );
      });
    },
    [table, key, trying],
  );
  const stop = useCallback(() => setTrying(null), []);
  /** A move in words, as its button and a screen reader say it. */
  const describe = useCallback(
    (move: MoveJson): string =>
      cardsInWords(trying?.legal.find((l) => sameMove(l.move, move))?.said ?? move.type),
    [trying],
  );
  return { trying, start, choose, stop, describe };
}

/** The panel beside the table while you try again: your moves by name, and the review's answer. */
export function TryAgainPanel({
  trying,
  choose,
  back,
}: {
  trying: Trying;
  choose: (move: MoveJson) => void;
  /** Leaves the try, back to the step of the move you played. */
  back: () => void;
}): ReactElement {
  return (
    <section aria-label="Try it again" className="try-again" data-testid="try-again">
      <h3>Try it again</h3>
      {trying.error && (
        <p role="alert" className="error">
          {trying.error.charAt(0).toUpperCase() + trying.error.slice(1)}.
        </p>
      )}
      {trying.step >= 0 && (
        <>
          <p className="doc">
            The table before your move, as you saw it. You played <CardLine text={trying.played} />: choose
            again, by card in your hand or by name.
          </p>
          <div className="try-moves" role="group" aria-label="Your moves then, by name">
            {trying.legal.map((l) => (
              <button
                type="button"
                key={JSON.stringify(l.move)}
                className="secondary"
                disabled={trying.pending}
                aria-label={cardsInWords(l.said)}
                onClick={() => choose(l.move)}
              >
                <CardLine text={l.said} />
              </button>
            ))}
          </div>
          <p aria-live="polite" data-testid="try-result" data-verdict={trying.result?.verdict}>
            {trying.pending ? (
              "Judging your choice…"
            ) : trying.result ? (
              <CardLine text={tryLine(trying.result)} />
            ) : null}
          </p>
        </>
      )}
      <button type="button" onClick={back}>
        Back to your move
      </button>
    </section>
  );
}
