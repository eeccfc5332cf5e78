/**
 * A table from the keyboard: shortcut keys (`h` the hint, `d` draw, `1`-`9`
 * the nth of your choices, `?` the sheet listing them), ignored while you
 * type (the chat, your name); and the focus kept on your hand after a move,
 * so that a keyboard player never finds it dropped to the page. The keys
 * act on what the page draws (the same buttons a click uses), so a key
 * never does what no button offers.
 */
import { type ReactElement, type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from "react";

const ENABLED = ':not([disabled]):not([aria-disabled="true"])';
const HAND = "section[aria-label='Your hand']";

export const SHORTCUTS: readonly (readonly [string, string])[] = [
  ["1 – 9", "Play your 1st to 9th playable card from the left, then the other moves in their order"],
  ["h", "Ask for a hint: it glows on the card (or the pile) it names"],
  ["d", "Draw from the stock"],
  ["Tab, Enter", "Go to a card or a button and play it"],
  ["Shift + ← →", "Move the card you are on left or right along your hand"],
  ["?", "This list"],
  ["Esc", "Close this list"],
];

/** Where the keyboard is writing text: keys are the text's, not shortcuts. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The choices the number keys pick, in order: with a card picked (an
 * Eight), its moves (the suits by the pile first); else the playable cards of the hand from the left,
 * the table's own controls (`data-choice`: "To the crib", a knock), then
 * the moves that are no card's (draw, pass, end).
 */
export function keyChoices(root: ParentNode = document): HTMLElement[] {
  const moves = [...root.querySelectorAll<HTMLElement>(`[data-moves] button[data-move]${ENABLED}`)];
  const own = [...root.querySelectorAll<HTMLElement>(`[data-choice]${ENABLED}`)];
  // A card picked: its moves, the table's first (an Eight's suits by the pile).
  if (root.querySelector(`${HAND} button.picked`)) return [...own, ...moves];
  const cards = [...root.querySelectorAll<HTMLElement>(`${HAND} button.legal${ENABLED}`)];
  return [...cards, ...own, ...moves.filter((b) => !b.hasAttribute("data-card-move"))];
}

function press(e: KeyboardEvent, openSheet: () => void): boolean {
  const click = (el: HTMLElement | null | undefined): boolean => {
    if (!el) return false;
    el.click();
    return true;
  };
  if (e.key === "?") {
    openSheet();
    return true;
  }
  if (e.key === "h") return click(document.querySelector<HTMLElement>(`[data-shortcut=hint]${ENABLED}`));
  if (e.key === "d")
    return click(
      document.querySelector<HTMLElement>(`[data-shortcut=draw]${ENABLED}`) ??
        document.querySelector<HTMLElement>(`[data-moves] button[data-move=draw]${ENABLED}`),
    );
  if (/^[1-9]$/.test(e.key)) return click(keyChoices()[Number(e.key) - 1]);
  return false;
}

/** The shortcut keys, while the page is open; `openSheet` shows their list. */
export function useShortcuts(openSheet: () => void): void {
  useEffect(() => {
    const on = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
      if (typing(e.target) || document.querySelector("dialog[open]")) return;
      if (press(e, openSheet)) e.preventDefault();
    };
    addEventListener("keydown", on);
    return () => removeEventListener("keydown", on);
  }, [openSheet]);
}

/** The "Keys" button and the sheet it opens (a modal dialog: Esc or Close shuts it). */
export function ShortcutSheet(): ReactElement {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const open = useCallback(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  useShortcuts(open);
  return (
    <>
      <button
        type="button"
        className="secondary keys-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        onClick={open}
      >
        Keys (?)
      </button>
      <dialog ref={dialog} className="shortcut-sheet" aria-labelledby="shortcut-title">
        <h2 id="shortcut-title">Keyboard shortcuts</h2>
        <dl>
          {SHORTCUTS.map(([key, what]) => (
            <div key={key} className="shortcut">
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <p>The keys do nothing while you type a chat message. After a move the focus returns to your hand.</p>
        <form method="dialog">
          <button type="submit">Close</button>
        </form>
      </dialog>
    </>
  );
}

/**
 * After every change of the table (`when`): if the focus was dropped (the
 * card it was on was played, a button went away) or rests on the hand
 * itself, it goes to the first playable card, else to what the table asks
 * for next (`data-after-move`: "Next hand"), else to the hand.
 */
export function useFocusAfterMove(hand: RefObject<HTMLElement | null>, when: readonly unknown[]): void {
  useLayoutEffect(() => {
    const section = hand.current;
    if (!section) return;
    const active = document.activeElement;
    const dropped = !active || active === document.body || !active.isConnected;
    if ((!dropped && active !== section) || document.querySelector("dialog[open]")) return;
    const target =
      section.querySelector<HTMLElement>(`button.legal${ENABLED}`) ??
      document.querySelector<HTMLElement>(`[data-after-move]${ENABLED}`) ??
      section;
    if (target !== active) target.focus({ preventScroll: true });
  }, when);
}
