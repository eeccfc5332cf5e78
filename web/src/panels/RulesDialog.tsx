/**
 * "The rules" at a table: the game's rules page (How to play, then the exact
 * rules) opened over the table in a modal dialog, the table kept as it is
 * behind it; Escape or "Close" shuts it and the focus goes back to the link.
 * The link keeps its address, so a new tab (a middle click, Ctrl+click)
 * still opens the rules page itself. The rules' text is loaded when first
 * opened, in its own chunk.
 */
import { type MouseEvent, type ReactElement, Suspense, lazy, useRef, useState } from "react";
import { createPortal } from "react-dom";
import "./rules-dialog.css";

const RulesText = lazy(() => import("../pages/RulesPage.js").then((m) => ({ default: m.RulesText })));

export function RulesDialog({ game, gameName }: { game: string; gameName: string }): ReactElement {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const close = useRef<HTMLButtonElement | null>(null);
  const opener = useRef<HTMLAnchorElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (e: MouseEvent<HTMLAnchorElement>): void => {
    // A new tab or window asked for: the rules page itself.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    const d = dialog.current;
    if (!d || d.open) return;
    setOpened(true);
    d.showModal();
    close.current?.focus();
  };
  return (
    <>
      <a href={`/rules/${game}`} aria-haspopup="dialog" onClick={open} ref={opener}>
        The rules
      </a>
      {/* A dialog is no part of the links' paragraph: it lies over the page. */}
      {createPortal(
        <dialog
          ref={dialog}
          className="rules-dialog"
          aria-labelledby="rules-dialog-title"
          onClose={() => opener.current?.focus()}
        >
          <div className="rules-dialog-head">
            <h2 id="rules-dialog-title">{gameName}: the rules</h2>
            <button type="button" className="secondary" ref={close} onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
          <div className="rules-dialog-body rules-page">
            {opened && (
              <Suspense fallback={<p aria-busy="true">Opening the rules…</p>}>
                <RulesText game={game} name={gameName} />
              </Suspense>
            )}
          </div>
        </dialog>,
        document.body,
      )}
    </>
  );
}
