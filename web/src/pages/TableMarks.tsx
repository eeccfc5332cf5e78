/**
 * Your judged decision on the replay's table, not only on its log: the
 * verdict as a tab on your plate (`plateMark`, for TableSeats), the better
 * move's cards outlined and the played one marked where the felt and your
 * hand draw them (`useTableMarks`), and a sentence saying the same for a
 * screen reader (`TableMarkLine`, src/words/review-lines.ts).
 */
import { type ReactElement, type RefObject, useLayoutEffect, useState } from "react";
import type { Judgement } from "../../../src/review/judge.js";
import { cardsInWords } from "../../../src/words/card-words.js";
import { decisionCards, decisionWords, tableMarkLine } from "../../../src/words/review-lines.js";

type Shown = { readonly better: boolean; readonly played: boolean };

/**
 * Marks a judged decision's cards where the table (the felt and your hand, not the log) draws them:
 * `data-review="better"` on the better move's, `"played"` on the one played; clears the last step's.
 * Says which it found, for the sentence beside the table.
 */
function markCards(root: HTMLElement, j: Judgement | undefined): Shown {
  for (const el of root.querySelectorAll("[data-review]")) el.removeAttribute("data-review");
  if (!j) return { better: false, played: false };
  const { better, played } = decisionCards(j);
  const mark = (cards: readonly string[], as: string): boolean => {
    let found = false;
    for (const card of cards)
      for (const el of root.querySelectorAll(`.board [data-card="${card}"], .hand [data-card="${card}"]`)) {
        el.setAttribute("data-review", as);
        found = true;
      }
    return found;
  };
  return { better: mark(better, "better"), played: mark(played, "played") };
}

/** Marks `j`'s cards on the page's table after every render; which were found. */
export function useTableMarks(page: RefObject<HTMLElement | null>, j: Judgement | undefined): Shown {
  const [shown, setShown] = useState<Shown>({ better: false, played: false });
  useLayoutEffect(() => {
    const root = page.current;
    if (!root) return;
    const marked = markCards(root, j);
    setShown((old) => (old.better === marked.better && old.played === marked.played ? old : marked));
    // After every render: a table that draws its cards anew (a hand sorted, a kit loaded) is marked again.
  });
  return shown;
}

/** The tab on the deciding seat's plate: its verdict ("Mistake", "Good enough", "Best"). */
export function plateMark(j: Judgement | undefined) {
  if (!j) return undefined;
  const verdict = decisionWords(j).verdict;
  return {
    seat: j.seat,
    verdict: verdict.charAt(0).toUpperCase() + verdict.slice(1),
    kind: j.class ?? (j.loss > 0 ? "good" : "best"),
  };
}

/** The sentence beside the table for a screen reader, cards in words. */
export function TableMarkLine({ j, shown }: { j: Judgement; shown: Shown }): ReactElement {
  return (
    <p className="visually-hidden" data-testid="review-on-table">
      {cardsInWords(tableMarkLine(j, shown))}
    </p>
  );
}
