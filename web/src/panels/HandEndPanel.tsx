/**
 * The end of a hand (and of the match) as a panel beside the table, which
 * keeps the hands laid out (it folds to its title and its buttons): how it
 * ended, every seat's cards, the hand's points and the running score, then
 * the game's own words for the points (the cribbage show combo by combo, Gin's
 * melds and deadwood, a skunk named in how the match ended), and the buttons
 * that go on: "Next hand", "Play again?". Pure: it is given the hand's
 * `handOver` event and the table's scores, and says it through the shared
 * words (src/words), as the terminal does.
 */
import { type ReactElement, type ReactNode, useState } from "react";
import type { HandResult, JsonObject, Seat } from "../../../src/engine/game.js";
import { type Worded, handResultLines } from "../../../src/words/hand-result.js";
import { type Reader, capital, listed, seatsByName } from "../../../src/words/reader.js";
import { CardLine } from "../CardLine.js";

/** A `handOver` event's hand and result (src/engine/table-events.ts), and how the hand came to end. */
export interface HandEnd {
  readonly hand: number;
  readonly result: HandResult;
  /** The log's lines for the move that ended the hand, before its result (the cribbage show, a knock). */
  readonly how: readonly string[];
}

/**
 * The latest `handOver` among `events`, if there is one, with `lines` (the log's lines for those
 * events) up to the hand result's own ("Hand N over ..."), which the panel says its own way.
 */
export function handEndOf(events: readonly JsonObject[], lines: readonly string[]): HandEnd | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === "handOver" && typeof e.hand === "number" && e.result) {
      const over = lines.findIndex((l) => l.startsWith(`Hand ${e.hand} over`));
      const how = [
        ...new Set((over < 0 ? lines : lines.slice(0, over)).map((l) => l.trim()).filter(Boolean)),
      ];
      return { hand: e.hand, result: e.result as unknown as HandResult, how };
    }
  }
  return null;
}

/** A seat's cards at the hand's end, where the result lists them: "AS 10D" or a list of cards. */
function cardsOf(result: HandResult, seat: Seat): string | null {
  const hands = (result.detail as { hands?: unknown } | undefined)?.hands;
  if (!Array.isArray(hands)) return null;
  const h: unknown = hands[seat];
  if (typeof h === "string") return h;
  if (Array.isArray(h) && h.every((c) => typeof c === "string")) return h.join(" ");
  return null;
}

/** Lines as a list, their card names drawn as cards; nothing for none. */
function Lines({ className, lines }: { className: string; lines: readonly string[] }): ReactElement | null {
  if (lines.length === 0) return null;
  return (
    <ul className={className}>
      {lines.map((l, i) => (
        <li key={i}>
          <CardLine text={l.trim()} />
        </li>
      ))}
    </ul>
  );
}

export function HandEndPanel({
  end,
  scores,
  players,
  reader,
  game,
  matchWinners,
  laidOut = false,
  folded = false,
  note,
  children,
}: {
  end: HandEnd;
  /** The match scores after the hand. */
  scores: readonly number[];
  players: number;
  reader: Reader;
  game: Worded;
  /** The match's winners once it is over, else null. */
  matchWinners: readonly Seat[] | null;
  /**
   * The hands lie laid out on the felt with what they score (the show, the melds, the cards left):
   * the panel sums up (how it ended, each seat's points and score, how the match ended) and lists
   * no cards the felt shows.
   */
  laidOut?: boolean;
  /** It starts folded to its title and buttons (a phone's felt needs the room: table.css). */
  folded?: boolean;
  /** A line above what goes on: the coach note (panels/CoachNote.tsx). */
  note?: ReactNode;
  /** What goes on: "Next hand", "Play again?". */
  children?: ReactNode;
}): ReactElement {
  const { hand, result } = end;
  const [open, setOpen] = useState(!folded);
  /** "You win", "Milo wins", "You and Milo win", "Nobody wins". */
  const win = (seats: readonly Seat[]): string =>
    seats.length === 0
      ? "Nobody wins"
      : seats.length === 1
        ? capital(reader.does(seats[0], "win"))
        : `${capital(listed(seats.map(reader.name)))} win`;
  // A hand is over, not won: in most games every seat scores in it (the table marks who won it).
  const title = matchWinners !== null ? `Match over: ${win(matchWinners)}` : `Hand ${hand} over`;
  // The game's words for the hand, past what the title and the table say already: how it ended and
  // who won it, the hand's points (its first lines) and the match score (its last).
  const pointLines = game.words?.handPoints ? game.words.handPoints(result, reader).length : 1;
  // Laid out on the felt, the hand's own details are there (the show, the lay-offs): what is left
  // to say is how the match ended (games won, a skunk).
  const words =
    laidOut && matchWinners === null
      ? []
      : handResultLines(hand, result, scores, game, reader)
          .filter((l) => l !== "")
          .slice(2 + pointLines, -1);
  const seats = Array.from({ length: players }, (_, s) => s);
  const showCards = !laidOut && seats.some((s) => cardsOf(result, s) !== null);
  return (
    <section
      className={`hand-end${open ? "" : " folded"}`}
      aria-labelledby="hand-end-title"
      data-hand-end={hand}
      data-laid-out={laidOut || undefined}
    >
      <div className="hand-end-head">
        <h2 id="hand-end-title">{title}</h2>
        <button
          type="button"
          className="secondary hand-end-fold"
          aria-expanded={open}
          aria-controls="hand-end-body"
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide" : "Show"}
        </button>
        {/* In the head: how it ended is the summary's first words, and a phone's panel has few lines. */}
        <p className="hand-end-reason">{capital(seatsByName(result.reason, reader))}.</p>
      </div>
      {/* Focusable: it scrolls when a hand's words run long. */}
      <div className="hand-end-body" id="hand-end-body" tabIndex={0} hidden={!open}>
        {!laidOut && <Lines className="hand-end-how" lines={end.how} />}
        <table className="hand-end-seats">
          <thead>
            <tr>
              <th scope="col">Player</th>
              {showCards && <th scope="col">Cards</th>}
              <th scope="col">This hand</th>
              <th scope="col">{capital(game.words?.scoreName ?? "score")}</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => (
              <tr key={s} className={result.winners.includes(s) ? "won" : undefined} data-seat={s}>
                <th scope="row">
                  {capital(reader.name(s))}
                  {result.winners.includes(s) && <span className="visually-hidden"> (won the hand)</span>}
                </th>
                {showCards && (
                  <td className="cards-left">
                    <CardLine text={cardsOf(result, s) || "none"} />
                  </td>
                )}
                <td data-points={s}>{result.points[s]}</td>
                <td data-score={s}>{scores[s]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Lines className="hand-end-words" lines={words} />
        {/* Last in the body: on a phone the seats' rows stay in sight and the note scrolls. */}
        {note}
      </div>
      <div className="hand-end-actions">{children}</div>
    </section>
  );
}
