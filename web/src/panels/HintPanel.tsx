/**
 * "Hint": the hard computer player's move for this seat, worked out by the
 * server on what the seat knows (POST /api/tables/ID/hint, the seat's
 * secret required), with its reason. The table makes the move glow where
 * it is made: on its card, the stock or the pile (web/src/tables/shared.tsx),
 * and among the move buttons.
 */
import { type ReactElement, useEffect, useRef, useState } from "react";
import type { MoveJson } from "../../../src/engine/game.js";
import type { HintReply } from "../../../src/server/messages.js";
import { ApiError, type SeatKey, api } from "../api.js";
import { CardLine } from "../CardLine.js";
import "../pages.css";

/** Whether `move` is the hint's, and the hint is for the table as it stands (event number `seq`). */
export function isHinted(hint: HintReply | null, seq: number | undefined, move: MoveJson): boolean {
  return hint !== null && hint.seq === seq && JSON.stringify(hint.move) === JSON.stringify(move);
}

export function HintPanel({
  table,
  seat,
  seq,
  onHint,
}: {
  table: string;
  seat: SeatKey;
  /** The table's event number: a hint is for this one only. */
  seq: number;
  onHint: (h: HintReply | null) => void;
}): ReactElement {
  const [line, setLine] = useState("");
  const [asking, setAsking] = useState(false);
  const now = useRef(seq);
  now.current = seq;

  // The table moved on: the hint was for the table as it was.
  useEffect(() => {
    setLine("");
    onHint(null);
  }, [seq, onHint]);

  const ask = async (): Promise<void> => {
    setAsking(true);
    setLine("");
    try {
      const h = await api<HintReply>(`/api/tables/${table}/hint`, { seat: seat.seat, secret: seat.secret });
      if (h.seq !== now.current) return; // asked about a table that has moved on since
      onHint(h);
      setLine(`Hint: ${h.text}`);
    } catch (e) {
      setLine(e instanceof ApiError ? `No hint: ${e.message}` : String(e));
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="hint">
      <button
        type="button"
        className="secondary"
        disabled={asking}
        data-shortcut="hint"
        aria-keyshortcuts="h"
        onClick={() => void ask()}
      >
        {asking ? "Thinking…" : "Hint"}
      </button>
      <p aria-live="polite" className="hint-line" data-testid="hint">
        {line && <CardLine text={line} />}
      </p>
    </div>
  );
}
