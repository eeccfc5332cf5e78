/**
 * The end of a match someone gave up, beside the table as a hand's end is (HandEndPanel's place and
 * look): who won, "Ann resigned: you won by forfeit." in the shared words (src/words), and the
 * buttons that go on ("Play again?", "Back to the lobby"). The scores where play stopped stay on the
 * seats' plates: they are not the match's result.
 */
import type { ReactElement, ReactNode } from "react";
import type { Seat } from "../../../src/engine/game.js";
import { matchOverLine } from "../../../src/words/event-lines.js";
import { forfeitEndLine } from "../../../src/words/match-outcome.js";
import type { Reader } from "../../../src/words/reader.js";

export function ForfeitPanel({
  forfeit,
  winners,
  reader,
  children,
}: {
  forfeit: { readonly seat: Seat; readonly reason: string };
  winners: readonly Seat[];
  reader: Reader;
  /** What goes on: "Play again?", "Back to the lobby". */
  children?: ReactNode;
}): ReactElement {
  return (
    <section className="hand-end" aria-labelledby="match-end-title" data-match-end="forfeit">
      <div className="hand-end-head">
        <h2 id="match-end-title">{matchOverLine(winners, reader)}</h2>
      </div>
      <p className="hand-end-reason" data-testid="forfeit-line">
        {forfeitEndLine(forfeit, winners, reader)}
      </p>
      <div className="hand-end-actions">{children}</div>
    </section>
  );
}
