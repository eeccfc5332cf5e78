/**
 * A table: the seats and scores, the game's own table (web/src/tables/),
 * your hand with the playable cards raised, every legal move as a button
 * named by the rules library (for the keyboard, and whatever the game's
 * table does not draw), and the log. The server sends the view and the
 * legal moves; the page only shows them and sends back the one chosen.
 * Moves that come quicker than a person can follow (the computers') are
 * shown one at a time, at the pace the settings say.
 */
import { type ReactElement, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { AnyGame, JsonObject, MoveJson } from "../../src/engine/game.js";
import type { ServerMessage, Update } from "../../src/server/messages.js";
import {
  ApiError,
  type SeatKey,
  type TableInfo,
  forgetSeat,
  playerName,
  saveSeat,
  savedSeat,
  sit,
} from "./api.js";
import { cardFace } from "./Card.js";
import { CardLine } from "./CardLine.js";
import { type TableChannel, channelFor } from "./channel.js";
import { type Callout, calloutsOf } from "../../src/words/callouts.js";
import { cardsInWords } from "../../src/words/card-words.js";
import { eventLines } from "../../src/words/event-lines.js";
import { TableMotion } from "./anim/motion.js";
import { NOBODY, listed, namesOf, readerFor, seatLabel as seatLabel_ } from "../../src/words/reader.js";
import { Pacer, type Step, stepsOf } from "./pacer.js";
import { type HandEnd, HandEndPanel, handEndOf } from "./panels/HandEndPanel.js";
import { CoachNote } from "./panels/CoachNote.js";
import { navigate } from "./router.js";
import type { HintReply } from "../../src/server/messages.js";
import { ChatPanel } from "./panels/ChatPanel.js";
import { HintPanel, isHinted } from "./panels/HintPanel.js";
import { ProofPanel } from "./panels/ProofPanel.js";
import { ForfeitPanel } from "./panels/ForfeitPanel.js";
import { HandsLaidOut, laysOutHands } from "./tables/hands-laid-out.js";
import { ResignControl } from "./panels/ResignControl.js";
import { RESIGNED, leftTableLine } from "../../src/words/match-outcome.js";
import { TAKE_YOUR_SEAT, hostOf, inviteLine } from "../../src/words/invite.js";
import { PACES, useSettings } from "./settings.js";
import { genericTable } from "./tables/generic.js";
import { sitsAround, TableSeats } from "./TableSeats.js";
import { useFitToFelt } from "./fit.js";
import { useYourTurnSignal } from "./your-turn.js";
import { playSound, soundsOf } from "./sound.js";
import { MuteButton } from "./panels/MuteButton.js";
import { RulesDialog } from "./panels/RulesDialog.js";
import "./table.css";
import { tableInfo, useGameKit } from "./tables/index.js";
import { HandRow, WhyLine } from "./tables/shared.js";
import { ShortcutSheet, useFocusAfterMove } from "./shortcuts.js";
import { whyNotPlayable } from "../../src/words/why-not.js";
import { type GameTable, type Status, type TableProps, cardMoves, handOrder } from "./tables/table.js";
import { useDropTarget } from "./tables/pointer-drag.js";
import { type HandOrder, useHandOrder } from "./hand-order.js";

/**
 * The hand's order, chosen: as dealt, by suit, by rank (a toggle each, the one in force pressed); a
 * card dragged along the hand puts it where it is let go.
 */
function SortControls({ order, idle }: { order: HandOrder; idle: boolean }): ReactElement {
  const choice = (by: "dealt" | "suit" | "rank", label: string): ReactElement => (
    <button
      type="button"
      className="secondary"
      data-sort={by}
      aria-pressed={order.by === by}
      onClick={() => order.sortBy(by)}
    >
      {label}
    </button>
  );
  return (
    // With fewer than two cards there is nothing to sort: hidden, keeping its place so nothing moves.
    <div
      className="hand-sort"
      role="group"
      aria-label="Sort your hand (or drag a card along it)"
      style={idle ? { visibility: "hidden" } : undefined}
    >
      {choice("suit", "By suit")}
      {choice("rank", "By rank")}
      {choice("dealt", "As dealt")}
    </div>
  );
}

interface Shown {
  readonly seq: number;
  readonly view: JsonObject;
  readonly legal: readonly MoveJson[];
  readonly status: Status;
  readonly info: TableInfo;
}

const LOG_LINES = 300;
/** How long a seat's callout stays by it ("Go", "15 for 2"). */
const CALLOUT_MS = 1200;

/** The width from which the log, the proof and chat sit beside the table (table.css). */
const WIDE = "(min-width: 56rem)";

/** Whether the screen is wide enough for the side panel, kept as the window changes. */
function useWide(): boolean {
  const [wide, setWide] = useState(() => typeof matchMedia === "function" && matchMedia(WIDE).matches);
  useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const q = matchMedia(WIDE);
    const on = (): void => setWide(q.matches);
    q.addEventListener("change", on);
    return () => q.removeEventListener("change", on);
  }, []);
  return wide;
}

export default function TablePage({ table }: { table: string }): ReactElement {
  const wide = useWide();
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
  const [hint, setHint] = useState<HintReply | null>(null);
  /** Why a card can't be played (or what a table's own control needs), for the table as it stood (`seq`). */
  const [why, setWhy] = useState<{ line: string; seq: number } | null>(null);
  const handSection = useRef<HTMLElement | null>(null);
  /** The latest hand's end as its `handOver` event told it: the panel shown until the next deal. */
  const [handEnd, setHandEnd] = useState<HandEnd | null>(null);
  /** On a phone the log, chat and settings are a drawer, closed until asked for. */
  const [drawer, setDrawer] = useState(false);
  /** The card moves by name, unfolded. */
  const [allMoves, setAllMoves] = useState(false);
  const [settings, changeSettings] = useSettings();
  const pace = useRef(settings.paceMs);
  pace.current = settings.paceMs;
  const muted = useRef(!settings.sound);
  muted.current = !settings.sound;
  const channel = useRef<TableChannel | null>(null);
  const logLines = useRef<HTMLDivElement | null>(null);
  const felt = useRef<HTMLElement | null>(null);
  const feltContent = useRef<HTMLDivElement | null>(null);
  const page = useRef<HTMLElement | null>(null);
  const flights = useRef<HTMLDivElement | null>(null);
  /** The cards in the air: each step's flights planned as it comes, flown once it is drawn. */
  const motion = useRef<TableMotion | null>(null);
  motion.current ??= new TableMotion(
    () => page.current,
    () => flights.current,
    () => pace.current,
  );
  /** What each seat calls out, shown by its plate for a moment. */
  const [callouts, setCallouts] = useState<readonly (Callout & { readonly key: number })[]>([]);

  /** The request sent (a move, a deal, "again") until the server's answer to it; null when none. */
  const asked = useRef<Record<string, unknown> | null>(null);

  // The table's game: its rules and table component come in its own chunk, once the table is known.
  const kit = useGameKit(info?.game, setError);
  const game: AnyGame | null = kit?.game ?? null;
  useFitToFelt(felt, feltContent, Boolean(info && game && !error));
  const myTurn =
    shown !== null &&
    me !== null &&
    !shown.status.handOver &&
    !shown.status.matchOver &&
    shown.status.toAct.includes(me.seat) &&
    shown.legal.length > 0;
  useYourTurnSignal(info?.gameName ?? null, myTurn, settings.sound);
  useFocusAfterMove(handSection, [shown?.seq, pending, shown?.status.handOver, me?.seat]);
  // The hand in the player's order (sorted, or dragged into place), kept for the table's hand.
  const order = useHandOrder(
    info?.id ?? table,
    shown?.status.hand ?? 0,
    Array.isArray(shown?.view.hand) ? (shown.view.hand as string[]) : [],
  );
  const arrangesOwn = kit?.table?.arrangesHand === true;
  const handDrop = useDropTarget(
    arrangesOwn
      ? null
      : (source, at) => {
          const card = source.startsWith("hand:") ? source.slice(5) : null;
          if (!card || !at || !order.cards.includes(card)) return;
          // Its place: after every other card whose middle lies left of where it was let go.
          const others = [...(handSection.current?.querySelectorAll("[data-drag-source^='hand:']") ?? [])]
            .filter((el) => el.getAttribute("data-drag-source") !== source)
            .map((el) => el.getBoundingClientRect());
          order.move(card, others.filter((b) => b.left + b.width / 2 < at.x).length);
        },
  );
  /** A card moved along the hand from the keyboard: it keeps the focus in its new place. */
  const refocus = useRef<string | null>(null);
  const arranged = order.cards.join(" ");
  useLayoutEffect(() => {
    const card = refocus.current;
    refocus.current = null;
    if (card)
      handSection.current
        ?.querySelector<HTMLElement>(`[data-drag-source="hand:${CSS.escape(card)}"]`)
        ?.focus({ preventScroll: true });
  }, [arranged]);
  const dropRef = "ref" in handDrop ? handDrop.ref : null;
  const handRef = useCallback(
    (el: HTMLElement | null) => {
      handSection.current = el;
      return dropRef?.(el);
    },
    [dropRef],
  );

  // The table's information, and this browser's seat at it if it has one.
  useEffect(() => {
    let live = true;
    setInfo(null);
    setShown(null);
    setLog([]);
    setError("");
    tableInfo(table)
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

  // The log follows its newest line.
  useEffect(() => {
    const el = logLines.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log]);

  const tableId = info?.id;
  const seatNumber = me?.seat;
  const secret = me?.secret;

  // Watching: as the seat when this browser holds one, else as a spectator.
  useEffect(() => {
    if (!tableId || !game) return;
    const as = seatNumber !== undefined && secret ? { seat: seatNumber, secret } : "spectator";
    const you = seatNumber ?? NOBODY;
    let callKey = 0;
    const callTimers = new Set<ReturnType<typeof setTimeout>>();
    const show = ({ events, lines, update: m }: Step): void => {
      if (lines.length) setLog((old) => [...old, ...lines].slice(-LOG_LINES));
      const ended = handEndOf(events, lines);
      if (ended) setHandEnd(ended);
      if (m && !m.full) {
        const reader = readerFor(you, namesOf(m.info.seats));
        const sizes = Array.isArray(m.view.handSizes) ? m.view.handSizes : null;
        const said = calloutsOf(events, game, reader, sizes).map((c) => ({ ...c, key: ++callKey }));
        if (said.length) {
          const keys = new Set(said.map((c) => c.key));
          setCallouts((old) => [...old.filter((c) => !said.some((s) => s.seat === c.seat)), ...said]);
          const timer = setTimeout(() => {
            callTimers.delete(timer);
            setCallouts((old) => old.filter((c) => !keys.has(c.key)));
          }, CALLOUT_MS);
          callTimers.add(timer);
        }
      }
      // Each move heard as it is shown (a whole resync is not: it is where the table stands).
      if (m && !m.full) for (const sound of soundsOf(events, you)) playSound(sound, muted.current);
      // Where this step's cards are before it is drawn; they fly once it is (the layout effect below).
      motion.current?.before(events, you, Boolean(m && !m.full));
      if (!m) return;
      const status = m.status as unknown as Status;
      setShown({ seq: m.seq, view: m.view, legal: m.legal as MoveJson[], status, info: m.info });
      setInfo(m.info);
      setPending(false);
      setPicked(null);
      if (m.info.againId && seatNumber !== undefined && secret) {
        saveSeat(m.info.againId, { seat: seatNumber, secret });
        navigate(`/t/${m.info.againId}`);
      }
    };
    // Your own move is shown as soon as the server has it, not a pace after the computer's before it.
    const pacer = new Pacer(
      show,
      () => pace.current,
      ({ events: [first] }) => first?.type === "move" && first.seat === you,
    );
    const onUpdate = (m: Update): void => {
      const status = m.status as unknown as Status;
      const reader = readerFor(you, namesOf(m.info.seats));
      const linesOf = (e: JsonObject): string[] => eventLines(e, game, reader, status.scores);
      if (m.full) {
        // A whole resync: what waited is in it too; the log starts again, the table shown as it stands.
        pacer.clear();
        motion.current?.putBack();
        setLog([]);
        pacer.push([{ events: m.events, lines: m.events.flatMap(linesOf), update: m }], true);
      } else pacer.push(stepsOf(m, linesOf), false);
    };
    const onMessage = (m: ServerMessage): void => {
      if (m.type === "ok") asked.current = null;
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
        if (m.code === "rate_limited") {
          // Sent too fast: the same again after the server's stated wait, unless answered meanwhile
          // (a watch, when nothing was asked: where the table stands).
          setPending(refused !== null);
          const wait = Math.min(Math.max(m.retryMs ?? 1000, 0), 10_000);
          const timer = setTimeout(() => {
            callTimers.delete(timer);
            if (!refused) channel.current?.watch();
            else if (asked.current === refused && !channel.current?.send(refused)) asked.current = null;
          }, wait);
          callTimers.add(timer);
          return;
        }
        asked.current = null;
        if (m.code !== "stale") setNotice(m.message);
        // A move refused: its card, lifted at the click, goes back into the hand.
        if (refused) motion.current?.putBack();
        // A refused move leaves the table as it was: ask for it again (a refused watch is not asked again).
        if (refused) channel.current?.watch();
      }
    };
    // The channel a table link opened cold started while this page loaded, else a new one.
    const c = channelFor(tableId, as, { message: onMessage, connected: setOnline });
    channel.current = c;
    return () => {
      c.close();
      pacer.close();
      for (const t of callTimers) clearTimeout(t);
      motion.current?.close();
    };
  }, [tableId, game, seatNumber, secret]);

  // Each step drawn: its cards fly from where they were to where they now are, before it is painted.
  const shownSeq = shown?.seq;
  useLayoutEffect(() => {
    if (shownSeq !== undefined) motion.current?.after();
  }, [shownSeq]);

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
      asked.current = m;
      setPending(true);
    } else setNotice("The connection is down; trying again…");
  };
  // Your card leaves your hand at the click, before the server's answer (put back if it refuses).
  const play = (move: MoveJson): void => {
    motion.current?.lift(move);
    send({ type: "move", move });
  };
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
  const hand = order.cards;
  const moves = picked ? cardMoves(legal, picked) : legal;
  /**
   * The moves a card of the hand makes at a click are the cards themselves, and those the felt makes
   * (the stock, a pile) are its places: their buttons (the same moves by name) are folded away under
   * "Every move by name", for keyboards and screen readers, unless one is the hint or a card was
   * picked to choose among its own. The buttons left are the moves no card stands for.
   */
  const inHand = new Set(hand);
  const ownMoves = kit?.table?.ownMoves;
  const madeOnTable = kit?.table?.madeOnTable;
  const ofCard = (m: MoveJson): boolean =>
    typeof m.card === "string" && inHand.has(m.card) && (m.from === undefined || m.from === "hand");
  const byCard = (m: MoveJson): boolean => ofCard(m) || (madeOnTable?.(m) ?? false);
  const hinted = (m: MoveJson): boolean => isHinted(hint, shown?.seq, m);
  // Moves the game's table offers with its own controls (the crib's pick, the claim) are not buttons here.
  const inOrder = (ms: readonly MoveJson[]): MoveJson[] => handOrder(ms, hand);
  const pageMoves = inOrder(ownMoves ? moves.filter((m) => !ownMoves(m)) : moves);
  const pickedOnTable = kit?.table?.pickedOnTable;
  const shownMoves = picked
    ? pageMoves.filter((m) => !pickedOnTable?.(m))
    : pageMoves.filter((m) => !byCard(m) || hinted(m));
  const folded = picked ? [] : pageMoves.filter((m) => byCard(m) && !hinted(m));
  const moveButton = (m: MoveJson, i: number): ReactElement => (
    <button
      key={i}
      type="button"
      data-move={m.type}
      data-card-move={ofCard(m) || undefined}
      className={hinted(m) ? "hinted" : undefined}
      disabled={pending}
      onClick={() => play(m)}
    >
      <CardLine text={describe(m)} />
      {hinted(m) && <span className="visually-hidden"> (the hint)</span>}
    </button>
  );
  const phase = !status
    ? "loading"
    : status.matchOver
      ? "matchover"
      : status.handOver
        ? "handover"
        : legal.length
          ? "play"
          : "wait";
  // Seats by name: people by their own, computers by theirs (src/words/reader.ts); never "seat 0".
  const reader = readerFor(you, namesOf(info.seats));
  const seatLabel = (k: number): string =>
    k === you ? `You: ${info.seats[k]?.name ?? "you"}` : seatLabel_(info.seats[k], reader);
  const turnText = !status
    ? "Connecting…"
    : status.matchOver
      ? `Match over: ${listed((status.winners ?? []).map((w) => (w === you ? "you win" : `${reader.name(w)} wins`)))}.`
      : status.handOver
        ? `Hand ${status.hand} is over.`
        : status.toAct.includes(you) &&
            !legal.length &&
            info.seats.some((s) => s.kind === "open" && s.name === null)
          ? "The match begins when every seat is taken."
          : status.toAct.includes(you)
            ? "Your turn."
            : `Waiting for ${listed(status.toAct.map(reader.name))}.`;
  // A game without a table of its own is drawn by the generic one, which shows these lines already.
  const ownTable = kit?.table ?? null;
  const boardLines = view && ownTable ? game.board(view).filter((l) => !/^Your hand:/.test(l)) : [];
  const freeSeats = info.seats.filter((s) => s.kind === "open" && s.name === null);
  /** A newcomer (by an invite link) at a table with a seat for them: who asks them, and to what. */
  const invited = you === NOBODY && freeSeats.length > 0 && !status?.matchOver;
  // Back to the lobby from a finished match: the others who would play again are told (no game again).
  const toLobby = (): void => {
    if (you !== NOBODY && phase === "matchover") send({ type: "again", yes: false });
    navigate("/");
  };
  const othersLeft =
    phase === "matchover"
      ? leftTableLine(
          info.seats.filter((s) => s.left && s.seat !== you).map((s) => s.seat),
          reader,
        )
      : null;
  const Table = ownTable ?? (genericTable(game) as unknown as GameTable<never>);
  const tableProps: TableProps<never> | null =
    view && status
      ? {
          view: view as never,
          legal: phase === "play" ? legal : [],
          you,
          status,
          pending,
          play,
          describe: (m) => cardsInWords(describe(m)),
          name: reader.name,
          picked,
          pick: setPicked,
          hint: hint && hint.seq === shown?.seq ? hint.move : null,
          whyNot: (card) => whyNotPlayable(game.words, view, card, reader, myTurn),
          say: (line) => setWhy({ line, seq: shown?.seq ?? 0 }),
        }
      : null;
  // The hand's own table drawn with the hand in the player's order.
  const handProps = tableProps && view && { ...tableProps, view: { ...view, hand } as never };

  // A finished match goes on: at a new table ("Play again?", the people at it), or back to the lobby
  // (the seat stays yours: the record and the replay keep it, and the link brings you back here).
  const matchActions = status && phase === "matchover" && (
    <>
      {othersLeft && (
        <p role="status" data-testid="others-left">
          {othersLeft}
        </p>
      )}
      {you !== NOBODY &&
        !othersLeft &&
        (askedAgain ? (
          <p>Waiting for the others to say yes…</p>
        ) : (
          <button
            type="button"
            data-after-move
            onClick={() => {
              setAskedAgain(true);
              send({ type: "again" });
            }}
          >
            Play again?
          </button>
        ))}
      <button type="button" className="secondary" onClick={toLobby}>
        Back to the lobby
      </button>
    </>
  );
  // At a hand's end the hands lie laid out on the felt, by the game's table or else here (every seat's
  // cards left, where the result lists them): the panel beside sums up.
  const ended =
    status &&
    (phase === "handover" || phase === "matchover") &&
    !status.forfeit &&
    handEnd?.hand === status.hand;
  const genericLayout =
    !!ended && !Table?.laysOutHandEnd && !!handEnd && laysOutHands(handEnd.result, info.players);
  const laidOut = !!ended && (!!Table?.laysOutHandEnd || genericLayout);
  const fitsAll = wide && !sitsAround(info.players);
  // The hands lie laid out on the felt; the panel that says how the hand ended sits beside them.
  // A match given up ends where play stopped, its own panel saying so.
  const handEndPanel =
    status?.forfeit && phase === "matchover" ? (
      <ForfeitPanel forfeit={status.forfeit} winners={status.winners ?? []} reader={reader}>
        {matchActions}
      </ForfeitPanel>
    ) : (
      status &&
      (phase === "handover" || phase === "matchover") &&
      handEnd?.hand === status.hand && (
        <HandEndPanel
          end={handEnd}
          scores={status.scores}
          players={info.players}
          reader={reader}
          game={game}
          matchWinners={phase === "matchover" ? (status.winners ?? []) : null}
          laidOut={laidOut}
          folded={laidOut && !wide && !!Table?.handEndNeedsRoom}
          note={me && settings.coach && <CoachNote table={info.id} me={me} hand={status.hand} />}
        >
          {you !== NOBODY && phase === "handover" && (
            <button
              type="button"
              disabled={pending}
              data-after-move
              onClick={() => send({ type: "next", hand: status.hand })}
            >
              Next hand
            </button>
          )}
          {matchActions}
        </HandEndPanel>
      )
    );
  return (
    <main
      ref={page}
      data-motion={settings.paceMs > 0 ? "on" : "off"}
      className={`table-page${settings.fourColour ? " four-colour" : ""}`}
      data-phase={phase}
      data-seq={shown?.seq ?? 0}
      data-game={info.game}
      data-stage={typeof view?.phase === "string" ? view.phase : undefined}
      data-hand-end-room={(laidOut && (Table?.handEndNeedsRoom || genericLayout)) || undefined}
    >
      <header className="table-head">
        <h1>{info.gameName}</h1>
        <p className="table-links">
          Table <strong>{info.code}</strong> ·{" "}
          <a href="/" onClick={(e) => (e.preventDefault(), toLobby())}>
            Lobby
          </a>{" "}
          · <RulesDialog game={info.game} gameName={info.gameName} /> · <ShortcutSheet />
        </p>
        {/* Beside the links on a wide screen, by the title on a phone (table.css). */}
        <div className="mute-slot">
          <MuteButton sound={settings.sound} change={(sound) => changeSettings({ sound })} />
        </div>
        {/* Beside the links on a wide screen, beside the title on a phone (table.css): never a line of its own. */}
        {you !== NOBODY && status && !status.matchOver && (
          <div className="resign-slot">
            <ResignControl
              players={info.players}
              onResign={() => send({ type: "forfeit", reason: RESIGNED })}
            />
          </div>
        )}
        <p className="turn" data-testid="turn">
          {invited ? inviteLine(hostOf(info.seats), info.gameName) : you === NOBODY ? "Watching. " : ""}
          {!invited && turnText}
          {!online && " (connection lost: reconnecting…)"}
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
        status={status}
        handSizes={Array.isArray(view?.handSizes) ? view.handSizes : null}
        label={seatLabel}
        scoreName={game.words?.scoreName}
        callouts={callouts}
      >
        {invited && (
          <div className="sit">
            <label>
              Your name <input value={name} maxLength={32} onChange={(e) => setName(e.target.value)} />
            </label>
            {/* One seat for you: it is yours to take; several: you pick among them. */}
            {freeSeats.map((s) => (
              <button key={s.seat} type="button" onClick={() => void takeSeat(s.seat)}>
                {freeSeats.length === 1 ? TAKE_YOUR_SEAT : `Sit at seat ${s.seat}`}
              </button>
            ))}
          </div>
        )}
      </TableSeats>
      <section aria-label="The table" className="board" data-table={info.game} data-anim-felt ref={felt}>
        {/* At a hand's end the hands laid out are zoomed to fit with the table on a wide screen with two
            at it (they take your hand's room), alone on a phone and round a wide felt, where the piles
            above them keep their places (table.css). */}
        <div
          className="felt-content"
          ref={feltContent}
          data-fit-all={(genericLayout && fitsAll) || undefined}
        >
          {Table && tableProps && <Table.Board {...tableProps} />}
          {genericLayout && handEnd && (
            <HandsLaidOut result={handEnd.result} players={info.players} name={reader.name} fit={!fitsAll} />
          )}
        </div>
        {boardLines.length > 0 && (
          <details className="board-words">
            <summary>The table in words</summary>
            {boardLines.map((l, i) => (
              <p key={i}>
                <CardLine text={l} />
              </p>
            ))}
          </details>
        )}
      </section>
      {you !== NOBODY && (
        <section
          aria-label="Your hand"
          className="hand"
          data-anim-hand
          tabIndex={-1}
          {...handDrop}
          ref={handRef}
          onKeyDown={(e) => {
            // Shift+Left, Shift+Right: the focused card a place along the hand (the keyboard's drag).
            if (arrangesOwn || !e.shiftKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
            const source = (e.target as HTMLElement).closest("[data-drag-source^='hand:']");
            const card = source?.getAttribute("data-drag-source")?.slice(5);
            if (!card) return;
            e.preventDefault();
            refocus.current = card;
            order.move(card, order.cards.indexOf(card) + (e.key === "ArrowLeft" ? -1 : 1));
          }}
        >
          <div className="hand-head">
            <h2>Your hand</h2>
            {!arrangesOwn && <SortControls order={order} idle={hand.length < 2} />}
          </div>
          <WhyLine line={why && why.seq === shown?.seq ? why.line : ""} />
          {Table?.Hand && handProps ? (
            <Table.Hand {...handProps} />
          ) : (
            handProps && <HandRow cards={hand} playable={phase === "play"} props={handProps} />
          )}
        </section>
      )}
      {/* Always drawn, at one size, so that the hand above it never moves (table.css). */}
      {you !== NOBODY && (
        <section aria-label="Your moves" className="moves" data-moves>
          {phase === "play" && (
            <>
              <h2>
                {!picked
                  ? "Your moves"
                  : shownMoves.length
                    ? `Play ${cardFace(picked)?.name ?? picked}:`
                    : `Play ${cardFace(picked)?.name ?? picked}: call its suit by the pile`}
              </h2>
              <div className="move-buttons">{shownMoves.map(moveButton)}</div>
              {folded.length > 0 && (
                <>
                  <button
                    type="button"
                    className="secondary more-moves-toggle"
                    aria-expanded={allMoves}
                    aria-controls="more-moves"
                    onClick={() => setAllMoves(!allMoves)}
                  >
                    Every move by name ({folded.length})
                  </button>
                  {/* On a phone folded, yet in the Tab order: shown while one of them has the focus. */}
                  <div id="more-moves" className={`move-buttons more-moves${allMoves ? " open" : ""}`}>
                    {folded.map(moveButton)}
                  </div>
                </>
              )}
              {picked && (
                <button type="button" className="secondary" onClick={() => setPicked(null)}>
                  Back to every move
                </button>
              )}
              {me && <HintPanel table={info.id} seat={me} seq={shown?.seq ?? 0} onHint={setHint} />}
            </>
          )}
        </section>
      )}
      {/* A hand's end on a phone: over the hand and its moves, never over the felt (table.css). */}
      {!wide && handEndPanel}
      {/* The cards in flight, copies drawn over the table (web/src/anim/motion.ts). */}
      <div className="flights" aria-hidden="true" ref={flights} />
      <div
        className={`table-side${drawer ? " open" : ""}`}
        onKeyDown={(e) => {
          if (e.key === "Escape" && drawer) setDrawer(false);
        }}
      >
        {/* A hand's end on a wide screen: at the top of the side, beside the felt, the log and the proof under it. */}
        {wide && handEndPanel}
        <div className="side-log">
          <section aria-label="What happened" className="log">
            <div className="log-head">
              <h2>What happened</h2>
              <button
                type="button"
                className="secondary drawer-toggle"
                aria-expanded={drawer}
                aria-controls="table-more"
                onClick={() => setDrawer(!drawer)}
              >
                {drawer ? "Close" : "Log and chat"}
              </button>
            </div>
            {/* Focusable: a region that scrolls must be reachable from the keyboard. */}
            <div
              role="log"
              aria-live="polite"
              aria-label="What happened"
              tabIndex={0}
              className="log-lines"
              ref={logLines}
            >
              <ol>
                {log.slice(-40).map((l, i) => (
                  <li key={log.length - 40 + i}>
                    <CardLine text={l} />
                  </li>
                ))}
              </ol>
            </div>
          </section>
        </div>
        <div id="table-more" className="side-more">
          <p className="invite">
            Invite: <code>{`${location.origin}/t/${info.code}`}</code>
          </p>
          <ProofPanel info={info} game={game} />
          <ChatPanel table={info.id} />
          <section aria-label="Display settings" className="settings">
            <h2>Display</h2>
            <label>
              <input
                type="checkbox"
                checked={settings.fourColour}
                onChange={(e) => changeSettings({ fourColour: e.target.checked })}
              />{" "}
              Four-colour deck (clubs green, diamonds blue)
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings.sound}
                onChange={(e) => {
                  changeSettings({ sound: e.target.checked });
                  // What it will sound like (and, being a click, what lets the browser play it later).
                  if (e.target.checked) playSound("turn", false);
                }}
              />{" "}
              Sounds: the cards, your turn, a hand won
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings.coach}
                onChange={(e) => changeSettings({ coach: e.target.checked })}
              />{" "}
              Coach note at each hand&apos;s end (your costliest decision)
            </label>
            <label>
              Show each computer move for{" "}
              <select
                value={settings.paceMs}
                onChange={(e) => changeSettings({ paceMs: Number(e.target.value) })}
              >
                {[...new Set([...PACES, settings.paceMs])]
                  .sort((a, b) => a - b)
                  .map((ms) => (
                    <option key={ms} value={ms}>
                      {ms === 0 ? "no pause (at once)" : `${ms} ms`}
                    </option>
                  ))}
              </select>
            </label>
          </section>
        </div>
      </div>
    </main>
  );
}
