/**
 * The coach note at a hand's end (GET /api/tables/ID/coach): your own
 * decisions of the hand just ended, judged from what you could see, and the
 * costliest with its better choice, in one line; nothing when the Display
 * setting turns it off. Only your seat's, asked with your seat's secret.
 */
import { type ReactElement, useEffect, useState } from "react";
import type { CoachReply } from "../../../src/server/messages.js";
import { type SeatKey, api, seatHeaders } from "../api.js";
import { CardLine } from "../CardLine.js";

export function CoachNote({ table, me, hand }: { table: string; me: SeatKey; hand: number }): ReactElement {
  const [reply, setReply] = useState<CoachReply | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    let stopped = false;
    setReply(null);
    setError("");
    api<CoachReply>(`/api/tables/${table}/coach?seat=${me.seat}&hand=${hand}`, undefined, seatHeaders(me))
      .then((r) => !stopped && setReply(r))
      .catch((e: Error) => !stopped && setError(e.message));
    return () => {
      stopped = true;
    };
  }, [table, me, hand]);
  const n = reply?.note;
  return (
    <p className="coach-note" data-testid="coach-note" data-class={n ? (n.class ?? "good") : undefined}>
      <strong>Coach:</strong>{" "}
      {error ? (
        `no note this hand (${error})`
      ) : !reply ? (
        "judging your decisions of the hand…"
      ) : !n ? (
        reply.judged === 0 ? (
          "no decision of yours to judge this hand."
        ) : (
          `each of your ${reply.judged} decisions this hand was as good as the best.`
        )
      ) : (
        <>
          your costliest decision this hand{n.class ? ` (${n.class})` : ""}: <CardLine text={n.played.said} />
          , {n.loss.toFixed(1)} points of {n.unit === "win chance" ? "win chance" : "the hand's value"} below{" "}
          <CardLine text={n.best.said} />.
        </>
      )}
    </p>
  );
}
