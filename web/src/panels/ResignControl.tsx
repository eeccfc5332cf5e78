/**
 * "Resign" by the table's links: a modal dialog asks first ("Resign this match? The other side wins
 * it.", Resign / Keep playing), the safe answer focused, Escape or "Keep playing" closing it with
 * nothing sent. Only "Resign" gives the match up (`onResign`).
 */
import { type ReactElement, useRef } from "react";
import "./resign.css";
import {
  RESIGN_NO,
  RESIGN_QUESTION,
  RESIGN_YES,
  resignConsequence,
} from "../../../src/words/match-outcome.js";

export function ResignControl({ players, onResign }: { players: number; onResign(): void }): ReactElement {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const keep = useRef<HTMLButtonElement | null>(null);
  const open = (): void => {
    const d = dialog.current;
    if (!d || d.open) return;
    d.showModal();
    keep.current?.focus();
  };
  return (
    <>
      <button type="button" className="secondary resign-button" aria-haspopup="dialog" onClick={open}>
        {RESIGN_YES}
      </button>
      <dialog
        ref={dialog}
        className="resign-dialog"
        aria-labelledby="resign-title"
        aria-describedby="resign-what"
      >
        <h2 id="resign-title">{RESIGN_QUESTION}</h2>
        <p id="resign-what">{resignConsequence(players)}</p>
        <div className="resign-answers">
          <button type="button" className="secondary" ref={keep} onClick={() => dialog.current?.close()}>
            {RESIGN_NO}
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              dialog.current?.close();
              onResign();
            }}
          >
            {RESIGN_YES}
          </button>
        </div>
      </dialog>
    </>
  );
}
