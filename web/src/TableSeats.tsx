/**
 * The seats around the felt: each a small plate with who sits there, the
 * backs of the cards they hold fanned to their count (never a face: the
 * view sends only the count), their score, and a marker on whoever is to
 * play. Your own plate stays small: your cards are along the bottom. With
 * three or four at the table, each plate says where it sits as seen from
 * your chair (`data-place`: left, top, right, in the order of play), and a
 * wide screen sets them round the felt (table.css); a phone keeps a row.
 */
import { type CSSProperties, Fragment, type ReactElement, type ReactNode } from "react";
import type { Callout } from "../../src/words/callouts.js";
import { BOT_MARK } from "../../src/words/reader.js";
import type { TableInfo } from "./api.js";
import { placeOf } from "./seat-places.js";
import type { Status } from "./tables/table.js";

/** More backs than this are drawn as this many: the count is written beside them. */
const MOST_BACKS = 13;

/**
 * The backs in a grid: a narrow column each but the last, which holds a whole back. The columns give way
 * when the plate is narrow (a long score, four plates on a phone), so the backs overlap more and stay
 * on the plate whatever its width.
 */
function Fan({ count }: { count: number }): ReactElement {
  const backs = Math.min(count, MOST_BACKS);
  const columns = `${backs > 1 ? `repeat(${backs - 1}, minmax(0, var(--fan-step))) ` : ""}var(--back-w)`;
  return (
    <span
      className="fan"
      aria-hidden="true"
      style={{ "--backs": backs, gridTemplateColumns: columns } as CSSProperties}
    >
      {Array.from({ length: backs }, (_, i) => (
        <span key={i} className="fan-back" style={{ "--i": i } as CSSProperties} />
      ))}
    </span>
  );
}

/** A callout's brief part with its called suit's symbol in the suit's colour ("Eight: ♥", the heart red). */
function Brief({ text }: { text: string }): ReactElement {
  const suit = /[♣♦♥♠]$/u.exec(text)?.[0];
  if (!suit) return <>{text}</>;
  return (
    <>
      {text.slice(0, -suit.length)}
      <span className={suit === "♦" || suit === "♥" ? "callout-suit red" : "callout-suit"}>{suit}</span>
    </>
  );
}

/** Whether the seats sit round the felt: with three or four; two face each other across it as a row does. */
export const sitsAround = (players: number): boolean => players === 3 || players === 4;

export function TableSeats({
  seats,
  you,
  status,
  handSizes,
  label,
  scoreName = "score",
  callouts = [],
  review,
  children,
}: {
  seats: TableInfo["seats"];
  you: number;
  status: Status | undefined;
  /** The count of cards each seat holds, when the game's view says it. */
  handSizes: readonly unknown[] | null;
  label(seat: number): string;
  /** What the score counts, in the game's words ("penalty points"); "score" unless it says. */
  scoreName?: string;
  /** What seats call out just now ("Go", "Last card"), shown by their plates. */
  callouts?: readonly (Callout & { readonly key: number })[];
  /** The replay's review at this step: the judged decision's verdict, a tab on its seat's plate. */
  review?: { readonly seat: number; readonly verdict: string; readonly kind: string };
  /** The form to sit down, for a spectator at a table with an open seat. */
  children?: ReactNode;
}): ReactElement {
  const around = sitsAround(seats.length);
  return (
    <section aria-label="Seats" className="seats" data-around={around ? "" : undefined}>
      <ul>
        {seats.map((s) => {
          const toAct = status?.toAct.includes(s.seat) ?? false;
          const count = handSizes ? Number(handSizes[s.seat]) : NaN;
          const said = callouts.find((c) => c.seat === s.seat);
          return (
            <li
              key={s.seat}
              className={`seat${toAct ? " to-act" : ""}${s.seat === you ? " you" : ""}`}
              data-seat={s.seat}
              data-anim-seat={s.seat}
              data-place={placeOf(s.seat, you, seats.length) ?? undefined}
            >
              <span className="seat-name">{label(s.seat)}</span>
              {s.bot && (
                <span className="bot-mark" title="A program plays this seat (a bot account)">
                  {BOT_MARK}
                </span>
              )}
              <span className="seat-line">
                {Number.isFinite(count) && (
                  <span className="seat-cards">
                    {s.seat !== you && <Fan count={count} />}
                    <span className="seat-count">
                      {" "}
                      {count} {count === 1 ? "card" : "cards"}
                    </span>
                  </span>
                )}
                {status && (
                  <span className="seat-score">
                    {/* The dot between the count and the score: gone when a narrow plate puts the score under the count. */}
                    <span className="seat-sep"> · </span>
                    {scoreName} <span data-testid={`score-${s.seat}`}>{status.scores[s.seat]}</span>
                  </span>
                )}
                {/* A tab on the plate's edge: the plate keeps its size whoever is to play. */}
                {toAct && (
                  <span className="badge">
                    <span className="visually-hidden"> · </span>to play
                  </span>
                )}
              </span>
              {review?.seat === s.seat && (
                <span className="review-badge" data-class={review.kind} data-testid="review-badge">
                  <span className="visually-hidden"> · your decision here: </span>
                  {review.verdict}
                </span>
              )}
              {s.away && <span className="away"> · away (the computer plays)</span>}
              {/* Said aloud by the seat; the log says it in full for a screen reader. */}
              {said && (
                <span className="callout" data-seat={s.seat} aria-hidden="true" key={said.key}>
                  {said.parts.map((part, i) => (
                    <Fragment key={i}>
                      {i > 0 && " "}
                      {/* The dot ends its part's line: broken between two things said, the next line starts with words. */}
                      <span className="callout-part">
                        {said.brief[i] === part ? (
                          part
                        ) : (
                          <>
                            <span className="callout-full">{part}</span>
                            <span className="callout-brief">
                              <Brief text={said.brief[i]} />
                            </span>
                          </>
                        )}
                        {i < said.parts.length - 1 && <span className="callout-sep"> ·</span>}
                      </span>
                    </Fragment>
                  ))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {children}
    </section>
  );
}
