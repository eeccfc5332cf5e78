/**
 * A table, for every game alike: the seats and scores, the game's board
 * (its own lines, cards drawn), your hand with the playable cards raised,
 * the legal moves as buttons named by the rules library, and the log. The
 * server sends the view and the legal moves; the page only shows them and
 * sends back the one chosen.
 */
import { type ReactElement, useEffect, useMemo, useRef, useState } from "react";
import type { AnyGame, JsonObject, MoveJson } from "../../src/engine/game.js";
import { findEntry } from "../../src/games/index.js";
import type { ServerMessage, Update } from "../../src/server/messages.js";
import {
  ApiError,
  type SeatKey,
  type TableInfo,
  api,
  forgetSeat,
  playerName,
  saveSeat,
  savedSeat,
  sit,
} from "./api.js";
import { Card, cardFace } from "./Card.js";
import { TableChannel } from "./channel.js";
import { NOBODY, eventLines } from "./log.js";
import { navigate } from "./router.js";

interface Status {
  readonly toAct: readonly number[];
  readonly handOver: boolean;
  readonly matchOver: boolean;
  readonly scores: readonly number[];
  readonly hand: number;
  readonly winners?: readonly number[];
}

interface Shown {
  readonly seq: number;
  readonly view: JsonObject;
  readonly legal: readonly MoveJson[];
  readonly status: Status;
  readonly info: TableInfo;
}

const LOG_LINES = 300;
const CARD_TOKEN = /((?<![A-Za-z0-9])(?:[A2-9TJQK][CDHS]|RJ|BJ)(?![A-Za-z0-9]))/;

/** A line of text with its card names drawn as small cards. */
function CardLine({ text }: { text: string }): ReactElement {
  const parts = text.split(CARD_TOKEN);
  return (
    <>{parts.map((p, i) => (i % 2 === 1 && cardFace(p) ? <Card key={i} text={p} size="small" /> : p))}</>
  );
}

export default function TablePage({ table }: { table: string }): ReactElement {
  const [info, setInfo] = useState<TableInfo | null>(null);
  const [me, setMe] = useState<SeatKey | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [log, setLog] = useState<readonly string[]>([]);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [online, setOnline] = useState(true);
  const [pending, setPending] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [askedAgain, setAskedAgain] = useState(false);
  const [name, setName] = useState(() => playerName() || "Guest");
  const channel = useRef<TableChannel | null>(null);
  /** True from a request (a move, a deal, "again") until the server's answer to it. */
  const asked = useRef(false);

  const game: AnyGame | null = useMemo(() => {
    if (!info) return null;
    const e = findEntry(info.game);
    return e.ok ? e.value.game : null;
  }, [info]);

  // The table's information, and this browser's seat at it if it has one.
  useEffect(() => {
    let live = true;
    setInfo(null);
    setShown(null);
    setLog([]);
    setError("");
    api<TableInfo>(`/api/tables/${encodeURIComponent(table)}`)
      .then((i) => {
        if (!live) return;
        setInfo(i);
        setMe(savedSeat(i.id));
      })
      .catch(
        (e: Error) =>
          live && setError(e.message === "no such table" ? `There is no table ${table}.` : e.message),
      );
    return () => {
      live = false;
    };
  }, [table]);

  const tableId = info?.id;
  const seatNumber = me?.seat;
  const secret = me?.secret;

  // Watching: as the seat when this browser holds one, else as a spectator.
  useEffect(() => {
    if (!tableId || !game) return;
    const as = seatNumber !== undefined && secret ? { seat: seatNumber, secret } : "spectator";
    const you = seatNumber ?? NOBODY;
    const onUpdate = (m: Update): void => {
      const status = m.status as unknown as Status;
      const lines = m.events.flatMap((e) => eventLines(e, game, you, status.scores));
      setLog((old) => (m.full ? lines : [...old, ...lines]).slice(-LOG_LINES));
      setShown({ seq: m.seq, view: m.view, legal: m.legal as MoveJson[], status, info: m.info });
      setInfo(m.info);
      setPending(false);
      setPicked(null);
      if (m.info.againId && seatNumber !== undefined && secret) {
        saveSeat(m.info.againId, { seat: seatNumber, secret });
        navigate(`/t/${m.info.againId}`);
      }
    };
    const onMessage = (m: ServerMessage): void => {
      if (m.type === "ok") asked.current = false;
      if (m.type === "update") return onUpdate(m);
      if (m.type === "error") {
        setPending(false);
        if (m.code === "forbidden" && as !== "spectator") {
          // The seat's key no longer opens it (given up, or another browser's): watch instead.
          forgetSeat(tableId);
          setMe(null);
          setNotice("This browser no longer holds a seat here: you are watching.");
          return;
        }
        const refused = asked.current;
        asked.current = false;
        if (m.code === "rate_limited") {
          // Told to slow down: ask where the table stands in a second, and choose again.
          setTimeout(() => channel.current?.watch(), 1000);
          return;
        }
        if (m.code !== "stale") setNotice(m.message);
        // A refused move leaves the table as it was: ask for it again (a refused watch is not asked again).
        if (refused) channel.current?.watch();
      }
    };
    const c = new TableChannel(tableId, as, { message: onMessage, connected: setOnline });
    channel.current = c;
    return () => c.close();
  }, [tableId, game, seatNumber, secret]);

  if (error)
    return (
      <main className="table-page">
        <p role="alert" className="error">
          {error}
        </p>
        <p>
          <a href="/" onClick={(e) => (e.preventDefault(), navigate("/"))}>
            Back to the lobby
          </a>
        </p>
      </main>
    );
  if (!info || !game)
    return (
      <main className="table-page" aria-busy="true">
        <p>Opening the table…</p>
      </main>
    );

  const you = me?.seat ?? NOBODY;
  const send = (m: Record<string, unknown>): void => {
    setNotice("");
    if (channel.current?.send(m)) {
      asked.current = true;
      setPending(true);
    } else setNotice("The connection is down; trying again…");
  };
  const play = (move: MoveJson): void => send({ type: "move", move });
  const describe = (move: MoveJson): string => {
    const parsed = game.moveFromJson(move);
    return parsed.ok ? game.describeMove(parsed.value) : move.type;
  };

  const takeSeat = async (seat: number): Promise<void> => {
    try {
      const key = await sit(info.id, seat, name.trim() || "Guest");
      setMe(key);
      setNotice("");
    } catch (e) {
      setNotice(e instanceof ApiError ? e.message : String(e));
    }
  };

  const status = shown?.status;
  const view = shown?.view;
  const legal = shown?.legal ?? [];
  const hand = Array.isArray(view?.hand) ? (view.hand as string[]) : [];
  const cardMoves = (card: string): MoveJson[] =>
    legal.filter((m) => m.card === card && (m.from === undefined || m.from === "hand"));
  const moves = picked ? cardMoves(picked) : legal;
  const phase = !status
    ? "loading"
    : status.matchOver
      ? "matchover"
      : status.handOver
        ? "handover"
        : legal.length
          ? "play"
          : "wait";
  const seatLabel = (k: number): string => {
    const s = info.seats[k];
    const who = s?.kind === "computer" ? `computer (${s.level ?? "medium"})` : (s?.name ?? "open seat");
    return `${k === you ? "You" : `Seat ${k}`}: ${who}`;
  };
  const turnText = !status
    ? "Connecting…"
    : status.matchOver
      ? `Match over: ${(status.winners ?? []).map((w) => (w === you ? "you win" : `seat ${w} wins`)).join(", ")}.`
      : status.handOver
        ? `Hand ${status.hand} is over.`
        : status.toAct.includes(you)
          ? "Your turn."
          : `Waiting for ${status.toAct.map((k) => (k === you ? "you" : `seat ${k}`)).join(" and ")}.`;
  const boardLines = view ? game.board(view).filter((l) => !/^Your hand:/.test(l)) : [];
  const freeSeats = info.seats.filter((s) => s.kind === "open" && s.name === null);

  return (
    <main className="table-page" data-phase={phase} data-seq={shown?.seq ?? 0} data-game={info.game}>
      <header className="table-head">
        <h1>{info.gameName}</h1>
        <p>
          Table <strong>{info.code}</strong> · invite: <code>{`${location.origin}/t/${info.code}`}</code> ·{" "}
          <a href="/" onClick={(e) => (e.preventDefault(), navigate("/"))}>
            Lobby
          </a>
        </p>
        <p className="turn" data-testid="turn">
          {you === NOBODY ? "Watching. " : ""}
          {turnText}
          {!online && " (connection lost: reconnecting…)"}
        </p>
      </header>
      {notice && (
        <p role="alert" className="error">
          {notice}
        </p>
      )}
      <section aria-label="Seats" className="seats">
        <ul>
          {info.seats.map((s) => (
            <li key={s.seat} className={status?.toAct.includes(s.seat) ? "to-act" : ""}>
              <span>{seatLabel(s.seat)}</span>
              {status && <span> · score {status.scores[s.seat]}</span>}
              {Array.isArray(view?.handSizes) && <span> · {String(view.handSizes[s.seat])} cards</span>}
              {status?.toAct.includes(s.seat) && <span className="badge"> · to play</span>}
              {s.away && <span> · away (the computer plays)</span>}
            </li>
          ))}
        </ul>
        {you === NOBODY && freeSeats.length > 0 && !status?.matchOver && (
          <div className="sit">
            <label>
              Your name <input value={name} maxLength={32} onChange={(e) => setName(e.target.value)} />
            </label>
            {freeSeats.map((s) => (
              <button key={s.seat} type="button" onClick={() => void takeSeat(s.seat)}>
                Sit at seat {s.seat}
              </button>
            ))}
          </div>
        )}
      </section>
      <section aria-label="The table" className="board">
        {boardLines.map((l, i) => (
          <p key={i}>
            <CardLine text={l} />
          </p>
        ))}
      </section>
      {you !== NOBODY && (
        <section aria-label="Your hand" className="hand">
          <h2>Your hand</h2>
          <div className="cards">
            {hand.map((c, i) => {
              const ms = phase === "play" ? cardMoves(c) : [];
              if (!ms.length)
                return (
                  <span key={`${c}${i}`} className="card-slot">
                    <Card text={c} />
                  </span>
                );
              const label = ms.length === 1 ? describe(ms[0]) : "choose how to play it";
              return (
                <button
                  key={`${c}${i}`}
                  type="button"
                  className={`card-slot legal${picked === c ? " picked" : ""}`}
                  aria-pressed={ms.length > 1 ? picked === c : undefined}
                  disabled={pending}
                  onClick={() => (ms.length === 1 ? play(ms[0]) : setPicked(picked === c ? null : c))}
                >
                  <Card text={c} />
                  <span className="visually-hidden">{label}</span>
                </button>
              );
            })}
          </div>
        </section>
      )}
      {you !== NOBODY && status && (
        <section aria-label="Your moves" className="moves" data-moves>
          {phase === "play" && (
            <>
              <h2>{picked ? `Play ${cardFace(picked)?.name ?? picked}:` : "Your moves"}</h2>
              {moves.map((m, i) => (
                <button key={i} type="button" data-move={m.type} disabled={pending} onClick={() => play(m)}>
                  <CardLine text={describe(m)} />
                </button>
              ))}
              {picked && (
                <button type="button" className="secondary" onClick={() => setPicked(null)}>
                  Back to every move
                </button>
              )}
            </>
          )}
          {phase === "handover" && (
            <button
              type="button"
              disabled={pending}
              onClick={() => send({ type: "next", hand: status.hand })}
            >
              Next hand
            </button>
          )}
          {phase === "matchover" &&
            (askedAgain ? (
              <p>Waiting for the others to say yes…</p>
            ) : (
              <button
                type="button"
                onClick={() => {
                  setAskedAgain(true);
                  send({ type: "again" });
                }}
              >
                Play again?
              </button>
            ))}
        </section>
      )}
      <section aria-label="What happened" className="log">
        <h2>What happened</h2>
        <div role="log" aria-live="polite">
          <ol>
            {log.slice(-40).map((l, i) => (
              <li key={log.length - 40 + i}>
                <CardLine text={l} />
              </li>
            ))}
          </ol>
        </div>
      </section>
    </main>
  );
}
