/**
 * The replay viewer: a finished match step by step as a spectator saw it
 * (GET /api/tables/ID/steps: the spectator's events, view and status after
 * each move or deal, a page of steps at a time). Forward and back with the
 * buttons or the arrow keys; the address says the step, so a link opens the
 * same step.
 */
import { type ReactElement, useCallback, useEffect, useRef, useState } from "react";
import type { AnyGame, JsonObject } from "../../../src/engine/game.js";
import type { ReplayStep, ReplaySteps, TableInfo } from "../../../src/server/messages.js";
import { api } from "../api.js";
import { CardLine } from "../CardLine.js";
import { Link } from "../Link.js";
import { eventLines } from "../../../src/words/event-lines.js";
import { NOBODY, type Reader, listed, namesOf, readerFor, seatLabel } from "../../../src/words/reader.js";
import { useGameKit } from "../tables/index.js";
import "../pages.css";

interface Status {
  readonly toAct: readonly number[];
  readonly handOver: boolean;
  readonly matchOver: boolean;
  readonly scores: readonly number[];
  readonly hand: number;
  readonly winners?: readonly number[];
}

/** Steps the server sends in a page (src/server/replay-steps.ts). */
const PAGE = 200;
const LOG_SHOWN = 12;
const pageOf = (k: number): number => k - (k % PAGE);

/** A step's lines, in the table's words as a spectator reads them. */
const linesOf = (s: ReplayStep, game: AnyGame, r: Reader): string[] =>
  s.events.flatMap((e) => eventLines(e as JsonObject, game, r, (s.status as Status).scores));

export default function ReplayPage({ table, step: first }: { table: string; step: number }): ReactElement {
  const [match, setMatch] = useState<{ info: TableInfo; total: number } | null>(null);
  const [pages, setPages] = useState<ReadonlyMap<number, readonly ReplayStep[]>>(new Map());
  const [error, setError] = useState("");
  const [step, setStep] = useState(first);
  const asked = useRef(new Set<number>());

  const load = useCallback(
    (from: number): void => {
      if (asked.current.has(from)) return;
      asked.current.add(from);
      api<ReplaySteps>(`/api/tables/${table}/steps?from=${from}`)
        .then((r) => {
          setMatch({ info: r.info, total: r.total });
          setPages((old) => new Map(old).set(from, r.steps));
        })
        .catch((e: Error) => {
          asked.current.delete(from);
          setError(e.message === "no such table" ? `There is no table ${table}.` : e.message);
        });
    },
    [table],
  );

  const last = match ? match.total - 1 : 0;
  const at = match ? Math.min(step, last) : step;
  // The step's page, and the one before when the lines before this step begin there.
  useEffect(() => {
    load(pageOf(at));
    if (at >= PAGE && at % PAGE < LOG_SHOWN) load(pageOf(at) - PAGE);
  }, [at, load]);

  const game = useGameKit(match?.info.game, setError)?.game ?? null;

  const stepAt = (k: number): ReplayStep | undefined => pages.get(pageOf(k))?.[k - pageOf(k)];
  const go = useCallback((k: number) => setStep(Math.max(0, Math.min(last, k))), [last]);

  // The address follows the step (replaced, not pushed: Back leaves the viewer).
  useEffect(() => {
    if (!match) return;
    history.replaceState(null, "", `/replay/${table}${at ? `?step=${at}` : ""}`);
    document.title = `Replay: ${match.info.gameName}, step ${at} of ${last} · Cardroom`;
  }, [match, table, at, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const to =
        e.key === "ArrowRight"
          ? at + 1
          : e.key === "ArrowLeft"
            ? at - 1
            : e.key === "Home"
              ? 0
              : e.key === "End"
                ? last
                : null;
      if (to === null) return;
      e.preventDefault();
      go(to);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [at, last, go]);

  if (error)
    return (
      <main className="replay-page">
        <h1>Replay</h1>
        <p role="alert" className="error">
          {error}
        </p>
      </main>
    );
  const s = stepAt(at);
  if (!match || !game)
    return (
      <main className="replay-page" aria-busy="true">
        <p>Opening the replay…</p>
      </main>
    );

  const { info } = match;
  const reader = readerFor(NOBODY, namesOf(info.seats));
  const earlier: string[] = [];
  for (let k = at - 1; k >= 0 && earlier.length < LOG_SHOWN; k--) {
    const before = stepAt(k);
    if (!before) break;
    earlier.unshift(...linesOf(before, game, reader));
  }
  earlier.splice(0, Math.max(0, earlier.length - LOG_SHOWN));
  const shareUrl = `${location.origin}/replay/${table}${at ? `?step=${at}` : ""}`;

  return (
    <main className="replay-page" data-step={s ? at : undefined} data-steps={last}>
      <h1>Replay: {info.gameName}</h1>
      <p>
        Table {info.code}, {info.players} players, as a spectator saw it.{" "}
        <Link to={`/rules/${info.game}`}>The rules</Link>
      </p>
      <section aria-label="Steps" className="replay-controls">
        <button type="button" onClick={() => go(0)} disabled={at === 0}>
          First
        </button>
        <button type="button" onClick={() => go(at - 1)} disabled={at === 0}>
          Back
        </button>
        <button type="button" onClick={() => go(at + 1)} disabled={at === last}>
          Forward
        </button>
        <button type="button" onClick={() => go(last)} disabled={at === last}>
          Last
        </button>
        <span className="step-count" data-testid="step">
          Step {at} of {last}
        </span>
        <p className="doc">The arrow keys step too (Home and End: the first and the last step).</p>
        <p>
          <a href={shareUrl}>Link to this step</a>: <code className="share">{shareUrl}</code>
        </p>
      </section>
      {s ? (
        <StepView info={info} game={game} step={s} at={at} earlier={earlier} />
      ) : (
        <p aria-busy="true">Opening step {at}…</p>
      )}
    </main>
  );
}

/** What a spectator saw at a step: its lines, the seats, the table, and the lines before it. */
function StepView({
  info,
  game,
  step,
  at,
  earlier,
}: {
  info: TableInfo;
  game: AnyGame;
  step: ReplayStep;
  at: number;
  earlier: readonly string[];
}): ReactElement {
  const status = step.status as Status;
  const reader = readerFor(NOBODY, namesOf(info.seats));
  const now = linesOf(step, game, reader);
  const seatName = (k: number): string => seatLabel(info.seats[k], reader);
  const where = status.matchOver
    ? `Match over: ${listed((status.winners ?? []).map(reader.name))} won.`
    : status.handOver
      ? `Hand ${status.hand} is over.`
      : `Hand ${status.hand}: ${listed(status.toAct.map(reader.name))} to play.`;
  return (
    <>
      <section aria-label="This step" className="this-step">
        <h2>{where}</h2>
        <div aria-live="polite" data-testid="step-lines">
          {now.length ? (
            now.map((l, i) => (
              <p key={i}>
                <CardLine text={l} />
              </p>
            ))
          ) : (
            <p>{at === 0 ? "The first deal." : "Nothing a spectator could see."}</p>
          )}
        </div>
      </section>
      <section aria-label="Seats" className="seats">
        <ul>
          {info.seats.map((seat) => (
            <li key={seat.seat} className={status.toAct.includes(seat.seat) ? "to-act" : ""}>
              {seatName(seat.seat)} · score {status.scores[seat.seat]}
              {Array.isArray(step.view.handSizes) && <> · {String(step.view.handSizes[seat.seat])} cards</>}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="The table" className="board">
        {game.board(step.view as JsonObject).map((l, i) => (
          <p key={i}>
            <CardLine text={l} />
          </p>
        ))}
      </section>
      {earlier.length > 0 && (
        <section aria-label="Before this step" className="log">
          <h2>Before this step</h2>
          <ol>
            {earlier.map((l, i) => (
              <li key={i}>
                <CardLine text={l} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}
