/**
 * The replay viewer: a finished match step by step on the game's own table
 * (the same web/src/tables/<game>.tsx the live table draws, or the generic
 * one), read-only, with the log beside it. GET /api/tables/ID/steps gives
 * the events, view and status after each move or deal, a page of steps at a
 * time: from your own seat when this browser sat there (the seat's secret
 * kept in localStorage goes with the request, so your own cards are shown),
 * else as a spectator saw it. First, Back, Play/Pause, Forward and Last, or
 * the arrow keys (Home, End, and Space to play); the address says the step,
 * so a link opens the same step. A step forward moves its cards as the live
 * table does (web/src/anim/motion.ts, at the same pace setting): each card
 * flies from its seat to where it lands. From your own seat, your review
 * (ReviewPanel.tsx): the graph, your accuracy, and each judged decision
 * marked on the log at its step and on the table (the verdict on your plate,
 * the better move's cards outlined, the played one marked); and "Try it
 * again" at a judged decision (TryAgain.tsx).
 */
import { type ReactElement, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { TableMotion } from "../anim/motion.js";
import type { AnyGame, JsonObject } from "../../../src/engine/game.js";
import type { Judgement } from "../../../src/review/judge.js";
import type { ReplayStep, ReplaySteps, TableInfo } from "../../../src/server/messages.js";
import { ApiError, type SeatKey, api, savedSeat, seatHeaders } from "../api.js";
import { CardLine } from "../CardLine.js";
import { Link } from "../Link.js";
import { eventLines } from "../../../src/words/event-lines.js";
import { forfeitEndLine } from "../../../src/words/match-outcome.js";
import { NOBODY, type Reader, listed, namesOf, readerFor, seatLabel } from "../../../src/words/reader.js";
import { ForfeitPanel } from "../panels/ForfeitPanel.js";
import { ReviewMark, ReviewPanel, judgedDecisions, stepOfDecision, useReview } from "./ReviewPanel.js";
import { HandEndPanel, handEndOf } from "../panels/HandEndPanel.js";
import { TryAgainPanel, useTryAgain } from "./TryAgain.js";
import { TableMarkLine, plateMark, useTableMarks } from "./TableMarks.js";
import { useSettings } from "../settings.js";
import { TableSeats } from "../TableSeats.js";
import { genericTable } from "../tables/generic.js";
import { useGameKit } from "../tables/index.js";
import { HandRow } from "../tables/shared.js";
import type { GameTable, Status, TableProps } from "../tables/table.js";
import "../table.css";
import "../pages.css";
import "./replay.css";

/** Steps the server sends in a page (src/server/replay-steps.ts). */
const PAGE = 200;
const LOG_SHOWN = 12;
/** How long each step stays on the table while the replay plays. */
const PLAY_MS = 1000;
const pageOf = (k: number): number => k - (k % PAGE);

/** A step's lines, in the table's words as its viewer reads them. */
const linesOf = (s: ReplayStep, game: AnyGame, r: Reader): string[] =>
  s.events.flatMap((e) => eventLines(e as JsonObject, game, r, (s.status as unknown as Status).scores));

const NOTHING = (): void => undefined;

/** A hand with no move to make: the replay's, except while trying again. */
const NO_MOVES = {
  legal: [],
  pending: true,
  play: NOTHING,
  describe: (m: { type: string }) => m.type,
  picked: null,
  pick: NOTHING,
  hint: null,
  whyNot: () => "",
  say: NOTHING,
} as const;

export default function ReplayPage({ table, step: first }: { table: string; step: number }): ReactElement {
  /** The seat this browser proves (its saved secret), until the server says the secret no longer opens it. */
  const [key, setKey] = useState<SeatKey | null>(() => savedSeat(table));
  const [match, setMatch] = useState<{ info: TableInfo; total: number; viewer: number } | null>(null);
  const [pages, setPages] = useState<ReadonlyMap<number, readonly ReplayStep[]>>(new Map());
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [step, setStep] = useState(first);
  const [playing, setPlaying] = useState(false);
  /** On a phone the earlier lines are a drawer, closed until asked for. */
  const [drawer, setDrawer] = useState(false);
  const [settings] = useSettings();
  const asked = useRef(new Set<number>());
  const pace = useRef(settings.paceMs);
  pace.current = settings.paceMs;
  const page = useRef<HTMLElement | null>(null);
  const flights = useRef<HTMLDivElement | null>(null);
  /** The cards in the air as a step forward is drawn, as at the live table. */
  const motion = useRef<TableMotion | null>(null);
  motion.current ??= new TableMotion(
    () => page.current,
    () => flights.current,
    () => pace.current,
  );
  useEffect(() => () => motion.current?.close(), []);

  const load = useCallback(
    (from: number): void => {
      if (asked.current.has(from)) return;
      asked.current.add(from);
      api<ReplaySteps>(`/api/tables/${table}/steps?from=${from}`, undefined, key ? seatHeaders(key) : {})
        .then((r) => {
          setMatch({ info: r.info, total: r.total, viewer: r.viewer === "spectator" ? NOBODY : r.viewer });
          setPages((old) => new Map(old).set(from, r.steps));
        })
        .catch((e: Error) => {
          asked.current.delete(from);
          if (e instanceof ApiError && e.code === "forbidden" && key) {
            // The seat was given up since (or the key is another browser's): the spectator's replay.
            setNotice("This browser no longer holds a seat at this table: the replay is a spectator's.");
            asked.current.clear();
            setPages(new Map());
            setKey(null);
            return;
          }
          setError(e.message === "no such table" ? `There is no table ${table}.` : e.message);
        });
    },
    [table, key],
  );

  const last = match ? match.total - 1 : 0;
  const at = match ? Math.min(step, last) : step;
  // The step's page, and the one before when the lines before this step begin there.
  useEffect(() => {
    load(pageOf(at));
    if (at >= PAGE && at % PAGE < LOG_SHOWN) load(pageOf(at) - PAGE);
  }, [at, load]);

  const review = useReview(table, match && match.viewer !== NOBODY ? key : null, match !== null);
  /** Your judged decisions by the step their move is made at. */
  const marks = useMemo(() => {
    const m = new Map<number, Judgement>();
    if (review.state === "ready") for (const j of judgedDecisions(review.review)) m.set(stepOfDecision(j), j);
    return m;
  }, [review]);

  const tryAgain = useTryAgain(table, match && match.viewer !== NOBODY ? key : null);
  const { trying, stop: stopTrying } = tryAgain;
  /** The card picked while trying again (an Eight, before its suit). */
  const [picked, setPicked] = useState<string | null>(null);
  // Stepping away from the position tried leaves the try.
  useEffect(() => {
    if (trying && trying.step >= 0 && at !== trying.step) stopTrying();
    setPicked(null);
  }, [at, trying, stopTrying]);

  const kit = useGameKit(match?.info.game, setError);
  const game = kit?.game ?? null;

  const stepAt = useCallback(
    (k: number): ReplayStep | undefined => pages.get(pageOf(k))?.[k - pageOf(k)],
    [pages],
  );
  const viewer = match?.viewer ?? NOBODY;
  const go = useCallback(
    (k: number) => {
      const to = Math.max(0, Math.min(last, k));
      // One step forward, its cards where they were before it is drawn; they fly once it is (below).
      const next = to === at + 1 ? stepAt(to) : undefined;
      if (next) motion.current?.before(next.events as JsonObject[], viewer, true);
      setStep(to);
    },
    [last, at, stepAt, viewer],
  );
  const stepTo = useCallback(
    (k: number) => {
      setPlaying(false);
      go(k);
    },
    [go],
  );

  // Playing: a step a second while the next one is in, until the last.
  const ready = stepAt(at) !== undefined;
  useEffect(() => {
    if (!playing) return;
    if (at >= last) {
      setPlaying(false);
      return;
    }
    if (!ready) return;
    const timer = setTimeout(() => go(at + 1), PLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, at, last, ready, go]);

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
      if (e.key === " " && !(t && /^(BUTTON|A|SUMMARY)$/.test(t.tagName))) {
        e.preventDefault();
        setPlaying((p) => !p && at < last);
        return;
      }
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
      stepTo(to);
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [at, last, stepTo]);

  // The step drawn: its cards fly from where they were to where they now are, before it is painted.
  const shownStep = stepAt(at) ? at : -1;
  useLayoutEffect(() => {
    if (shownStep >= 0) motion.current?.after();
  }, [shownStep]);

  // Your judged decision at this step, on the table's own cards: the better move's outlined, the played one marked.
  const judgedHere = shownStep >= 0 ? marks.get(shownStep) : undefined;
  const cardsShown = useTableMarks(page, judgedHere);

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

  const { info, viewer: you } = match;
  const reader = readerFor(you, namesOf(info.seats));
  const earlier: { text: string; mark?: Judgement }[] = [];
  for (let k = at - 1; k >= 0 && earlier.length < LOG_SHOWN; k--) {
    const before = stepAt(k);
    if (!before) break;
    const mark = marks.get(k);
    earlier.unshift(
      ...linesOf(before, game, reader).map((text) => ({ text })),
      ...(mark ? [{ text: "", mark }] : []),
    );
  }
  earlier.splice(0, Math.max(0, earlier.length - LOG_SHOWN));
  const shareUrl = `${location.origin}/replay/${table}${at ? `?step=${at}` : ""}`;
  const Table = kit?.table ?? (genericTable(game) as unknown as GameTable<never>);
  const status = s ? (s.status as unknown as Status) : undefined;
  const now = s ? linesOf(s, game, reader) : [];
  const handEnd = s ? handEndOf(s.events as JsonObject[], now) : null;
  const where = !status
    ? `Opening step ${at}…`
    : status.forfeit
      ? forfeitEndLine(status.forfeit, status.winners ?? [], reader)
      : status.matchOver
        ? `Match over: ${listed((status.winners ?? []).map(reader.name))} won.`
        : status.handOver
          ? `Hand ${status.hand} is over.`
          : `Hand ${status.hand}: ${listed(status.toAct.map(reader.name))} to play.`;
  const seatName = (k: number): string =>
    k === you ? `You: ${info.seats[k]?.name ?? "you"}` : seatLabel(info.seats[k], reader);
  // Trying again: the step before your move takes your moves then, by card as at the live table.
  const choosing = trying !== null && trying.step === at;
  const tableProps: TableProps<never> | null =
    s && status
      ? {
          view: s.view as never,
          legal: choosing ? trying.legal.map((l) => l.move) : [],
          you,
          status,
          pending: choosing ? trying.pending : true,
          play: choosing ? tryAgain.choose : NOTHING,
          describe: choosing ? tryAgain.describe : (m) => m.type,
          name: reader.name,
          picked: choosing ? picked : null,
          pick: choosing ? setPicked : NOTHING,
          hint: null,
          whyNot: () => "",
          say: NOTHING,
          readOnly: !choosing,
        }
      : null;
  const hand = s && Array.isArray(s.view.hand) ? (s.view.hand as string[]) : [];
  const view = s?.view;

  return (
    <main
      ref={page}
      data-motion={settings.paceMs > 0 ? "on" : "off"}
      className={`table-page replay-page${settings.fourColour ? " four-colour" : ""}`}
      data-game={info.game}
      data-step={s ? at : undefined}
      data-steps={last}
      data-viewer={you === NOBODY ? "spectator" : you}
      data-stage={typeof view?.phase === "string" ? view.phase : undefined}
    >
      <header className="table-head">
        <h1>Replay: {info.gameName}</h1>
        <p className="table-links">
          Table <strong>{info.code}</strong>,{" "}
          {you === NOBODY ? "as a spectator saw it" : `from your seat (${info.seats[you]?.name ?? "you"})`} ·{" "}
          <Link to={`/rules/${info.game}`}>The rules</Link>
        </p>
        <p className="turn" data-testid="turn">
          {where}
        </p>
      </header>
      {notice && (
        <p role="alert" className="error notice">
          {notice}
        </p>
      )}
      <TableSeats
        seats={info.seats}
        you={you}
        review={plateMark(judgedHere)}
        status={status}
        handSizes={Array.isArray(view?.handSizes) ? view.handSizes : null}
        label={seatName}
        scoreName={game?.words?.scoreName}
      />
      <section aria-label="The table" className="board" data-table={info.game} data-anim-felt>
        <div className="felt-content">
          {tableProps ? <Table.Board {...tableProps} /> : <p aria-busy="true">Opening step {at}…</p>}
        </div>
        {judgedHere && <TableMarkLine j={judgedHere} shown={cardsShown} />}
      </section>
      {you !== NOBODY && (
        <section aria-label="Your hand" className="hand" data-anim-hand>
          <h2>Your hand</h2>
          {Table.Hand && tableProps ? (
            <Table.Hand {...tableProps} />
          ) : (
            <HandRow cards={hand} playable={choosing} props={tableProps ?? { ...NO_MOVES }} />
          )}
        </section>
      )}
      <section aria-label="Steps" className="moves replay-controls">
        <div className="step-buttons">
          <button type="button" onClick={() => stepTo(0)} disabled={at === 0}>
            First
          </button>
          <button type="button" onClick={() => stepTo(at - 1)} disabled={at === 0}>
            Back
          </button>
          <button
            type="button"
            className="play"
            aria-pressed={playing}
            onClick={() => setPlaying(!playing)}
            disabled={!playing && at === last}
          >
            {playing ? "Pause" : "Play"}
          </button>
          <button type="button" onClick={() => stepTo(at + 1)} disabled={at === last}>
            Forward
          </button>
          <button type="button" onClick={() => stepTo(last)} disabled={at === last}>
            Last
          </button>
          <span className="step-count" data-testid="step">
            Step {at} of {last}
          </span>
        </div>
        <p className="doc">
          The arrow keys step too (Home and End: the first and the last step; Space: play or pause).{" "}
          <a href={shareUrl}>Link to this step</a>: <code className="share">{shareUrl}</code>
        </p>
      </section>
      {/* The cards in flight, copies drawn over the table (web/src/anim/motion.ts). */}
      <div className="flights" aria-hidden="true" ref={flights} />
      {/* Focusable: the side scrolls when a hand's end runs long. */}
      <div
        className={`table-side${drawer ? " open" : ""}`}
        role="region"
        aria-label="The log"
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === "Escape" && drawer) setDrawer(false);
        }}
      >
        <section aria-label="This step" className="this-step">
          <div className="log-head">
            <h2>{where}</h2>
            <button
              type="button"
              className="secondary drawer-toggle"
              aria-expanded={drawer}
              aria-controls="replay-earlier"
              onClick={() => setDrawer(!drawer)}
            >
              {drawer ? "Close" : "Earlier lines"}
            </button>
          </div>
          <div aria-live="polite" data-testid="step-lines">
            {!s ? null : now.length ? (
              now.map((l, i) => (
                <p key={i}>
                  <CardLine text={l} />
                </p>
              ))
            ) : (
              <p>
                {at === 0
                  ? "The first deal."
                  : you === NOBODY
                    ? "Nothing a spectator could see."
                    : "Nothing you could see."}
              </p>
            )}
          </div>
          {marks.get(at) && <ReviewMark j={marks.get(at)!} />}
          {marks.get(at) && !trying && (
            <button
              type="button"
              className="secondary try-button"
              onClick={() => tryAgain.start(marks.get(at)!.index, stepTo)}
            >
              Try it again
            </button>
          )}
          {trying && (
            <TryAgainPanel
              trying={trying}
              choose={tryAgain.choose}
              back={() => {
                stopTrying();
                stepTo(trying.index + 1);
              }}
            />
          )}
          {/* A forfeited match ends with its own panel, as at the table: who gave it up, who won by forfeit. */}
          {status?.forfeit && status.matchOver ? (
            <ForfeitPanel forfeit={status.forfeit} winners={status.winners ?? []} reader={reader} />
          ) : (
            handEnd &&
            status && (
              <HandEndPanel
                end={handEnd}
                scores={status.scores}
                players={info.players}
                reader={reader}
                game={game}
                matchWinners={status.matchOver ? (status.winners ?? []) : null}
                laidOut={Boolean(Table.laysOutHandEnd)}
              />
            )
          )}
        </section>
        <section id="replay-earlier" aria-label="Before this step" className="log earlier">
          <h2>Before this step</h2>
          {earlier.length > 0 ? (
            <ol>
              {earlier.map((l, i) => (
                <li key={i}>{l.mark ? <ReviewMark j={l.mark} /> : <CardLine text={l.text} />}</li>
              ))}
            </ol>
          ) : at === 0 ? (
            <p>Nothing yet: this is the first step.</p>
          ) : null}
        </section>
        <ReviewPanel review={review} at={at} go={stepTo} />
      </div>
    </main>
  );
}
